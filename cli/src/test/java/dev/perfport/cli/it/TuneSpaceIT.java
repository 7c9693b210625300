package dev.perfport.cli.it;

import dev.perfport.cli.Run;
import dev.perfport.cli.commands.TuneCommand;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.tune.Config;
import dev.perfport.core.tune.Evaluation;
import dev.perfport.core.tune.Space;
import dev.perfport.core.tune.Status;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Constraint-aware tuning on the emulator: every tunable workload's space refuses what its run
 * would refuse for a constraint (and only that), and random and genetic searches of GEMM spend
 * their whole budget on points that run, with no constraint refusal.
 */
class TuneSpaceIT {

    /** Small problems, so that a point runs in a moment on the emulator; keys a workload lacks are left out. */
    private static Params small(Workload w, Tunable t) {
        Params p = t.tuningDefaults().with("reps", "1");
        Map<String, String> sizes = Map.of("m", "64", "n", "64", "k", "64", "npos", "1024", "width", "64", "height", "64",
                "matrix", "stencil2d:32x32");
        for (var e : sizes.entrySet()) if (w.defaults().asMap().containsKey(e.getKey())) p = p.with(e.getKey(), e.getValue());
        if (w.name().equals("trsm")) p = p.with("m", "64").with("n", "16");
        if (w.name().equals("fft")) p = p.with("n", "256");
        return p;
    }

    /**
     * On points drawn from each tunable workload's raw grid: a point the space accepts is not refused
     * for a constraint when it runs; a point the space refuses is refused for one (so the space is no
     * stricter than the run), unless the space drops it only as the twin of another point. Up to 3 accepted and 6 refused points run per workload.
     */
    @Test
    void everyTunableSpaceAgreesWithItsRunOnTheEmulator() throws Exception {
        List<String> disagree = new ArrayList<>();
        List<String> checked = new ArrayList<>();
        try (DeviceSession s = VarIT.open("cell-emulation")) {
            for (Workload w : Workloads.all()) {
                if (!(w instanceof Tunable t)) continue;
                String variant = t.defaultTuningVariant();
                Tunable.Tuning tu = t.tuning(s, variant, small(w, t), Map.of());
                Space sp = tu.space();
                SplittableRandom rnd = new SplittableRandom(7);
                int ok = 0, refused = 0;
                for (int i = 0; i < 400 && (ok < 3 || refused < 6); i++) {
                    Config c = sp.at(rnd.nextLong(sp.gridSize()));
                    boolean accepted = sp.satisfies(c);
                    if (accepted ? ok >= 3 : refused >= 6) continue;
                    Evaluation e = tu.evaluator().evaluate(c);
                    if (accepted) ok++;
                    else refused++;
                    if (accepted && e.status() == Status.CONSTRAINT) {
                        disagree.add(w.name() + ": the space accepts " + c + " but the run refuses it: " + e.message());
                    }
                    // a point the space drops as the twin of another (Constraint.redundant) runs; any other refusal must hold
                    if (!accepted && sp.refusal(c).isPresent() && e.status() != Status.CONSTRAINT) {
                        disagree.add(w.name() + ": the space refuses " + c + " (" + sp.violation(c).orElse("") + ") but the run gives " + e);
                    }
                }
                checked.add(w.name() + " " + ok + "+" + refused);
            }
        }
        System.out.println("TuneSpaceIT points run (accepted+refused): " + checked);
        assertEquals(List.of(), disagree);
        assertTrue(checked.size() >= 7, checked.toString());
    }

    private static Map<?, ?> tune(Path dir, String... extra) {
        List<String> a = new ArrayList<>(List.of("--config", "perfport.tune.cache=" + dir.resolve("c.json"), "--format", "json", "tune", "gemm",
                "--backend", "cell-emulation", "--variant", "indirect", "--param", "m=64", "--param", "n=64", "--param", "k=64", "--param", "reps=1"));
        a.addAll(List.of(extra));
        Run r = Run.of(a.toArray(String[]::new));
        Dist.assertExit(0, r);
        System.out.println("TuneSpaceIT " + String.join(" ", extra) + ": " + r.out().lines().filter(l -> l.contains("refusals by kind")).toList());
        return Dist.jsonRows(r).getFirst();
    }

    /** A GEMM random search with budget N evaluates N points, none refused by a constraint (drawn from the valid set). */
    @Test
    void gemmRandomSearchSpendsItsBudgetOnValidPoints(@TempDir Path dir) {
        Map<?, ?> row = tune(dir, "--strategy", "random", "--budget", "8", "--seed", "5");
        assertEquals(8L, ((Number) row.get("evaluations")).longValue());
        Map<?, ?> kinds = (Map<?, ?>) row.get("refusals");
        assertEquals(0L, ((Number) kinds.get("constraint")).longValue(), kinds::toString);
        assertEquals(8, ((List<?>) row.get("records")).size(), "no grid point it drew was refused: " + kinds);
        List<?> trace = (List<?>) row.get("trace");
        assertTrue(String.valueOf(trace.getLast()).startsWith("refusals by kind: constraint 0, route-refused 0"), trace::toString);
        assertTrue(String.valueOf(trace.getFirst()).contains("passed over in the sampler"), trace::toString);
    }

    /** The genetic search keeps its budget, starts from the default configuration and is the same for the same seed. */
    @Test
    void gemmGeneticSearchKeepsItsBudgetAndRepeatsForTheSameSeed(@TempDir Path dir) {
        Map<?, ?> a = tune(dir.resolve("a"), "--strategy", "genetic", "--budget", "10", "--seed", "3");
        Map<?, ?> b = tune(dir.resolve("b"), "--strategy", "genetic", "--budget", "10", "--seed", "3");
        assertEquals("genetic", a.get("strategy"));
        assertEquals(10L, ((Number) a.get("evaluations")).longValue());
        assertEquals(10L, ((Number) a.get("measured")).longValue(), "a fresh cache: each point measured once");
        assertEquals(0L, ((Number) ((Map<?, ?>) a.get("refusals")).get("constraint")).longValue());
        List<?> ra = (List<?>) a.get("records"), rb = (List<?>) b.get("records");
        assertEquals(ra.stream().map(x -> ((Map<?, ?>) x).get("params")).toList(), rb.stream().map(x -> ((Map<?, ?>) x).get("params")).toList());
        assertEquals(a.get("best"), b.get("best"));
        // the first point is the device's default configuration (the hierarchy's start)
        Map<?, ?> first = (Map<?, ?>) ((Map<?, ?>) ra.getFirst()).get("params");
        assertEquals(4L, ((Number) first.get("vwm")).longValue(), "the accelerator default has float4 along m: " + first);
    }

    /**
     * fft's fourstep variant with a fixed wg: a group takes len/radix work-items, so radix 2 needs more than wg 16 at
     * n 4096, a rule on a tuned knob (radix) and fixed parameters that the space declares (by fft's own settings): exhaustive
     * search never looks at radix 2, and nothing is refused for a constraint.
     */
    @Test
    void fftsSpaceFollowsRadixWithAFixedWorkGroup(@TempDir Path dir) {
        Run r = Run.of("--config", "perfport.tune.cache=" + dir.resolve("c.json"), "--format", "json", "tune", "fft", "--backend", "cell-emulation",
                "--variant", "fourstep", "--strategy", "exhaustive", "--param", "n=4096", "--param", "batch=1", "--param", "wg=16",
                "--param", "reps=1");
        Dist.assertExit(0, r);
        Map<?, ?> row = Dist.jsonRows(r).getFirst();
        Map<?, ?> kinds = (Map<?, ?>) row.get("refusals");
        assertEquals(0L, ((Number) kinds.get("constraint")).longValue(), kinds::toString);
        assertEquals(8L, ((Number) row.get("evaluations")).longValue(), String.valueOf(row.get("trace")));
        for (Object x : (List<?>) row.get("records")) {
            Map<?, ?> p = (Map<?, ?>) ((Map<?, ?>) x).get("params");
            assertNotEquals(2L, ((Number) p.get("radix")).longValue(), "radix 2 needs more than 16 work-items a group: " + p);
        }
    }

    /** Without --strategy GEMM's large space gets the genetic search, var keeps the hierarchical method. */
    @Test
    void theDefaultStrategyFollowsTheSpace(@TempDir Path dir) {
        Map<?, ?> row = tune(dir, "--budget", "4");
        assertEquals("genetic", row.get("strategy"));
        assertEquals(4L, ((Number) row.get("evaluations")).longValue());
        try (DeviceSession s = VarIT.open("cell-emulation")) {
            for (Workload w : Workloads.all()) {
                if (!(w instanceof Tunable t)) continue;
                Tunable.Tuning tu = t.tuning(s, t.defaultTuningVariant(), small(w, t), Map.of());
                String d = TuneCommand.defaultStrategy(t, tu.space());
                long valid = tu.space().validPoints(TuneCommand.LARGE_SPACE + 1);
                System.out.println("TuneSpaceIT default strategy of " + w.name() + ": " + d + " (" + (valid > TuneCommand.LARGE_SPACE ? "more than 1000" : valid)
                        + " valid points of " + tu.space().gridSize() + ")");
                if (w.name().equals("var")) assertEquals("hierarchical", d);
                else assertEquals(valid > TuneCommand.LARGE_SPACE ? "genetic" : "hierarchical", d);
            }
        }
    }
}
