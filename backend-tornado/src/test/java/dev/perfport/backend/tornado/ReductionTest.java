package dev.perfport.backend.tornado;

import dev.perfport.conformance.ClassSession;
import dev.perfport.core.result.Counters;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.reduction.Reduction;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reduction workload of seed 003 (the real host program and verification of the workloads
 * module) on TornadoVM: every variant, int and float, sizes that are and are not multiples of the
 * work-group size, with the global atomics each variant must have.
 */
class ReductionTest {
    static final int WG = 256;

    @RegisterExtension
    static final ClassSession<TornadoVmSession> S = new ClassSession<>(Tornado::session);
    private final TornadoVmSession s = S.get();

    static Stream<Arguments> cases() {
        List<Arguments> l = new ArrayList<>();
        for (String v : new Reduction().variants()) {
            for (String t : List.of("int", "float")) {
                for (int n : new int[]{1, 100003, (1 << 20) + 3}) l.add(Arguments.of(v, t, n));
            }
        }
        return l.stream();
    }

    @ParameterizedTest(name = "{0} {1} n={2}")
    @MethodSource("cases")
    void verifiesWithTheVariantsAtomics(String variant, String type, int n) {
        RunResult r = new Reduction().run(s, variant, Params.of("n", Integer.toString(n), "type", type, "wg", Integer.toString(WG), "reps", "2"));
        String what = variant + " " + type + " n=" + n;
        assertNull(r.error(), what);
        assertTrue(r.verified(), what);
        assertEquals("tornado", r.backend());
        assertEquals(s.device().name(), r.device());
        long groups = (n + WG - 1) / WG;
        long atomics = r.counters().getOrDefault(Counters.GLOBAL_ATOMICS, 0L);
        switch (variant) {
            case Reduction.LOCAL_ATOMIC -> assertEquals(groups, atomics, what + ": one atomic per work-group " + r.counters());
            case Reduction.STATIC_LOCAL -> {
                long units = r.counters().get(Counters.UNITS_USED);
                assertEquals(Math.min(groups, s.device().computeUnits()), units, what + " " + r.counters());
                assertEquals(units, atomics, what + ": one atomic per unit " + r.counters());
                assertEquals(units, r.counters().get(Counters.STATIC_LOCAL_INITS), what);
                assertEquals(groups, r.counters().get(Counters.WORK_GROUPS), what);
            }
            case Reduction.TWO_KERNEL, Reduction.TUNED -> assertEquals(0L, atomics, what);   // tuned: two tasks, no ticket atomic
            default -> throw new AssertionError(variant);
        }
        if (type.equals("float") && (variant.equals(Reduction.LOCAL_ATOMIC) || variant.equals(Reduction.STATIC_LOCAL))) {
            assertEquals(atomics, r.counters().get(TornadoVmSession.DEFERRED_FLOAT_ATOMICS), what + ": the float atomics were deferred");
        }
        assertTrue(r.profile().kernelNanos() > 0 && r.profile().bytesToDevice() >= n * 4L, what + " " + r.profile());
    }

    /** perfport.tornado.counters=false: the same results without the counter atomics, and no globalAtomics reported. */
    @ParameterizedTest(name = "{0} {1}, counters off")
    @MethodSource("uncounted")
    void verifiesWithCountersOff(String variant, String type) {
        Tornado.DEVICE.assumeDevice();
        try (TornadoVmSession off = new TornadoVmSession(Tornado.DEVICE.backend().device(Tornado.DEVICE.deviceIndex()),
                TornadoVmBackend.nextSessionId(), SessionSettings.DEFAULT.withCounting(false))) {
            for (int rep = 0; rep < 2; rep++) {   // a second launch reuses the plan (counters copied in once)
                RunResult r = new Reduction().run(off, variant, Params.of("n", "100003", "type", type, "wg", Integer.toString(WG), "reps", "2"));
                String what = variant + " " + type;
                assertNull(r.error(), what);
                assertTrue(r.verified(), what);
                assertNull(r.counters().get(Counters.GLOBAL_ATOMICS), what + " " + r.counters());
                assertNull(r.counters().get(TornadoVmSession.DEFERRED_FLOAT_ATOMICS), what + " " + r.counters());
            }
        }
    }

    static Stream<Arguments> uncounted() {
        return Stream.of(Arguments.of(Reduction.LOCAL_ATOMIC, "int"), Arguments.of(Reduction.LOCAL_ATOMIC, "float"),
                Arguments.of(Reduction.STATIC_LOCAL, "int"), Arguments.of(Reduction.TWO_KERNEL, "int"));
    }
}
