package dev.perfport.core.launch;

import java.util.Arrays;

/**
 * An OpenCL NDRange of 1 to 3 dimensions with explicit global and local sizes. Whether the local
 * size divides the global size is checked at launch (so that the error names the device limit).
 */
public final class NDRange implements Launch {
    private final long[] global;
    private final long[] local;

    public NDRange(long[] global, long[] local) {
        if (global.length < 1 || global.length > 3) {
            throw new IllegalArgumentException("an NDRange has 1 to 3 dimensions, got " + global.length);
        }
        if (local.length != global.length) {
            throw new IllegalArgumentException("global size has " + global.length + " dimensions, local size " + local.length);
        }
        for (int d = 0; d < global.length; d++) {
            if (global[d] < 1 || local[d] < 1) {
                throw new IllegalArgumentException("sizes must be positive: global " + Arrays.toString(global)
                        + ", local " + Arrays.toString(local));
            }
        }
        this.global = global.clone();
        this.local = local.clone();
    }

    public static NDRange of(long global, long local) {
        return new NDRange(new long[]{global}, new long[]{local});
    }

    public static NDRange of(long gx, long gy, long lx, long ly) {
        return new NDRange(new long[]{gx, gy}, new long[]{lx, ly});
    }

    public static NDRange of(long gx, long gy, long gz, long lx, long ly, long lz) {
        return new NDRange(new long[]{gx, gy, gz}, new long[]{lx, ly, lz});
    }

    @Override
    public int dims() {
        return global.length;
    }

    public long global(int d) {
        return global[d];
    }

    @Override
    public long local(int d) {
        return local[d];
    }

    public long[] globalSizes() {
        return global.clone();
    }

    public long[] localSizes() {
        return local.clone();
    }

    /** Work-groups in dimension d (valid once the local size divides the global size). */
    public long groups(int d) {
        return global[d] / local[d];
    }

    @Override
    public long groupCount() {
        long p = 1;
        for (int d = 0; d < dims(); d++) p *= groups(d);
        return p;
    }

    public long globalItems() {
        long p = 1;
        for (long g : global) p *= g;
        return p;
    }

    @Override
    public String toString() {
        return "NDRange(global " + Arrays.toString(global) + ", local " + Arrays.toString(local) + ")";
    }
}
