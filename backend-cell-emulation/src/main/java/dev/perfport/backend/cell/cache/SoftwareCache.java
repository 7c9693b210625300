package dev.perfport.backend.cell.cache;

import java.util.Arrays;

/**
 * The tag store of a set-associative, write-back, write-allocate cache with LRU replacement,
 * indexed by effective address: the software cache an SPE keeps in its local store for global
 * and constant memory (seed 003 §2.1), and, with other sizes, the PPE's hardware L2.
 *
 * <p>It models hits, misses and dirty evictions only; the data stay in main memory (the Java
 * arrays), so a kernel always reads current values and the cache changes nothing but cost and
 * counts. A cache with 0 sets holds nothing: every access misses (the uncached case, when the
 * local store has no room for a cache). Used by one thread; no allocation per access.
 *
 * <p>The set index XOR-folds the line address ({@code line ^ line >> s ^ line >> 2s}, s = log2 of
 * the set count), which a software cache computes in a couple of instructions: with the plain low
 * bits, the column walk of a power-of-two matrix (stride n × 4 bytes) would fall into one or two
 * sets and miss on every access, which is not what seed 003's β (blocked, cached) measured.
 */
public final class SoftwareCache {
    /** {@link #access} result: the line is present. */
    public static final int HIT = 0;
    /** {@link #access} result: the line was fetched into a clean or empty way. */
    public static final int MISS = 1;
    /** {@link #access} result: the line was fetched after writing back the dirty victim {@link #victim()}. */
    public static final int MISS_WRITE_BACK = 2;

    private final int lineBytes;
    private final int lineShift;
    private final int sets;
    private final int setShift;
    private final int ways;
    private final long[] tags;      // line address per way, -1 when empty
    private final long[] stamps;    // LRU: higher is more recent
    private final boolean[] dirty;
    private long tick;
    private long lastLine = -1;     // most recently used line: skips the search on runs of accesses to one line
    private int lastWay = -1;
    private long victim = -1;
    private long hits;
    private long misses;
    private long writeBacks;

    /**
     * @param lineBytes a power of two
     * @param sets      a power of two, or 0 for no cache at all
     * @param ways      associativity, >= 1
     */
    public SoftwareCache(int lineBytes, int sets, int ways) {
        if (lineBytes < 1 || Integer.bitCount(lineBytes) != 1) {
            throw new IllegalArgumentException("cache line size must be a power of two, got " + lineBytes);
        }
        if (sets < 0 || (sets > 0 && Integer.bitCount(sets) != 1)) {
            throw new IllegalArgumentException("cache sets must be 0 or a power of two, got " + sets);
        }
        if (ways < 1) throw new IllegalArgumentException("cache ways must be >= 1, got " + ways);
        this.lineBytes = lineBytes;
        this.lineShift = Integer.numberOfTrailingZeros(lineBytes);
        this.sets = sets;
        this.setShift = sets == 0 ? 0 : Integer.numberOfTrailingZeros(sets);
        this.ways = ways;
        int n = Math.multiplyExact(sets, ways);
        this.tags = new long[n];
        this.stamps = new long[n];
        this.dirty = new boolean[n];
        Arrays.fill(tags, -1);
    }

    /** The geometry for {@code capacityBytes}: {@code capacity / (ways × line)} sets, which must be a power of two. */
    public static SoftwareCache ofCapacity(long capacityBytes, int lineBytes, int ways) {
        long sets = capacityBytes / ((long) ways * lineBytes);
        if (sets * ways * lineBytes != capacityBytes || (sets > 0 && Long.bitCount(sets) != 1) || sets > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a cache of " + capacityBytes + " B with " + ways + " ways of "
                    + lineBytes + " B lines needs a power-of-two number of sets, got " + capacityBytes + " / ("
                    + ways + " × " + lineBytes + ")");
        }
        return new SoftwareCache(lineBytes, (int) sets, ways);
    }

    public int lineBytes() {
        return lineBytes;
    }

    public int sets() {
        return sets;
    }

    public int ways() {
        return ways;
    }

    /** Capacity in bytes (0 for no cache). */
    public long capacity() {
        return (long) sets * ways * lineBytes;
    }

    /** Address of the first byte of the line holding {@code address}. */
    public long lineStart(long address) {
        return (address >>> lineShift) << lineShift;
    }

    /**
     * Looks up the line holding {@code address}, allocating it on a miss (also for writes) and
     * marking it dirty on a write. Returns {@link #HIT}, {@link #MISS} or {@link #MISS_WRITE_BACK}.
     */
    public int access(long address, boolean write) {
        long line = address >>> lineShift;
        if (line == lastLine) {
            stamps[lastWay] = ++tick;
            if (write) dirty[lastWay] = true;
            hits++;
            return HIT;
        }
        if (sets == 0) {
            misses++;
            return MISS;
        }
        int base = set(line) * ways;
        int lru = base;
        for (int w = base; w < base + ways; w++) {
            if (tags[w] == line) {
                stamps[w] = ++tick;
                if (write) dirty[w] = true;
                lastLine = line;
                lastWay = w;
                hits++;
                return HIT;
            }
            if (stamps[w] < stamps[lru]) lru = w;
        }
        // miss: replace the least recently used way (empty ways have stamp 0, so they go first)
        int result = MISS;
        if (tags[lru] >= 0 && dirty[lru]) {
            victim = tags[lru] << lineShift;
            writeBacks++;
            result = MISS_WRITE_BACK;
        }
        tags[lru] = line;
        stamps[lru] = ++tick;
        dirty[lru] = write;
        lastLine = line;
        lastWay = lru;
        misses++;
        return result;
    }

    /** The set of a line: its address XOR-folded onto the set bits. */
    int set(long line) {
        if (setShift == 0) return 0;
        return (int) ((line ^ (line >>> setShift) ^ (line >>> (2 * setShift))) & (sets - 1));
    }

    /** Address of the line written back by the last {@link #MISS_WRITE_BACK}. */
    public long victim() {
        return victim;
    }

    /** Writes back every dirty line (they stay cached, clean); returns how many there were. */
    public int flush() {
        return flush(null);
    }

    /** {@link #flush()}, handing each dirty line's start address to {@code lines} (when not null). */
    public int flush(java.util.function.LongConsumer lines) {
        int n = 0;
        for (int i = 0; i < dirty.length; i++) {
            if (dirty[i]) {
                dirty[i] = false;
                if (lines != null) lines.accept(tags[i] << lineShift);
                n++;
            }
        }
        writeBacks += n;
        return n;
    }

    /** Drops every line without writing anything back (a new launch starts cold). */
    public void invalidate() {
        Arrays.fill(tags, -1);
        Arrays.fill(stamps, 0);
        Arrays.fill(dirty, false);
        tick = 0;
        lastLine = -1;
        lastWay = -1;
    }

    public long hits() {
        return hits;
    }

    public long misses() {
        return misses;
    }

    /** Dirty lines written back, by eviction or {@link #flush()}. */
    public long writeBacks() {
        return writeBacks;
    }
}
