package dev.perfport.cli.commands;

import dev.perfport.cli.Context;
import dev.perfport.cli.report.ReportData;
import dev.perfport.cli.report.ReportFiles;
import dev.perfport.cli.report.ReportWriter;
import dev.perfport.cli.report.Reports;
import dev.perfport.cli.report.Seed000Report;
import dev.perfport.cli.report.Seed001Report;
import dev.perfport.cli.report.Seed002Report;
import dev.perfport.cli.report.Seed003Command;
import dev.perfport.cli.report.Seed004Report;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.tune.TuneCache;
import dev.perfport.workloads.Params;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code perfport report <name>}: runs a study's sweeps, saving each to {@code DIR/<name>/data.json}
 * as it ends, then writes its Markdown report from the saved data and draws the plots last;
 * {@code --from DIR} writes the report again from saved data without measuring.
 *
 * @param name      the report: seed-000, seed-001, seed-002, seed-003 or seed-004
 * @param selectors --backend selectors (none: every available device)
 * @param params    --param items (sizes of the sweeps)
 * @param options   out: the folder of the report (default docs/results, or the --from folder);
 *                  from: a folder with saved data, or several separated by commas (their runs assembled)
 */
public record ReportCommand(String name, List<String> selectors, List<String> params, Map<String, String> options) implements Command {
    public static final List<String> REPORTS = List.of("seed-000", Seed001Report.NAME, Seed002Report.NAME, "seed-003", Seed004Report.NAME);

    @Override
    public int execute(Context ctx) {
        if (!REPORTS.contains(name)) throw new ConfigException("unknown report '" + name + "'; reports: " + String.join(", ", REPORTS));
        String from = options.get("from");
        Path out = Path.of(options.getOrDefault("out", from != null ? from : "docs/results"));
        if (from != null) {
            if (!selectors.isEmpty() || !params.isEmpty()) {
                throw new ConfigException("report --from writes the report from saved data with the saved run's settings; "
                        + "--backend and --param do not apply to it (measure again without --from to change them)");
            }
            String command = "perfport report " + name + " --from " + from + (options.containsKey("out") ? " --out " + options.get("out") : "");
            ReportData data = Reports.from(from, options.get("out"), name, command);
            if (name.equals(Seed004Report.NAME)) return Seed004Report.publish(ctx, data, out);
            if (name.equals(Seed001Report.NAME)) return publish001(ctx, data, out);
            if (name.equals(Seed002Report.NAME)) return publish002(ctx, data, out);
            return name.equals(Seed003Command.NAME) ? Seed003Command.publish(ctx, data, out) : publish000(ctx, data, out);
        }
        if (name.equals(Seed003Command.NAME)) return Seed003Command.execute(ctx, selectors, params, out, sels -> devices(ctx, sels));
        if (name.equals(Seed002Report.NAME)) return execute002(ctx, out);
        if (name.equals(Seed001Report.NAME)) {
            Seed001Report.Options o = Seed001Report.Options.parse(Params.parse(params));
            Path dir = ReportFiles.prepare(out, Seed001Report.NAME);
            List<Seed000Report.Device> devices = devices(ctx);
            if (devices.isEmpty()) return 1;
            ReportData data = ReportData.start(dir, Seed001Report.NAME, commandLine(), params, Map.of(), dev.perfport.cli.report.HostFacts.machine());
            TuneCache cache = TuneCommand.openCache(ctx.config());
            Reports.measure(ctx, () -> new Seed001Report(o, ctx.err(), cache).measure(devices, data));
            return publish001(ctx, ReportData.load(dir, Seed001Report.NAME), out);
        }
        if (name.equals(Seed004Report.NAME)) {
            ReportFiles.prepare(out, Seed004Report.NAME);
            List<Seed000Report.Device> devices = devices(ctx);
            return devices.isEmpty() ? 1 : Seed004Report.execute(ctx, devices, params, out);
        }
        Seed000Report.Options o = Seed000Report.Options.parse(Params.parse(params));
        Path dir = ReportFiles.prepare(out, Seed000Report.NAME);   // an unusable folder is found before anything is measured
        List<Seed000Report.Device> devices = devices(ctx);
        if (devices.isEmpty()) return 1;
        ReportData data = ReportData.start(dir, Seed000Report.NAME, commandLine(), params, Map.of(), dev.perfport.cli.report.HostFacts.machine());
        TuneCache cache = TuneCommand.openCache(ctx.config());
        Reports.measure(ctx, () -> new Seed000Report(o, ctx.err(), cache).measure(devices, data));
        return publish000(ctx, ReportData.load(dir, Seed000Report.NAME), out);
    }

    /** seed-002: the convolution ladder, lazy transfers, tuning, and the transfer strategies beside their model, on every device. */
    private int execute002(Context ctx, Path out) {
        Seed002Report r = Seed002Report.create(params, ctx.err());   // bad parameters fail before anything runs
        Path dir = ReportFiles.prepare(out, Seed002Report.NAME);
        List<Seed000Report.Device> devices = devices(ctx);
        if (devices.isEmpty()) return 1;
        ReportData data = ReportData.start(dir, Seed002Report.NAME, commandLine(), params, Map.of(), dev.perfport.cli.report.HostFacts.machine());
        Reports.measure(ctx, () -> r.measure(devices, data, ctx.registry(), ctx.config()));
        return publish002(ctx, ReportData.load(dir, Seed002Report.NAME), out);
    }

    private static int publish002(Context ctx, ReportData data, Path out) {
        ReportWriter.Outcome w = Seed002Report.publish(data, out, ctx.err());
        ctx.out().println("wrote " + w.markdown() + " from " + data.file() + " and " + w.plotsDrawn() + " plot(s) in " + w.dir());
        return Reports.incomplete(ctx, data, w);
    }

    /** The devices the selectors pick (all available by default); unavailable ones are noted on stderr, and an empty list is said. */
    private List<Seed000Report.Device> devices(Context ctx) {
        List<Seed000Report.Device> devices = devices(ctx, selectors);
        if (devices.isEmpty()) ctx.err().println("perfport: no device to measure: no backend is available (see 'perfport backends')");
        return devices;
    }

    /** The devices the selectors pick (all available by default); unavailable ones are noted on stderr. */
    private static List<Seed000Report.Device> devices(Context ctx, List<String> selectors) {
        List<Targets.Target> targets = selectors.isEmpty() ? Targets.all(ctx.registry(), ctx.err()) : Targets.of(ctx.registry(), selectors);
        List<Seed000Report.Device> devices = new ArrayList<>();
        for (Targets.Target t : targets) {
            if (t.problem() != null) {
                ctx.err().println("perfport: " + t.backendId() + " is unavailable (" + Targets.brief(t.problem()) + "); left out of the report");
                continue;
            }
            devices.add(new Seed000Report.Device(t.selector(), t.backend(), t.index(), t.device()));
        }
        return devices;
    }

    /** This command as typed, for the report's header. */
    private String commandLine() {
        List<String> cmd = new ArrayList<>(List.of("perfport", "report", name));
        for (String s : selectors) cmd.addAll(List.of("--backend", s));
        for (String p : params) cmd.addAll(List.of("--param", p));
        return String.join(" ", cmd);
    }

    private static int publish001(Context ctx, ReportData data, Path out) {
        ReportWriter.Outcome w = Seed001Report.publish(data, out, ctx.err());
        ctx.out().println("wrote " + w.markdown() + " from " + data.file() + " and " + w.plotsDrawn() + " plot(s) in " + w.dir());
        return Reports.incomplete(ctx, data, w);
    }

    private static int publish000(Context ctx, ReportData data, Path out) {
        ReportWriter.Outcome w = Seed000Report.publish(data, out, ctx.err());
        ctx.out().println("wrote " + w.markdown() + " from " + data.file() + " and " + w.plotsDrawn() + " plot(s) in " + w.dir());
        return Reports.incomplete(ctx, data, w);
    }
}
