package dev.perfport.backend.cell.model;

/**
 * Names of the counters the emulator reports per launch (in {@code LaunchStats.counters()}, and so
 * in the session's and run's counters), next to core's {@code workGroups}, {@code unitsUsed},
 * {@code staticLocalInits} and {@code globalAtomics}. Per-unit counters end in the unit's name:
 * {@code spe0} … {@code speN}, {@code ppe}.
 */
public final class CellCounters {
    /** MFC commands issued (asynchronous copies, cache fills and write-backs; a DMA list counts once). */
    public static final String DMA_COMMANDS = "dmaCommands";
    /** Bytes requested by those commands. */
    public static final String DMA_BYTES = "dmaBytes";
    /** Commands that broke the 16-byte rules and went through a bounce buffer (paying the unaligned factor). */
    public static final String DMA_UNALIGNED = "dmaUnaligned";
    /** Elements of DMA lists. */
    public static final String DMA_LIST_ELEMENTS = "dmaListElements";
    /** SPU cycles stalled because 16 commands were already in the queue. */
    public static final String DMA_STALL_CYCLES = "dmaStallCycles";
    /** Bytes read across the host link from mapped buffers (transfer strategies on a linked device; absent when none). */
    public static final String LINK_IN_BYTES = "linkInBytes";
    /** Bytes written across the host link to mapped buffers. */
    public static final String LINK_OUT_BYTES = "linkOutBytes";
    /** Bytes on the memory bus (whole 128-byte lines), all units. */
    public static final String MEMORY_BYTES = "memoryBytes";
    /** Software-cache hits and misses (plain global and constant loads and stores on SPEs). */
    public static final String CACHE_HITS = "cacheHits";
    public static final String CACHE_MISSES = "cacheMisses";
    /** Dirty lines written back, on eviction or at the end of the launch. */
    public static final String CACHE_WRITE_BACKS = "cacheWriteBacks";
    /** The PPE's hardware-cache hits and misses. */
    public static final String PPE_CACHE_HITS = "ppeCacheHits";
    public static final String PPE_CACHE_MISSES = "ppeCacheMisses";
    /** Global atomics the model charged as contended (the lock line came from another unit), rounded. */
    public static final String GLOBAL_ATOMICS_CONTENDED = "globalAtomicsContended";
    /**
     * Expected lock-line reservations lost and retried (a failed {@code putllc} and a new
     * {@code getllar}) under contention, rounded: see {@code COST_MODEL.md} §6.
     */
    public static final String GLOBAL_ATOMIC_RETRIES = "globalAtomicRetries";
    /** Spin-wait polls on a lock line that the model did not charge (see {@code COST_MODEL.md}). */
    public static final String SPIN_POLLS = "spinPolls";
    /** Work-group switches while several groups were in flight (version ε). */
    public static final String GROUP_SWITCHES = "groupSwitches";
    /** Chunks taken from the guided schedule's shared counter. */
    public static final String SCHEDULE_CHUNKS = "scheduleChunks";
    /** The modelled kernel time in SPU cycles (launch overhead plus the critical path). */
    public static final String MODELLED_CYCLES = "modelledCycles";
    /** The main-memory bandwidth bound of the launch, in cycles. */
    public static final String MEMORY_BOUND_CYCLES = "modelledCycles.memoryBound";
    /** The busiest lock line's serialised atomic time, in cycles. */
    public static final String ATOMIC_BOUND_CYCLES = "modelledCycles.atomicBound";
    /** Prefix of per-unit work-group counts: {@code workGroups.spe0}, {@code workGroups.ppe}. */
    public static final String WORK_GROUPS_PREFIX = "workGroups.";
    /** Prefix of per-unit busy cycles: {@code modelledCycles.spe0}, {@code modelledCycles.ppe}. */
    public static final String UNIT_CYCLES_PREFIX = "modelledCycles.";

    private CellCounters() {
    }
}
