package dev.perfport.conformance;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.launch.LaunchStep;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.core.result.Profile;
import dev.perfport.workloads.saxpy.SaxpyKernels;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DeviceSession#launchSequence} on a real backend: dependent launches (saxpy into y, then saxpy of that y
 * into z) give what launching them one by one gives, copy nothing back to the host between them, count every
 * launch, and a sequence with one bad step runs none of them. And {@link DeviceSession#launchRepeated}, which
 * routes batch their own way (jocl queues, TornadoVM puts copies of the launch in one task graph): every launch
 * runs once, in order, counted. A backend's test class extends this and supplies a session.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class LaunchSequenceConformance {
    static final int N = 1000, WG = 64;
    private final Supplier<DeviceSession> open;
    private DeviceSession session;

    /** @param open opens a session on the backend's test device (may skip through a JUnit assumption, saying why) */
    protected LaunchSequenceConformance(Supplier<DeviceSession> open) {
        this.open = open;
    }

    /**
     * Whether the route keeps a step's output on the device for the next step and for later, copying
     * nothing to the host until the host asks; a route that moves its arrays around every launch says no.
     */
    protected boolean keepsResultsOnDevice() {
        return true;
    }

    /**
     * The host waits a route reports for a sequence of {@code steps} launches ({@code Counters.HOST_SYNCS}, summed over
     * the steps), or -1 for a route that launches them one by one and reports none.
     */
    protected int hostSyncs(int steps) {
        return -1;
    }

    private void assertHostSyncs(List<LaunchStats> st) {
        long sum = 0;
        boolean any = false;
        for (LaunchStats s : st) {
            Long h = s.counters().get(Counters.HOST_SYNCS);
            if (h != null) {
                any = true;
                sum += h;
            }
        }
        int want = hostSyncs(st.size());
        if (want < 0) assertTrue(!any, "a route that launches one by one reports no hostSyncs: " + st);
        else assertEquals(want, sum, "host waits for " + st.size() + " steps: " + st);
    }

    @BeforeAll
    final void open() {
        session = open.get();
    }

    @AfterAll
    final void close() {
        if (session != null) session.close();
    }

    private static float[] ramp(float scale) {
        float[] a = new float[N];
        for (int i = 0; i < N; i++) a[i] = scale * (i % 17 - 8);
        return a;
    }

    @Test
    void aSequenceComputesWhatItsLaunchesComputeAndKeepsTheirResultsOnTheDevice() {
        NDRange range = NDRange.of(1024, WG);
        float[] x = ramp(0.5f), y = ramp(0.25f), z = ramp(-1f);
        try (CompiledKernel k = session.compile(SaxpyKernels.saxpy());
             DeviceBuffer xb = session.allocate(ElemType.FLOAT, N); DeviceBuffer yb = session.allocate(ElemType.FLOAT, N);
             DeviceBuffer zb = session.allocate(ElemType.FLOAT, N)) {
            xb.write(x);
            float[] want = new float[N];
            for (int rep = 0; rep < 3; rep++) {
                yb.write(y);
                zb.write(z);
                Profile p0 = session.profile();
                List<LaunchStats> st = session.launchSequence(List.of(
                        LaunchStep.of(k, range, 2f, xb, yb, N),      // y = 2x + y
                        LaunchStep.of(k, range, 3f, yb, zb, N)));    // z = 3y + z, y from the step before
                Profile p = session.profile().minus(p0);
                assertEquals(2, st.size());
                assertEquals(2, p.launches(), "both launches counted");
                assertHostSyncs(st);
                if (keepsResultsOnDevice()) {
                    assertEquals(0, p.bytesToHost(), "nothing comes back to the host between or after the steps: " + p);
                }
                assertTrue(st.get(0).kernelNanos() + st.get(1).kernelNanos() > 0, "the steps took kernel time: " + st);
                float[] got = new float[N];
                zb.read(got);
                for (int i = 0; i < N; i++) {
                    float yi = 2f * x[i] + y[i];
                    want[i] = 3f * yi + z[i];
                    assertEquals(want[i], got[i], "z[" + i + "] in repetition " + rep);
                }
                float[] gy = new float[N];
                yb.read(gy);
                assertEquals(2f * x[7] + y[7], gy[7], "the first step's output reaches the host when asked for");
            }
        }
    }

    /** Longer than a route may put in one submission (TornadoVM: 8 launches a task graph): still each step in order. */
    @Test
    void aLongSequenceRunsEveryStepInOrder() {
        NDRange range = NDRange.of(1024, WG);
        int steps = 20;
        float[] x = ramp(0.5f), y = ramp(0.25f), z = ramp(-1f);
        try (CompiledKernel k = session.compile(SaxpyKernels.saxpy());
             DeviceBuffer xb = session.allocate(ElemType.FLOAT, N); DeviceBuffer yb = session.allocate(ElemType.FLOAT, N);
             DeviceBuffer zb = session.allocate(ElemType.FLOAT, N)) {
            xb.write(x);
            yb.write(y);
            zb.write(z);
            // y += x, z += y, y += z, z += y, ...: each step reads what the one before wrote
            DeviceBuffer[] from = {xb, yb, zb};
            List<LaunchStep> seq = new java.util.ArrayList<>();
            for (int i = 0; i < steps; i++) seq.add(LaunchStep.of(k, range, 1f, from[i == 0 ? 0 : 1 + (i + 1) % 2], from[1 + i % 2], N));
            long before = session.profile().launches();
            List<LaunchStats> st = session.launchSequence(seq);
            assertEquals(steps, st.size());
            assertHostSyncs(st);
            assertEquals(before + steps, session.profile().launches());
            double[] hx = new double[N], hy = new double[N], hz = new double[N];
            for (int i = 0; i < N; i++) {
                hx[i] = x[i];
                hy[i] = y[i];
                hz[i] = z[i];
            }
            double[][] h = {hx, hy, hz};
            for (int i = 0; i < steps; i++) {
                double[] src = h[i == 0 ? 0 : 1 + (i + 1) % 2], dst = h[1 + i % 2];
                for (int j = 0; j < N; j++) dst[j] = (float) (src[j] + dst[j]);
            }
            float[] gy = new float[N], gz = new float[N];
            yb.read(gy);
            zb.read(gz);
            for (int j = 0; j < N; j++) {
                assertEquals((float) hy[j], gy[j], "y[" + j + "]");
                assertEquals((float) hz[j], gz[j], "z[" + j + "]");
            }
        }
    }

    @Test
    void aSequenceWithABadStepRunsNone() {
        try (CompiledKernel k = session.compile(SaxpyKernels.saxpy());
             DeviceBuffer xb = session.allocate(ElemType.FLOAT, N); DeviceBuffer yb = session.allocate(ElemType.FLOAT, N)) {
            xb.write(ramp(1f));
            yb.write(ramp(1f));
            long before = session.profile().launches();
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class, () -> session.launchSequence(List.of(
                    LaunchStep.of(k, NDRange.of(1024, WG), 2f, xb, yb, N),
                    LaunchStep.of(k, NDRange.of(1024, WG), 2f, xb, N))));   // y missing
            assertTrue(e.getMessage().contains("argument"), e.getMessage());
            assertEquals(before, session.profile().launches(), "no step ran");
            float[] got = new float[N];
            yb.read(got);
            assertEquals(ramp(1f)[5], got[5], "y unchanged");
            assertThrows(IllegalArgumentException.class, () -> session.launchSequence(List.of()));
        }
    }

    /**
     * y += x, {@code times} times: each launch reads what the one before wrote, so a launch run twice, skipped or
     * out of order shows in y (small integers, exact in float). Counts of 16, 17 and 33 straddle TornadoVM's graphs of 16.
     */
    @ParameterizedTest(name = "times={0}")
    @ValueSource(ints = {1, 7, 16, 17, 33})
    void repeatedLaunchesRunEachOnceInOrderAndCount(int times) {
        NDRange range = NDRange.of(1024, WG);
        float[] x = ramp(1f), y = ramp(2f);
        try (CompiledKernel k = session.compile(SaxpyKernels.saxpy());
             DeviceBuffer xb = session.allocate(ElemType.FLOAT, N); DeviceBuffer yb = session.allocate(ElemType.FLOAT, N)) {
            xb.write(x);
            yb.write(y);
            for (int round = 1; round <= 2; round++) {
                long before = session.profile().launches();
                LaunchStats st = session.launchRepeated(k, range, times, 1f, xb, yb, N);
                assertEquals(before + times, session.profile().launches(), "the session counts every launch");
                assertEquals((long) times * (1024 / WG), st.counters().get(Counters.WORK_GROUPS), "work-groups of every launch: " + st);
                assertTrue(st.kernelNanos() > 0, "the launches took kernel time: " + st);
                float[] got = new float[N];
                yb.read(got);
                for (int i = 0; i < N; i++) {
                    assertEquals(y[i] + (float) round * times * x[i], got[i], "y[" + i + "] after round " + round + " of " + times + " launches");
                }
            }
        }
    }

    /**
     * The tuned reduction repeated: its last group resets the ticket and the partials for the next launch, so every
     * launch must see the one before it finished; the sum is exact (ints) after each round.
     */
    @Test
    void repeatedLaunchesOfTheTunedReductionEachLeaveTheExactSum() {
        int n = 100_003, wg = 64, groups = 8, times = 19;
        try (TunedReduction r = TunedReduction.open(session, IntInput.sawtooth(n, 13, 6), groups, wg, Constants.of("VW", 1, "IPT", 2))) {
            for (int round = 0; round < 2; round++) {
                r.out().write(new int[] {12345});
                LaunchStats st = session.launchRepeated(r.kernel(), r.range(), times, r.args());
                assertEquals(r.input().sum(), r.result(), "round " + round + ": the last of " + times + " launches wrote the exact sum");
                assertEquals((long) times * groups, st.counters().get(Counters.WORK_GROUPS));
            }
        }
    }
}
