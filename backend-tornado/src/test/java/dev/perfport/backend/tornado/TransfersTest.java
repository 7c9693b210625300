package dev.perfport.backend.tornado;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Profile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where a buffer's newest contents are: host writes before and between launches, device writes
 * read back, buffers passed from one kernel's plan to another's, plans reused with their inputs
 * resident, and the profile that records it.
 */
class TransfersTest {
    static final int N = 4096;
    static final NDRange RANGE = NDRange.of(N, 64);
    private static TornadoVmSession s;

    @BeforeAll
    static void open() {
        s = Tornado.session(TestKernels.all());
    }

    @AfterAll
    static void close() {
        if (s != null) s.close();
    }

    static int[] iota(int from) {
        return IntStream.range(from, from + N).toArray();
    }

    static int[] times(int[] a, int f) {
        return IntStream.of(a).map(x -> x * f).toArray();
    }

    @Test
    void aRepeatedLaunchReusesItsPlanAndKeepsWorkingOnTheDeviceCopy() {
        try (CompiledKernel k = s.compile(TestKernels.SCALE); DeviceBuffer a = s.upload(iota(1))) {
            long built = s.plansBuilt();
            s.launch(k, RANGE, a, 3);
            s.launch(k, RANGE, a, 3);          // a is read and written: the second launch scales the result again
            assertEquals(built + 1, s.plansBuilt(), "one plan for one kernel, argument set and shape");
            int[] got = new int[N];
            a.read(got);
            assertArrayEquals(times(iota(1), 9), got);
            s.launch(k, RANGE, a, 2);          // another scalar is another plan (scalars are compiled in)
            assertEquals(built + 2, s.plansBuilt());
            a.read(got);
            assertArrayEquals(times(iota(1), 18), got);
        }
    }

    /**
     * The kept plans are bounded by the bytes of their buffers: beyond the bound the least recently used plan is dropped,
     * and what only its device copy held (a kernel's output) is read to the host first, so no result is lost.
     */
    @Test
    void plansBeyondTheByteBoundAreDroppedWithoutLosingTheirDeviceData() {
        try (TornadoVmSession t = Tornado.session(TestKernels.all()); CompiledKernel k = t.compile(TestKernels.SCALE);
             DeviceBuffer a = t.upload(iota(1)); DeviceBuffer b = t.upload(iota(2))) {
            t.limitPlanBytes(N * 4L * 3 / 2);   // room for one plan's buffer, not two
            long built = t.plansBuilt();
            t.launch(k, RANGE, a, 3);            // a's newest contents are on the device only
            t.launch(k, RANGE, b, 5);            // a second plan: the first goes
            assertEquals(built + 2, t.plansBuilt());
            assertEquals(1, t.livePlans(), "one plan within the byte bound");
            int[] got = new int[N];
            a.read(got);
            assertArrayEquals(times(iota(1), 3), got, "the dropped plan's output was kept");
            t.launch(k, RANGE, a, 3);            // built again, from the host copy
            assertEquals(built + 3, t.plansBuilt());
            a.read(got);
            assertArrayEquals(times(iota(1), 9), got);
            b.read(got);
            assertArrayEquals(times(iota(2), 5), got);
            t.limitPlanBytes(Long.MAX_VALUE);
            t.launch(k, RANGE, b, 5);
            assertEquals(2, t.livePlans(), "both plans stay when they fit");
        }
    }

    @Test
    void hostWritesBetweenLaunchesReachTheDevice() {
        try (CompiledKernel k = s.compile(TestKernels.SCALE); DeviceBuffer a = s.upload(iota(0))) {
            int[] got = new int[N];
            for (int rep = 1; rep <= 3; rep++) {
                a.write(iota(rep));
                s.launch(k, RANGE, a, 5);
                a.read(got);
                assertArrayEquals(times(iota(rep), 5), got, "repetition " + rep);
            }
        }
    }

    @Test
    void anInputKeptOnTheDeviceIsCopiedAgainOnlyWhenTheHostChangesIt() {
        try (CompiledKernel k = s.compile(TestKernels.ADD_INTO); DeviceBuffer src = s.upload(iota(1));
             DeviceBuffer dst = s.allocate(ElemType.INT, N)) {
            s.launch(k, RANGE, src, dst);
            Profile p0 = s.profile();
            s.launch(k, RANGE, src, dst);
            Profile second = s.profile().minus(p0);
            // src (read only, written once by the host) stays resident; dst (read and written) is copied in
            assertEquals(N * 4L, second.bytesToDevice(), "only dst is copied in again: " + second);
            int[] got = new int[N];
            dst.read(got);
            assertArrayEquals(times(iota(1), 2), got);

            src.write(iota(100));            // the resident copy is stale now: the plan must not use it
            long built = s.plansBuilt();
            s.launch(k, RANGE, src, dst);
            dst.read(got);
            int[] want = IntStream.range(0, N).map(i -> 2 * (i + 1) + 100 + i).toArray();
            assertArrayEquals(want, got);
            assertEquals(built + 1, s.plansBuilt(), "rebuilt once, copying src at every launch from now on");
            src.write(iota(7));
            s.launch(k, RANGE, src, dst);
            assertEquals(built + 1, s.plansBuilt(), "no further rebuild");
            dst.read(got);
            for (int i = 0; i < N; i++) want[i] += 7 + i;
            assertArrayEquals(want, got);
        }
    }

    @Test
    void aBufferWrittenByOneKernelIsReadByAnother() {
        try (CompiledKernel copy = s.compile(TestKernels.COPY); CompiledKernel scale = s.compile(TestKernels.SCALE);
             DeviceBuffer src = s.upload(iota(3)); DeviceBuffer mid = s.allocate(ElemType.INT, N)) {
            int[] got = new int[N];
            for (int rep = 0; rep < 3; rep++) {
                src.write(iota(3 + rep));
                s.launch(copy, RANGE, src, mid);     // mid's newest contents are on copy's plan's device
                s.launch(scale, RANGE, mid, 4);      // scale's plan must get them, not the host's zeros
                mid.read(got);
                assertArrayEquals(times(iota(3 + rep), 4), got, "repetition " + rep);
            }
        }
    }

    @Test
    void aPartialWriteKeepsTheRestOfTheDeviceContents() {
        try (CompiledKernel k = s.compile(TestKernels.SCALE); DeviceBuffer a = s.upload(iota(1))) {
            s.launch(k, RANGE, a, 2);                      // a = 2, 4, 6, ... on the device only
            a.write(10, new int[]{-1, -2}, 0, 2);           // host: elements 10 and 11
            int[] got = new int[N];
            a.read(got);
            int[] want = times(iota(1), 2);
            want[10] = -1;
            want[11] = -2;
            assertArrayEquals(want, got);
            s.launch(k, RANGE, a, 3);
            a.read(got);
            assertArrayEquals(times(want, 3), got);
        }
    }

    @Test
    void copiesAndKernelsAreInTheProfile() {
        try (CompiledKernel k = s.compile(TestKernels.SCALE); DeviceBuffer a = s.upload(iota(1))) {
            Profile p0 = s.profile();
            s.launch(k, RANGE, a, 7);
            int[] got = new int[N];
            a.read(got);
            Profile p = s.profile().minus(p0);
            assertEquals(1, p.launches());
            assertTrue(p.kernelNanos() > 0, "device kernel time: " + p);
            assertTrue(p.compileNanos() > 0, "a new plan compiles: " + p);
            assertEquals(N * 4L, p.bytesToDevice(), p.toString());
            assertEquals(N * 4L, p.bytesToHost(), p.toString());
            assertTrue(p.transferNanos() > 0, p.toString());
            assertTrue(k.compileNanos() > 0);
        }
    }

    @Test
    void closedBuffersAndForeignBuffersAreRefused() {
        try (CompiledKernel k = s.compile(TestKernels.SCALE)) {
            DeviceBuffer a = s.upload(iota(1));
            a.close();
            assertThrows(IllegalStateException.class, () -> a.read(new int[N]));
            assertThrows(RuntimeException.class, () -> s.launch(k, RANGE, a, 2));
            try (TornadoVmSession other = Tornado.session(TestKernels.all()); DeviceBuffer b = other.upload(iota(1))) {
                RuntimeException e = assertThrows(RuntimeException.class, () -> s.launch(k, RANGE, b, 2));
                assertTrue(e.getMessage().contains("another session"), e.getMessage());
            }
        }
    }
}
