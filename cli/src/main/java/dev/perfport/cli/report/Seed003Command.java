package dev.perfport.cli.report;

import dev.perfport.cli.Context;
import dev.perfport.core.error.ConfigException;
import dev.perfport.workloads.Params;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code perfport report seed-003 [--param k=v ...] [--out DIR]}: measures the seed-003 tables on
 * the Cell/B.E. emulator ({@link Seed003Study}), saving each sweep to {@code DIR/seed-003/data.json}
 * as it ends, then judges the shapes ({@link Seed003Shapes}) and writes {@code DIR/seed-003.md}
 * ({@link Seed003Report}) from the saved data; {@code --from DIR} does the second half alone.
 * Progress goes to stderr, the summary of the shapes to stdout. Exit code 0 when every run
 * verified (shapes that miss the paper's target are findings of the report, not errors), 1 when a
 * run failed or the saved run is incomplete.
 */
public final class Seed003Command {
    public static final String NAME = "seed-003";

    private Seed003Command() {
    }

    /** Measures, saving as it goes, and writes the report to {@code out}. */
    public static int execute(Context ctx, List<String> selectors, List<String> params, Path out) {
        for (String s : selectors) {
            if (!s.equals(Seed003Study.BACKEND)) {
                throw new ConfigException("report seed-003 runs on the Cell/B.E. emulator only (--backend " + Seed003Study.BACKEND
                        + "), not '" + s + "': its tables are the paper's Cell results in modelled time");
            }
        }
        Seed003Study.Options o = Seed003Study.Options.parse(Params.parse(params));
        Path dir = ReportFiles.prepare(out, NAME);
        ctx.registry().backend(Seed003Study.BACKEND);   // unavailable: the usual error before anything runs
        List<String> cmd = new ArrayList<>(List.of("perfport", "report", NAME));
        for (String p : params) cmd.addAll(List.of("--param", p));
        ReportData data = ReportData.start(dir, NAME, String.join(" ", cmd), params, Seed003Report.costConfig(ctx.config()), Seed003Report.machine());
        Reports.measure(ctx, () -> {
            new Seed003Study(ctx.registry(), ctx.config(), ctx.err()).measure(o, (sweep, d) -> data.save(sweep, null, Seed003Study.rows(sweep, d)));
            data.finish();
        });
        return publish(ctx, ReportData.load(dir, NAME), out);
    }

    /** Writes {@code out/seed-003.md} from saved data; returns the exit code. */
    public static int publish(Context ctx, ReportData data, Path out) {
        Seed003Study.Options o = Seed003Study.Options.parse(Params.parse(data.contents().params()));
        Seed003Study.Data d = Seed003Study.fromSaved(data, o);
        List<Seed003Shapes.Verdict> shapes = new Seed003Shapes().judge(d);
        Seed003Report report = new Seed003Report(o, data.contents());
        ReportWriter.Outcome w = ReportWriter.publish(out, NAME, List.of(), figs -> report.markdown(d, shapes), ctx.err());
        for (Seed003Shapes.Verdict v : shapes) {
            ctx.out().println(String.format("%-7s", v.label()) + " " + v.id() + ": " + v.measured()
                    + " (paper: " + v.paper() + ")");
        }
        ctx.out().println("wrote " + w.markdown() + " from " + data.file());
        int code = Reports.incomplete(ctx, data, w);
        if (!d.failures.isEmpty()) {
            ctx.err().println("perfport: " + d.failures.size() + " run(s) failed; see the report's 'Failed runs'");
            code = 1;
        }
        return code;
    }
}
