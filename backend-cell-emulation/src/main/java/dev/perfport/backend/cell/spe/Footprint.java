package dev.perfport.backend.cell.spe;

/**
 * What one SPE's local store must hold while it runs a work-group: the group's local memory, one
 * private instance per work-item, the SPE's static local memory and the reservation for code and
 * stack (seed 003 §2.5 and §7.2: allocation failure is an error). Sums saturate instead of
 * overflowing, so absurd requests are refused rather than wrapped into small numbers.
 *
 * @param localStoreBytes     capacity of one local store
 * @param localBytes          local memory of one work-group (LOCAL arguments and the kernel's own)
 * @param privateBytesPerItem private memory one work-item keeps across barriers
 * @param items               work-items per group
 * @param staticLocalBytes    static local memory of the SPE
 * @param reservedBytes       local store kept for code and stack
 */
public record Footprint(long localStoreBytes, long localBytes, long privateBytesPerItem, long items,
                        long staticLocalBytes, long reservedBytes) {

    public long privateBytes() {
        return saturatingMultiply(privateBytesPerItem, items);
    }

    public long total() {
        return saturatingAdd(saturatingAdd(localBytes, privateBytes()), saturatingAdd(staticLocalBytes, reservedBytes));
    }

    public boolean fits() {
        return total() <= localStoreBytes;
    }

    /** Every number of the sum, e.g. for the error that refuses a launch. */
    public String describe() {
        return "work-group does not fit the " + localStoreBytes + " B local store of an SPE: "
                + localBytes + " B local + " + privateBytes() + " B private (" + items + " work-items × "
                + privateBytesPerItem + " B) + " + staticLocalBytes + " B static local + "
                + reservedBytes + " B reserved = " + total() + " B";
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
