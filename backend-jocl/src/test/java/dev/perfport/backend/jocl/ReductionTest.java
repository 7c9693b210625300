package dev.perfport.backend.jocl;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The seed-003 reduction kernels of the workloads module (reduction.cl, read from that module's
 * sources so the test runs the real kernels), with definitions that mirror ReductionKernels:
 * input, output, n, scratch (local) [, slm (static local)].
 */
class ReductionTest {
    static final Path SOURCE = Path.of("../workloads/src/main/resources/dev/perfport/workloads/reduction/reduction.cl");
    static final int N = (1 << 20) + 3;
    static final int WG = 256;
    static final int GROUPS = (N + WG - 1) / WG;

    private static JoclSession s;
    private static String source;

    @BeforeAll
    static void open() throws IOException {
        assertTrue(Files.isRegularFile(SOURCE), "reduction.cl of the workloads module not found at " + SOURCE.toAbsolutePath());
        source = Files.readString(SOURCE);
        s = OpenCl.session();
    }

    @AfterAll
    static void close() {
        if (s != null) s.close();
    }

    private static KernelDef.Builder base(String name, ElemType t, String entry) {
        return KernelDef.builder(name).defaults(Constants.of("FLOAT", t == ElemType.FLOAT ? 1 : 0))
                .impl(new KernelImpl.OpenClSource(source, entry));
    }

    static KernelDef localAtomic(ElemType t) {
        return base("reduction.local_atomic." + t.clName(), t, "reduce_local")
                .global("in", t, Access.READ).global("out", t, Access.READ_WRITE).scalar("n", ElemType.INT)
                .local("scratch", t).build();
    }

    static KernelDef staticLocal(ElemType t) {
        return base("reduction.static_local." + t.clName(), t, "reduce_slm")
                .global("in", t, Access.READ).global("out", t, Access.READ_WRITE).scalar("n", ElemType.INT)
                .local("scratch", t).staticLocal("slm", t).build();
    }

    static KernelDef partials(ElemType t) {
        return base("reduction.partials." + t.clName(), t, "reduce_partials")
                .global("in", t, Access.READ).global("partial", t, Access.WRITE).scalar("n", ElemType.INT)
                .local("scratch", t).build();
    }

    static KernelDef fin(ElemType t) {
        return base("reduction.final." + t.clName(), t, "reduce_final")
                .global("partial", t, Access.READ).global("out", t, Access.WRITE).scalar("m", ElemType.INT)
                .local("scratch", t).build();
    }

    enum Variant { LOCAL_ATOMIC, STATIC_LOCAL, TWO_KERNEL }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void exactIntSum(Variant v) {
        SplittableRandom r = new SplittableRandom(42);
        int[] a = new int[N];
        int want = 0;
        for (int i = 0; i < N; i++) {
            a[i] = r.nextInt(-100, 101);
            want += a[i];
        }
        NDRange range = NDRange.of((long) GROUPS * WG, WG);
        int[] got = new int[1];
        try (DeviceBuffer in = s.upload(a); DeviceBuffer out = s.upload(new int[1])) {
            switch (v) {
                case LOCAL_ATOMIC -> {
                    try (CompiledKernel k = s.compile(localAtomic(ElemType.INT))) {
                        LaunchStats st = s.launch(k, range, in, out, N, LocalSize.of(WG));
                        assertEquals((long) GROUPS, st.counters().get(Counters.GLOBAL_ATOMICS), "one atomic per work-group");
                        assertEquals((long) GROUPS, st.counters().get(Counters.WORK_GROUPS));
                    }
                }
                case STATIC_LOCAL -> {
                    try (CompiledKernel k = s.compile(staticLocal(ElemType.INT))) {
                        int k0 = Math.min(GROUPS, s.maxResidentGroups(k, new long[]{WG}, (WG + 1) * 4L));
                        LaunchStats st = s.launch(k, range, in, out, N, LocalSize.of(WG), LocalSize.of(1));
                        System.out.println("static-local reduction on " + s.device().name() + ": " + GROUPS
                                + " groups on k = " + k0 + " persistent groups, " + st.kernelNanos() / 1000 + " us");
                        assertEquals((long) k0, st.counters().get(Counters.GLOBAL_ATOMICS), "one atomic per persistent group");
                        assertEquals((long) k0, st.counters().get(Counters.UNITS_USED));
                        assertEquals((long) k0, st.counters().get(Counters.STATIC_LOCAL_INITS));
                        assertEquals((long) GROUPS, st.counters().get(Counters.WORK_GROUPS));
                    }
                }
                case TWO_KERNEL -> {
                    try (CompiledKernel k1 = s.compile(partials(ElemType.INT)); CompiledKernel k2 = s.compile(fin(ElemType.INT));
                         DeviceBuffer partial = s.allocate(ElemType.INT, GROUPS)) {
                        LaunchStats a1 = s.launch(k1, range, in, partial, N, LocalSize.of(WG));
                        LaunchStats a2 = s.launch(k2, NDRange.of(WG, WG), partial, out, GROUPS, LocalSize.of(WG));
                        assertEquals(0L, a1.counters().get(Counters.GLOBAL_ATOMICS) + a2.counters().get(Counters.GLOBAL_ATOMICS));
                    }
                }
            }
            out.read(got);
        }
        assertEquals(want, got[0], v + " sum");
    }

    @ParameterizedTest
    @EnumSource(Variant.class)
    void floatSumWithinTolerance(Variant v) {
        SplittableRandom r = new SplittableRandom(7);
        float[] a = new float[N];
        double want = 0;
        for (int i = 0; i < N; i++) {
            a[i] = (float) r.nextDouble();
            want += a[i];
        }
        NDRange range = NDRange.of((long) GROUPS * WG, WG);
        float[] got = new float[1];
        try (DeviceBuffer in = s.upload(a); DeviceBuffer out = s.upload(new float[1])) {
            switch (v) {
                case LOCAL_ATOMIC -> {
                    try (CompiledKernel k = s.compile(localAtomic(ElemType.FLOAT))) {
                        s.launch(k, range, in, out, N, LocalSize.of(WG));
                    }
                }
                case STATIC_LOCAL -> {
                    try (CompiledKernel k = s.compile(staticLocal(ElemType.FLOAT))) {
                        s.launch(k, range, in, out, N, LocalSize.of(WG), LocalSize.of(1));
                    }
                }
                case TWO_KERNEL -> {
                    try (CompiledKernel k1 = s.compile(partials(ElemType.FLOAT)); CompiledKernel k2 = s.compile(fin(ElemType.FLOAT));
                         DeviceBuffer partial = s.allocate(ElemType.FLOAT, GROUPS)) {
                        s.launch(k1, range, in, partial, N, LocalSize.of(WG));
                        s.launch(k2, NDRange.of(WG, WG), partial, out, GROUPS, LocalSize.of(WG));
                    }
                }
            }
            out.read(got);
        }
        double rel = Math.abs(got[0] - want) / want;
        double tol = 1e-5 * (Math.log(N) / Math.log(2));          // the workload's own tolerance
        assertTrue(rel <= tol, v + ": " + got[0] + " vs " + want + ", relative error " + rel + " > " + tol);
    }
}
