/** The errors perfport raises; each message names the problem and the limit. */
package dev.perfport.core.error;
