package dev.perfport.backend.cell;

import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;

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
 */
public record CellConfig(int workers, long localStoreBytes, long reservedBytes, boolean poison, int timeoutSeconds) {
    public static final String PREFIX = "perfport.cell-emulation.";
    public static final String WORKERS = PREFIX + "workers";
    public static final String LOCAL_STORE_BYTES = PREFIX + "localStoreBytes";
    public static final String RESERVED_BYTES = PREFIX + "reservedBytes";
    public static final String POISON = PREFIX + "poison";
    public static final String TIMEOUT_SECONDS = PREFIX + "timeoutSeconds";

    public static final int MAX_WORKERS = 64;
    /** Smallest local store accepted: room for a few KiB of data next to the reservation. */
    public static final long MIN_LOCAL_STORE_BYTES = 4096;
    /** Largest local store accepted (far beyond any Cell; keeps every local array within a Java array). */
    public static final long MAX_LOCAL_STORE_BYTES = 1L << 30;
    /** What the reservation must leave for data. */
    public static final long MIN_DATA_BYTES = 1024;
    public static final int MAX_TIMEOUT_SECONDS = 86_400;

    /** The defaults: 6 SPEs with 256 KiB local stores, 16 KiB of each reserved, no poison, 600 s timeout. */
    public static final CellConfig DEFAULT = new CellConfig(6, 262_144, 16_384, false, 600);

    public CellConfig {
        check(WORKERS, workers, 1, MAX_WORKERS, "");
        check(LOCAL_STORE_BYTES, localStoreBytes, MIN_LOCAL_STORE_BYTES, MAX_LOCAL_STORE_BYTES, "");
        check(RESERVED_BYTES, reservedBytes, 0, localStoreBytes - MIN_DATA_BYTES,
                " (" + LOCAL_STORE_BYTES + " " + localStoreBytes + " minus " + MIN_DATA_BYTES + " B kept for data)");
        check(TIMEOUT_SECONDS, timeoutSeconds, 1, MAX_TIMEOUT_SECONDS, "");
    }

    /** Reads the settings; a value that is not a number or is out of range is a {@link ConfigException} naming the key and range. */
    public static CellConfig from(PerfportConfig c) {
        long workers = c.getLong(WORKERS, DEFAULT.workers);
        long ls = c.getLong(LOCAL_STORE_BYTES, DEFAULT.localStoreBytes);
        long reserved = c.getLong(RESERVED_BYTES, DEFAULT.reservedBytes);
        boolean poison = c.getBoolean(POISON, DEFAULT.poison);
        long timeout = c.getLong(TIMEOUT_SECONDS, DEFAULT.timeoutSeconds);
        // range-check as long first, so that e.g. 2^32 + 6 workers is not silently truncated to 6
        check(WORKERS, workers, 1, MAX_WORKERS, "");
        check(TIMEOUT_SECONDS, timeout, 1, MAX_TIMEOUT_SECONDS, "");
        return new CellConfig((int) workers, ls, reserved, poison, (int) timeout);
    }

    /** Bytes of one local store available to local, static-local and private memory. */
    public long dataBytes() {
        return localStoreBytes - reservedBytes;
    }

    private static void check(String key, long v, long min, long max, String why) {
        if (v < min || v > max) {
            throw new ConfigException(key + " must be in [" + min + ", " + max + "]" + why + ", got " + v);
        }
    }
}
