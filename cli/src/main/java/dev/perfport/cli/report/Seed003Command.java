package dev.perfport.cli.report;

import dev.perfport.cli.Context;
import dev.perfport.core.error.ConfigException;
import dev.perfport.workloads.Params;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code perfport report seed-003 [--param k=v ...] [--out DIR]}: measures the seed-003 tables on
 * the Cell/B.E. emulator ({@link Seed003Study}), judges the shapes ({@link Seed003Shapes}) and
 * writes {@code DIR/seed-003.md} ({@link Seed003Report}). Progress goes to stderr, the summary of
 * the shapes to stdout. Exit code 0 when every run verified (shapes that miss the paper's target
 * are findings of the report, not errors), 1 when a run failed.
 */
public final class Seed003Command {
    private Seed003Command() {
    }

    public static int execute(Context ctx, List<String> selectors, List<String> params, Map<String, String> options) {
        for (String s : selectors) {
            if (!s.equals(Seed003Study.BACKEND)) {
                throw new ConfigException("report seed-003 runs on the Cell/B.E. emulator only (--backend " + Seed003Study.BACKEND
                        + "), not '" + s + "': its tables are the paper's Cell results in modelled time");
            }
        }
        Seed003Study.Options o = Seed003Study.Options.parse(Params.parse(params));
        Path out = Path.of(options.getOrDefault("out", "docs/results"));
        ctx.registry().backend(Seed003Study.BACKEND);   // unavailable: the usual error before anything runs
        Seed003Study.Data d = new Seed003Study(ctx.registry(), ctx.config(), ctx.err()).measure(o);
        List<Seed003Shapes.Verdict> shapes = new Seed003Shapes().judge(d);
        List<String> cmd = new ArrayList<>(List.of("perfport", "report", "seed-003"));
        for (String p : params) cmd.addAll(List.of("--param", p));
        Path md = new Seed003Report(o, ctx.config(), String.join(" ", cmd)).write(d, shapes, out);
        for (Seed003Shapes.Verdict v : shapes) {
            ctx.out().println((!v.applies() ? "not run" : v.pass() ? "PASS" : "FAIL") + "  " + v.id() + ": " + v.measured()
                    + " (paper: " + v.paper() + ")");
        }
        ctx.out().println("wrote " + md);
        if (!d.failures.isEmpty()) {
            ctx.err().println("perfport: " + d.failures.size() + " run(s) failed; see the report's 'Failed runs'");
            return 1;
        }
        return 0;
    }
}
