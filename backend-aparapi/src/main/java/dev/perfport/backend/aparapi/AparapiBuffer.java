package dev.perfport.backend.aparapi;

import dev.perfport.core.backend.AbstractDeviceBuffer;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.memory.ElemType;

import java.lang.reflect.Field;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A buffer of an Aparapi session. Aparapi's device memory is per kernel: every kernel instance
 * has its own OpenCL context and one device buffer per array field, filled by an explicit
 * {@code put} before a launch and read back by an explicit {@code get}. So a perfport buffer is
 * a Java array (the host side) plus a version count that says where its newest contents are:
 * in the array, or in the device buffer of the kernel that last wrote it ({@link #owner}). The
 * session copies only what is stale: a kernel that runs again on the same buffers moves nothing,
 * a second kernel reading what the first wrote gets it through the host (get, then put), as
 * Aparapi programs do. On the Java thread pool the array is the device memory.
 *
 * <p>All state is guarded by the Aparapi lock ({@link AparapiRuntime#locked}).
 */
final class AparapiBuffer extends AbstractDeviceBuffer<AparapiSession> {
    /** The Java array: int[], long[], float[] or double[]. */
    final Object host;
    /** Bumped by every host write and by every launch that may write the buffer. */
    long version;
    /** The version the Java array holds. */
    long hostVersion;
    /** The kernel whose device buffer holds the newest version when the array is stale, and its field. */
    AparapiKernelHandle owner;
    Field ownerField;
    /** The AtomicInteger view for kernels that update the buffer with atomics (created on first use). */
    AtomicInteger[] atomics;
    /**
     * A long buffer's words as int pairs, low word first, for kernels that bind it to an
     * {@code int[]} field: Aparapi 3.0.2 has atomics on int arrays only (created on first use).
     */
    private int[] pairs;

    AparapiBuffer(AparapiSession session, ElemType type, int length, MemoryLevel level) {
        super(session, type, length, level);
        this.host = switch (type) {
            case INT -> new int[length];
            case LONG -> new long[length];
            case FLOAT -> new float[length];
            case DOUBLE -> new double[length];
        };
    }

    boolean hostStale() {
        return hostVersion < version;
    }

    /** The AtomicInteger view holding the array's values (int) or bits (float), refreshed from the array. */
    AtomicInteger[] atomicsFromHost() {
        int length = (int) length();
        if (atomics == null) {
            atomics = new AtomicInteger[length];
            for (int i = 0; i < length; i++) atomics[i] = new AtomicInteger();
        }
        if (type() == ElemType.INT) {
            int[] a = (int[]) host;
            for (int i = 0; i < length; i++) atomics[i].set(a[i]);
        } else {
            float[] a = (float[]) host;
            for (int i = 0; i < length; i++) atomics[i].set(Float.floatToRawIntBits(a[i]));
        }
        return atomics;
    }

    /** Whether a field of this type binds the int-pair view of a long buffer rather than the Java array itself. */
    boolean pairsFor(Class<?> fieldType) {
        return type() == ElemType.LONG && fieldType == int[].class;
    }

    /** The array a field of this type binds: the Java array, or a long buffer's int pairs (not refreshed). */
    Object arrayFor(Class<?> fieldType) {
        if (!pairsFor(fieldType)) return host;
        if (pairs == null) pairs = new int[Math.multiplyExact(2, (int) length())];
        return pairs;
    }

    /** Writes the long array's words into the int pairs, low word first. */
    void packPairs() {
        long[] a = (long[]) host;
        int[] p = (int[]) arrayFor(int[].class);
        for (int i = 0; i < a.length; i++) {
            p[2 * i] = (int) a[i];
            p[2 * i + 1] = (int) (a[i] >>> 32);
        }
    }

    /** Reads the int pairs back into the long array. */
    void unpackPairs() {
        long[] a = (long[]) host;
        for (int i = 0; i < a.length; i++) a[i] = Integer.toUnsignedLong(pairs[2 * i]) | (long) pairs[2 * i + 1] << 32;
    }

    /** Forgets the atomic and int-pair views (the buffer was released). */
    void dropViews() {
        atomics = null;
        pairs = null;
    }

    /** Copies the AtomicInteger view back into the array. */
    void atomicsToHost() {
        int length = (int) length();
        if (type() == ElemType.INT) {
            int[] a = (int[]) host;
            for (int i = 0; i < length; i++) a[i] = atomics[i].get();
        } else {
            float[] a = (float[]) host;
            for (int i = 0; i < length; i++) a[i] = Float.intBitsToFloat(atomics[i].get());
        }
    }

    @Override
    protected void doWrite(long offset, Object src, int srcOffset, int count) {
        session().write(this, (int) offset, src, srcOffset, count);
    }

    @Override
    protected void doRead(long offset, Object dst, int dstOffset, int count) {
        session().read(this, (int) offset, dst, dstOffset, count);
    }

    @Override
    protected void release() {
        session().release(this);
    }
}
