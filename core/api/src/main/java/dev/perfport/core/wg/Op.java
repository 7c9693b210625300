package dev.perfport.core.wg;

/**
 * Classes of work a Java work-group kernel declares with {@link WorkGroup#ops(Op, long)}, so that
 * an emulated device's cost model can charge compute time. Memory traffic is not declared: the
 * device sees global accesses through the Global* views and copies through asyncCopy.
 */
public enum Op {
    /** Integer arithmetic, comparisons, address arithmetic, loop control. */
    INT,
    /** Single-precision add, multiply or fused multiply-add (one each). */
    FLOAT,
    /** Double-precision add, multiply or fused multiply-add. */
    DOUBLE,
    /** Transcendental or special functions: sin, cos, exp, log, sqrt, division. */
    SPECIAL,
    /** A load or store of local or private memory (the local store on a Cell SPE). */
    LOCAL_MEM
}
