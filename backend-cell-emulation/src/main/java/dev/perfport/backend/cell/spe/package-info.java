/**
 * The emulator's execution engine: the pool of worker threads (SPEs and the PPE), the work-group
 * context they hand to kernels, the static and guided schedules, private-memory stores,
 * local-store accounting and poison patterns.
 */
package dev.perfport.backend.cell.spe;
