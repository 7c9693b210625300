/** Files perfport keeps for its user: the cache folder and atomic replacement. */
package dev.perfport.core.files;
