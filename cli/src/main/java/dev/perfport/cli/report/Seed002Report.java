package dev.perfport.cli.report;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.plugin.BackendRegistry;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.transfer.TransferCapable;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.core.tune.Strategy;
import dev.perfport.core.tune.TuneResult;
import dev.perfport.core.tune.Tuner;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;
import dev.perfport.core.lazy.CoherencePolicy;
import dev.perfport.workloads.convolution.ConvolutionTransfers;
import dev.perfport.workloads.convolution.LineDetection;
import dev.perfport.workloads.transfer.StagedRuns;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code perfport report seed-002}: the shape of the thesis's convolution and transfer figures
 * (seed 002 §4, §6) on each device: the convolution ladder per filter size, tuned against
 * untuned (exhaustive search, the thesis's method, beside random and hierarchical search on the
 * same space), the transfer strategies measured beside the fitted model's prediction, and the
 * model's prediction error. Each sweep is saved as it ends; the Markdown and plots are written
 * from the saved data ({@code --from DIR} again without measuring).
 */
public final class Seed002Report {
    public static final String NAME = "seed-002";
    /** The model table's row of the per-chunk gap (its L+o column holds g). */
    static final String GAP = "per-chunk gap g (1 to 64 tiny chunks on 2 queues)";
    /** The model table's row of the calibration kernel's issue time (its L+o column holds it). */
    static final String ISSUE = "host time to issue the gap's kernel (a job's kernel that takes longer widens g)";
    static final List<String> VARIANTS = List.of("naive", "tiled", "tiled-x4", "adaptive", "separable");

    /**
     * The sweeps' sizes.
     *
     * @param width     ladder image width
     * @param height    ladder image height
     * @param filters   ladder filter sizes (square)
     * @param tuneSize  tuning image side
     * @param tuneFilter tuning filter size
     * @param transferSizes strategy image sides (one case per side and filter)
     * @param transferFilters strategy filter sizes (square)
     * @param chunks    chunk counts of streams and hybrid
     * @param reps      repetitions per point
     * @param parts     the sweeps to run: ladder, lazy, tuning, strategies, study
     * @param study     the strategy study's kernels (of {@link Seed002Study#KERNELS})
     * @param thesisScale the study at the thesis's sizes (4096² convolution, POP 1024×1024×42, 4096² matmul) instead of small ones
     * @param linkGbs   the emulated categories' link, GB/s
     * @param categories the emulator's categories the study runs (of 1, 2, 3)
     * @param filterStudy the filter study's grid, image, budget and space (part filters)
     */
    public record Options(int width, int height, List<Integer> filters, int tuneSize, int tuneFilter, List<Integer> transferSizes,
                          List<Integer> transferFilters, List<Integer> chunks, int reps, List<String> parts, List<String> study,
                          boolean thesisScale, double linkGbs, List<Integer> categories, Seed002FilterOptions filterStudy) {
        static final List<String> PARTS = List.of("ladder", "lazy", "tuning", "strategies", "study", "filters");

        static Options parse(Params p) {
            Params d = Params.of("width", "512", "height", "512", "filters", "3,5,9,17,33", "tuneSize", "256", "tuneFilter", "17",
                    "transferSize", "2048", "transferFilter", "17", "chunks", "4,16", "reps", "2", "parts", String.join(",", PARTS),
                    "study", String.join(",", Seed002Study.KERNELS), "scale", "small", "linkGbs", "0.05", "categories", "1,2,3")
                    .with(Params.of(Seed002FilterOptions.DEFAULTS));
            for (String k : p.asMap().keySet()) {
                if (!d.has(k)) {
                    throw new ConfigException("unknown parameter '" + k + "' of report seed-002; parameters: " + String.join(", ", d.asMap().keySet()));
                }
            }
            d = d.with(p);
            List<String> parts = names(d.get("parts"), PARTS, "part", "parts");
            List<String> study = names(d.get("study"), Seed002Study.KERNELS, "study kernel", "study");
            String scale = d.get("scale");
            if (!scale.equals("small") && !scale.equals("thesis")) {
                throw new ConfigException("report seed-002: scale must be small or thesis, got '" + scale + "'");
            }
            double link = Double.parseDouble(d.get("linkGbs"));
            if (!(link > 0) || link > 1e6) throw new ConfigException("report seed-002: linkGbs must be in (0, 1000000], got " + d.get("linkGbs"));
            List<Integer> cats = ints(d.get("categories"));
            for (int c : cats) if (c < 1 || c > 3) throw new ConfigException("report seed-002: categories are 1, 2 and 3, got " + c);
            return new Options(d.getInt("width"), d.getInt("height"), ints(d.get("filters")), d.getInt("tuneSize"), d.getInt("tuneFilter"),
                    ints(d.get("transferSize")), ints(d.get("transferFilter")), ints(d.get("chunks")), d.getInt("reps"), parts, study,
                    scale.equals("thesis"), link, cats, Seed002FilterOptions.parse(d));
        }

        private static List<String> names(String list, List<String> known, String what, String key) {
            List<String> l = new ArrayList<>();
            for (String x : list.split(",")) {
                if (!known.contains(x.trim())) {
                    throw new ConfigException("report seed-002: unknown " + what + " '" + x.trim() + "'; " + key + ": " + String.join(",", known));
                }
                l.add(x.trim());
            }
            return l;
        }

        private static List<Integer> ints(String s) {
            List<Integer> l = new ArrayList<>();
            for (String x : s.split(",")) l.add(Integer.parseInt(x.trim()));
            return l;
        }
    }

    /** One ladder point. */
    public record LadderRow(String device, String variant, int filter, double gflops, boolean modelled, boolean verified, String error) {
    }

    /** One tuning run. */
    public record TuneRow(String device, String strategy, int evaluations, String best, double bestGflops, double untunedGflops) {
    }

    /**
     * One strategy run: of the convolution sweep (one image side and filter size) or of the study
     * (a kernel and its size); measuredMs is modelled on an emulator; spreadPct is (slowest −
     * fastest repetition) / fastest; optimumN and optimumMs the model's best stream count for the
     * job and its prediction (streams rows of the study, else 0); copiedMb the bytes moved both ways
     * (for mapped buffers across an emulated link: their traffic), 0 where not counted.
     */
    public record StrategyRow(String device, int side, int filter, String strategy, int chunks, double measuredMs, double predictedMs,
                             double kernelMs, double spreadPct, boolean modelled, boolean verified, String error, String kernel,
                             String size, int optimumN, double optimumMs, double copiedMb) {
        StrategyRow(String device, int side, int filter, String strategy, int chunks, double measuredMs, double predictedMs,
                    double kernelMs, double spreadPct, boolean modelled, boolean verified, String error) {
            this(device, side, filter, strategy, chunks, measuredMs, predictedMs, kernelMs, spreadPct, modelled, verified, error, null, null, 0, 0, 0);
        }

        double errorPct() {
            return 100 * (predictedMs - measuredMs) / measuredMs;
        }

        String caseName() {
            return kernel == null ? side + "² " + filter + "×" + filter : kernel + " " + size;
        }

        boolean chunked() {
            return strategy.equals(TransferStrategy.STREAMS.id()) || strategy.equals(TransferStrategy.HYBRID.id());
        }
    }

    /** One line-detection pipeline run (lazy transfers). */
    public record LazyRow(String device, String policy, int width, int filter, int filters, long bytesIn, long bytesOut, long avoided,
                          double ms) {
    }

    /** One fitted link. */
    public record LinkRow(String device, String category, String direction, double latencyMicros, double gbPerSecond, double r2) {
    }

    private final Options o;
    private final PrintStream err;

    private Seed002Report(Options o, PrintStream err) {
        this.o = o;
        this.err = err;
    }

    /**
     * {@return the report for these --param items} A bad item is a ConfigException before anything runs.
     *
     * @param params --param items: width, height, filters (comma list), tuneSize, tuneFilter, transferSize and transferFilter
     *               (comma lists: one case each pair), chunks (comma list), reps
     * @param err    where progress goes
     */
    public static Seed002Report create(List<String> params, PrintStream err) {
        try {
            return new Seed002Report(Options.parse(Params.parse(params)), err);
        } catch (NumberFormatException e) {
            throw new ConfigException("report seed-002: a size parameter is not a number: " + e.getMessage());
        }
    }

    /**
     * Measures every device, saving each sweep as it ends.
     *
     * @param devices  the devices
     * @param data     where the sweeps are saved
     * @param registry makes the emulator's category instances of the study
     * @param config   the configuration they start from
     */
    public void measure(List<Seed000Report.Device> devices, ReportData data, BackendRegistry registry, PerfportConfig config) {
        Seed002Study study = new Seed002Study(o, err, registry, config);
        for (Seed000Report.Device d : devices) {
            String sel = d.selector();
            try (DeviceSession s = d.backend().open(d.index())) {
                // a part that fails on this device (a kernel its route lacks) stops only itself
                part("ladder", sel, () -> ladder(s, sel, data));
                part("lazy", sel, () -> lazy(s, sel, data));
                part("tuning", sel, () -> tuning(s, sel, data));
                part("strategies", sel, () -> strategies(s, sel, data));
                part("filters", sel, () -> new Seed002Filters(o.filterStudy(), err).measure(s, sel, data));
            } catch (RuntimeException e) {
                err.println("[report " + sel + "] stopped: " + e);
            }
            part("study", sel, () -> study.measure(d, data));
        }
        data.finish();
    }

    private void part(String name, String sel, Runnable r) {
        if (!o.parts().contains(name)) return;
        try {
            r.run();
        } catch (RuntimeException e) {
            err.println("[report " + sel + "] " + name + " stopped: " + e);
        }
    }

    private static double gflops(RunResult r) {
        Double m = r.metrics().get("modelled GFLOP/s");
        return m != null ? m : r.metrics().getOrDefault("GFLOP/s", 0.0);
    }

    private void ladder(DeviceSession s, String sel, ReportData data) {
        Workload w = Workloads.get("convolution");
        List<LadderRow> rows = new ArrayList<>();
        for (int f : o.filters()) {
            for (String v : VARIANTS) {
                RunResult r = w.run(s, v, Params.of("width", Integer.toString(o.width()), "height", Integer.toString(o.height()),
                        "fw", Integer.toString(f), "fh", Integer.toString(f), "reps", Integer.toString(o.reps())));
                err.println("[report " + sel + "] ladder " + v + " " + f + "x" + f + ": " + (r.verified() ? fmt(gflops(r)) + " GFLOP/s" : r.error()));
                rows.add(new LadderRow(s.device().name(), v, f, r.verified() ? gflops(r) : 0, r.modelledNanos() != null, r.verified(), r.error()));
            }
        }
        data.save("ladder", sel, rows);
    }

    private void lazy(DeviceSession s, String sel, ReportData data) {
        int w = o.width(), f = 9, k = 8;
        float[][] in = LineDetection.inputs(w, w, f, k, 42);
        List<LazyRow> rows = new ArrayList<>();
        // untimed: an OpenCL runtime builds a kernel for a launch shape at its first launch (PoCL)
        LineDetection.run(s, CoherencePolicy.LAZY, w, w, f, in);
        for (CoherencePolicy pol : CoherencePolicy.values()) {
            LineDetection.Run best = null;
            for (int r = 0; r < o.reps(); r++) {
                LineDetection.Run run = LineDetection.run(s, pol, w, w, f, in);
                if (best == null || run.nanos() < best.nanos()) best = run;
            }
            var c = best.counts();
            rows.add(new LazyRow(s.device().name(), pol.name().toLowerCase(Locale.ROOT), w, f, k, c.hostToDeviceBytes(), c.deviceToHostBytes(),
                    c.avoidedBytes(), best.nanos() / 1e6));
            err.println("[report " + sel + "] line detection " + pol + ": " + c + ", " + fmt(best.nanos() / 1e6) + " ms");
        }
        data.save("lazy", sel, rows);
    }

    private void tuning(DeviceSession s, String sel, ReportData data) {
        Workload w = Workloads.get("convolution");
        Tunable t = (Tunable) w;
        String side = Integer.toString(o.tuneSize()), f = Integer.toString(o.tuneFilter());
        Params fixed = t.tuningDefaults().with("width", side).with("height", side).with("fw", f).with("fh", f).with("reps", Integer.toString(o.reps()));
        RunResult untuned = w.run(s, "adaptive", fixed);
        double base = untuned.verified() ? gflops(untuned) : 0;
        // a small space (16-24 points on a device): every point compiles a kernel of its own
        Map<String, List<Integer>> grid = new LinkedHashMap<>();
        grid.put("bw", List.of(16, 32));
        grid.put("bh", List.of(4, 8));
        grid.put("tx", List.of(1, 2, 4));
        grid.put("ty", List.of(1));
        grid.put("constFilter", List.of(1));
        grid.put("readOnly", List.of(1));
        Tunable.Tuning tu = t.tuning(s, "adaptive", fixed, grid);
        List<TuneRow> rows = new ArrayList<>();
        for (Strategy st : List.of(new Strategy.Exhaustive(), new Strategy.RandomSearch(1, 8), (Strategy) tu.hierarchy())) {
            TuneResult r = new Tuner(tu.space(), tu.objective(), tu.evaluator()).run(st);
            String name = r.strategy();
            err.println("[report " + sel + "] tuning " + name + ": " + r.evaluations() + " evaluations, best " + r.best() + " " + fmt(r.bestValue()));
            rows.add(new TuneRow(s.device().name(), name, r.evaluations(), String.valueOf(r.best()), r.bestValue(), base));
        }
        data.save("tuning", sel, rows);
    }

    private void strategies(DeviceSession s, String sel, ReportData data) {
        Workload w = Workloads.get("convolution-transfers");
        List<StrategyRow> rows = new ArrayList<>();
        // a session without the other strategies runs explicit in every case; its refusals are listed once
        boolean capable = s instanceof TransferCapable;
        boolean first = true;
        for (int side : o.transferSizes()) {
            for (int f : o.transferFilters()) {
                for (TransferStrategy st : TransferStrategy.values()) {
                    if (!capable && st != TransferStrategy.EXPLICIT && !first) continue;
                    boolean chunked = st == TransferStrategy.STREAMS || st == TransferStrategy.HYBRID;
                    for (int c : chunked ? o.chunks() : List.of(1)) {
                        RunResult r = w.run(s, "adaptive", Params.of("width", Integer.toString(side), "height", Integer.toString(side),
                                "fw", Integer.toString(f), "fh", Integer.toString(f), "strategy", st.id(), "chunks", Integer.toString(c),
                                "reps", Integer.toString(o.reps())));
                        Map<String, Double> m = r.metrics();
                        boolean modelled = m.containsKey(ConvolutionTransfers.MODELLED);
                        double ms = m.getOrDefault(modelled ? ConvolutionTransfers.MODELLED : ConvolutionTransfers.MEASURED, 0.0);
                        rows.add(new StrategyRow(s.device().name(), side, f, st.id(), c, ms, m.getOrDefault(StagedRuns.PREDICTED, 0.0),
                                m.getOrDefault("kernel ms", 0.0), m.getOrDefault(ConvolutionTransfers.SPREAD, 0.0), modelled, r.verified(),
                                r.error()));
                        err.println("[report " + sel + "] " + side + "² " + f + "x" + f + " " + st.id() + " chunks=" + c + ": "
                                + (r.verified() ? fmt(ms) + (modelled ? " modelled" : "") + " ms" : r.error()));
                        if (!capable && chunked) break;
                    }
                }
                first = false;
            }
        }
        data.save("strategies", sel, rows);
        if (s instanceof TransferCapable t) data.save("model", sel, Seed002Study.modelRows(ConvolutionTransfers.model(s, t), s.device().name()));
    }

    // ---- writing --------------------------------------------------------------------------

    /** The Markdown of the saved data; the figures are drawn after it. */
    public static ReportWriter.Outcome publish(ReportData data, java.nio.file.Path out, PrintStream err) {
        Seed002Luts.writeLuts(data, out.resolve(NAME));
        return ReportWriter.publish(out, NAME, Seed002Plots.figures(data), figs -> Seed002Page.markdown(data, figs), err);
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.1f" : "%.3f", v);
    }
}
