package dev.perfport.backend.cell.spe;

/**
 * What one SPE's local store must hold while it runs work-groups: for each of the
 * {@code groupsInFlight} groups in progress its local memory and one private instance per
 * work-item, then once per SPE its static local memory and the reservation for code and stack
 * (seed 003 §2.5 and §7.2: allocation failure is an error). The software cache takes what is
 * left, up to its configured size ({@link #cacheBytes}). Sums saturate instead of overflowing, so
 * absurd requests are refused rather than wrapped into small numbers.
 *
 * @param localStoreBytes     capacity of one local store
 * @param localBytes          local memory of one work-group (LOCAL arguments and the kernel's own)
 * @param privateBytesPerItem private memory one work-item keeps across barriers
 * @param items               work-items per group
 * @param staticLocalBytes    static local memory of the SPE
 * @param reservedBytes       local store kept for code and stack
 * @param groupsInFlight      work-groups in progress at once on the SPE (1..4, version ε)
 */
public record Footprint(long localStoreBytes, long localBytes, long privateBytesPerItem, long items,
                        long staticLocalBytes, long reservedBytes, int groupsInFlight) {

    public Footprint {
        if (groupsInFlight < 1) throw new IllegalArgumentException("groups in flight must be >= 1, got " + groupsInFlight);
    }

    /** One group in flight. */
    public Footprint(long localStoreBytes, long localBytes, long privateBytesPerItem, long items,
                     long staticLocalBytes, long reservedBytes) {
        this(localStoreBytes, localBytes, privateBytesPerItem, items, staticLocalBytes, reservedBytes, 1);
    }

    public long privateBytes() {
        return saturatingMultiply(privateBytesPerItem, items);
    }

    /** Local plus private memory of one group. */
    public long perGroup() {
        return saturatingAdd(localBytes, privateBytes());
    }

    /** Everything but the cache. */
    public long total() {
        return saturatingAdd(saturatingMultiply(perGroup(), groupsInFlight), saturatingAdd(staticLocalBytes, reservedBytes));
    }

    public boolean fits() {
        return total() <= localStoreBytes;
    }

    /**
     * The software cache this SPE gets: the largest power-of-two number of sets of
     * {@code ways × lineBytes} that fits both {@code configuredBytes} and what {@link #total()}
     * leaves; 0 when not even one set fits (then plain global accesses are uncached DMAs).
     */
    public long cacheBytes(long configuredBytes, int lineBytes, int ways) {
        long free = Math.min(configuredBytes, localStoreBytes - total());
        long set = (long) lineBytes * ways;
        if (free < set) return 0;
        return Long.highestOneBit(free / set) * set;
    }

    /** Every number of the sum, e.g. for the error that refuses a launch. */
    public String describe() {
        String groups = groupsInFlight == 1
                ? localBytes + " B local + " + privateBytes() + " B private (" + items + " work-items × " + privateBytesPerItem + " B)"
                : groupsInFlight + " work-groups in flight × (" + localBytes + " B local + " + privateBytes() + " B private ("
                + items + " work-items × " + privateBytesPerItem + " B))";
        return (groupsInFlight == 1 ? "work-group does not fit" : groupsInFlight + " work-groups in flight do not fit")
                + " the " + localStoreBytes + " B local store of an SPE: " + groups + " + "
                + staticLocalBytes + " B static local + " + reservedBytes + " B reserved = " + total() + " B";
    }

    private static long saturatingMultiply(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        return (hi == 0 && lo >= 0) ? lo : Long.MAX_VALUE;
    }

    private static long saturatingAdd(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s;
    }
}
