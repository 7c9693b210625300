package dev.perfport.backend.cell;

import dev.perfport.backend.cell.model.CostModel;
import dev.perfport.backend.cell.spe.Schedule;
import dev.perfport.core.backend.Settings;
import dev.perfport.core.error.ConfigException;

import java.util.Locale;

/**
 * The emulator's settings, read from the {@code perfport.cell-emulation.*} keys.
 *
 * @param workers         SPE-like workers, one platform thread each ({@value #WORKERS}, 1..64, default 6 as on a PS3)
 * @param localStoreBytes local store of one SPE ({@value #LOCAL_STORE_BYTES}, default 262144 = 256 KiB)
 * @param reservedBytes   part of the local store kept for the SPE program's code and stack, so not
 *                        available to local, static-local and private memory ({@value #RESERVED_BYTES},
 *                        default 16384; 0 up to localStoreBytes − 1024)
 * @param poison          fill local, static-local and private memory with {@link dev.perfport.backend.cell.spe.Poison}
 *                        patterns before use, so that reading before writing shows ({@value #POISON}, default false)
 * @param timeoutSeconds  a launch running longer fails ({@value #TIMEOUT_SECONDS}, 1..86400, default 600)
 * @param cache           model the SPE software cache for plain global and constant accesses ({@value #CACHE},
 *                        default true); off, plain accesses are not traced and cost nothing in the model
 * @param cacheBytes      software-cache capacity ({@value #CACHE_BYTES}, default 65536); it lives in the local
 *                        store and shrinks to what the work-groups in flight leave
 * @param cacheLineBytes  software-cache line ({@value #CACHE_LINE_BYTES}, power of two 16..16384, default 128)
 * @param cacheWays       associativity ({@value #CACHE_WAYS}, 1..64, default 4); capacity / (ways × line) must be a power of two
 * @param schedule        NDRange work-group distribution ({@value #SCHEDULE}: static or guided; default static,
 *                        guided when the PPE takes part)
 * @param ppe             the PPE is an extra compute unit ({@value #PPE}, default false)
 * @param bufferAlignment modelled alignment of global buffers in main memory ({@value #BUFFER_ALIGNMENT}, power of
 *                        two 1..4096, default 128); below 16, copies from them break the DMA rules and pay the
 *                        unaligned factor
 * @param cost            the cost model ({@code perfport.cell-emulation.cost.*}, see {@code COST_MODEL.md})
 * @param ppeOnly         only the PPE takes work-groups, the SPEs stay idle ({@value #PPE_ONLY}, default false;
 *                        needs {@code ppe=true}): seed 003 Table 4's PPE column, the kernel on the PPE alone
 * @param transfer        copy engines, implicit synchronisation and link of the transfer strategies
 *                        ({@code perfport.cell-emulation.transfer.*}, see {@link TransferConfig})
 */
public record CellConfig(int workers, long localStoreBytes, long reservedBytes, boolean poison, int timeoutSeconds,
                         boolean cache, long cacheBytes, int cacheLineBytes, int cacheWays, Schedule schedule,
                         boolean ppe, int bufferAlignment, CostModel cost, boolean ppeOnly, TransferConfig transfer) {
    public static final String PREFIX = "perfport.cell-emulation.";
    public static final String WORKERS = PREFIX + "workers";
    public static final String LOCAL_STORE_BYTES = PREFIX + "localStoreBytes";
    public static final String RESERVED_BYTES = PREFIX + "reservedBytes";
    public static final String POISON = PREFIX + "poison";
    public static final String TIMEOUT_SECONDS = PREFIX + "timeoutSeconds";
    public static final String CACHE = PREFIX + "cache";
    public static final String CACHE_BYTES = PREFIX + "cache.bytes";
    public static final String CACHE_LINE_BYTES = PREFIX + "cache.lineBytes";
    public static final String CACHE_WAYS = PREFIX + "cache.ways";
    public static final String SCHEDULE = PREFIX + "schedule";
    public static final String PPE = PREFIX + "ppe";
    public static final String BUFFER_ALIGNMENT = PREFIX + "bufferAlignment";
    public static final String PPE_ONLY = PREFIX + "ppeOnly";

    public static final int MAX_WORKERS = 64;
    /** Smallest local store accepted: room for a few KiB of data next to the reservation. */
    public static final long MIN_LOCAL_STORE_BYTES = 4096;
    /** Largest local store accepted (far beyond any Cell; keeps every local array within a Java array). */
    public static final long MAX_LOCAL_STORE_BYTES = 1L << 30;
    /** What the reservation must leave for data. */
    public static final long MIN_DATA_BYTES = 1024;
    public static final int MAX_TIMEOUT_SECONDS = 86_400;
    public static final int MAX_CACHE_WAYS = 64;

    /** The defaults: 6 SPEs with 256 KiB local stores, 16 KiB of each reserved, no poison, 600 s timeout, 64 KiB 4-way cache. */
    public static final CellConfig DEFAULT = new CellConfig(6, 262_144, 16_384, false, 600);

    public CellConfig {
        check(WORKERS, workers, 1, MAX_WORKERS, "");
        check(LOCAL_STORE_BYTES, localStoreBytes, MIN_LOCAL_STORE_BYTES, MAX_LOCAL_STORE_BYTES, "");
        check(RESERVED_BYTES, reservedBytes, 0, localStoreBytes - MIN_DATA_BYTES,
                " (" + LOCAL_STORE_BYTES + " " + localStoreBytes + " minus " + MIN_DATA_BYTES + " B kept for data)");
        check(TIMEOUT_SECONDS, timeoutSeconds, 1, MAX_TIMEOUT_SECONDS, "");
        check(CACHE_LINE_BYTES, cacheLineBytes, 16, 16384, "");
        powerOfTwo(CACHE_LINE_BYTES, cacheLineBytes);
        check(CACHE_WAYS, cacheWays, 1, MAX_CACHE_WAYS, "");
        check(CACHE_BYTES, cacheBytes, (long) cacheWays * cacheLineBytes, MAX_LOCAL_STORE_BYTES,
                " (at least one set: " + CACHE_WAYS + " " + cacheWays + " × " + CACHE_LINE_BYTES + " " + cacheLineBytes + ")");
        long sets = cacheBytes / ((long) cacheWays * cacheLineBytes);
        if (sets * cacheWays * cacheLineBytes != cacheBytes || Long.bitCount(sets) != 1) {
            throw new ConfigException(CACHE_BYTES + " must be a power-of-two number of sets × " + CACHE_WAYS + " " + cacheWays
                    + " × " + CACHE_LINE_BYTES + " " + cacheLineBytes + ", got " + cacheBytes);
        }
        if (schedule == null) throw new ConfigException(SCHEDULE + " must be static or guided");
        check(BUFFER_ALIGNMENT, bufferAlignment, 1, 4096, "");
        powerOfTwo(BUFFER_ALIGNMENT, bufferAlignment);
        if (cost == null) cost = CostModel.DEFAULT;
        if (ppeOnly && !ppe) throw new ConfigException(PPE_ONLY + "=true needs " + PPE + "=true (the PPE must take part to run alone)");
        if (transfer == null) transfer = TransferConfig.DEFAULT;
    }

    /** The v1 settings with the defaults for everything added since. */
    public CellConfig(int workers, long localStoreBytes, long reservedBytes, boolean poison, int timeoutSeconds) {
        this(workers, localStoreBytes, reservedBytes, poison, timeoutSeconds, true, 65_536, 128, 4,
                Schedule.STATIC, false, 128, CostModel.DEFAULT, false, TransferConfig.DEFAULT);
    }

    /** Reads the settings; a value that is not a number or is out of range is a {@link ConfigException} naming the key and range. */
    public static CellConfig from(Settings c) {
        CellConfig d = DEFAULT;
        long workers = c.getLong(WORKERS, d.workers);
        long ls = c.getLong(LOCAL_STORE_BYTES, d.localStoreBytes);
        long reserved = c.getLong(RESERVED_BYTES, d.reservedBytes);
        boolean poison = c.getBoolean(POISON, d.poison);
        long timeout = c.getLong(TIMEOUT_SECONDS, d.timeoutSeconds);
        boolean cache = c.getBoolean(CACHE, d.cache);
        long cacheBytes = c.getLong(CACHE_BYTES, d.cacheBytes);
        long line = c.getLong(CACHE_LINE_BYTES, d.cacheLineBytes);
        long ways = c.getLong(CACHE_WAYS, d.cacheWays);
        boolean ppe = c.getBoolean(PPE, d.ppe);
        long align = c.getLong(BUFFER_ALIGNMENT, d.bufferAlignment);
        boolean ppeOnly = c.getBoolean(PPE_ONLY, false);
        // the PPE's speed relative to an SPE is not a constant, so the paper schedules dynamically with it (§2.4)
        String sched = c.get(SCHEDULE).orElse(ppe ? "guided" : "static");
        Schedule schedule = switch (sched.toLowerCase(Locale.ROOT)) {
            case "static" -> Schedule.STATIC;
            case "guided" -> Schedule.GUIDED;
            default -> throw new ConfigException(SCHEDULE + " must be static or guided, got '" + sched + "'");
        };
        // range-check as long first, so that e.g. 2^32 + 6 workers is not silently truncated to 6
        check(WORKERS, workers, 1, MAX_WORKERS, "");
        check(TIMEOUT_SECONDS, timeout, 1, MAX_TIMEOUT_SECONDS, "");
        check(CACHE_LINE_BYTES, line, 16, 16384, "");
        check(CACHE_WAYS, ways, 1, MAX_CACHE_WAYS, "");
        check(BUFFER_ALIGNMENT, align, 1, 4096, "");
        return new CellConfig((int) workers, ls, reserved, poison, (int) timeout, cache, cacheBytes, (int) line, (int) ways,
                schedule, ppe, (int) align, CostModel.from(c), ppeOnly, TransferConfig.from(c));
    }

    /** Bytes of one local store available to local, static-local and private memory. */
    public long dataBytes() {
        return localStoreBytes - reservedBytes;
    }

    /** Compute units: the SPEs, plus the PPE when it takes part. */
    public int units() {
        return workers + (ppe ? 1 : 0);
    }

    private static void check(String key, long v, long min, long max, String why) {
        if (v < min || v > max) {
            throw new ConfigException(key + " must be in [" + min + ", " + max + "]" + why + ", got " + v);
        }
    }

    private static void powerOfTwo(String key, long v) {
        if (Long.bitCount(v) != 1) throw new ConfigException(key + " must be a power of two, got " + v);
    }
}
