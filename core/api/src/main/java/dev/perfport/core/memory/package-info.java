/** Typed device buffers in global and constant memory, released deterministically. */
package dev.perfport.core.memory;
