package dev.perfport.backend.jocl;

import dev.perfport.conformance.ClassSession;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.Support;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.kernel.OpenClPrelude;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.core.result.Profile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Ordinary NDRange kernels on the real device: every argument kind, dimensions, hidden arguments, counters. */
class BasicKernelsTest {

    @RegisterExtension
    static final ClassSession<JoclSession> S = new ClassSession<>(OpenCl::session);
    private final JoclSession s = S.get();

    private static KernelDef vadd(ElemType t) {
        return OpenCl.kernel("test.vadd." + t.clName(), "basic.cl", "vadd_" + t.clName())
                .global("a", t, Access.READ).global("b", t, Access.READ).global("c", t, Access.WRITE)
                .scalar("n", ElemType.INT).build();
    }

    /** n is not a multiple of the work-group size: the range is rounded up and the kernel guards. */
    private static final int N = 100_003;
    private static final int WG = 64;
    private static final NDRange RANGE = NDRange.of((N + WG - 1) / WG * WG, WG);

    @Test
    void vectorAddInt() {
        SplittableRandom r = new SplittableRandom(1);
        int[] a = r.ints(N).toArray(), b = r.ints(N).toArray(), c = new int[N], want = new int[N];
        for (int i = 0; i < N; i++) want[i] = a[i] + b[i];   // wraps like OpenCL int
        try (CompiledKernel k = s.compile(vadd(ElemType.INT));
             DeviceBuffer da = s.upload(a); DeviceBuffer db = s.upload(b); DeviceBuffer dc = s.allocate(ElemType.INT, N)) {
            LaunchStats st = s.launch(k, RANGE, da, db, dc, N);
            dc.read(c);
            assertArrayEquals(want, c);
            assertTrue(st.kernelNanos() > 0, "kernel time from profiling events: " + st.kernelNanos());
            assertEquals(-1, st.modelledNanos());
            assertEquals(RANGE.groupCount(), st.counters().get(Counters.WORK_GROUPS));
            assertEquals(0L, st.counters().get(Counters.GLOBAL_ATOMICS));
            assertEquals(0L, st.counters().get(JoclSession.LOCAL_ATOMICS));
        }
    }

    @Test
    void largestWorkGroupRuns() {
        // on NVIDIA, CL_KERNEL_WORK_GROUP_SIZE says 256 while groups of 1024 run: the backend allows them
        try (CompiledKernel k = s.compile(vadd(ElemType.INT))) {
            long local = Math.min(((JoclKernel) k).workGroupSize(), 1024);
            int n = (int) (4 * local);
            int[] a = new int[n], c = new int[n];
            for (int i = 0; i < n; i++) a[i] = i;
            try (DeviceBuffer da = s.upload(a); DeviceBuffer dc = s.allocate(ElemType.INT, n)) {
                s.launch(k, NDRange.of(n, local), da, da, dc, n);
                dc.read(c);
                for (int i = 0; i < n; i++) assertEquals(2 * i, c[i]);
            }
            assertTrue(s.maxResidentGroups(k, new long[]{local}, 0) >= 1, "a group of " + local + " fits");
        }
    }

    @Test
    void vectorAddFloat() {
        SplittableRandom r = new SplittableRandom(2);
        float[] a = new float[N], b = new float[N], c = new float[N], want = new float[N];
        for (int i = 0; i < N; i++) {
            a[i] = (float) r.nextDouble(-1e6, 1e6);
            b[i] = (float) r.nextDouble(-1e6, 1e6);
            want[i] = a[i] + b[i];                            // one IEEE rounding, same as OpenCL's
        }
        try (CompiledKernel k = s.compile(vadd(ElemType.FLOAT));
             DeviceBuffer da = s.upload(a); DeviceBuffer db = s.upload(b); DeviceBuffer dc = s.allocate(ElemType.FLOAT, N)) {
            s.launch(k, RANGE, da, db, dc, N);
            dc.read(c);
            assertArrayEquals(want, c);
        }
    }

    @Test
    void vectorAddDouble() {
        OpenCl.DEVICE.assumeThat(s.device().support(Feature.DOUBLE_PRECISION) == Support.NATIVE, "no double precision (cl_khr_fp64)");
        SplittableRandom r = new SplittableRandom(3);
        double[] a = r.doubles(N).toArray(), b = r.doubles(N).toArray(), c = new double[N], want = new double[N];
        for (int i = 0; i < N; i++) want[i] = a[i] + b[i];
        try (CompiledKernel k = s.compile(vadd(ElemType.DOUBLE));
             DeviceBuffer da = s.upload(a); DeviceBuffer db = s.upload(b); DeviceBuffer dc = s.allocate(ElemType.DOUBLE, N)) {
            s.launch(k, RANGE, da, db, dc, N);
            dc.read(c);
            assertArrayEquals(want, c);
        }
    }

    @Test
    void longAndFloatAndDoubleScalars() {
        int n = 1024;
        long[] x = new long[n], y = new long[n], want = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = (long) i << 33;        // beyond 32 bits: a truncated long would show
            y[i] = -i;
            want[i] = 3L * x[i] + y[i];
        }
        KernelDef axpy = OpenCl.kernel("test.axpy_long", "basic.cl", "axpy_long")
                .global("y", ElemType.LONG, Access.READ_WRITE).scalar("a", ElemType.LONG).global("x", ElemType.LONG, Access.READ).build();
        try (CompiledKernel k = s.compile(axpy); DeviceBuffer dy = s.upload(y); DeviceBuffer dx = s.upload(x)) {
            s.launch(k, NDRange.of(n, 128), dy, 3L, dx);
            long[] got = new long[n];
            dy.read(got);
            assertArrayEquals(want, got);
        }
        OpenCl.DEVICE.assumeThat(s.device().support(Feature.DOUBLE_PRECISION) == Support.NATIVE, "no double precision (cl_khr_fp64)");
        float[] fx = new float[n], fy = new float[n], fwant = new float[n];
        for (int i = 0; i < n; i++) {
            fx[i] = i;
            fwant[i] = (float) (2.5f * fx[i] + 0.25);
        }
        KernelDef scale = OpenCl.kernel("test.scale", "basic.cl", "scale")
                .global("y", ElemType.FLOAT, Access.WRITE).global("x", ElemType.FLOAT, Access.READ)
                .scalar("s", ElemType.FLOAT).scalar("d", ElemType.DOUBLE).build();
        try (CompiledKernel k = s.compile(scale); DeviceBuffer dy = s.allocate(ElemType.FLOAT, n); DeviceBuffer dx = s.upload(fx)) {
            s.launch(k, NDRange.of(n, 64), dy, dx, 2.5f, 0.25);
            dy.read(fy);
            assertArrayEquals(fwant, fy);
        }
    }

    /** launchRepeated queues the launches without waiting for each: all of them run, in order, and count. */
    @Test
    void repeatedLaunchesAllRunInOrderAndCount() {
        int n = 1024, times = 7;
        long[] x = new long[n], y = new long[n], want = new long[n];
        for (int i = 0; i < n; i++) {
            x[i] = i + 1;
            y[i] = -3L * i;
            want[i] = y[i];
            for (int t = 0; t < times; t++) want[i] = 2 * x[i] + want[i];
        }
        KernelDef axpy = OpenCl.kernel("test.axpy_long", "basic.cl", "axpy_long")
                .global("y", ElemType.LONG, Access.READ_WRITE).scalar("a", ElemType.LONG).global("x", ElemType.LONG, Access.READ).build();
        try (CompiledKernel k = s.compile(axpy); DeviceBuffer dy = s.upload(y); DeviceBuffer dx = s.upload(x)) {
            long launchesBefore = s.profile().launches();
            LaunchStats st = s.launchRepeated(k, NDRange.of(n, 128), times, dy, 2L, dx);
            long[] got = new long[n];
            dy.read(got);
            assertArrayEquals(want, got, "y + 7 * 2x: every launch ran once, each after the one before");
            assertEquals(times, s.profile().launches() - launchesBefore, "the session counts every launch");
            assertEquals((long) times * (n / 128), st.counters().get(Counters.WORK_GROUPS));
            assertTrue(st.kernelNanos() > 0, "device time from the first launch's start to the last one's end");
        }
    }

    @Test
    void twoDimensionalRange() {
        int w = 96, h = 40;
        KernelDef def = OpenCl.kernel("test.coords2d", "basic.cl", "coords2d")
                .global("out", ElemType.INT, Access.WRITE).scalar("width", ElemType.INT).build();
        try (CompiledKernel k = s.compile(def); DeviceBuffer out = s.allocate(ElemType.INT, (long) w * h)) {
            LaunchStats st = s.launch(k, NDRange.of(w, h, 16, 8), out, w);
            int[] got = new int[w * h];
            out.read(got);
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) assertEquals(y * 10000 + x, got[y * w + x], "(" + x + ", " + y + ")");
            }
            assertEquals(6L * 5, st.counters().get(Counters.WORK_GROUPS));
        }
    }

    @Test
    void hiddenArgumentsOfAnOrdinaryLaunch() {
        KernelDef def = OpenCl.kernel("test.hidden", "basic.cl", "hidden_args").global("out", ElemType.INT, Access.WRITE).build();
        try (CompiledKernel k = s.compile(def); DeviceBuffer out = s.allocate(ElemType.INT, 5)) {
            s.launch(k, NDRange.of(32, 12, 6, 8, 4, 2), out);   // groups 4 x 3 x 3
            int[] got = new int[5];
            out.read(got);
            assertArrayEquals(new int[]{36, OpenClPrelude.MAP_NONE, 4, 3, 3}, got, Arrays.toString(got));
        }
    }

    @Test
    void constantBuffer() {
        DeviceInfo d = s.device();
        assertEquals(Support.NATIVE, d.support(MemoryLevel.CONSTANT));
        int m = 100;
        int[] table = new int[m];
        for (int i = 0; i < m; i++) table[i] = i * i;
        int sum = Arrays.stream(table).sum();
        KernelDef def = OpenCl.kernel("test.const_sum", "basic.cl", "const_sum")
                .constantBuffer("table", ElemType.INT).global("out", ElemType.INT, Access.WRITE).scalar("m", ElemType.INT).build();
        try (CompiledKernel k = s.compile(def);
             DeviceBuffer t = s.allocate(ElemType.INT, m, MemoryLevel.CONSTANT); DeviceBuffer out = s.allocate(ElemType.INT, 256)) {
            assertEquals(MemoryLevel.CONSTANT, t.level());
            t.write(table);
            s.launch(k, NDRange.of(256, 64), t, out, m);
            int[] got = new int[256];
            out.read(got);
            for (int i = 0; i < 256; i++) assertEquals(sum + i, got[i]);
        }
    }

    @Test
    void localMemoryArgumentAndBarrier() {
        int n = 4096, wg = 128;
        int[] in = new int[n];
        for (int i = 0; i < n; i++) in[i] = 7 * i + 1;
        KernelDef def = OpenCl.kernel("test.local_rotate", "basic.cl", "local_rotate")
                .global("in", ElemType.INT, Access.READ).global("out", ElemType.INT, Access.WRITE).local("tmp", ElemType.INT).build();
        try (CompiledKernel k = s.compile(def); DeviceBuffer din = s.upload(in); DeviceBuffer out = s.allocate(ElemType.INT, n)) {
            s.launch(k, NDRange.of(n, wg), din, out, LocalSize.of(wg));
            int[] got = new int[n];
            out.read(got);
            for (int i = 0; i < n; i++) {
                int g = i / wg, lid = i % wg;
                assertEquals(in[g * wg + (lid + 1) % wg], got[i], "element " + i);
            }
        }
    }

    @Test
    void globalAndLocalAtomicsAreCounted() {
        int n = 8192, wg = 256;
        KernelDef glob = OpenCl.kernel("test.count_atomics", "basic.cl", "count_atomics")
                .global("isum", ElemType.INT, Access.READ_WRITE).global("fsum", ElemType.FLOAT, Access.READ_WRITE).build();
        KernelDef loc = OpenCl.kernel("test.local_atomics", "basic.cl", "local_atomics")
                .global("perGroup", ElemType.INT, Access.WRITE).local("cnt", ElemType.INT).build();
        Counters before = new Counters();
        before.addAll(s.counters().snapshot());
        try (CompiledKernel kg = s.compile(glob); CompiledKernel kl = s.compile(loc);
             DeviceBuffer isum = s.upload(new int[1]); DeviceBuffer fsum = s.upload(new float[1]);
             DeviceBuffer perGroup = s.allocate(ElemType.INT, n / wg)) {
            LaunchStats a = s.launch(kg, NDRange.of(n, wg), isum, fsum);
            int[] i1 = new int[1];
            float[] f1 = new float[1];
            isum.read(i1);
            fsum.read(f1);
            assertEquals(n, i1[0]);
            assertEquals(n * 0.5f, f1[0]);                    // exact: halves up to 2^12 are representable
            assertEquals(2L * n, a.counters().get(Counters.GLOBAL_ATOMICS));
            assertEquals(0L, a.counters().get(JoclSession.LOCAL_ATOMICS));

            LaunchStats b = s.launch(kl, NDRange.of(n, wg), perGroup, LocalSize.of(1));
            int[] pg = new int[n / wg];
            perGroup.read(pg);
            for (int v : pg) assertEquals(wg, v);
            assertEquals((long) n, b.counters().get(JoclSession.LOCAL_ATOMICS));
            assertEquals(0L, b.counters().get(Counters.GLOBAL_ATOMICS));

            // the counters are zeroed before each launch: a second launch counts the same again
            LaunchStats c = s.launch(kg, NDRange.of(n, wg), isum, fsum);
            assertEquals(2L * n, c.counters().get(Counters.GLOBAL_ATOMICS));
            assertEquals(before.get(Counters.GLOBAL_ATOMICS) + 4L * n, s.counters().get(Counters.GLOBAL_ATOMICS));
        }
    }

    @Test
    void countingCanBeSwitchedOffForTimingRuns() {
        OpenCl.DEVICE.assumeDevice();
        int n = 4096, wg = 256;
        KernelDef glob = OpenCl.kernel("test.count_atomics", "basic.cl", "count_atomics")
                .global("isum", ElemType.INT, Access.READ_WRITE).global("fsum", ElemType.FLOAT, Access.READ_WRITE).build();
        try (JoclSession quiet = (JoclSession) JoclBackend.create(false).open(OpenCl.DEVICE.deviceIndex());
             CompiledKernel k = quiet.compile(glob); DeviceBuffer isum = quiet.upload(new int[1]);
             DeviceBuffer fsum = quiet.upload(new float[1])) {
            LaunchStats a = quiet.launch(k, NDRange.of(n, wg), isum, fsum);
            int[] i1 = new int[1];
            isum.read(i1);
            assertEquals(n, i1[0]);                                // the atomics themselves still run
            assertFalse(a.counters().containsKey(Counters.GLOBAL_ATOMICS), a.counters().toString());
        }
    }

    @Test
    void constantsBecomeDefines() {
        String src = "__kernel void k(PP_PARAMS, __global int* out) { out[get_global_id(0)] = A * 10 + B + (int)(C * 4.0f); }";
        KernelDef def = OpenCl.inline("test.defines", src, "k").global("out", ElemType.INT, Access.WRITE)
                .defaults(Constants.of("A", 1, "B", 2, "C", 0.5f)).build();
        try (CompiledKernel k = s.compile(def, Constants.of("B", 7)); DeviceBuffer out = s.allocate(ElemType.INT, 4)) {
            assertEquals(Constants.of("A", 1, "B", 7, "C", 0.5f), k.constants());
            s.launch(k, NDRange.of(4, 4), out);
            int[] got = new int[4];
            out.read(got);
            assertArrayEquals(new int[]{19, 19, 19, 19}, got);
        }
    }

    @Test
    void profileAddsUpTransfersAndKernels() {
        try (JoclSession fresh = OpenCl.session(); CompiledKernel k = fresh.compile(vadd(ElemType.INT))) {
            int n = 1 << 16;
            int[] a = new int[n];
            try (DeviceBuffer da = fresh.upload(a); DeviceBuffer db = fresh.upload(a); DeviceBuffer dc = fresh.allocate(ElemType.INT, n)) {
                fresh.launch(k, NDRange.of(n, 256), da, db, dc, n);
                dc.read(a);
            }
            Profile p = fresh.profile();
            assertEquals(2L * n * 4, p.bytesToDevice());
            assertEquals((long) n * 4, p.bytesToHost());
            assertEquals(1, p.launches());
            assertTrue(p.transferNanos() > 0 && p.kernelNanos() > 0 && p.compileNanos() > 0, p.toString());
            assertEquals(-1, p.modelledNanos());
        }
    }
}
