package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed002Filters.AblationRow;
import dev.perfport.cli.report.Seed002Filters.FilterRow;
import dev.perfport.cli.report.Seed002Filters.PadRow;
import dev.perfport.cli.report.Seed002Filters.RoofRow;
import dev.perfport.cli.report.Seed002Filters.Rung;
import dev.perfport.cli.report.Seed002Filters.RunRow;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import static dev.perfport.cli.report.Markdown.block;
import static dev.perfport.cli.report.Seed002Filters.ADAPTIVE;
import static dev.perfport.cli.report.Seed002Filters.NAIVE;
import static dev.perfport.cli.report.Seed002Filters.RUNGS;
import static dev.perfport.cli.report.Seed002Filters.TILED;
import static dev.perfport.cli.report.Seed002Filters.TILED_X4;
import static dev.perfport.cli.report.Seed002Filters.TUNED;
import static dev.perfport.cli.report.Seed002Filters.UNROLLED;
import static dev.perfport.cli.report.Seed002Report.fmt;

/**
 * Report seed-002's filter study on the page: the look-up table (a grid of each filter size's
 * best rung, a heat map, the table itself folded and as a CSV file), the thesis's statistics of
 * its table beside this device's, the rungs' rates and intensities against the roofline, the
 * padding sweep and the ablations with what they show.
 */
final class Seed002FiltersPage {
    private Seed002FiltersPage() {
    }

    /** The look-up table's file of a device, in the report's folder. */
    static String lutFile(String dev) {
        return "lut-" + dev.replaceAll("[^A-Za-z0-9]+", "-").toLowerCase(Locale.ROOT) + ".csv";
    }

    /** The configuration a filter size's entry holds: the adapt+unroll rung's, or the tuned one's where that did not run. */
    static Rung entry(FilterRow r) {
        Rung u = r.rung(UNROLLED);
        if (u != null && u.verified()) return u;
        Rung t = r.rung(TUNED);
        return t != null && t.verified() ? t : null;
    }

    /** The section's model, or empty where the part did not run on this device. */
    static List<Object> section(ReportData data, String dev, ReportWriter.Figures figs) {
        List<FilterRow> rows = data.rows("filters", dev, FilterRow.class);
        if (rows == null || rows.isEmpty()) return List.of();
        List<RunRow> run = data.rows("filtersRun", dev, RunRow.class);
        RunRow info = run == null || run.isEmpty() ? null : run.getFirst();
        List<RoofRow> roofs = data.rows("filtersRoof", dev, RoofRow.class);
        RoofRow roof = roofs == null || roofs.isEmpty() ? null : roofs.getFirst();
        List<PadRow> pads = data.rows("filtersPadding", dev, PadRow.class);
        List<AblationRow> abl = data.rows("filtersAblation", dev, AblationRow.class);
        Map<String, Object> m = new HashMap<>();
        boolean modelled = rows.stream().anyMatch(FilterRow::modelled);
        m.put("rate", modelled ? "modelled GFLOP/s (the emulator's cost model)" : "GFLOP/s of kernel time");
        m.put("grid", info == null ? rows.size() + " filter sizes" : info.grid());
        m.put("thesisGrid", info != null && info.thesisGrid());
        m.put("side", info == null ? "?" : info.side() + "×" + info.side());
        m.put("budget", info == null ? "?" : info.smallestBudget() < info.budget() ? "up to " + info.budget() + " (the deadline of "
                + fmt(info.deadline()) + " s cut it to " + info.smallestBudget() + " for the last filter sizes)" : info.budget());
        m.put("skipped", info == null || info.skipped() == 0 ? "" : "The deadline of " + fmt(info.deadline()) + " s left the adapt+unroll rung unbuilt at "
                + info.skipped() + " of " + rows.size() + " filter sizes (spread over the grid); their entries are the tuned rung's.");
        m.put("space", info == null ? "?" : info.space());
        m.put("unroll", info == null ? "?" : switch (info.unroll()) {
            case "1" -> "fully unrolled (`unroll=1`)";
            case "0" -> "with the filter size compiled in but not unrolled by pragma (`unroll=0`; the compiler may still unroll)";
            default -> "unrolled where the workload unrolls by default (on GPUs; not on a CPU, where PoCL takes minutes to build unrolled kernels)";
        });
        m.put("reps", info == null ? "?" : info.reps());
        m.put("checkRows", info == null ? "?" : info.checkRows());
        m.put("timing", info == null ? "" : String.format(Locale.ROOT, "%.1f s in all: %.1f s for the rungs, %.1f s for the search, %.1f s for the adapt+unroll "
                        + "rung (of which %.1f s building its programs), %.1f s for the padding sweep, the ablations and the roofline's rates",
                info.seconds(), info.ladderSeconds(), info.tuneSeconds(), info.unrollSeconds(), info.unrollCompileMs() / 1e3, info.otherSeconds()));
        m.put("lutFile", Seed002Report.NAME + "/" + lutFile(dev));
        m.put("letters", block(md -> letters(md, rows)));
        m.put("heat", block(md -> figs.image(md, "lut-" + dev)));
        m.put("lut", block(md -> md.details("The look-up table (" + rows.size() + " filter sizes)", x -> lutTable(x, rows))));
        m.put("stats", block(md -> stats(md, rows)));
        m.put("rungs", block(md -> rungTable(md, rows, roof)));
        m.put("roof", roof == null ? "not measured" : roofText(roof));
        m.put("roofFigure", block(md -> figs.image(md, "roofline-" + dev)));
        m.put("padding", pads == null || pads.isEmpty() ? "" : block(md -> padTable(md, pads)));
        m.put("ablations", abl == null || abl.isEmpty() ? "" : block(md -> ablationTable(md, abl)));
        m.put("explain", block(md -> md.bullets(explain(rows, pads == null ? List.of() : pads, abl == null ? List.of() : abl, roof))));
        return List.of(m);
    }

    private static String roofText(RoofRow r) {
        return "stream triad (float, n = " + r.streamN() + "): " + (r.streamGbs() == null ? "failed (" + r.streamError() + ")" : fmt(r.streamGbs()) + " GB/s")
                + "; flops FMA (float): " + (r.flopsGflops() == null ? "failed (" + r.flopsError() + ")" : fmt(r.flopsGflops()) + " GFLOP/s")
                + (r.streamGbs() != null && r.flopsGflops() != null ? "; ridge point " + fmt(r.flopsGflops() / r.streamGbs()) + " FLOP/byte" : "");
    }

    /** Rows: filter heights; columns: widths; cells: the best rung's letter. */
    private static void letters(Markdown md, List<FilterRow> rows) {
        List<Integer> ws = rows.stream().map(FilterRow::fw).distinct().sorted().toList();
        List<Integer> hs = rows.stream().map(FilterRow::fh).distinct().sorted().toList();
        List<String> head = new ArrayList<>(List.of("Fh \\ Fw"));
        for (int w : ws) head.add(Integer.toString(w));
        Markdown.Table t = md.table(head);
        for (int h : hs) {
            List<Object> line = new ArrayList<>(List.of("**" + h + "**"));
            for (int w : ws) {
                FilterRow r = rows.stream().filter(x -> x.fw() == w && x.fh() == h).findFirst().orElse(null);
                Rung b = r == null ? null : r.best();
                line.add(r == null ? "" : b == null ? "–" : RUNGS.get(b.variant()));
            }
            t.row(line);
        }
        t.end();
        List<String> key = new ArrayList<>();
        for (var e : RUNGS.entrySet()) {
            long n = rows.stream().filter(r -> r.best() != null && r.best().variant().equals(e.getKey())).count();
            key.add(e.getValue() + " = " + e.getKey() + " (" + n + ")");
        }
        md.paragraph("Best rung per filter size: " + String.join(", ", key) + "; – = none verified.");
    }

    private static void lutTable(Markdown md, List<FilterRow> rows) {
        List<String> head = new ArrayList<>(List.of("Fw×Fh", "entry: block", "T (tx×ty)", "padded", "entry GFLOP/s", "best rung"));
        for (String v : RUNGS.keySet()) head.add(v);
        head.add("evaluations");
        Markdown.Table t = md.table(head);
        for (FilterRow r : rows) {
            Rung e = entry(r), b = r.best();
            List<Object> line = new ArrayList<>(List.of(r.fw() + "×" + r.fh(), e == null ? "-" : e.bw() + "×" + e.bh(),
                    e == null ? "-" : e.tx() + "×" + e.ty(), e == null ? "-" : padded(e) ? "yes" : "no", e == null ? "-" : fmt(e.gflops()),
                    b == null ? "-" : b.variant()));
            for (String v : RUNGS.keySet()) {
                Rung x = r.rung(v);
                line.add(x == null ? "-" : x.verified() ? fmt(x.gflops()) : "failed");
            }
            line.add(r.evaluations());
            t.row(line);
        }
        t.end();
    }

    static double median(double[] v) {
        if (v.length == 0) return Double.NaN;
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static String pct(long n, long of) {
        return of == 0 ? "-" : String.format(Locale.ROOT, "%d of %d (%.1f%%)", n, of, 100.0 * n / of);
    }

    /** Whether the entry's padding changes its local rows (16-wide rows of outputs, the thesis's Bw = 16 winners). */
    static boolean padded(Rung e) {
        return e.pad() == 1 && (e.bw() * e.tx()) % 32 != 0;
    }

    /** The statistics the thesis gives for its look-up table (seed 002 §4.2 item 6, §4.4), here beside its values. */
    static List<List<String>> statistics(List<FilterRow> rows) {
        List<List<String>> l = new ArrayList<>();
        List<Rung> entries = rows.stream().map(Seed002FiltersPage::entry).filter(java.util.Objects::nonNull).toList();
        int n = entries.size();
        l.add(List.of("filter sizes in the table", "441 (3..43 odd × 3..43 odd)", rows.size() + " (" + n + " with an entry)"));
        Map<String, Long> blocks = new LinkedHashMap<>();
        for (Rung e : entries) blocks.merge(e.bw() + "×" + e.bh(), 1L, Long::sum);
        var top = blocks.entrySet().stream().max(Map.Entry.comparingByValue()).orElse(null);
        l.add(List.of("most common block among the entries", "16×32: 49.7% (GTX680; §3.5 also says 16×64)",
                top == null ? "-" : top.getKey() + ": " + pct(top.getValue(), n)));
        long bw16 = entries.stream().filter(e -> e.bw() == 16).count();
        long pad = entries.stream().filter(Seed002FiltersPage::padded).count();
        l.add(List.of("entries with Bw = 16 (rely on the padding)", "342 of 441 (77.6%); GTX480 76.2%, K20 92.1%",
                pct(bw16, n) + "; padding in effect in " + pct(pad, n)));
        double meanT = entries.stream().mapToInt(Rung::tx).average().orElse(Double.NaN);
        double meanTT = entries.stream().mapToInt(e -> e.tx() * e.ty()).average().orElse(Double.NaN);
        l.add(List.of("mean tile factor T", "4.16", Double.isNaN(meanT) ? "-" : String.format(Locale.ROOT, "%.2f (outputs per work-item tx·ty: %.2f)", meanT, meanTT)));
        l.add(List.of("T = 2 / T = 4 / T > 4", "21.3% / 33.6% / 34.2% (GTX480: 24.0% / 44.2% / 31.8%)",
                pct(entries.stream().filter(e -> e.tx() == 2).count(), n) + " / " + pct(entries.stream().filter(e -> e.tx() == 4).count(), n) + " / "
                        + pct(entries.stream().filter(e -> e.tx() > 4).count(), n)));
        FilterRow bestRow = null;
        for (FilterRow r : rows) if (entry(r) != null && (bestRow == null || entry(r).gflops() > entry(bestRow).gflops())) bestRow = r;
        Rung be = bestRow == null ? null : entry(bestRow);
        l.add(List.of("best single kernel", "17×43: 938.4 GFLOP/s, block 16×64, T = 6 (GTX680)", be == null ? "-"
                : bestRow.fw() + "×" + bestRow.fh() + ": " + fmt(be.gflops()) + " GFLOP/s, block " + be.bw() + "×" + be.bh() + ", T = " + be.tx()
                + (be.ty() > 1 ? " × " + be.ty() : "")));
        FilterRow three = rows.stream().filter(r -> r.fw() == 3 && r.fh() == 3).findFirst().orElse(null);
        l.add(List.of("3×3: naive → adaptive → adapt+unroll", "66.6 → 133.2 (or 135.9) → 251.3 GFLOP/s (GTX680)", three == null ? "not in this grid"
                : fmt(three.rate(NAIVE)) + " → " + fmt(three.rate(ADAPTIVE)) + " → " + fmt(three.rate(UNROLLED))));
        double[] gains = rows.stream().filter(r -> r.best() != null && r.rate(NAIVE) > 0).mapToDouble(r -> r.best().gflops() / r.rate(NAIVE)).toArray();
        l.add(List.of("best rung over naive: min / median / max", "max 9.14× (GTX680), 8.3× (K20)", gains.length == 0 ? "-"
                : String.format(Locale.ROOT, "%.2f× / %.2f× / %.2f×", Arrays.stream(gains).min().orElseThrow(), median(gains), Arrays.stream(gains).max().orElseThrow())));
        long both = rows.stream().filter(r -> r.rate(ADAPTIVE) > 0 && r.rate(TILED_X4) > 0).count();
        long better = rows.stream().filter(r -> r.rate(ADAPTIVE) > 0 && r.rate(ADAPTIVE) > r.rate(TILED_X4)).count();
        l.add(List.of("adaptive faster than the static 1×4 tiling", "121 of 441 (identical otherwise)",
                better + " of " + rows.size() + " (both ran: " + both + ")"));
        List<String> noFit = rows.stream().filter(r -> r.rung(TILED_X4) != null && !r.rung(TILED_X4).verified()).map(r -> r.fw() + "×" + r.fh()).toList();
        l.add(List.of("static 1×4 with the 32×32 block does not run", "41×43 and 43×43 (48 KB of shared memory); adaptive runs 43×43 with T = 3",
                (noFit.isEmpty() ? "every filter size ran" : String.join(", ", noFit)) + rows.stream().filter(r -> r.fw() == 43 && r.fh() == 43
                        && r.rung(ADAPTIVE) != null && r.rung(ADAPTIVE).verified()).map(r -> "; adaptive runs 43×43 with T = " + r.rung(ADAPTIVE).tx())
                        .findFirst().orElse("")));
        long bestU = rows.stream().filter(r -> r.best() != null && r.best().variant().equals(UNROLLED)).count();
        l.add(List.of("filter sizes whose best rung is adapt+unroll", "all (the most efficient kernel everywhere)", pct(bestU, rows.size())));
        return l;
    }

    private static void stats(Markdown md, List<FilterRow> rows) {
        Markdown.Table t = md.table("statistic", "thesis", "here");
        for (List<String> r : statistics(rows)) t.row(r.toArray());
        t.end();
    }

    /** The roofline's bound of a rung: the flops rate, or its intensity times the stream rate, whichever is lower. */
    static double bound(RoofRow roof, double ai) {
        if (roof == null || roof.streamGbs() == null || roof.flopsGflops() == null) return Double.NaN;
        return Math.min(roof.flopsGflops(), ai * roof.streamGbs());
    }

    private static void rungTable(Markdown md, List<FilterRow> rows, RoofRow roof) {
        Markdown.Table t = md.table("rung", "ran", "median GFLOP/s", "max GFLOP/s (filter)", "median × naive", "median AI (FLOP/byte)",
                "median % of the roofline bound", "best at");
        for (String v : RUNGS.keySet()) {
            List<FilterRow> ok = rows.stream().filter(r -> r.rung(v) != null && r.rung(v).verified()).toList();
            if (ok.isEmpty()) {
                t.row(v, "0 of " + rows.size(), "-", "-", "-", "-", "-", "-");
                continue;
            }
            ToDoubleFunction<FilterRow> rate = r -> r.rate(v);
            FilterRow mx = ok.stream().max(Comparator.comparingDouble(rate)).orElseThrow();
            double[] x = ok.stream().filter(r -> r.rate(NAIVE) > 0).mapToDouble(r -> r.rate(v) / r.rate(NAIVE)).toArray();
            double[] ai = ok.stream().mapToDouble(r -> r.rung(v).ai()).toArray();
            double[] pb = ok.stream().mapToDouble(r -> 100 * r.rate(v) / bound(roof, r.rung(v).ai())).filter(Double::isFinite).toArray();
            long best = rows.stream().filter(r -> r.best() != null && r.best().variant().equals(v)).count();
            t.row(v, ok.size() + " of " + rows.size(), fmt(median(ok.stream().mapToDouble(rate).toArray())),
                    fmt(mx.rate(v)) + " (" + mx.fw() + "×" + mx.fh() + ")", x.length == 0 ? "-" : String.format(Locale.ROOT, "%.2f×", median(x)),
                    String.format(Locale.ROOT, "%.2f", median(ai)), pb.length == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", median(pb)), best);
        }
        t.end();
    }

    private static void padTable(Markdown md, List<PadRow> pads) {
        Markdown.Table t = md.table("image", "filter", "unpadded GFLOP/s", "padded GFLOP/s", "padded / unpadded");
        for (int i = 0; i + 1 < pads.size(); i += 2) {
            PadRow a = pads.get(i), b = pads.get(i + 1);
            String ratio = a.verified() && b.verified() && a.gflops() > 0 ? String.format(Locale.ROOT, "%.3f", b.gflops() / a.gflops()) : "-";
            t.row(a.side() + "²" + (a.side() % 16 == 0 ? "" : " (not a multiple of 16)"), a.fw() + "×" + a.fh(),
                    a.verified() ? fmt(a.gflops()) : "failed", b.verified() ? fmt(b.gflops()) : "failed", ratio);
        }
        t.end();
    }

    private static void ablationTable(Markdown md, List<AblationRow> abl) {
        Markdown.Table t = md.table("filter", "switched off", "base", "base GFLOP/s", "off GFLOP/s", "off / base");
        for (AblationRow a : abl) {
            t.row(a.fw() + "×" + a.fh(), a.ablation(), a.base(), a.baseGflops() > 0 ? fmt(a.baseGflops()) : "-", a.verified() ? fmt(a.offGflops()) : "failed: " + a.error(),
                    a.verified() ? String.format(Locale.ROOT, "%.3f", a.offGflops() / a.baseGflops()) : "-");
        }
        t.end();
    }

    /** Median of off/base over the verified rows of one ablation, or NaN. */
    static double ratio(List<AblationRow> abl, String what) {
        return median(abl.stream().filter(a -> a.ablation().equals(what) && a.verified() && a.baseGflops() > 0)
                .mapToDouble(a -> a.offGflops() / a.baseGflops()).toArray());
    }

    private static String x(double v) {
        return String.format(Locale.ROOT, "%.2f×", v);
    }

    /** What the measurements show about the ladder's gains, sentence by sentence, each from its numbers. */
    static List<String> explain(List<FilterRow> rows, List<PadRow> pads, List<AblationRow> abl, RoofRow roof) {
        List<String> l = new ArrayList<>();
        double[] gains = rows.stream().filter(r -> r.best() != null && r.rate(NAIVE) > 0).mapToDouble(r -> r.best().gflops() / r.rate(NAIVE)).toArray();
        long naiveBest = rows.stream().filter(r -> r.best() != null && r.best().variant().equals(NAIVE)).count();
        if (gains.length > 0) {
            l.add("**The ladder's gain.** The best rung runs at " + x(median(gains)) + " the naive kernel (median over " + gains.length
                    + " filter sizes; largest " + x(Arrays.stream(gains).max().orElseThrow()) + "), against up to 9.14× on the thesis's GTX680"
                    + (naiveBest > 0 ? "; naive itself is the best rung at " + naiveBest + " of " + rows.size() + " filter sizes." : "."));
        }
        List<FilterRow> naiveRows = rows.stream().filter(r -> r.rate(NAIVE) > 0).toList();
        if (roof != null && !naiveRows.isEmpty() && !Double.isNaN(bound(roof, Seed002Filters.NAIVE_INTENSITY))) {
            double b = bound(roof, Seed002Filters.NAIVE_INTENSITY);
            double[] over = naiveRows.stream().mapToDouble(r -> r.rate(NAIVE) / b).toArray();
            long above = Arrays.stream(over).filter(v -> v > 1).count();
            double m = median(over);
            l.add("**Naive against its roofline.** Without caches naive's intensity is 0.25 FLOP/byte, so the stream rate bounds it at "
                    + fmt(b) + " GFLOP/s; it runs at " + x(m) + " that bound (median), above it at " + above + " of " + over.length + " filter sizes"
                    + (above * 2 > over.length ? ": most of its loads never reach memory, they hit in a cache, so its real intensity is higher than "
                    + "Fig. 3.1b's count of loads, and the tiled rungs' advantage in intensity is smaller than Eqs. 3.1–3.2 suggest."
                    : ": its loads go to memory about as the formula counts them."));
        }
        double cache = ratio(abl, Seed002Filters.CACHE_OFF);
        if (!Double.isNaN(cache)) {
            if (cache <= 0.7) {
                l.add("**The cache serves the naive kernel.** With its input loads made volatile (no load served from the cache the compiler "
                        + "routes them through: on NVIDIA the L1), naive runs at " + x(cache) + " its speed. Its neighbouring work-items read "
                        + "overlapping windows, and the cache turns those re-reads into hits: the hardware already gives naive much of the "
                        + "reuse the tiled kernels arrange in local memory, which is why local memory gains less here than on the GTX680, "
                        + "whose naive kernel read through no such cache (the thesis's naive ≤ 106 GFLOP/s).");
            } else if (cache < 0.95) {
                l.add("**The cache helps the naive kernel somewhat.** With its input loads volatile, naive runs at " + x(cache)
                        + " its speed: part of its speed is cache hits on its overlapping windows, not all.");
            } else {
                l.add("**No cache effect found.** With its input loads volatile, naive runs at " + x(cache) + " its speed: this "
                        + "ablation does not show a cache at work. Either the loads were not served from a cache to begin with, or volatile "
                        + "does not bypass it on this device (on a CPU every load goes through the caches regardless; volatile only stops "
                        + "the compiler from merging or vectorising loads). The cause of naive's speed is not found by this measurement.");
            }
        }
        double local = ratio(abl, Seed002Filters.NO_LOCAL);
        if (!Double.isNaN(local)) {
            l.add(local < 1 ? "**Local memory and the register tile.** Naive at the tuned kernel's block runs at " + x(local)
                    + " the tuned kernel: bringing the tile into local memory once per group, with several outputs per work-item, gains "
                    + x(1 / local) + "."
                    : "**Local memory does not pay here.** Naive at the tuned kernel's block runs at " + x(local)
                    + " the tuned kernel: the staging into local memory and the barrier cost more than the re-reads they save.");
        }
        double tile = ratio(abl, Seed002Filters.NO_TILE);
        if (!Double.isNaN(tile)) {
            l.add("**The register tile (thread-block merge).** The tuned configuration with one output per work-item runs at " + x(tile)
                    + (tile < 0.95 ? ": reusing each filter weight from a register across the tile's outputs, and the merged tiles' shared border, "
                    + "account for " + x(1 / tile) + "." : ": the tile's outputs per work-item do not explain the tuned kernel's speed here."));
        }
        double gf = ratio(abl, Seed002Filters.GLOBAL_FILTER);
        if (!Double.isNaN(gf)) {
            l.add("**Constant memory for the filter.** With the filter in global memory the tuned kernel runs at " + x(gf)
                    + (gf < 0.95 ? ": the broadcast of one weight to all work-items through the constant cache matters." : Math.abs(gf - 1) < 0.05
                    ? ": no difference; the filter's memory does not limit the tuned kernel here." : "."));
        }
        double ro = ratio(abl, Seed002Filters.NOT_RESTRICT);
        if (!Double.isNaN(ro)) {
            l.add("**Read-only input.** Without restrict on the input the tuned kernel runs at " + x(ro)
                    + (Math.abs(ro - 1) < 0.05 ? " (no difference: the tiled kernel reads its input once per group, into local memory)." : "."));
        }
        double[] spec = rows.stream().filter(r -> r.rate(UNROLLED) > 0 && r.rung(UNROLLED) != null && r.rate(TUNED) > 0
                        && sameConfig(r.rung(UNROLLED), r.rung(TUNED)))
                .mapToDouble(r -> r.rate(UNROLLED) / r.rate(TUNED)).toArray();
        if (spec.length > 0) {
            l.add("**The filter size compiled in.** The same configuration built for its filter size alone (loop bounds constant, unrolled "
                    + "where on) runs at " + x(median(spec)) + " the run-time-bounds build (median over " + spec.length + " filter sizes; range "
                    + x(Arrays.stream(spec).min().orElseThrow()) + "–" + x(Arrays.stream(spec).max().orElseThrow()) + "), the thesis's last step.");
        }
        double[] padRatio = new double[0];
        List<Double> pr = new ArrayList<>();
        for (int i = 0; i + 1 < pads.size(); i += 2) {
            PadRow a = pads.get(i), b = pads.get(i + 1);
            if (a.verified() && b.verified() && a.gflops() > 0) pr.add(b.gflops() / a.gflops());
        }
        padRatio = pr.stream().mapToDouble(Double::doubleValue).toArray();
        if (padRatio.length > 0) {
            double p = median(padRatio);
            l.add("**Bank padding.** With 16-wide blocks the padded tiled kernel runs at " + x(p) + " the unpadded one (median over "
                    + padRatio.length + " points; range " + x(Arrays.stream(padRatio).min().orElseThrow()) + "–"
                    + x(Arrays.stream(padRatio).max().orElseThrow()) + (p > 1.05 ? "): bank conflicts cost here, as on the GTX680 (padded better almost everywhere)."
                    : p < 0.95 ? "): padding costs more local memory than the conflicts it removes." : "): bank conflicts cost little here."));
        }
        l.add("**What is not measured.** OpenCL exposes no cache-hit or bank-conflict counters and no profiler runs here, so the roles of "
                + "the caches and banks are inferred from these switches, not counted.");
        return l;
    }

    private static boolean sameConfig(Rung a, Rung b) {
        return a.bw() == b.bw() && a.bh() == b.bh() && a.tx() == b.tx() && a.ty() == b.ty() && a.pad() == b.pad();
    }

    /** The rung's letter (for the plots' legends). */
    static String letter(String rung) {
        return RUNGS.get(rung);
    }

    static final List<String> ORDER = List.of(NAIVE, TILED, TILED_X4, ADAPTIVE, TUNED, UNROLLED);
}
