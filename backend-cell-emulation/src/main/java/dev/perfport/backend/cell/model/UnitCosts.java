package dev.perfport.backend.cell.model;

import dev.perfport.core.wg.Op;

/**
 * The cycle costs one compute unit pays, derived from a {@link CostModel} once per launch so that
 * the hot path reads plain fields: an SPE's, or the PPE's (compute slower by {@code ppeFactor},
 * local and private memory in main memory behind its caches, global memory through its hardware
 * cache instead of the software cache).
 */
public final class UnitCosts {
    final boolean ppe;
    /** Cycles per declared operation, by {@link Op#ordinal()}. */
    final long[] opCycles = new long[Op.values().length];
    final long itemCycles;
    final long phaseCycles;
    final long groupCycles;
    final long switchCycles;
    final long hitCycles;
    final long writeHitCycles;
    final long missCycles;
    final long atomicCycles;
    final long contendedCycles;
    final long ppeMemoryCycles;
    final double ppeCopyBytesPerCycle;

    private UnitCosts(CostModel m, boolean ppe) {
        this.ppe = ppe;
        double f = ppe ? m.get(Cost.PPE_FACTOR) : 1.0;
        opCycles[Op.INT.ordinal()] = scale(m.cycles(Cost.INT_CYCLES), f);
        opCycles[Op.FLOAT.ordinal()] = scale(m.cycles(Cost.FLOAT_CYCLES), f);
        // the PPE's FPU pipelines double precision fully (its latency is that of single
        // precision), unlike the original SPE's: its DOUBLE is its own constant, not the SPE's × f
        opCycles[Op.DOUBLE.ordinal()] = ppe ? m.cycles(Cost.PPE_DOUBLE_CYCLES) : m.cycles(Cost.DOUBLE_CYCLES);
        opCycles[Op.SPECIAL.ordinal()] = scale(m.cycles(Cost.SPECIAL_CYCLES), f);
        opCycles[Op.LOCAL_MEM.ordinal()] = ppe ? m.cycles(Cost.PPE_LOCAL_MEM_CYCLES) : m.cycles(Cost.LOCAL_MEM_CYCLES);
        itemCycles = scale(m.cycles(Cost.ITEM_CYCLES), f);
        phaseCycles = scale(m.cycles(Cost.PHASE_CYCLES), f);
        groupCycles = scale(m.cycles(Cost.GROUP_CYCLES), f);
        switchCycles = m.cycles(Cost.SWITCH_CYCLES);
        hitCycles = ppe ? m.cycles(Cost.PPE_CACHE_HIT_CYCLES) : m.cycles(Cost.CACHE_HIT_CYCLES);
        writeHitCycles = ppe ? m.cycles(Cost.PPE_CACHE_HIT_CYCLES) : m.cycles(Cost.CACHE_WRITE_HIT_CYCLES);
        missCycles = ppe ? m.cycles(Cost.PPE_MEMORY_CYCLES) : m.cycles(Cost.CACHE_MISS_CYCLES);
        atomicCycles = m.cycles(Cost.ATOMIC_CYCLES);
        contendedCycles = m.cycles(Cost.ATOMIC_CONTENDED_CYCLES);
        ppeMemoryCycles = m.cycles(Cost.PPE_MEMORY_CYCLES);
        ppeCopyBytesPerCycle = m.bytesPerCycle(Cost.PPE_COPY_GBS);
    }

    public static UnitCosts spe(CostModel m) {
        return new UnitCosts(m, false);
    }

    public static UnitCosts ppe(CostModel m) {
        return new UnitCosts(m, true);
    }

    public boolean isPpe() {
        return ppe;
    }

    /** Cycles of one operation of class {@code op}. */
    public long cycles(Op op) {
        return opCycles[op.ordinal()];
    }

    private static long scale(long cycles, double f) {
        return Math.round(cycles * f);
    }
}
