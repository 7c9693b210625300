package dev.perfport.backend.cell.spe;

import dev.perfport.core.error.DeviceExecutionException;

import java.util.Arrays;

/**
 * One worker's private memory: the per-work-item arrays that {@code privateInts(perItem)} and its
 * siblings hand out. The n-th request of a type in a group gets the n-th cached array of that type,
 * so a kernel that asks for the same arrays in every group allocates only in its first group.
 * Requests are charged against the kernel's declared private bytes per work-item, which the
 * local-store check counted before the launch ran. Used by its worker's thread only.
 */
final class PrivateStore {
    private int[][] ints = new int[2][];
    private long[][] longs = new long[2][];
    private float[][] floats = new float[2][];
    private double[][] doubles = new double[2][];
    private int nInts, nLongs, nFloats, nDoubles;
    private long usedPerItem;
    private long declaredPerItem;
    private int items;
    private boolean poison;
    private String kernel = "";

    /** Starts a work-group: every private array is handed out afresh. */
    void begin(String kernelName, int items, long declaredPerItem, boolean poison) {
        this.kernel = kernelName;
        this.items = items;
        this.declaredPerItem = declaredPerItem;
        this.poison = poison;
        nInts = nLongs = nFloats = nDoubles = 0;
        usedPerItem = 0;
    }

    int[] ints(int perItem) {
        int n = charge(perItem, Integer.BYTES, "privateInts");
        if (nInts == ints.length) ints = Arrays.copyOf(ints, nInts * 2);
        int[] a = ints[nInts];
        if (a == null || a.length != n) ints[nInts] = a = new int[n];
        nInts++;
        if (poison) Arrays.fill(a, Poison.INT);
        return a;
    }

    long[] longs(int perItem) {
        int n = charge(perItem, Long.BYTES, "privateLongs");
        if (nLongs == longs.length) longs = Arrays.copyOf(longs, nLongs * 2);
        long[] a = longs[nLongs];
        if (a == null || a.length != n) longs[nLongs] = a = new long[n];
        nLongs++;
        if (poison) Arrays.fill(a, Poison.LONG);
        return a;
    }

    float[] floats(int perItem) {
        int n = charge(perItem, Float.BYTES, "privateFloats");
        if (nFloats == floats.length) floats = Arrays.copyOf(floats, nFloats * 2);
        float[] a = floats[nFloats];
        if (a == null || a.length != n) floats[nFloats] = a = new float[n];
        nFloats++;
        if (poison) Arrays.fill(a, Poison.FLOAT);
        return a;
    }

    double[] doubles(int perItem) {
        int n = charge(perItem, Double.BYTES, "privateDoubles");
        if (nDoubles == doubles.length) doubles = Arrays.copyOf(doubles, nDoubles * 2);
        double[] a = doubles[nDoubles];
        if (a == null || a.length != n) doubles[nDoubles] = a = new double[n];
        nDoubles++;
        if (poison) Arrays.fill(a, Poison.DOUBLE);
        return a;
    }

    /** Bytes per work-item handed out in the current group. */
    long usedPerItem() {
        return usedPerItem;
    }

    /** Books a request and returns the array length it needs. */
    private int charge(int perItem, int bytes, String what) {
        if (perItem < 1) {
            throw new IllegalArgumentException(what + "(" + perItem + ") in kernel '" + kernel + "': perItem must be >= 1");
        }
        long after = usedPerItem + (long) perItem * bytes;
        if (after > declaredPerItem) {
            throw new DeviceExecutionException("kernel '" + kernel + "' asked for " + after
                    + " B of private memory per work-item (" + what + "(" + perItem + ") on top of " + usedPerItem
                    + " B already taken), more than the " + declaredPerItem
                    + " B per work-item it declares (KernelImpl.JavaWorkGroup privateBytesPerItem)");
        }
        usedPerItem = after;
        // after <= declared, and declared × items passed the local-store check, so this fits an int
        return Math.multiplyExact(items, perItem);
    }
}
