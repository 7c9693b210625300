/**
 * The emulator's execution engine: the pool of SPE-like worker threads, the work-group context
 * they hand to kernels, private-memory stores, local-store accounting and poison patterns.
 */
package dev.perfport.backend.cell.spe;
