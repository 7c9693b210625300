package dev.perfport.conformance;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.launch.TaskMapping;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;
import dev.perfport.workloads.matmul.MatmulKernels;
import dev.perfport.workloads.reduction.ReductionKernels;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The behaviour every backend owes perfport, as one suite. A backend runs it by adding one small
 * test class that supplies its sessions:
 *
 * <pre>{@code
 * class JoclConformanceTest extends BackendConformance {
 *     JoclConformanceTest() { super(OpenCl::session); }   // skips where there is no device
 * }
 * }</pre>
 *
 * It covers every workload × variant × small case ({@link Workload#smallCases(String)}, odd sizes
 * included), each verified against the workload's host reference and naming this backend and
 * device; no silent fallback; static local memory (first/last-group hooks, one instance per unit);
 * static work-groups (refused beyond the residency query, at once); buffer lifetimes and bad launch
 * arguments. Loading through the real plugin jar is {@link PluginJarConformance}.
 *
 * <p>The kit uses only the workloads' kernel definitions, which every backend implements, so that
 * it needs no kernels of its own in each route's dialect.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class BackendConformance {
    private final Supplier<DeviceSession> open;
    private DeviceSession session;

    /**
     * The kit on one device.
     *
     * @param open opens a new session on the device under test; the kit closes it. Where the route's
     *             runtime or device is absent, it aborts with a JUnit assumption that says why
     */
    protected BackendConformance(Supplier<DeviceSession> open) {
        this.open = open;
    }

    /**
     * The variants this backend cannot run on this device, as {@code workload/variant} with the
     * reason: their rows must carry an error naming the backend (never a silent fallback). None
     * by default.
     */
    protected Map<String, String> unsupportedVariants() {
        return Map.of();
    }

    /** The open session (for a backend's own extra conformance tests). */
    protected final DeviceSession session() {
        return session;
    }

    @BeforeAll
    final void openTheSession() {
        session = open.get();
        assertNotNull(session, "the session opener returned null");
    }

    @AfterAll
    final void closeTheSession() {
        if (session != null) session.close();
    }

    // ---- workloads ---------------------------------------------------------------------------

    @Test
    void everyWorkloadHasSmallCasesWithASizeThatIsNotAPowerOfTwo() {
        for (Workload w : Workloads.all()) {
            List<Params> cases = w.smallCases();
            assertFalse(cases.isEmpty(), "workload " + w.name() + " has no small cases");
            boolean odd = cases.stream().flatMap(p -> p.asMap().values().stream())
                    .anyMatch(v -> v.matches("\\d+") && Long.parseLong(v) > 2 && Long.bitCount(Long.parseLong(v)) > 1);
            assertTrue(odd, "workload " + w.name() + ": no small case has a size that is not a power of two: " + cases);
        }
    }

    /** Every workload × small case (expanded as compare does) × variant: verified, on this backend and device. */
    @TestFactory
    Stream<DynamicTest> everyWorkloadVariantAndSmallCaseVerifies() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Workload w : Workloads.all()) {
            for (String v : w.variants()) {
                for (Params small : w.smallCases(v)) {
                    for (Params c : w.compareCases(small)) {
                        tests.add(DynamicTest.dynamicTest(w.name() + " " + v + " " + c, () -> runsAndVerifies(w, v, c)));
                    }
                }
            }
        }
        return tests.stream();
    }

    private void runsAndVerifies(Workload w, String variant, Params p) {
        RunResult r = w.run(session, variant, p);
        String what = w.name() + " " + variant + " " + r.params() + " on " + session.device().name();
        assertEquals(session.backendId(), r.backend(), what);
        assertEquals(session.device().name(), r.device(), what);
        String unsupported = unsupportedVariants().get(w.name() + "/" + variant);
        if (unsupported != null) {
            assertFalse(r.verified(), what + " was declared unsupported (" + unsupported + ") but verified");
            assertNotNull(r.error(), what);
            assertTrue(namesBackend(r.error()), what + ": the error does not name the backend: " + r.error());
            return;
        }
        assertNull(r.error(), what);
        assertTrue(r.verified(), what + " did not verify");
        assertTrue(r.profile().launches() >= 1, what + ": " + r.profile());
        assertTrue(r.profile().kernelNanos() > 0, what + ": " + r.profile());
    }

    // ---- no silent fallback ------------------------------------------------------------------

    @Test
    void aKernelWithNoImplementationForThisBackendIsRefusedNamingTheBackend() {
        KernelDef nowhere = KernelDef.builder("conformance.unimplemented")
                .global("x", ElemType.INT, Access.READ_WRITE).build();
        Optional<String> why = session.cannotRun(nowhere);
        assertTrue(why.isPresent(), session.backendId() + " claims it can run a kernel with no implementation at all");
        assertTrue(namesBackend(why.get()), "the reason does not name the backend: " + why.get());
        UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class, () -> session.compile(nowhere));
        assertTrue(namesBackend(e.getMessage()), e.getMessage());
        assertTrue(e.getMessage().contains("conformance.unimplemented"), "the error does not name the kernel: " + e.getMessage());
    }

    /** Whether a message names this backend (its id, in any case: "TornadoVM" names tornado). */
    private boolean namesBackend(String message) {
        return message.toLowerCase(java.util.Locale.ROOT).contains(session.backendId().toLowerCase(java.util.Locale.ROOT));
    }

    // ---- static local memory -----------------------------------------------------------------

    /**
     * Reduction into static local memory: the first group on a unit zeroes it, every group adds,
     * the last group on the unit adds it to the result with one counted atomic. So the sum is
     * right only if each unit has one instance that lives across its groups and both hooks run
     * once per unit; and a second launch starts from zero again.
     */
    @Test
    void staticLocalMemoryIsOneInstancePerUnitWithFirstAndLastGroupHooks() {
        KernelDef def = ReductionKernels.staticLocal(ElemType.INT);
        for (int groups : new int[] {1, 7, 301}) {
            int wg = 16;
            int n = groups * wg - 5;
            int[] in = IntStream.range(0, n).map(i -> i % 7 - 2).toArray();
            int want = IntStream.of(in).sum();
            try (CompiledKernel k = session.compile(def); DeviceBuffer input = session.upload(in)) {
                for (int launch = 0; launch < 2; launch++) {
                    try (DeviceBuffer out = session.upload(new int[1])) {
                        LaunchStats st = session.launch(k, NDRange.of((long) groups * wg, wg), input, out, n, LocalSize.of(wg), LocalSize.of(1));
                        int[] got = new int[1];
                        out.read(got);
                        String what = groups + " groups, launch " + (launch + 1) + ", counters " + st.counters();
                        assertEquals(want, got[0], what + ": the sum through static local memory");
                        Map<String, Long> c = st.counters();
                        long units = c.getOrDefault(Counters.UNITS_USED, -1L);
                        assertTrue(units >= 1 && units <= groups, what + ": units used");
                        assertEquals(units, c.getOrDefault(Counters.GLOBAL_ATOMICS, -1L), what + ": one atomic per last-group hook");
                        assertEquals(units, c.getOrDefault(Counters.STATIC_LOCAL_INITS, -1L), what + ": one first-group hook per unit");
                        assertEquals((long) groups, c.getOrDefault(Counters.WORK_GROUPS, -1L), what + ": every group ran once");
                    }
                }
            }
        }
    }

    // ---- static work-groups ------------------------------------------------------------------

    @Test
    void staticWorkGroupsBeyondTheResidencyQueryAreRefusedAtOnceWithTheNumbers() {
        int tile = 8, m = 16, nn = 24, kk = 8;
        long[] local = {tile, tile};
        try (CompiledKernel k = session.compile(MatmulKernels.betaStatic());
             DeviceBuffer a = session.upload(new float[m * kk]); DeviceBuffer b = session.upload(new float[kk * nn]);
             DeviceBuffer c = session.upload(new float[m * nn])) {
            int res = session.maxResidentGroups(k, local, 0);
            assertTrue(res >= 1, "residency query of an 8x8 group without local memory: " + res);
            long tasks = (long) (m / tile) * (nn / tile);
            // generous: refusing must not wait for anything (a launch beyond residency could hang forever)
            InvalidLaunchException e = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(InvalidLaunchException.class,
                    () -> session.launch(k, new StaticGroups(res + 1, local, TaskMapping.BLOCKED, tasks), a, b, c, m, nn, kk)));
            assertTrue(e.getMessage().contains(Integer.toString(res + 1)) && e.getMessage().contains(Integer.toString(res)),
                    "the error names k and the residency: " + e.getMessage());
            // k = residency runs: ones times ones is K everywhere
            float[] ones = new float[Math.max(m * kk, kk * nn)];
            java.util.Arrays.fill(ones, 1f);
            a.write(java.util.Arrays.copyOf(ones, m * kk));
            b.write(java.util.Arrays.copyOf(ones, kk * nn));
            LaunchStats st = session.launch(k, new StaticGroups(Math.min(res, (int) tasks), local, TaskMapping.CYCLIC, tasks), a, b, c, m, nn, kk);
            float[] got = new float[m * nn];
            c.read(got);
            for (int i = 0; i < got.length; i++) assertEquals((float) kk, got[i], "C[" + i + "]");
            assertEquals(tasks, st.counters().getOrDefault(Counters.WORK_GROUPS, -1L), "every C tile is one task: " + st.counters());
        }
    }

    /**
     * launchRepeated runs every launch once, in order, and counts them all (queued, a route's own
     * repeated launch, or one by one): the local-atomic reduction adds its sum to out each time.
     */
    @Test
    void repeatedLaunchesEachRunOnceAndAllCount() {
        int n = 1001, wg = 16, times = 6;
        IntInput input = IntInput.sawtooth(n, 11, 4);
        int[] data = input.data();
        long sum = input.sum();
        try (CompiledKernel k = session.compile(ReductionKernels.localAtomic(ElemType.INT));
             DeviceBuffer in = session.upload(data); DeviceBuffer out = session.upload(new int[1])) {
            long before = session.profile().launches();
            LaunchStats st = session.launchRepeated(k, NDRange.of(1008, wg), times, in, out, n, LocalSize.of(wg));
            int[] got = new int[1];
            out.read(got);
            assertEquals(times * sum, got[0], "every launch added the sum once");
            assertEquals(times, session.profile().launches() - before, "the session counts every launch");
            assertEquals(times * 63L, st.counters().get(Counters.WORK_GROUPS), st.counters().toString());
            assertTrue(st.kernelNanos() > 0, "kernel time of the launches");
        }
    }

    /**
     * launchThenRead is a launch and then a read of its result, on every route (jocl waits once for both): each call
     * adds the sum once and reads the running total, and where the route counts, the launch's own count comes with it;
     * a host array of the wrong type is refused before anything runs.
     */
    @Test
    void aLaunchThenReadSeesEachLaunchsResult() {
        int n = 1001, wg = 16;
        IntInput input = IntInput.sawtooth(n, 11, 4);
        long sum = input.sum();
        try (CompiledKernel k = session.compile(ReductionKernels.localAtomic(ElemType.INT));
             DeviceBuffer in = session.upload(input.data()); DeviceBuffer out = session.upload(new int[1])) {
            long launches = session.profile().launches(), bytesRead = session.profile().bytesToHost();
            int[] got = new int[1];
            for (int i = 1; i <= 3; i++) {
                LaunchStats st = session.launchThenRead(k, NDRange.of(1008, wg), out, got, in, out, n, LocalSize.of(wg));
                assertEquals(i * sum, got[0], "after launch " + i);
                assertTrue(st.kernelNanos() > 0, "kernel time of launch " + i);
                // where the route counts: this launch's own count (one atomic per group), not a sum or a stale one
                Long atomics = st.counters().get(Counters.GLOBAL_ATOMICS);
                if (atomics != null) assertEquals(63L, atomics, "global atomics of launch " + i + ": " + st.counters());
            }
            assertEquals(3, session.profile().launches() - launches, "the session counts every launch");
            assertEquals(3 * 4L, session.profile().bytesToHost() - bytesRead, "and every read of its 4 bytes");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> session.launchThenRead(k, NDRange.of(1008, wg), out, new float[1], in, out, n, LocalSize.of(wg)));
            assertTrue(e.getMessage().contains("host array is float[]"), e.getMessage());
            out.read(got);
            assertEquals(3 * sum, got[0], "the refused call ran nothing");
        }
    }

    // ---- buffers and launch arguments ----------------------------------------------------------

    @Test
    void buffersRoundTripAndAReleasedBufferIsRefused() {
        DeviceBuffer b = session.allocate(ElemType.FLOAT, 1001);
        float[] data = new float[1001];
        for (int i = 0; i < data.length; i++) data[i] = i * 0.5f - 7f;
        b.write(data);
        float[] back = new float[1001];
        b.read(back);
        assertArrayEquals(data, back);
        assertEquals(ElemType.FLOAT, b.type());
        assertEquals(1001, b.length());
        b.close();
        assertTrue(b.isClosed());
        assertDoesNotThrow(b::close, "closing twice is harmless");
        assertThrows(IllegalStateException.class, () -> b.read(back), "reading a released buffer");
        try (CompiledKernel k = session.compile(ReductionKernels.localAtomic(ElemType.FLOAT)); DeviceBuffer out = session.upload(new float[1])) {
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class,
                    () -> session.launch(k, NDRange.of(1008, 16), b, out, 1001, LocalSize.of(16)));
            assertTrue(e.getMessage().contains("released"), e.getMessage());
        }
    }

    @Test
    void closingTheSessionReleasesWhatItStillHolds() {
        DeviceSession other = open.get();
        DeviceBuffer b = other.upload(new int[] {1, 2, 3});
        CompiledKernel k = other.compile(ReductionKernels.localAtomic(ElemType.INT));
        other.close();
        assertTrue(b.isClosed(), "the session's buffer is released with it");
        assertThrows(IllegalStateException.class, () -> other.allocate(ElemType.INT, 4), "a closed session allocates nothing");
        assertNotNull(k);
    }

    @Test
    void badLaunchArgumentsAreRefusedNamingTheArgumentBeforeAnythingRuns() {
        try (CompiledKernel k = session.compile(ReductionKernels.localAtomic(ElemType.INT));
             DeviceBuffer in = session.upload(new int[100]); DeviceBuffer fl = session.upload(new float[100]);
             DeviceBuffer out = session.upload(new int[] {42})) {
            List<Object[]> bad = List.of(
                    new Object[] {in, out, 100},                                  // too few
                    new Object[] {fl, out, 100, LocalSize.of(16)},                // float buffer for an int argument
                    new Object[] {in, out, "100", LocalSize.of(16)},              // a string for a scalar
                    new Object[] {in, out, 100, 16},                              // a number for local memory
                    new Object[] {in, 7, 100, LocalSize.of(16)});                 // a number for a buffer
            for (Object[] args : bad) {
                InvalidLaunchException e = assertThrows(InvalidLaunchException.class,
                        () -> session.launch(k, NDRange.of(112, 16), args), "args " + java.util.Arrays.toString(args));
                assertFalse(e.getMessage().isBlank());
            }
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class,
                    () -> session.launch(k, NDRange.of(100, 16), in, out, 100, LocalSize.of(16)));
            assertTrue(e.getMessage().contains("does not divide"), e.getMessage());
            int[] o = new int[1];
            out.read(o);
            assertEquals(42, o[0], "a refused launch ran nothing");
        }
    }
}
