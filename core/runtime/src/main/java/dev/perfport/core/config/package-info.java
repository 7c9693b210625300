/** Configuration sources with their precedence, and backend/device selectors. */
package dev.perfport.core.config;
