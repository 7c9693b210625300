package dev.perfport.backend.aparapi;

import dev.perfport.conformance.ClassSession;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Profile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Buffers stay resident in the device buffers of the kernel that uses them (explicit put/get): a
 * kernel that runs again sees its own newest data, a host write reaches the next launch, a second
 * kernel gets the first one's results through the host, and nothing is lost when a field is
 * rebound or a kernel closed.
 */
class BuffersTest {

    @RegisterExtension
    static final ClassSession<AparapiSession> S = new ClassSession<>(Aparapi::session);
    private final AparapiSession s = S.get();

    private static int[] read(DeviceBuffer b) {
        int[] v = new int[(int) b.length()];
        b.read(v);
        return v;
    }

    @Test
    void aKernelRunningAgainSeesItsOwnResultsNotTheStaleHostArray() {
        try (CompiledKernel k = s.compile(TestKernels.ADD_ONE); DeviceBuffer a = s.upload(new int[]{10, 20, 30, 40})) {
            for (int i = 0; i < 3; i++) s.launch(k, NDRange.of(4, 2), a);
            assertArrayEquals(new int[]{13, 23, 33, 43}, read(a), "three launches on the resident copy");
            a.write(new int[]{0, 0, 0, 0});
            s.launch(k, NDRange.of(4, 2), a);
            assertArrayEquals(new int[]{1, 1, 1, 1}, read(a), "the host write reached the device");
        }
    }

    /** A long buffer bound to an int[] field (Aparapi has int atomics only) is its words as pairs, low first, both ways. */
    @Test
    void aLongBufferIsSeenAsIntPairsByAnIntArrayField() {
        long[] init = {7L | 5L << 32, -1L, 0x7fff_ffffL};
        try (CompiledKernel k = s.compile(TestKernels.LONG_WORDS); DeviceBuffer w = s.upload(init)) {
            s.launch(k, NDRange.of(3, 1), w);
            long[] got = new long[3];
            w.read(got);
            assertArrayEquals(new long[]{8L, 0L | 3L << 32, 0x8000_0000L | 6L << 32}, got, "low + 1 (unsigned), high = 3i");
            w.write(new long[]{1L << 32, 2L << 32, 3L << 32});   // a host write reaches the next launch
            s.launch(k, NDRange.of(3, 1), w);
            w.read(got);
            assertArrayEquals(new long[]{1L, 1L | 3L << 32, 1L | 6L << 32}, got);
        }
    }

    @Test
    void aSecondKernelGetsTheFirstKernelsResultsThroughTheHost() {
        try (CompiledKernel add = s.compile(TestKernels.ADD_ONE); CompiledKernel twice = s.compile(TestKernels.TWICE);
             DeviceBuffer a = s.upload(new int[]{1, 2, 3, 4}); DeviceBuffer b = s.allocate(ElemType.INT, 4)) {
            s.launch(add, NDRange.of(4, 4), a);
            Profile p0 = s.profile();
            s.launch(twice, NDRange.of(4, 4), a, b);
            assertTrue(s.profile().bytesToHost() - p0.bytesToHost() >= 16, "a came home from the first kernel: " + s.profile());
            assertArrayEquals(new int[]{4, 6, 8, 10}, read(b));
            s.launch(add, NDRange.of(4, 4), a);
            assertArrayEquals(new int[]{3, 4, 5, 6}, read(a));
        }
    }

    @Test
    void aPartialWriteKeepsTheRestOfANewerDeviceCopy() {
        try (CompiledKernel k = s.compile(TestKernels.ADD_ONE); DeviceBuffer a = s.upload(new int[]{5, 5, 5, 5})) {
            s.launch(k, NDRange.of(4, 1), a);
            a.write(2, new int[]{100}, 0, 1);
            assertArrayEquals(new int[]{6, 6, 100, 6}, read(a));
            s.launch(k, NDRange.of(4, 1), a);
            assertArrayEquals(new int[]{7, 7, 101, 7}, read(a));
        }
    }

    @Test
    void rebindingAFieldOrClosingTheKernelLosesNothing() {
        try (DeviceBuffer a = s.upload(new int[]{1, 1}); DeviceBuffer b = s.upload(new int[]{7, 7})) {
            CompiledKernel k = s.compile(TestKernels.ADD_ONE);
            s.launch(k, NDRange.of(2, 1), a);     // a's newest copy is on the device
            s.launch(k, NDRange.of(2, 1), b);     // the field now holds b
            s.launch(k, NDRange.of(2, 1), a);
            k.close();                            // a's and b's newest copies come home first
            assertArrayEquals(new int[]{3, 3}, read(a));
            assertArrayEquals(new int[]{8, 8}, read(b));
        }
    }

    @Test
    void theSameBufferTwiceIsRefused() {
        try (CompiledKernel k = s.compile(TestKernels.TWICE); DeviceBuffer a = s.upload(new int[4])) {
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class, () -> s.launch(k, NDRange.of(4, 2), a, a));
            assertTrue(e.getMessage().contains("same buffer") && e.getMessage().contains("argument 0 'in'")
                    && e.getMessage().contains("argument 1 'out'"), e.getMessage());
        }
    }

    @Test
    void aBufferOfAnotherSessionIsRefused() {
        try (AparapiSession other = Aparapi.session(); CompiledKernel k = s.compile(TestKernels.ADD_ONE);
             DeviceBuffer foreign = other.upload(new int[4])) {
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class, () -> s.launch(k, NDRange.of(4, 2), foreign));
            assertTrue(e.getMessage().contains("another session"), e.getMessage());
        }
    }

    @Test
    void aBufferLargerThanAJavaArrayIsRefusedWithTheLimit() {
        long length = (long) Integer.MAX_VALUE + 1, bytes = length * ElemType.INT.bytes();
        InvalidLaunchException e = assertThrows(InvalidLaunchException.class, () -> s.allocate(ElemType.INT, length));
        // the session's memory check comes first: a device with less global memory (PoCL on a small machine) refuses
        // the size, with its own limit, before the Java array's limit is reached
        if (s.device().capacity(MemoryLevel.GLOBAL) >= bytes) {
            assertTrue(e.getMessage().contains("Java array"), e.getMessage());
        } else {
            assertTrue(e.getMessage().contains("out of device memory") && e.getMessage().contains(bytes + " B"), e.getMessage());
        }
    }

    @Test
    void profileCountsCompileKernelAndTransfers() {
        Profile p0 = s.profile();
        try (CompiledKernel k = s.compile(TestKernels.ADD_ONE); DeviceBuffer a = s.upload(new int[1024])) {
            assertTrue(k.compileNanos() > 0, "Aparapi's conversion time");
            s.launch(k, NDRange.of(1024, 64), a);
            s.launch(k, NDRange.of(1024, 64), a);
            read(a);
            Profile p = s.profile().minus(p0);
            assertTrue(p.compileNanos() > 0, p.toString());
            assertTrue(p.kernelNanos() > 0, p.toString());
            assertEquals(2, p.launches());
            assertEquals(4096, p.bytesToHost(), "one get of the written buffer: " + p);
            assertEquals(4096, p.bytesToDevice(), "one put, at the first launch; the second finds the device copy current: " + p);
            assertTrue(p.transferNanos() > 0, p.toString());
        }
    }

    /** A buffer of 2 GiB or more is refused, saying why, before anything is allocated (PoCL here allows 4 GiB). */
    @Test
    void aBufferOverAparapisThirtyTwoBitSizeIsRefusedInWords() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(dev.perfport.core.error.UnsupportedFeatureException.class,
                () -> s.allocate(dev.perfport.core.memory.ElemType.DOUBLE, 1L << 28));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("2147483648 B") && e.getMessage().contains("32-bit int"), e.getMessage());
    }
}
