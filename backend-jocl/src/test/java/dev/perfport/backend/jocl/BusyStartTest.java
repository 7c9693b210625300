package dev.perfport.backend.jocl;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.launch.LaunchStep;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_event;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The spin ahead of a timed launch ({@link BusyStart}): it runs first, and the launch's profiled time leaves it out. */
class BusyStartTest {

    @Test
    void theSettingTakesAutoTrueOrFalseAndNamesThemOtherwise() {
        assertNull(BusyStart.parse("auto"));
        assertEquals(Boolean.TRUE, BusyStart.parse("true"));
        assertEquals(Boolean.FALSE, BusyStart.parse(" FALSE "));
        ConfigException e = assertThrows(ConfigException.class, () -> BusyStart.parse("sometimes"));
        assertEquals("perfport.jocl.busyStart must be auto, true or false, got 'sometimes'", e.getMessage());
    }

    /** A long spin, then a short launch queued behind it: the launch's END − START is its own, far below the spin's. */
    @Test
    void aLaunchQueuedBehindTheSpinIsTimedFromItsOwnStart() {
        JoclContext ctx = new JoclContext(OpenCl.backendDevice());
        List<RuntimeException> errors = new ArrayList<>();
        try {
            BusyStart spin = BusyStart.open(ctx, 40_000_000L);
            cl_event ev = new cl_event();
            long t0 = System.nanoTime();
            spin.queue(ctx.queue());
            CL.clSetKernelArg(spin.kernel(), 1, Sizeof.cl_int, Pointer.to(new int[]{1}));
            CL.clEnqueueNDRangeKernel(ctx.queue(), spin.kernel(), 1, null, new long[]{32}, new long[]{32}, 0, null, ev);
            CL.clWaitForEvents(1, new cl_event[]{ev});
            long wall = System.nanoTime() - t0, timed = Cl.eventNanos(ev);
            CL.clReleaseEvent(ev);
            assertTrue(wall >= 10_000_000L, "the spin calibrated to 40 ms ran " + wall / 1e6 + " ms");
            assertTrue(timed < wall / 4, "the launch behind the spin took " + timed / 1e6 + " ms of its " + wall / 1e6 + " ms wall");
            spin.releaseAll(errors);
        } finally {
            ctx.finish();
            ctx.releaseAll(errors);
        }
        assertEquals(List.of(), errors);
        assertEquals(Map.of(), ctx.live());
    }

    /** A session with the spin on makes it once, at its first timed launch, computes the same, and releases it on close. */
    @Test
    void aSessionWithTheSpinOnMakesItOnceAndReleasesIt() {
        JoclDevice d = OpenCl.backendDevice();
        for (boolean on : new boolean[]{true, false}) {
            JoclSession s = new JoclSession(d, true, "", null, on);
            try (CompiledKernel vadd = s.compile(BufferAndLaunchErrorsTest.VADD); DeviceBuffer a = s.upload(new int[]{1, 2, 3, 4});
                 DeviceBuffer b = s.upload(new int[]{10, 20, 30, 40}); DeviceBuffer c = s.allocate(ElemType.INT, 4)) {
                for (int i = 0; i < 2; i++) {
                    LaunchStats st = s.launch(vadd, NDRange.of(4, 4), a, b, c, 4);
                    assertTrue(st.kernelNanos() >= 0);
                }
                int[] got = new int[4];
                c.read(got);
                assertArrayEquals(new int[]{11, 22, 33, 44}, got);
                // a dependent sequence, queued whole behind the spin: c = a + b, then a = c + b
                List<LaunchStats> seq = s.launchSequence(List.of(LaunchStep.of(vadd, NDRange.of(4, 4), a, b, c, 4),
                        LaunchStep.of(vadd, NDRange.of(4, 4), c, b, a, 4)));
                assertEquals(2, seq.size());
                a.read(got);
                assertArrayEquals(new int[]{21, 42, 63, 84}, got, "busy start " + on + ": the second step saw the first's output");
                int spin = on ? 1 : 0;
                assertEquals(Map.of("context", 1, "queue", 1, "mem", 5 + spin, "program", 1 + spin, "kernel", 1 + spin),
                        s.liveNativeObjects(), "busy start " + on + ": the spin's program, kernel and buffer once");
            }
            s.close();
            assertEquals(Map.of(), s.liveNativeObjects());
        }
    }
}
