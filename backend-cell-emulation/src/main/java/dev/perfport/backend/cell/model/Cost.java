package dev.perfport.backend.cell.model;

/**
 * Every constant of the cost model, with its configuration key
 * ({@code perfport.cell-emulation.cost.<name>}), default and accepted range. {@code COST_MODEL.md}
 * gives the source or reasoning of each value. Cycles are SPU cycles at {@link #CLOCK_GHZ}.
 */
public enum Cost {
    CLOCK_GHZ("clockGHz", 3.2, 0.1, 100, false),

    // compute, per declared operation (WorkGroup.ops): work-items run one at a time, so a
    // kernel's operations form dependent chains and pay latency, not SIMD throughput
    INT_CYCLES("intCycles", 2, 0, 1e6, true),
    FLOAT_CYCLES("floatCycles", 6, 0, 1e6, true),
    DOUBLE_CYCLES("doubleCycles", 13, 0, 1e6, true),
    SPECIAL_CYCLES("specialCycles", 40, 0, 1e6, true),
    LOCAL_MEM_CYCLES("localMemCycles", 6, 0, 1e6, true),

    // the START/END loops of the translation scheme and work-group management
    ITEM_CYCLES("itemCycles", 4, 0, 1e6, true),
    PHASE_CYCLES("phaseCycles", 20, 0, 1e6, true),
    GROUP_CYCLES("groupCycles", 200, 0, 1e9, true),
    SWITCH_CYCLES("switchCycles", 50, 0, 1e9, true),
    LAUNCH_CYCLES("launchCycles", 6400, 0, 1e12, true),

    // MFC DMA and the memory system
    DMA_ISSUE_CYCLES("dmaIssueCycles", 20, 0, 1e6, true),
    DMA_LATENCY_CYCLES("dmaLatencyCycles", 500, 0, 1e9, true),
    DMA_LIST_ELEMENT_CYCLES("dmaListElementCycles", 4, 0, 1e6, true),
    SPE_GBS("speGBs", 25.6, 0.001, 1e6, false),
    MEMORY_GBS("memoryGBs", 25.6, 0.001, 1e6, false),
    EIB_GBS("eibGBs", 204.8, 0.001, 1e6, false),
    UNALIGNED_FACTOR("unalignedFactor", 5, 1, 1000, false),

    // software cache in the local store
    CACHE_HIT_CYCLES("cacheHitCycles", 28, 0, 1e6, true),
    CACHE_WRITE_HIT_CYCLES("cacheWriteHitCycles", 62, 0, 1e6, true),
    CACHE_MISS_CYCLES("cacheMissCycles", 60, 0, 1e6, true),

    // global atomics (lock-line reservation)
    ATOMIC_CYCLES("atomicCycles", 100, 0, 1e9, true),
    ATOMIC_CONTENDED_CYCLES("atomicContendedCycles", 600, 0, 1e9, true),
    ATOMIC_RETRY_FACTOR("atomicRetryFactor", 1, 0, 100, false),

    // the PPE as an extra compute unit
    PPE_FACTOR("ppeFactor", 1.5, 0.01, 100, false),
    PPE_DOUBLE_CYCLES("ppeDoubleCycles", 10, 0, 1e6, true),
    PPE_LOCAL_MEM_CYCLES("ppeLocalMemCycles", 10, 0, 1e6, true),
    PPE_CACHE_HIT_CYCLES("ppeCacheHitCycles", 10, 0, 1e6, true),
    PPE_MEMORY_CYCLES("ppeMemoryCycles", 500, 0, 1e9, true),
    PPE_L2_BYTES("ppeL2Bytes", 524288, 1024, 1L << 30, true),
    PPE_COPY_GBS("ppeCopyGBs", 6.4, 0.001, 1e6, false);

    /** Prefix of every cost key. */
    public static final String PREFIX = "perfport.cell-emulation.cost.";

    private final String name;
    private final double dflt;
    private final double min;
    private final double max;
    private final boolean integral;

    Cost(String name, double dflt, double min, double max, boolean integral) {
        this.name = name;
        this.dflt = dflt;
        this.min = min;
        this.max = max;
        this.integral = integral;
    }

    /** The configuration key, e.g. {@code perfport.cell-emulation.cost.floatCycles}. */
    public String key() {
        return PREFIX + name;
    }

    public String shortName() {
        return name;
    }

    public double defaultValue() {
        return dflt;
    }

    public double min() {
        return min;
    }

    public double max() {
        return max;
    }

    /** Whether the value must be a whole number (cycles, bytes). */
    public boolean integral() {
        return integral;
    }
}
