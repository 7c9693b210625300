package dev.perfport.cli.report;

import dev.perfport.cli.Context;
import dev.perfport.core.config.DeviceSelector;
import dev.perfport.workloads.Params;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * {@code perfport report seed-003 [--backend SEL ...] [--param k=v ...] [--out DIR]}: measures the
 * seed-003 tables on the Cell/B.E. emulator ({@link Seed003Study}) and the paper's GPU half on
 * OpenCL devices ({@link Seed003GpuStudy}), saving each sweep to {@code DIR/seed-003/data.json} as
 * it ends, then judges the shapes ({@link Seed003Shapes}) and writes {@code DIR/seed-003.md}
 * ({@link Seed003Report}) from the saved data; {@code --from DIR} does the second half alone, and
 * assembles the runs of several machines. Without {@code --backend} the emulator's tables run and
 * the GPU part runs on every jocl device; with selectors, {@code cell-emulation} selects the
 * emulator's tables and every other selector a device of the GPU part. Progress goes to stderr,
 * the summary of the shapes to stdout. Exit code 0 when every run verified (shapes that miss the
 * paper's target are findings of the report, not errors), 1 when a run failed or the saved run is
 * incomplete.
 */
public final class Seed003Command {
    public static final String NAME = "seed-003";
    /** The devices of the GPU part when no selector names any: every device of the jocl route. */
    static final String DEFAULT_OPENCL = "jocl";

    private Seed003Command() {
    }

    /**
     * Measures, saving as it goes, and writes the report to {@code out}.
     *
     * @param devices the devices the given selectors pick, with unavailable ones noted on stderr
     */
    public static int execute(Context ctx, List<String> selectors, List<String> params, Path out,
                              Function<List<String>, List<Seed000Report.Device>> devices) {
        Params given = Params.parse(params);
        Seed003Study.Options o = Seed003Study.Options.parse(given);
        Seed003GpuStudy.Options g = Seed003GpuStudy.Options.parse(given);
        List<String> opencl = new ArrayList<>();
        boolean emulatorSelected = selectors.isEmpty();
        for (String s : selectors) {
            if (DeviceSelector.parse(s).backend().equals(Seed003Study.BACKEND)) emulatorSelected = true;
            else opencl.add(s);
        }
        boolean emulator = emulatorSelected && o.parts().stream().anyMatch(p -> !p.equals(Seed003GpuStudy.PART));
        Path dir = ReportFiles.prepare(out, NAME);
        if (emulator) ctx.registry().backend(Seed003Study.BACKEND);   // unavailable: the usual error before anything runs
        List<Seed000Report.Device> gpu = List.of();
        if (o.has(Seed003GpuStudy.PART) && (selectors.isEmpty() || !opencl.isEmpty())) {
            gpu = devices.apply(selectors.isEmpty() ? List.of(DEFAULT_OPENCL) : opencl).stream()
                    .filter(d -> !d.backend().id().equals(Seed003Study.BACKEND)).toList();
            if (gpu.isEmpty()) ctx.err().println("perfport: report seed-003: no OpenCL device for its GPU part; that part is left out");
        }
        List<String> cmd = new ArrayList<>(List.of("perfport", "report", NAME));
        for (String s : selectors) cmd.addAll(List.of("--backend", s));
        for (String p : params) cmd.addAll(List.of("--param", p));
        ReportData data = ReportData.start(dir, NAME, String.join(" ", cmd), params, Seed003Report.costConfig(ctx.config()), Seed003Report.machine());
        List<Seed000Report.Device> gpuDevices = gpu;
        Reports.measure(ctx, () -> {
            if (emulator) {
                new Seed003Study(ctx.registry(), ctx.config(), ctx.err()).measure(o, (sweep, d) -> data.save(sweep, null, Seed003Study.rows(sweep, d)));
            }
            Seed003GpuStudy study = new Seed003GpuStudy(g, ctx.err());
            for (Seed000Report.Device d : gpuDevices) study.measure(d, data);
            data.finish();
        });
        return publish(ctx, ReportData.load(dir, NAME), out);
    }

    /** Writes {@code out/seed-003.md} from saved data; returns the exit code. */
    public static int publish(Context ctx, ReportData data, Path out) {
        Seed003Study.Options o = Seed003Study.Options.parse(Params.parse(data.contents().params()));
        Seed003Study.Data d = Seed003Study.fromSaved(data, o);
        // the emulator's tables are in the report when its sweeps (those of no device) were saved
        boolean emulated = data.contents().sweeps().stream().anyMatch(s -> s.device() == null);
        List<Seed003Shapes.Verdict> shapes = emulated ? new Seed003Shapes().judge(d) : List.of();
        for (String dev : Seed003GpuStudy.devices(data)) d.failures.addAll(Seed003GpuStudy.failures(Seed003GpuStudy.fromSaved(data, dev)));
        Seed003Report report = new Seed003Report(o, data.contents());
        ReportWriter.Outcome w = ReportWriter.publish(out, NAME, List.of(), figs -> report.markdown(d, shapes, emulated, Seed003GpuPage.devices(data)),
                ctx.err());
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
