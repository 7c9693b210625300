package dev.perfport.cli.report;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.error.PerfportException;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.tune.Config;
import dev.perfport.core.tune.Strategy;
import dev.perfport.core.tune.TuneResult;
import dev.perfport.core.tune.Tuner;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Report seed-002's filter study (seed 002 §4.2, §4.4): every filter size of a grid (the thesis's
 * 21×21 odd sizes 3..43, or a smaller one), each with the ladder's rungs, the tiled kernel tuned
 * for it over a declared space, and the winner built for its filter size alone ("adapt+unroll"),
 * whose configuration is the filter's entry of the look-up table; the padding sweep (the bank
 * padding on and off, on images that are and are not multiples of the tile), the device's stream
 * and flops rates for the roofline, and ablations that switch one thing off (the cache of the
 * naive kernel's loads, the filter's constant memory, the register tile, the read-only input).
 *
 * <p>Everything runs through the {@code convolution} workload and the product's tuner. The rungs
 * and the search run the kernels with run-time filter loops ({@code specialise=0}: one program per
 * tile factor for the whole grid), so the grid costs launches, not builds; only the last rung
 * builds a program per filter size.
 *
 * @param o   the study's options
 * @param err where progress goes
 */
record Seed002Filters(Seed002FilterOptions o, PrintStream err) {
    /** The ladder's rungs, in order, with the letter the page's grid shows for the filter's best. */
    static final Map<String, String> RUNGS = rungs();
    static final String NAIVE = "naive", TILED = "tiled", TILED_X4 = "tiled-x4", ADAPTIVE = "adaptive", TUNED = "tuned", UNROLLED = "adapt+unroll";
    /** The thesis's 21 filter sizes per dimension. */
    static final List<Integer> THESIS_SIZES = Seed002FilterOptions.range(3, 43, 2);

    private static Map<String, String> rungs() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(NAIVE, "N");
        m.put(TILED, "S");
        m.put(TILED_X4, "X");
        m.put(ADAPTIVE, "A");
        m.put(TUNED, "T");
        m.put(UNROLLED, "U");
        return m;
    }

    /**
     * Eq. 3.2, with a vertical tile factor as well (ty = 1: Eq. 3.2 itself; tx = ty = 1: Eq. 3.1):
     * FLOPs per byte of the input tile and border a block loads from global memory,
     * 2·Fw·Fh·Bw·Tx·Bh·Ty / ((Fw−1+Bw·Tx)·(Fh−1+Bh·Ty)·4).
     */
    static double intensity(int fw, int fh, int bw, int bh, int tx, int ty) {
        double outW = (double) bw * tx, outH = (double) bh * ty;
        return 2.0 * fw * fh * outW * outH / ((fw - 1 + outW) * (fh - 1 + outH) * 4);
    }

    /** The naive kernel's intensity without caches (Fig. 3.1b): 2 FLOPs per weight, 2 floats loaded. */
    static final double NAIVE_INTENSITY = 0.25;

    /**
     * One rung at one filter size: its configuration, GFLOP/s (kernel time; modelled on an emulator),
     * whether verified, the intensity of Eqs. 3.1–3.2 and the build time of its program (ms; 0 where
     * the program came from the session's cache or the tuner ran it).
     */
    record Rung(String variant, int bw, int bh, int tx, int ty, int pad, double gflops, boolean verified, String error, double ai,
                double compileMs) {
        String config() {
            return variant.equals(NAIVE) ? bw + "×" + bh : bw + "×" + bh + " T=" + tx + (ty > 1 ? "×" + ty : "") + (pad == 1 ? " pad" : "");
        }
    }

    /** One filter size: its rungs and the tuner's evaluations. */
    record FilterRow(int fw, int fh, List<Rung> rungs, int evaluations, boolean modelled) {
        Rung rung(String v) {
            return rungs.stream().filter(r -> r.variant().equals(v)).findFirst().orElse(null);
        }

        /** The verified rung of the highest rate, or null. */
        Rung best() {
            Rung b = null;
            for (Rung r : rungs) if (r.verified() && (b == null || r.gflops() > b.gflops())) b = r;
            return b;
        }

        /** This row with {@code r} in place of its rung of the same name, or added. */
        FilterRow with(Rung r) {
            List<Rung> l = new ArrayList<>(rungs.stream().filter(x -> !x.variant().equals(r.variant())).toList());
            l.add(r);
            return new FilterRow(fw, fh, l, evaluations, modelled);
        }

        double rate(String v) {
            Rung r = rung(v);
            return r != null && r.verified() ? r.gflops() : 0;
        }
    }

    /** One point of the padding sweep. */
    record PadRow(int side, int fw, int fh, int bw, int bh, int pad, double gflops, boolean verified, String error) {
    }

    /** One ablation at one filter size: the base against the same with one thing switched off. */
    record AblationRow(String ablation, int fw, int fh, String base, double baseGflops, double offGflops, boolean verified, String error) {
    }

    /** The roofline's rates: stream triad GB/s and flops FMA GFLOP/s, each measured on the device. */
    record RoofRow(long streamN, Double streamGbs, String streamError, Double flopsGflops, String flopsError) {
    }

    /** What ran: the grid, image, budget and space in words, and how long each phase took. */
    record RunRow(String grid, boolean thesisGrid, int side, int budget, int smallestBudget, String space, String unroll, int reps, int checkRows,
                  double deadline, double seconds, double ladderSeconds, double tuneSeconds, double unrollSeconds, double otherSeconds,
                  double unrollCompileMs, int built, int skipped) {
    }

    private static double gflops(RunResult r) {
        Double m = r.metrics().get("modelled GFLOP/s");
        return m != null ? m : r.metrics().getOrDefault("GFLOP/s", 0.0);
    }

    /** The thesis's 32×32 block where the device takes 1024 work-items, else 16×16. */
    static int block(DeviceSession s) {
        return s.device().maxWorkGroupSize() >= 1024 ? 32 : 16;
    }

    private Params fixed(int fw, int fh, int side) {
        return Params.of("width", "" + side, "height", "" + side, "fw", "" + fw, "fh", "" + fh, "reps", "" + o.reps(),
                "checkRows", "" + o.checkRows(), "specialise", "0");
    }

    /**
     * Runs the study on one device, saving as it goes: the rungs and the search of every filter size
     * first (saved per row of heights), then the adapt+unroll builds in an order whose every prefix
     * spreads over the grid, then the padding sweep, the ablations and the roofline's rates. Under a
     * deadline the search's budget shrinks for the remaining filter sizes when the first phase would
     * take more than its share, and the builds stop when their time is up (those sizes keep the
     * tuned rung's entry; the page counts them).
     */
    void measure(DeviceSession s, String sel, ReportData data) {
        long t0 = System.nanoTime();
        Workload w = Workloads.get("convolution");
        int b = block(s);
        boolean modelled = s.profile().hasModelledTime();
        List<int[]> filters = o.filters();
        List<FilterRow> rows = new ArrayList<>();
        long[] phase = new long[3];
        long runs = 0;
        int budget = o.budget(), smallest = o.budget();
        for (int i = 0; i < filters.size(); i++) {
            int fw = filters.get(i)[0], fh = filters.get(i)[1];
            FilterRow row = first(s, w, fw, fh, b, budget, modelled, sel, phase);
            rows.add(row);
            runs += 4 + row.evaluations();
            smallest = Math.min(smallest, budget);
            if (o.deadline() > 0) {
                // the rungs and the search may take 60% of the deadline; the rest is for the builds and the sweeps
                double spent = (System.nanoTime() - t0) / 1e9, left = filters.size() - i - 1;
                double perFilter = spent / (i + 1), share = 0.6 * o.deadline();
                if (left > 0 && spent + left * perFilter > share && budget > 1) {
                    double perPoint = spent / Math.max(1, runs);
                    int fits = (int) Math.floor(((share - spent) / left - 4 * perPoint) / perPoint);
                    budget = Math.max(1, Math.min(budget, fits));
                }
            }
            if (fh != (i + 1 < filters.size() ? filters.get(i + 1)[1] : -1)) data.save("filters", sel, rows);
        }
        long p2 = System.nanoTime();
        double avgRun = (p2 - t0) / 1e9 / Math.max(1, runs);
        // the sweeps' runs: each ablation filter 6, each padding point 1, and the roofline's rates
        double reserve = avgRun * (6.0 * o.ablate().size() + 2.0 * o.ablate().size() * o.padSides().size()) + 5;
        int built = 0, skipped = 0;
        double unrollCompile = 0;
        for (int k : Seed002FilterOptions.spread(rows.size())) {
            FilterRow row = rows.get(k);
            double now = (System.nanoTime() - t0) / 1e9;
            double perBuild = built == 0 ? 0 : (System.nanoTime() - p2) / 1e9 / built;
            if (o.deadline() > 0 && now + perBuild + reserve > o.deadline()) {
                rows.set(k, row.with(new Rung(UNROLLED, 0, 0, 0, 0, 0, 0, false, SKIPPED, 0, 0)));
                skipped++;
                continue;
            }
            Rung un = unrolled(s, w, row);
            unrollCompile += un.compileMs();
            rows.set(k, row.with(un));
            built++;
            if (built % 21 == 0) data.save("filters", sel, rows);
        }
        data.save("filters", sel, rows);
        long e0 = System.nanoTime();
        phase[2] = e0 - p2;
        data.save("filtersPadding", sel, padding(s, w, sel));
        data.save("filtersAblation", sel, ablations(s, w, rows, sel, b));
        data.save("filtersRoof", sel, List.of(roof(s, sel)));
        long end = System.nanoTime();
        data.save("filtersRun", sel, List.of(new RunRow(o.gridText(), o.thesisGrid(), o.side(), o.budget(), smallest, spaceText(o.space()), o.unroll(),
                o.reps(), o.checkRows(), o.deadline(), (end - t0) / 1e9, phase[0] / 1e9, phase[1] / 1e9, phase[2] / 1e9, (end - e0) / 1e9,
                unrollCompile, built, skipped)));
        err.println("[report " + sel + "] filters: " + rows.size() + " filter sizes in " + Seed002Report.fmt((end - t0) / 1e9) + " s"
                + (skipped > 0 ? ", adapt+unroll skipped at " + skipped + " (deadline)" : ""));
    }

    /** The note of an adapt+unroll rung the deadline left out. */
    static final String SKIPPED = "not built: the deadline";

    /** The rungs and the search at one filter size. */
    private FilterRow first(DeviceSession s, Workload w, int fw, int fh, int b, int budget, boolean modelled, String sel, long[] phase) {
        Params fx = fixed(fw, fh, o.side());
        List<Rung> rungs = new ArrayList<>();
        long a = System.nanoTime();
        Params blk = fx.with("bw", "" + b).with("bh", "" + b);
        rungs.add(rung(s, w, NAIVE, NAIVE, blk, fw, fh));
        rungs.add(rung(s, w, TILED, TILED, blk, fw, fh));
        rungs.add(rung(s, w, TILED_X4, TILED_X4, blk, fw, fh));
        rungs.add(rung(s, w, ADAPTIVE, ADAPTIVE, blk, fw, fh));
        long c = System.nanoTime();
        phase[0] += c - a;
        // the search: the declared space, the budget's points drawn at random (all of them when it holds no more)
        Map<String, List<Integer>> grid = new LinkedHashMap<>(o.space());
        grid.put("pad", List.of(0, 1));
        grid.put("constFilter", List.of(1));
        grid.put("readOnly", List.of(1));
        int evaluations = 0;
        Config best = null;
        double bestRate = 0;
        String why = "no configuration of the space ran";
        try {
            Tunable.Tuning tu = ((Tunable) w).tuning(s, ADAPTIVE, fx, grid);
            long size = tu.space().gridSize();
            Strategy st = budget >= size ? new Strategy.Exhaustive() : new Strategy.RandomSearch(31L * fw + fh, budget);
            TuneResult r = new Tuner(tu.space(), tu.objective(), tu.evaluator()).confirmRounds(0).run(st);
            evaluations = r.evaluations();
            best = r.best();
            bestRate = best == null ? 0 : r.bestValue();
            if (best == null) why = r.noneValid();
        } catch (PerfportException | IllegalArgumentException e) {
            why = e.getMessage();
        }
        if (best != null) {
            int bw = best.get("bw"), bh = best.get("bh"), tx = best.get("tx"), ty = best.get("ty"), pad = best.get("pad");
            rungs.add(new Rung(TUNED, bw, bh, tx, ty, pad, bestRate, true, null, intensity(fw, fh, bw, bh, tx, ty), 0));
        } else {
            rungs.add(new Rung(TUNED, 0, 0, 0, 0, 0, 0, false, why, 0, 0));
        }
        phase[1] += System.nanoTime() - c;
        FilterRow row = new FilterRow(fw, fh, rungs, evaluations, modelled);
        Rung top = row.best();
        err.println("[report " + sel + "] filters " + fw + "x" + fh + ": " + String.join(", ", rungs.stream()
                .map(r -> r.variant() + " " + (r.verified() ? Seed002Report.fmt(r.gflops()) : "failed")).toList())
                + (top == null ? "" : "; best " + top.variant()));
        return row;
    }

    /** The better of the tuned and the adaptive rung, built for this filter size alone. */
    private Rung unrolled(DeviceSession s, Workload w, FilterRow row) {
        Rung tuned = row.rung(TUNED), adaptive = row.rung(ADAPTIVE);
        Rung pick = tuned != null && tuned.verified() && tuned.gflops() >= (adaptive != null && adaptive.verified() ? adaptive.gflops() : 0) ? tuned
                : adaptive != null && adaptive.verified() ? adaptive : null;
        if (pick == null) return new Rung(UNROLLED, 0, 0, 0, 0, 0, 0, false, "no tuned or adaptive configuration ran", 0, 0);
        Params u = fixed(row.fw(), row.fh(), o.side()).with("specialise", "1").with("bw", "" + pick.bw()).with("bh", "" + pick.bh())
                .with("tx", "" + pick.tx()).with("ty", "" + pick.ty()).with("pad", "" + pick.pad());
        if (!o.unroll().equals("auto")) u = u.with("unroll", o.unroll());
        return rung(s, w, UNROLLED, ADAPTIVE, u, row.fw(), row.fh());
    }

    static String spaceText(Map<String, List<Integer>> space) {
        List<String> l = new ArrayList<>();
        for (var e : space.entrySet()) l.add(e.getKey() + " ∈ {" + String.join(",", e.getValue().stream().map(String::valueOf).toList()) + "}");
        return String.join(", ", l);
    }

    /** One run of a rung: {@code variant} of the workload under the report's name {@code name}. */
    private static Rung rung(DeviceSession s, Workload w, String name, String variant, Params p, int fw, int fh) {
        RunResult r;
        try {
            r = w.run(s, variant, p);
        } catch (PerfportException e) {
            return new Rung(name, p.getInt("bw"), p.getInt("bh"), 0, 0, 0, 0, false, e.getMessage(), 0, 0);
        }
        Map<String, String> q = r.params();
        int bw = Integer.parseInt(q.getOrDefault("bw", p.get("bw"))), bh = Integer.parseInt(q.getOrDefault("bh", p.get("bh")));
        int tx = Seed002FilterOptions.parseOr(q.get("tx"), 1), ty = Seed002FilterOptions.parseOr(q.get("ty"), 1), pad = Seed002FilterOptions.parseOr(q.get("pad"), 1);
        if (variant.equals(Seed002Filters.NAIVE)) tx = ty = 1;
        double ai = variant.equals(NAIVE) ? NAIVE_INTENSITY : intensity(fw, fh, bw, bh, tx, ty);
        return new Rung(name, bw, bh, tx, ty, pad, r.verified() ? gflops(r) : 0, r.verified(), r.error(), ai,
                r.profile().compileNanos() / 1e6);
    }

    /**
     * The thesis's Fig. 3.9 on this device: the tiled kernel with 16-wide blocks (where bank padding
     * changes the local rows' stride), padded and not, on each square filter of the ablation list,
     * at each image side of the sweep.
     */
    private List<PadRow> padding(DeviceSession s, Workload w, String sel) {
        List<PadRow> l = new ArrayList<>();
        for (int side : o.padSides()) {
            for (int f : o.ablate()) {
                for (int pad : List.of(0, 1)) {
                    Params p = fixed(f, f, side).with("bw", "16").with("bh", "16").with("pad", "" + pad);
                    Rung r = rung(s, w, TILED, TILED, p, f, f);
                    l.add(new PadRow(side, f, f, 16, 16, pad, r.gflops(), r.verified(), r.error()));
                }
                err.println("[report " + sel + "] padding " + side + "² " + f + "x" + f + ": " + Seed002Report.fmt(l.get(l.size() - 2).gflops())
                        + " unpadded, " + Seed002Report.fmt(l.getLast().gflops()) + " padded");
            }
        }
        return l;
    }

    /** Names of the ablations, as the page's table shows them. */
    static final String CACHE_OFF = "naive, input loads uncached (volatile)", GLOBAL_FILTER = "tuned, filter in global memory",
            NO_TILE = "tuned, 1×1 outputs per work-item", NOT_RESTRICT = "tuned, input not restrict", NO_LOCAL = "naive at the tuned block (no local memory)";

    /**
     * Each square filter of the ablation list: the naive kernel with its input loads uncached; the
     * tuned configuration with its filter in global memory, with one output per work-item, with the
     * input not declared restrict, and as the naive kernel at the same block (no local memory).
     */
    private List<AblationRow> ablations(DeviceSession s, Workload w, List<FilterRow> rows, String sel, int b) {
        List<AblationRow> l = new ArrayList<>();
        for (int f : o.ablate()) {
            FilterRow row = rows.stream().filter(r -> r.fw() == f && r.fh() == f).findFirst().orElse(null);
            if (row == null) continue;
            Params fx = fixed(f, f, o.side());
            Rung naive = row.rung(NAIVE);
            l.add(ablation(CACHE_OFF, naive, rung(s, w, NAIVE, NAIVE, fx.with("bw", "" + b).with("bh", "" + b).with("cacheInput", "0"), f, f), f));
            Rung tuned = row.rung(TUNED);
            if (tuned == null || !tuned.verified()) continue;
            Params at = fx.with("bw", "" + tuned.bw()).with("bh", "" + tuned.bh()).with("tx", "" + tuned.tx()).with("ty", "" + tuned.ty())
                    .with("pad", "" + tuned.pad());
            // measured again beside its ablations, so that both sides are this pass's
            Rung base = rung(s, w, TUNED, ADAPTIVE, at, f, f);
            l.add(ablation(GLOBAL_FILTER, base, rung(s, w, TUNED, ADAPTIVE, at.with("filter", "global"), f, f), f));
            l.add(ablation(NO_TILE, base, rung(s, w, TUNED, ADAPTIVE, at.with("tx", "1").with("ty", "1"), f, f), f));
            l.add(ablation(NOT_RESTRICT, base, rung(s, w, TUNED, ADAPTIVE, at.with("readOnly", "0"), f, f), f));
            l.add(ablation(NO_LOCAL, base, rung(s, w, NAIVE, NAIVE, fx.with("bw", "" + tuned.bw()).with("bh", "" + tuned.bh()), f, f), f));
            err.println("[report " + sel + "] ablations " + f + "x" + f + ": " + String.join(", ", l.stream().filter(a -> a.fw() == f)
                    .map(a -> a.ablation() + " " + (a.verified() ? Seed002Report.fmt(a.offGflops() / a.baseGflops()) + "×" : "failed")).toList()));
        }
        return l;
    }

    private static AblationRow ablation(String what, Rung base, Rung off, int f) {
        boolean ok = base != null && base.verified() && off.verified();
        String why = base == null || !base.verified() ? "the base did not run" : off.error();
        return new AblationRow(what, f, f, base == null ? "-" : base.config(), base == null ? 0 : base.gflops(), off.gflops(), ok, ok ? null : why);
    }

    /** The device's stream triad (float) and flops FMA (float) rates, as {@code perfport bench gpu} measures them. */
    private RoofRow roof(DeviceSession s, String sel) {
        boolean gpu = s.device().type() == DeviceType.GPU;
        long n = o.streamN() > 0 ? o.streamN() : gpu ? 1L << 26 : 1L << 22;
        Double gbs = null, gf = null;
        String se = null, fe = null;
        try {
            RunResult r = Workloads.get("stream").run(s, "triad", Params.of("n", "" + n, "type", "float", "reps", "3"));
            if (r.verified()) gbs = r.metrics().getOrDefault("modelled GB/s", r.metrics().get("GB/s"));
            else se = r.error();
        } catch (PerfportException e) {
            se = e.getMessage();
        }
        try {
            Params p = Params.of("n", "" + 2048L * Math.max(1, s.device().computeUnits()), "iters", gpu ? "4096" : "1024", "type", "float", "reps", "3");
            RunResult r = Workloads.get("flops").run(s, "fma", p);
            if (r.verified()) gf = r.metrics().getOrDefault("modelled GFLOP/s", r.metrics().get("GFLOP/s"));
            else fe = r.error();
        } catch (PerfportException e) {
            fe = e.getMessage();
        }
        err.println("[report " + sel + "] roofline: stream triad " + (gbs == null ? se : Seed002Report.fmt(gbs) + " GB/s") + ", flops "
                + (gf == null ? fe : Seed002Report.fmt(gf) + " GFLOP/s"));
        return new RoofRow(n, gbs, se, gf, fe);
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
