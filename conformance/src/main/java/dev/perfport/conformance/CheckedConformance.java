package dev.perfport.conformance;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checked mode over every kernel a route runs: every workload × variant × its checked cases
 * ({@link Workload#checkedCases(String)}, tiny, because Oclgrind simulates every work-item), run on
 * a checked session (Oclgrind, its memory, race and uninitialised-value checks on), each verified
 * and with no report. A route runs it with one small class that opens its checked session:
 *
 * <pre>{@code
 * class CheckedIT extends CheckedConformance {
 *     protected DeviceSession openSession() { return ...checked session...; }   // skips, saying why, without Oclgrind
 * }
 * }</pre>
 *
 * Run it in a JVM of its own (its own failsafe execution): Oclgrind has to be registered with the
 * OpenCL loader before anything in the process lists platforms.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class CheckedConformance {
    private DeviceSession session;

    /**
     * A new checked session; where Oclgrind is absent, abort with a JUnit assumption that says why.
     *
     * @param uninitialized whether it checks for uninitialised values too
     *                      ({@link dev.perfport.core.checked.CheckedMode#UNINITIALIZED_KEY})
     */
    protected abstract DeviceSession openSession(boolean uninitialized);

    /**
     * The variants whose kernels Oclgrind's uninitialised-value plugin cannot check (it crashes the
     * process), as {@code workload/variant} with the reason: they run on a session without that
     * check, for memory errors and races. None by default.
     */
    protected Map<String, String> withoutUninitializedChecks() {
        return Map.of();
    }

    /**
     * The variants this route cannot run at all, as {@code workload/variant} with the reason
     * (the route's {@link BackendConformance#unsupportedVariants()}): skipped here.
     */
    protected Map<String, String> unsupportedVariants() {
        return Map.of();
    }

    /**
     * What checked mode found in this route's kernels that is not fixed yet, as
     * {@code workload/variant} with the finding: their rows run and are skipped with the finding
     * when they fail (some cases of a variant pass). None by default.
     */
    protected Map<String, String> openFindings() {
        return Map.of();
    }

    /**
     * Intended benign races Oclgrind reports in this route's kernels and the route's code cannot
     * mark (Aparapi generates its OpenCL without comments), as {@code workload/variant} with the
     * reason: a row failed by a data-race report (and nothing else) passes. None by default.
     */
    protected Map<String, String> intendedBenignRaces() {
        return Map.of();
    }

    /** The open session. */
    protected final DeviceSession session() {
        return session;
    }

    @BeforeAll
    final void openTheSession() {
        session = openSession(true);
        assertNotNull(session, "openSession() returned null");
        assertTrue(session.device().name().contains("Oclgrind"), "checked mode runs on Oclgrind, not " + session.device().name());
    }

    @AfterAll
    final void closeTheSession() {
        if (session != null) session.close();
    }

    /** Every workload × variant × checked case: verified, and Oclgrind reported nothing. */
    @TestFactory
    Stream<DynamicTest> everyKernelOfEveryWorkloadAndVariantPassesCheckedMode() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Workload w : Workloads.all()) {
            for (String v : w.variants()) {
                if (unsupportedVariants().containsKey(w.name() + "/" + v)) continue;
                for (Params small : w.checkedCases(v)) {
                    for (Params c : w.compareCases(small)) {
                        tests.add(DynamicTest.dynamicTest(w.name() + " " + v + " " + c, () -> passes(w, v, c)));
                    }
                }
            }
        }
        return tests.stream();
    }

    private void passes(Workload w, String variant, Params p) {
        // a session of its own per case: in one context that earlier cases used, Oclgrind 21.10's
        // uninitialised-value plugin reports values a case's own kernels wrote (gemm, trsm and the
        // separable convolution pass alone and fail after other cases; docs/checked.md)
        RunResult r;
        try (DeviceSession s = openSession(!withoutUninitializedChecks().containsKey(w.name() + "/" + variant))) {
            r = w.run(s, variant, p);
        }
        String what = w.name() + " " + variant + " " + r.params() + " on " + r.device();
        assertEquals(session.device().name(), r.device(), what);
        if (intendedBenignRaces().containsKey(w.name() + "/" + variant) && r.error() != null
                && r.error().startsWith("checked mode: Oclgrind reports a read-write data race")
                && !r.error().contains("; then: ")) {
            return;
        }
        String open = openFindings().get(w.name() + "/" + variant);
        if (open != null && (!r.verified() || r.error() != null)) {
            TestDevice.skip("SKIPPED (open finding of checked mode: " + open + "): " + what + ": " + r.error());
        }
        assertNull(r.error(), what);
        assertTrue(r.verified(), what + " did not verify");
    }
}
