package dev.perfport.cli.report;

import dev.perfport.cli.report.ReportWriter.Figure;
import dev.perfport.core.backend.DeviceSession;
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
import dev.perfport.workloads.transfer.TransferModel;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
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
     */
    public record Options(int width, int height, List<Integer> filters, int tuneSize, int tuneFilter, List<Integer> transferSizes,
                          List<Integer> transferFilters, List<Integer> chunks, int reps) {
        static Options parse(Params p) {
            Params d = Params.of("width", "512", "height", "512", "filters", "3,5,9,17,33", "tuneSize", "256", "tuneFilter", "17",
                    "transferSize", "2048", "transferFilter", "17", "chunks", "4,16", "reps", "2").with(p);
            return new Options(d.getInt("width"), d.getInt("height"), ints(d.get("filters")), d.getInt("tuneSize"), d.getInt("tuneFilter"),
                    ints(d.get("transferSize")), ints(d.get("transferFilter")), ints(d.get("chunks")), d.getInt("reps"));
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

    /** One strategy run of one case (image side, filter size); measuredMs is modelled on an emulator. */
    public record StrategyRow(String device, int side, int filter, String strategy, int chunks, double measuredMs, double predictedMs,
                             double kernelMs, boolean modelled, boolean verified, String error) {
        double errorPct() {
            return 100 * (predictedMs - measuredMs) / measuredMs;
        }

        String caseName() {
            return side + "² " + filter + "×" + filter;
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
            throw new dev.perfport.core.error.ConfigException("report seed-002: a size parameter is not a number: " + e.getMessage());
        }
    }

    /**
     * Measures every device, saving each sweep as it ends.
     *
     * @param devices the devices
     * @param data    where the sweeps are saved
     */
    public void measure(List<Seed000Report.Device> devices, ReportData data) {
        for (Seed000Report.Device d : devices) {
            String sel = d.selector();
            try (DeviceSession s = d.backend().open(d.index())) {
                ladder(s, sel, data);
                lazy(s, sel, data);
                tuning(s, sel, data);
                strategies(s, sel, data);
            } catch (RuntimeException e) {
                err.println("[report " + sel + "] stopped: " + e);
            }
        }
        data.finish();
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
        for (int side : o.transferSizes()) {
            for (int f : o.transferFilters()) {
                for (TransferStrategy st : TransferStrategy.values()) {
                    boolean chunked = st == TransferStrategy.STREAMS || st == TransferStrategy.HYBRID;
                    for (int c : chunked ? o.chunks() : List.of(1)) {
                        RunResult r = w.run(s, "adaptive", Params.of("width", Integer.toString(side), "height", Integer.toString(side),
                                "fw", Integer.toString(f), "fh", Integer.toString(f), "strategy", st.id(), "chunks", Integer.toString(c),
                                "reps", Integer.toString(o.reps())));
                        Map<String, Double> m = r.metrics();
                        boolean modelled = m.containsKey(ConvolutionTransfers.MODELLED);
                        double ms = m.getOrDefault(modelled ? ConvolutionTransfers.MODELLED : ConvolutionTransfers.MEASURED, 0.0);
                        rows.add(new StrategyRow(s.device().name(), side, f, st.id(), c, ms, m.getOrDefault("predicted ms", 0.0),
                                m.getOrDefault("kernel ms", 0.0), modelled, r.verified(), r.error()));
                        err.println("[report " + sel + "] " + side + "² " + f + "x" + f + " " + st.id() + " chunks=" + c + ": "
                                + (r.verified() ? fmt(ms) + (modelled ? " modelled" : "") + " ms" : r.error()));
                    }
                }
            }
        }
        data.save("strategies", sel, rows);
        if (s instanceof TransferCapable t) {
            TransferModel m = ConvolutionTransfers.model(s, t);
            List<LinkRow> links = new ArrayList<>();
            for (TransferModel.Direction d : TransferModel.Direction.values()) {
                TransferModel.Link l = m.link(d);
                links.add(new LinkRow(s.device().name(), m.category().text, d.text, l.latencyNanos() / 1e3, l.gbPerSecond(), l.r2()));
            }
            data.save("model", sel, links);
        }
    }

    // ---- writing --------------------------------------------------------------------------

    /** The Markdown of the saved data; the figures are drawn after it. */
    public static ReportWriter.Outcome publish(ReportData data, java.nio.file.Path out, PrintStream err) {
        List<Figure> figures = new ArrayList<>();
        for (String dev : data.devices()) {
            List<LadderRow> ladder = data.rows("ladder", dev, LadderRow.class);
            if (ladder != null && !ladder.isEmpty()) {
                figures.add(new Figure("ladder-" + dev, "ladder-" + slug(dev) + ".png", "convolution ladder on " + dev, () -> ladderChart(dev, ladder)));
            }
            List<StrategyRow> st = data.rows("strategies", dev, StrategyRow.class);
            if (st != null && st.stream().anyMatch(r -> r.predictedMs() > 0)) {
                figures.add(new Figure("strategies-" + dev, "strategies-" + slug(dev) + ".png", "transfer strategies on " + dev,
                        () -> strategyChart(dev, st)));
            }
        }
        return ReportWriter.publish(out, NAME, figures, figs -> markdown(data, figs), err);
    }

    private static String slug(String s) {
        return s.replaceAll("[^A-Za-z0-9]+", "-").toLowerCase(Locale.ROOT);
    }

    private static XYChart ladderChart(String dev, List<LadderRow> rows) {
        boolean modelled = rows.stream().anyMatch(LadderRow::modelled);
        XYChart c = Plots.xy("Convolution ladder, " + dev, "filter size (square)", modelled ? "modelled GFLOP/s" : "GFLOP/s", false);
        for (String v : VARIANTS) {
            List<LadderRow> l = rows.stream().filter(r -> r.variant().equals(v) && r.verified()).toList();
            if (l.isEmpty()) continue;
            Plots.measured(c, v, l.stream().mapToDouble(LadderRow::filter).toArray(), l.stream().mapToDouble(LadderRow::gflops).toArray());
        }
        return c;
    }

    private static CategoryChart strategyChart(String dev, List<StrategyRow> rows) {
        boolean modelled = rows.stream().anyMatch(StrategyRow::modelled);
        CategoryChart c = Plots.bars("Transfer strategies, " + dev, "case, strategy (chunks)",
                modelled ? "modelled host-to-host time (ms)" : "host-to-host time (ms)");
        List<StrategyRow> ok = rows.stream().filter(StrategyRow::verified).toList();
        List<String> cats = ok.stream().map(r -> r.caseName() + " " + r.strategy() + " (" + r.chunks() + ")").toList();
        Plots.bar(c, modelled ? "modelled" : "measured", cats, ok.stream().map(StrategyRow::measuredMs).toList());
        Plots.bar(c, "predicted", cats, ok.stream().map(StrategyRow::predictedMs).toList());
        return c;
    }

    /**
     * How the model did on one device's rows.
     *
     * @param cases  cases with every strategy verified and predicted
     * @param hits   cases whose predicted best is the measured best
     * @param median median |error| over those rows, in %
     * @param worst  largest |error|, in %
     * @param runs   rows counted
     */
    record Verdict(int cases, int hits, double median, double worst, int runs) {
        static Verdict of(List<StrategyRow> rows) {
            List<StrategyRow> ok = rows.stream().filter(r -> r.verified() && r.predictedMs() > 0).toList();
            if (ok.isEmpty()) return null;
            int cases = 0, hits = 0;
            for (String c : ok.stream().map(StrategyRow::caseName).distinct().toList()) {
                List<StrategyRow> l = ok.stream().filter(r -> r.caseName().equals(c)).toList();
                cases++;
                StrategyRow bm = l.stream().min(Comparator.comparingDouble(StrategyRow::measuredMs)).orElseThrow();
                StrategyRow bp = l.stream().min(Comparator.comparingDouble(StrategyRow::predictedMs)).orElseThrow();
                if (bm == bp) hits++;
            }
            double[] errs = ok.stream().mapToDouble(r -> Math.abs(r.errorPct())).sorted().toArray();
            double median = errs.length % 2 == 1 ? errs[errs.length / 2] : (errs[errs.length / 2 - 1] + errs[errs.length / 2]) / 2;
            return new Verdict(cases, hits, median, errs[errs.length - 1], errs.length);
        }
    }

    static String markdown(ReportData data, ReportWriter.Figures figs) {
        ReportData.Contents c = data.contents();
        Markdown md = new Markdown();
        md.heading(1, "Seed 002 — convolution, transfer strategies and their model: results");
        md.paragraph("Generated by `", c.command(), "` (started ", c.started(), "). Study: seed 002 (the 2015 thesis on GPU",
                " convolution with adaptive tiling, Ch. 3, and on performance models for CPU–GPU transfers, Ch. 5), workloads",
                " `convolution` and `convolution-transfers`. Machine: ", String.valueOf(c.machine()), ".");
        if (!c.complete()) md.note("This run stopped before every sweep ended; the tables show the sweeps saved.");
        for (String dev : data.devices()) {
            md.heading(2, "Device " + dev);
            List<LadderRow> ladder = data.rows("ladder", dev, LadderRow.class);
            if (ladder != null && !ladder.isEmpty()) {
                boolean modelled = ladder.stream().anyMatch(LadderRow::modelled);
                md.heading(3, "The convolution ladder per filter size");
                md.paragraph(modelled ? "Modelled GFLOP/s (the emulator's cost model)" : "GFLOP/s of kernel time",
                        " = 2·Fw·Fh·W·H / t, every point verified against the double-precision reference (a failed one shows its error).");
                List<Integer> filters = ladder.stream().map(LadderRow::filter).distinct().toList();
                List<String> head = new ArrayList<>(List.of("variant"));
                for (int f : filters) head.add(f + "×" + f);
                Markdown.Table t = md.table(head);
                for (String v : VARIANTS) {
                    List<Object> row = new ArrayList<>(List.of(v));
                    for (int f : filters) {
                        LadderRow r = ladder.stream().filter(x -> x.variant().equals(v) && x.filter() == f).findFirst().orElse(null);
                        row.add(r == null ? "-" : r.verified() ? fmt(r.gflops()) : "failed");
                    }
                    t.row(row);
                }
                t.end();
                figs.image(md, "ladder-" + dev);
            }
            List<LazyRow> lazy = data.rows("lazy", dev, LazyRow.class);
            if (lazy != null && !lazy.isEmpty()) {
                LazyRow l0 = lazy.getFirst();
                md.heading(3, "Lazy transfers: the line detection pipeline");
                md.paragraph("One ", l0.width(), "² image convolved with ", l0.filters(), " filters of ", l0.filter(), "×", l0.filter(),
                        ", each response folded into the result by a pixel-wise max (seed 002 §3.3), through `LazyTransfers`: lazy",
                        " (Parallel-Horus's rule) against eager (copies around every kernel). Host wall time, best of the repetitions after",
                        " one untimed run.");
                Markdown.Table t = md.table("policy", "bytes in", "bytes out", "bytes avoided", "ms");
                for (LazyRow r : lazy) t.row(r.policy(), r.bytesIn(), r.bytesOut(), r.avoided(), fmt(r.ms()));
                t.end();
            }
            List<TuneRow> tune = data.rows("tuning", dev, TuneRow.class);
            if (tune != null && !tune.isEmpty()) {
                md.heading(3, "Tuned against untuned (adaptive kernel)");
                md.paragraph("Untuned: the adaptive variant's defaults (16×16 blocks, the tile factor chosen from local memory). Tuned: block",
                        " width and height, tile factor and padding searched exhaustively (the thesis's method) and by random and hierarchical",
                        " search over the same space. Each point is measured anew (no cache), so on a loaded machine two strategies can",
                        " report the same configuration at different speeds.");
                Markdown.Table t = md.table("strategy", "evaluations", "best configuration", "best GFLOP/s", "untuned GFLOP/s", "speed-up");
                for (TuneRow r : tune) {
                    t.row(r.strategy(), r.evaluations(), r.best(), fmt(r.bestGflops()), fmt(r.untunedGflops()),
                            r.untunedGflops() > 0 ? fmt(r.bestGflops() / r.untunedGflops()) + "×" : "-");
                }
                t.end();
            }
            List<StrategyRow> st = data.rows("strategies", dev, StrategyRow.class);
            if (st != null && !st.isEmpty()) {
                boolean modelled = st.stream().anyMatch(StrategyRow::modelled);
                String what = modelled ? "modelled" : "measured";
                md.heading(3, "Transfer strategies: " + what + " beside the model's prediction");
                md.paragraph("Host to host (data starts and ends on the host), the adaptive kernel, one case per image side and filter",
                        " size; kernel time tE is the model's measured input (as in the thesis).", modelled
                                ? " On the emulator every time is its cost model's: copies are MFC DMA, the schedule that of in-order"
                                + " queues over two copy engines; the fitted model is checked against it." : "");
                Markdown.Table t = md.table("case", "strategy", "chunks", what + " ms", "predicted ms", "error", "kernel ms", "note");
                for (String cs : st.stream().map(StrategyRow::caseName).distinct().toList()) {
                    List<StrategyRow> l = st.stream().filter(r -> r.caseName().equals(cs)).toList();
                    List<StrategyRow> ok = l.stream().filter(r -> r.verified() && r.predictedMs() > 0).toList();
                    StrategyRow bm = ok.stream().min(Comparator.comparingDouble(StrategyRow::measuredMs)).orElse(null);
                    StrategyRow bp = ok.stream().min(Comparator.comparingDouble(StrategyRow::predictedMs)).orElse(null);
                    for (StrategyRow r : l) {
                        String note = (r == bm ? what + " best" : "") + (r == bp ? (r == bm ? ", " : "") + "predicted best" : "");
                        if (r.verified()) {
                            t.row(cs, r.strategy(), r.chunks(), fmt(r.measuredMs()), r.predictedMs() > 0 ? fmt(r.predictedMs()) : "-",
                                    r.predictedMs() > 0 ? String.format(Locale.ROOT, "%+.1f%%", r.errorPct()) : "-", fmt(r.kernelMs()), note);
                        } else {
                            t.row(cs, r.strategy(), r.chunks(), "-", "-", "-", "-", r.error());
                        }
                    }
                }
                t.end();
                Verdict v = Verdict.of(st);
                if (v != null) {
                    md.paragraph("The model names the ", what, " best strategy in **", v.hits(), " of ", v.cases(), "** cases (",
                            String.format(Locale.ROOT, "%.0f%%", 100.0 * v.hits() / v.cases()), "); median |error| **",
                            String.format(Locale.ROOT, "%.1f%%", v.median()), "**, largest ", String.format(Locale.ROOT, "%.1f%%", v.worst()),
                            ", over ", v.runs(), " runs. The targets (seed 002 §6): the predicted best is the measured best in at least",
                            " 80% of the cases, with a median error of at most 15% (the thesis: below 10%).");
                }
                figs.image(md, "strategies-" + dev);
            }
            List<LinkRow> links = data.rows("model", dev, LinkRow.class);
            if (links != null && !links.isEmpty()) {
                md.heading(3, "The fitted transfer model");
                md.paragraph("Category: ", links.getFirst().category(), ". t = L+o + k·G per direction and mechanism, least squares over",
                        " blocking transfers of 64 KiB to 64 MiB (seed 002 §6.4), copies from pinned host memory, a mapped transfer",
                        " timed with a kernel touching the buffer (a driver may defer the copy to it). A negative L+o is noise of the",
                        " intercept (the model takes it as 0); where mapping is zero-copy (a CPU device, the emulator) its time does",
                        " not grow with the size, so 1/G is unbounded and R² says nothing (shown as -).");
                Markdown.Table t = md.table("direction", "L+o (µs)", "1/G (GB/s)", "R²");
                for (LinkRow l : links) {
                    t.row(l.direction(), fmt(l.latencyMicros()), fmt(l.gbPerSecond()), Double.isFinite(l.r2()) ? String.format(Locale.ROOT, "%.4f", l.r2()) : "-");
                }
                t.end();
            }
        }
        md.heading(2, "Which backend can express which strategy");
        md.bullets(List.of(
                "jocl: all four (explicit, mapped through CL_MEM_ALLOC_HOST_PTR and map/unmap, streams on 2+ command queues with "
                        + "non-blocking copies from pinned host memory, hybrid).",
                "aparapi: explicit only. Aparapi owns its buffers and copies them around each execute() on its one queue; it has no "
                        + "host-visible buffers and no second queue, so neither mapped memory nor overlapping chunks can be expressed.",
                "tornado: explicit only. A TornadoVM execution plan moves its data on its own queue (FIRST_EXECUTION / "
                        + "EVERY_EXECUTION); it offers no mapped (zero-copy) buffers on OpenCL and no overlap of one plan's copies with "
                        + "another's kernel.",
                "cell-emulation: all four, in modelled time. Host and device share main memory, so a copy is MFC DMA through a "
                        + "local store (16 KiB commands, each byte across an SPE's port twice), one MFC queue per direction beside the "
                        + "SPEs; mapped buffers are read and written in place by the kernels' own DMA (charged in their modelled time, "
                        + "as is the tile and its border that each work-group brings into its local store); streams and hybrid follow "
                        + "in-order queues. The fitted model is checked against this schedule."));
        md.heading(2, "On the H100");
        md.paragraph("`bench/torch_conv.py` times torch.nn.functional.conv2d (cuDNN, fp32, TF32 off) on an 8192² image with a 17×17",
                " filter; the GPU helper runs it beside `perfport run convolution --backend jocl:gpu --param width=8192 --param",
                " height=8192 --param fw=17 --param fh=17` and `perfport report seed-002 --backend jocl:gpu` (docs/results/gpu/).");
        return md.toString();
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.1f" : "%.3f", v);
    }
}
