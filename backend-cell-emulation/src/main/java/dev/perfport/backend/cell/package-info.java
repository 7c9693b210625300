/**
 * The {@code cell-emulation} backend: a pure-Java device in the style of the Cell/B.E. of
 * Breitbart &amp; Fohry (seed 003 §2): SPE-like workers, each with a local store that holds local,
 * static-local and private memory, running work-groups in static equal shares, work-items
 * sequentially with loop fission at barriers. Configuration in {@link dev.perfport.backend.cell.CellConfig}.
 */
package dev.perfport.backend.cell;
