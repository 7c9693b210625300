package dev.perfport.backend.aparapi;

import dev.perfport.conformance.ClassSession;
import org.junit.jupiter.api.extension.RegisterExtension;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.workloads.reduction.ReductionKernels;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reduction kernels launched directly, with the counters each variant must report: one
 * global atomic per work-group (local-atomic), one per persistent group (static-local, which also
 * reports the units used and the static-local initialisations), none (two-kernel); and the
 * counters switched off by {@code perfport.aparapi.counters=false}.
 */
class CountersTest {

    @RegisterExtension
    static final ClassSession<AparapiSession> S = new ClassSession<>(Aparapi::session);
    private final AparapiSession s = S.get();

    private static Object input(ElemType t, int n, double[] sum) {
        SplittableRandom r = new SplittableRandom(n);
        if (t == ElemType.INT) {
            int[] a = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = r.nextInt(-100, 101);
                sum[0] += a[i];
            }
            return a;
        }
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) r.nextDouble();
            sum[0] += a[i];
        }
        return a;
    }

    private static double read(DeviceBuffer b) {
        if (b.type() == ElemType.INT) {
            int[] v = new int[1];
            b.read(v);
            return v[0];
        }
        float[] v = new float[1];
        b.read(v);
        return v[0];
    }

    private static void check(ElemType t, double want, double got, String what) {
        if (t == ElemType.INT) {
            assertEquals(want, got, what);
        } else {
            assertEquals(want, got, Math.abs(want) * 1e-5 + 1e-6, what);
        }
    }

    @ParameterizedTest(name = "{0} n={1} wg={2}")
    @CsvSource({"INT,1,64", "INT,64,64", "INT,65,64", "INT,100003,256", "FLOAT,1,64", "FLOAT,1000,128", "FLOAT,100003,256"})
    void localAtomicCountsOneAtomicPerWorkGroup(ElemType t, int n, int wg) {
        double[] want = new double[1];
        Object a = input(t, n, want);
        int groups = (n + wg - 1) / wg;
        try (DeviceBuffer in = s.upload(a); DeviceBuffer out = s.allocate(t, 1);
             CompiledKernel k = s.compile(ReductionKernels.localAtomic(t))) {
            out.write(t == ElemType.INT ? new int[1] : new float[1]);
            LaunchStats st = s.launch(k, NDRange.of((long) groups * wg, wg), in, out, n, LocalSize.of(wg));
            check(t, want[0], read(out), "sum");
            assertEquals((long) groups, st.counters().get(Counters.GLOBAL_ATOMICS), "one atomic per work-group");
            assertEquals((long) groups, st.counters().get(Counters.WORK_GROUPS));
            assertFalse(st.counters().containsKey(Counters.UNITS_USED), st.counters().toString());
        }
    }

    @ParameterizedTest(name = "{0} n={1} wg={2}")
    @CsvSource({"INT,1,64", "INT,100003,256", "FLOAT,777,32", "FLOAT,100003,256"})
    void staticLocalCountsOneAtomicPerPersistentGroup(ElemType t, int n, int wg) {
        double[] want = new double[1];
        Object a = input(t, n, want);
        int groups = (n + wg - 1) / wg;
        try (DeviceBuffer in = s.upload(a); DeviceBuffer out = s.allocate(t, 1);
             CompiledKernel k = s.compile(ReductionKernels.staticLocal(t))) {
            out.write(t == ElemType.INT ? new int[1] : new float[1]);
            int k0 = Math.min(groups, s.maxResidentGroups(k, new long[]{wg}, (wg + 1L) * t.bytes()));
            assertTrue(k0 >= 1);
            LaunchStats st = s.launch(k, NDRange.of((long) groups * wg, wg), in, out, n, LocalSize.of(wg), LocalSize.of(1));
            check(t, want[0], read(out), "sum");
            assertEquals((long) k0, st.counters().get(Counters.GLOBAL_ATOMICS), "one atomic per persistent group");
            assertEquals((long) k0, st.counters().get(Counters.UNITS_USED));
            assertEquals((long) k0, st.counters().get(Counters.STATIC_LOCAL_INITS));
            assertEquals((long) groups, st.counters().get(Counters.WORK_GROUPS));
        }
    }

    @ParameterizedTest(name = "{0} n={1}")
    @CsvSource({"INT,100003", "FLOAT,100003", "INT,5"})
    void twoKernelsUseNoAtomics(ElemType t, int n) {
        int wg = 256;
        double[] want = new double[1];
        Object a = input(t, n, want);
        int groups = (n + wg - 1) / wg;
        try (DeviceBuffer in = s.upload(a); DeviceBuffer out = s.allocate(t, 1); DeviceBuffer partial = s.allocate(t, groups);
             CompiledKernel k1 = s.compile(ReductionKernels.partials(t)); CompiledKernel k2 = s.compile(ReductionKernels.fin(t))) {
            LaunchStats st1 = s.launch(k1, NDRange.of((long) groups * wg, wg), in, partial, n, LocalSize.of(wg));
            // the partial sums go from the first kernel's device buffer to the second's through the host
            LaunchStats st2 = s.launch(k2, NDRange.of(wg, wg), partial, out, groups, LocalSize.of(wg));
            check(t, want[0], read(out), "sum");
            assertEquals(0L, st1.counters().get(Counters.GLOBAL_ATOMICS));
            assertEquals(0L, st2.counters().get(Counters.GLOBAL_ATOMICS));
            assertEquals((long) groups, st1.counters().get(Counters.WORK_GROUPS));
            assertEquals(1L, st2.counters().get(Counters.WORK_GROUPS));
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"INT", "FLOAT"})
    void countersOffReportsNoAtomicsAndStillComputes(ElemType t) {
        Aparapi.DEVICE.assumeDevice();
        AparapiBackend quiet = AparapiBackend.create(PerfportConfig.of(Map.of(AparapiProvider.COUNTERS_KEY, "false")));
        int n = 4099, wg = 128;
        double[] want = new double[1];
        Object a = input(t, n, want);
        try (AparapiSession q = (AparapiSession) quiet.open(Aparapi.DEVICE.deviceIndex()); DeviceBuffer in = q.upload(a);
             DeviceBuffer out = q.allocate(t, 1); CompiledKernel k = q.compile(ReductionKernels.localAtomic(t))) {
            out.write(t == ElemType.INT ? new int[1] : new float[1]);
            LaunchStats st = q.launch(k, NDRange.of((long) ((n + wg - 1) / wg) * wg, wg), in, out, n, LocalSize.of(wg));
            check(t, want[0], read(out), "sum");
            assertFalse(st.counters().containsKey(Counters.GLOBAL_ATOMICS), st.counters().toString());
            assertEquals((long) (n + wg - 1) / wg, st.counters().get(Counters.WORK_GROUPS));
        }
    }
}
