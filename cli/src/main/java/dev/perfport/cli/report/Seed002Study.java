package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed002Report.LinkRow;
import dev.perfport.cli.report.Seed002Report.StrategyRow;
import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.plugin.BackendRegistry;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.transfer.TransferCapable;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;
import dev.perfport.workloads.transfer.StagedRuns;
import dev.perfport.workloads.transfer.TransferModel;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Report seed-002's strategy study (seed 002 §5.6 and §6.7): the thesis's kernels (the
 * convolution, POP's state, buoydiff and ddmix, the naive matmul) and POP's buoydiff with ddmix
 * reading the tracers buoydiff copied, each in every transfer strategy on every device, the
 * emulator once per device category (its transfer engine configured as categories 1, 2 and 3
 * behind a link), each run beside the fitted model's prediction and the model's best stream count.
 * Small domains by default; {@code scale=thesis} runs the thesis's sizes (a GPU's work).
 */
final class Seed002Study {
    static final String EMULATOR = "cell-emulation";
    static final String KEY = "perfport.cell-emulation.transfer.";
    /** The study's kernels, in the report's order. */
    static final List<String> KERNELS = List.of("convolution", "state", "buoydiff", "ddmix", "buoydiff+ddmix", "matmul");
    /** POP's functions, each with the strategy the thesis chose for POP (§5.6). */
    static final Map<String, String> THESIS_CHOICE = Map.of("state", "mapped", "buoydiff", "streams", "ddmix", "streams");

    /**
     * One kernel of the study at a scale.
     *
     * @param name     its name in the report
     * @param workload the workload that runs it
     * @param variant  the variant
     * @param params   its parameters (strategy, chunks and reps are set per run)
     * @param size     the size in words
     * @param n        streams of streams and hybrid
     */
    record Kernel(String name, String workload, String variant, Params params, String size, int n) {
        Params run(TransferStrategy st, int reps) {
            boolean chunked = st == TransferStrategy.STREAMS || st == TransferStrategy.HYBRID;
            Params p = params.with("strategy", st.id()).with("reps", Integer.toString(reps));
            if (workload.equals("pop")) return p;   // one stage per level: n = km
            return p.with("chunks", Integer.toString(chunked ? n : 1));
        }

        static Kernel of(String name, boolean thesis) {
            String side = thesis ? "4096" : "256", mm = thesis ? "4096" : "128";
            String nx = thesis ? "1024" : "64", ny = thesis ? "1024" : "32", km = thesis ? "42" : "16";
            Params pop = Params.of("nx", nx, "ny", ny, "km", km, "type", "double", "wg", thesis ? "256" : "64", "queues", km);
            String domain = nx + "×" + ny + "×" + km;
            return switch (name) {
                case "convolution" -> new Kernel(name, "convolution-transfers", "adaptive", Params.of("width", side, "height", side, "fw", "17",
                        "fh", "17", "queues", thesis ? "64" : "8"), side + "² 17×17", thesis ? 64 : 8);
                case "state" -> new Kernel(name, "pop", "state", pop, domain, Integer.parseInt(km));
                case "buoydiff" -> new Kernel(name, "pop", "buoydiff-fused", pop, domain, Integer.parseInt(km));
                case "ddmix" -> new Kernel(name, "pop", "ddmix-fused", pop, domain, Integer.parseInt(km));
                case "buoydiff+ddmix" -> new Kernel(name, "pop", "buoydiff-ddmix", pop, domain, Integer.parseInt(km));
                case "matmul" -> new Kernel(name, "matmul-transfers", "naive", Params.of("n", mm, "wg", thesis ? "256" : "64"), mm + "²",
                        thesis ? 128 : 16);
                default -> throw new IllegalArgumentException("no kernel " + name);
            };
        }
    }

    private final Seed002Report.Options o;
    private final PrintStream err;
    private final BackendRegistry registry;
    private final PerfportConfig base;

    Seed002Study(Seed002Report.Options o, PrintStream err, BackendRegistry registry, PerfportConfig base) {
        this.o = o;
        this.err = err;
        this.registry = registry;
        this.base = base;
    }

    /** The emulator's configuration as a category (1, 2 or 3) behind the study's link. */
    PerfportConfig category(int c) {
        return base.with(KEY + "copyEngines", c == 3 ? "2" : "1").with(KEY + "implicitSync", Boolean.toString(c == 1))
                .with(KEY + "linkGbs", Double.toString(o.linkGbs()));
    }

    /**
     * Runs the study on a device, saving its rows and its model under {@code sel}; the emulator runs
     * once per category, under {@code sel} plus the category.
     */
    void measure(Seed000Report.Device d, ReportData data) {
        if (!d.backend().id().equals(EMULATOR)) {
            try (DeviceSession s = d.backend().open(d.index())) {
                run(s, d.selector(), data);
            }
            return;
        }
        for (int c : o.categories()) {
            String sel = d.selector() + " category " + c;
            try (Backend b = registry.createWith(EMULATOR, category(c)); DeviceSession s = b.open(d.index())) {
                run(s, sel, data);
            } catch (RuntimeException e) {
                err.println("[report " + sel + "] study stopped: " + e);
            }
        }
    }

    private void run(DeviceSession s, String sel, ReportData data) {
        List<StrategyRow> rows = new ArrayList<>();
        // a session without the other strategies runs explicit for every kernel; its refusals are listed once
        boolean capable = s instanceof TransferCapable;
        boolean first = true;
        for (String name : o.study()) {
            Kernel k = Kernel.of(name, o.thesisScale());
            for (TransferStrategy st : TransferStrategy.values()) {
                if (!capable && st != TransferStrategy.EXPLICIT && !first) continue;
                boolean chunked = st == TransferStrategy.STREAMS || st == TransferStrategy.HYBRID;
                RunResult r = Workloads.get(k.workload()).run(s, k.variant(), k.run(st, o.reps()));
                rows.add(row(s, k, st, chunked ? k.n() : 1, r));
                StrategyRow last = rows.getLast();
                err.println("[report " + sel + "] " + name + " " + k.size() + " " + st.id() + ": "
                        + (r.verified() ? Seed002Report.fmt(last.measuredMs()) + (last.modelled() ? " modelled" : "") + " ms, predicted "
                        + Seed002Report.fmt(last.predictedMs()) : r.error()));
            }
            first = false;
        }
        data.save("study", sel, rows);
        if (s instanceof TransferCapable t) data.save("model", sel, modelRows(TransferModel.of(s, t), s.device().name()));
    }

    private static StrategyRow row(DeviceSession s, Kernel k, TransferStrategy st, int n, RunResult r) {
        Map<String, Double> m = r.metrics();
        boolean modelled = m.containsKey(StagedRuns.MODELLED);
        double ms = m.getOrDefault(modelled ? StagedRuns.MODELLED : StagedRuns.MEASURED, 0.0);
        return new StrategyRow(s.device().name(), 0, 0, st.id(), n, ms, m.getOrDefault(StagedRuns.PREDICTED, 0.0), m.getOrDefault("kernel ms", 0.0),
                m.getOrDefault(StagedRuns.SPREAD, 0.0), modelled, r.verified(), r.error(), k.name(), k.size(),
                m.getOrDefault(StagedRuns.OPTIMUM_N, 0.0).intValue(), m.getOrDefault(StagedRuns.OPTIMUM_MS, 0.0), m.getOrDefault("copied MB", 0.0));
    }

    /** The model's table: each link, the per-chunk gaps, the calibration kernel's issue time and the contention. */
    static List<LinkRow> modelRows(TransferModel m, String device) {
        List<LinkRow> links = new ArrayList<>();
        String cat = m.category().text;
        for (TransferModel.Direction d : TransferModel.Direction.values()) {
            TransferModel.Link l = m.link(d);
            links.add(new LinkRow(device, cat, d.text, l.latencyNanos() / 1e3, l.gbPerSecond(), l.r2()));
        }
        links.add(new LinkRow(device, cat, Seed002Report.GAP + ", streams", m.gap().nanosPerChunk() / 1e3, Double.NaN, m.gap().r2()));
        links.add(new LinkRow(device, cat, Seed002Report.GAP + ", hybrid", m.mappedGap().nanosPerChunk() / 1e3, Double.NaN, m.mappedGap().r2()));
        links.add(new LinkRow(device, cat, Seed002Report.ISSUE, m.touchIssueNanos() / 1e3, Double.NaN, Double.NaN));
        if (m.category() != TransferModel.Category.SHARED_MEMORY) {
            links.add(new LinkRow(device, cat, GAP_USED + "streams", m.perTransferGap(false) / 1e3, Double.NaN, Double.NaN));
            links.add(new LinkRow(device, cat, GAP_USED + "hybrid", m.perTransferGap(true) / 1e3, Double.NaN, Double.NaN));
        }
        links.add(new LinkRow(device, cat, CONTENTION + " copies in and out at once (streams)", m.contention().copies(), Double.NaN, Double.NaN));
        links.add(new LinkRow(device, cat, CONTENTION + " copies in, mapped out at once (hybrid)", m.contention().mapped(), Double.NaN, Double.NaN));
        return links;
    }

    /** The model table's rows of the g the equations use (its L+o column holds it). */
    static final String GAP_USED = "g per transfer in the equations (the per-chunk slope less its chunk's 4 KiB; one copy engine: half of that), ";
    /** The model table's rows of the contention factor (its L+o column holds the factor). */
    static final String CONTENTION = "contention: G × this factor with";
}
