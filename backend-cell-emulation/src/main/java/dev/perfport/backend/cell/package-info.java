/**
 * The {@code cell-emulation} backend: a pure-Java device in the style of the Cell/B.E. of
 * Breitbart &amp; Fohry (seed 003 §2): SPE-like workers (and optionally the PPE), each SPE with a
 * local store that holds local, static-local and private memory and a software cache, running
 * work-groups in static or guided shares, work-items sequentially with loop fission at barriers.
 * Every launch reports modelled time from the cost model in {@code dev.perfport.backend.cell.model}
 * ({@code COST_MODEL.md}). Configuration in {@link dev.perfport.backend.cell.CellConfig}.
 */
package dev.perfport.backend.cell;
