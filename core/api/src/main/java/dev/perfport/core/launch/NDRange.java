package dev.perfport.core.launch;

import java.util.Arrays;

/**
 * An OpenCL NDRange of 1 to 3 dimensions with explicit global and local sizes. Whether the local
 * size divides the global size is checked at launch (so that the error names the device limit).
 * {@link #over(long)} makes a one-dimensional range over n items without that arithmetic.
 */
public final class NDRange implements Launch {
    /**
     * The local size {@link #over(long)} uses: small enough for every device perfport knows
     * (OpenCL guarantees nothing, but CPUs, GPUs and the emulator all allow at least 64), large
     * enough to fill a GPU's SIMD width.
     */
    public static final long DEFAULT_LOCAL = 64;

    private final long[] global;
    private final long[] local;

    /**
     * An NDRange with these sizes.
     *
     * @param global global size per dimension (1 to 3 dimensions, each at least 1)
     * @param local  local (work-group) size per dimension, as many dimensions as {@code global}
     * @throws IllegalArgumentException for a wrong number of dimensions or a size below 1
     */
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

    /**
     * A one-dimensional range over {@code n} work-items in groups of {@link #DEFAULT_LOCAL}: the
     * global size is {@code n} rounded up to a multiple of the local size, so the kernel must skip
     * the items at or beyond {@code n} ({@code if (i < n)}).
     *
     * @param n work-items needed, at least 1
     * @return the range
     */
    public static NDRange over(long n) {
        return over(n, DEFAULT_LOCAL);
    }

    /**
     * A one-dimensional range over {@code n} work-items in groups of {@code local}: the global
     * size is {@code n} rounded up to a multiple of {@code local}; the kernel must skip the items
     * at or beyond {@code n}.
     *
     * @param n     work-items needed, at least 1
     * @param local work-group size, at least 1
     * @return the range
     * @throws IllegalArgumentException when {@code n} or {@code local} is below 1
     */
    public static NDRange over(long n, long local) {
        if (n < 1 || local < 1) {
            throw new IllegalArgumentException("an NDRange needs n >= 1 and local >= 1, got n " + n + ", local " + local);
        }
        long groups = (n + local - 1) / local;
        return of(Math.multiplyExact(groups, local), local);
    }

    /**
     * A one-dimensional range.
     *
     * @param global global size
     * @param local  local size
     * @return the range
     */
    public static NDRange of(long global, long local) {
        return new NDRange(new long[]{global}, new long[]{local});
    }

    /**
     * A two-dimensional range.
     *
     * @param gx global size in dimension 0
     * @param gy global size in dimension 1
     * @param lx local size in dimension 0
     * @param ly local size in dimension 1
     * @return the range
     */
    public static NDRange of(long gx, long gy, long lx, long ly) {
        return new NDRange(new long[]{gx, gy}, new long[]{lx, ly});
    }

    /**
     * A three-dimensional range.
     *
     * @param gx global size in dimension 0
     * @param gy global size in dimension 1
     * @param gz global size in dimension 2
     * @param lx local size in dimension 0
     * @param ly local size in dimension 1
     * @param lz local size in dimension 2
     * @return the range
     */
    public static NDRange of(long gx, long gy, long gz, long lx, long ly, long lz) {
        return new NDRange(new long[]{gx, gy, gz}, new long[]{lx, ly, lz});
    }

    @Override
    public int dims() {
        return global.length;
    }

    /**
     * {@return the global size in dimension {@code d}}
     *
     * @param d the dimension
     */
    public long global(int d) {
        return global[d];
    }

    @Override
    public long local(int d) {
        return local[d];
    }

    /** {@return the global size per dimension (a copy)} */
    public long[] globalSizes() {
        return global.clone();
    }

    /** {@return the local size per dimension (a copy)} */
    public long[] localSizes() {
        return local.clone();
    }

    /**
     * {@return the work-groups in dimension {@code d}} Valid once the local size divides the global size.
     *
     * @param d the dimension
     */
    public long groups(int d) {
        return global[d] / local[d];
    }

    @Override
    public long groupCount() {
        long p = 1;
        for (int d = 0; d < dims(); d++) p *= groups(d);
        return p;
    }

    /** {@return the number of work-items in all} */
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
