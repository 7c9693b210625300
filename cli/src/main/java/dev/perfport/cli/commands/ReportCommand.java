package dev.perfport.cli.commands;

import dev.perfport.cli.Context;
import dev.perfport.cli.report.Seed000Report;
import dev.perfport.cli.report.Seed003Command;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.tune.TuneCache;
import dev.perfport.workloads.Params;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code perfport report <name>}: runs a study's sweeps and writes its Markdown report with plots.
 * Only {@code seed-000} exists so far.
 *
 * @param name      the report, e.g. seed-000
 * @param selectors --backend selectors (none: every available device)
 * @param params    --param items (sizes of the sweeps)
 * @param options   out: the folder of the report (default docs/results)
 */
public record ReportCommand(String name, List<String> selectors, List<String> params, Map<String, String> options) implements Command {
    public static final List<String> REPORTS = List.of("seed-000", "seed-003");

    @Override
    public int execute(Context ctx) {
        if (!REPORTS.contains(name)) throw new ConfigException("unknown report '" + name + "'; reports: " + String.join(", ", REPORTS));
        if (name.equals("seed-003")) return Seed003Command.execute(ctx, selectors, params, options);
        Seed000Report.Options o = Seed000Report.Options.parse(Params.parse(params));
        Path out = Path.of(options.getOrDefault("out", "docs/results"));
        List<Targets.Target> targets = selectors.isEmpty() ? Targets.all(ctx.registry(), ctx.err()) : Targets.of(ctx.registry(), selectors);
        List<Seed000Report.Device> devices = new ArrayList<>();
        for (Targets.Target t : targets) {
            if (t.problem() != null) {
                ctx.err().println("perfport: " + t.backendId() + " is unavailable (" + Targets.brief(t.problem()) + "); left out of the report");
                continue;
            }
            devices.add(new Seed000Report.Device(t.selector(), t.backend(), t.index(), t.device()));
        }
        if (devices.isEmpty()) {
            ctx.err().println("perfport: no device to measure: no backend is available (see 'perfport backends')");
            return 1;
        }
        TuneCache cache = TuneCommand.openCache(ctx.config());
        Path md = new Seed000Report(o, ctx.err(), cache).run(devices, out);
        ctx.out().println("wrote " + md + " and its plots in " + md.resolveSibling("seed-000"));
        return 0;
    }
}
