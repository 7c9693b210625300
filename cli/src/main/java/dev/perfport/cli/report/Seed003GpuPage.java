package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed003GpuStudy.Device;
import dev.perfport.cli.report.Seed003GpuStudy.DeviceRow;
import dev.perfport.cli.report.Seed003GpuStudy.Point;
import dev.perfport.cli.report.Seed003GpuTables.KRow;
import dev.perfport.cli.report.Seed003GpuTables.ReductionRow;
import dev.perfport.cli.report.Seed003GpuTables.ScanRow;
import dev.perfport.cli.report.Seed003GpuTables.Sweep;
import dev.perfport.core.result.Counters;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static dev.perfport.cli.report.Markdown.block;
import static dev.perfport.cli.report.Seed003GpuTables.range;

/**
 * The values of the template's GPU part, one model per device: Table 6, Fig. 9 and Fig. 10 as
 * tables from the saved points ({@link Seed003GpuTables}), and the numbers and choices of each
 * Observation (which cause the data supports). The wording is in {@code seed-003.md}.
 */
final class Seed003GpuPage {
    /** A ratio within this of 1 is "about the same" (kernel times of two-core CI machines move by ~10 %). */
    static final double NOISE = 0.10;
    /** A last step of the k sweep at this efficiency or more still scales linearly at the cap. */
    static final double LINEAR = 0.8;

    private Seed003GpuPage() {
    }

    /** One model per device with saved GPU sweeps, in the order measured. */
    static List<Map<String, Object>> devices(ReportData data) {
        List<Map<String, Object>> l = new ArrayList<>();
        for (String dev : Seed003GpuStudy.devices(data)) l.add(device(Seed003GpuStudy.fromSaved(data, dev)));
        return l;
    }

    static Map<String, Object> device(Device d) {
        DeviceRow r = d.row();
        Map<String, Object> m = new HashMap<>();
        m.put("selector", r.selector());
        m.put("name", r.name());
        m.put("type", r.type());
        m.put("cus", r.computeUnits());
        m.put("sizes", r.sizes());
        m.put("failed", r.error() != null);
        m.put("error", r.error() == null ? "" : Markdown.cell(r.error()));
        boolean cpu = r.type().equals("cpu");
        m.put("cpu", cpu);
        m.put("table6", d.reduction() == null ? List.of() : List.of(table6(d.reduction(), r.computeUnits())));
        m.put("fig9", d.matmul() == null ? List.of() : List.of(fig9(Seed003GpuTables.fig9(d.matmul(), r.computeUnits()))));
        m.put("fig10", d.scan() == null ? List.of() : List.of(fig10(d.scan(), r.computeUnits())));
        return m;
    }

    // ---- Table 6 --------------------------------------------------------------------------

    private static Map<String, Object> table6(List<Point> pts, int cus) {
        List<ReductionRow> rows = Seed003GpuTables.table6(pts);
        Map<String, Object> m = new HashMap<>();
        m.put("table", block(md -> {
            Markdown.Table t = md.table("N", "paper SLM", "paper local", "paper two kernels", "SLM (GB/s)", "local (GB/s)", "two kernels (GB/s)",
                    "paper SLM/local", "SLM/local", "two kernels/local", "global atomics local / SLM", "SLM's persistent groups");
            for (ReductionRow x : rows) {
                t.row(pow2(x.n()), num(x.paperSlm()), num(x.paperLocal()), num(x.paperTwo()), rate(x.slm()), rate(x.local()), rate(x.two()),
                        ratio(x.paperSlmGain()), ratio(x.slmGain()), ratio(x.twoGain()),
                        count(x.local(), Counters.GLOBAL_ATOMICS) + " / " + count(x.slm(), Counters.GLOBAL_ATOMICS), count(x.slm(), Counters.UNITS_USED));
            }
            t.end();
        }));
        m.put("nList", String.join(", ", rows.stream().map(x -> pow2(x.n())).toList()));
        double[] slm = range(rows.stream().map(ReductionRow::slmGain).toList());
        double[] two = range(rows.stream().map(ReductionRow::twoGain).toList());
        m.put("slmRange", span(slm));
        m.put("twoRange", span(two));
        m.put("slmWins", slm[0] > 1 + NOISE);
        m.put("slmLoses", slm[1] < 1 - NOISE);
        // two-kernel issues no global atomic: no faster than local-atomic means the atomics are not what its time is made of
        m.put("atomicsCheap", two[1] <= 1 + NOISE);
        m.put("atomicsCost", two[0] > 1 + NOISE);
        ReductionRow first = rows.isEmpty() ? null : rows.getFirst(), last = rows.isEmpty() ? null : rows.getLast();
        String lo = first == null ? "—" : count(first.local(), Counters.GLOBAL_ATOMICS), hi = last == null ? "—" : count(last.local(), Counters.GLOBAL_ATOMICS);
        m.put("atomicsLocal", lo.equals(hi) ? lo : lo + "–" + hi);
        m.put("units", last == null ? "—" : count(last.slm(), Counters.UNITS_USED));
        m.put("perCu", last == null || last.slm() == null || cus < 1 ? "—" : num((double) last.slm().counter(Counters.UNITS_USED) / cus));
        // the paper's 2^17 column: local 238 µs, SLM 52 µs for 2^19 bytes; 512 groups of 256 against 30 units (wg assumed)
        double bytes = 4.0 * Seed003Paper.T6_N[0];
        double saved = bytes / Seed003Paper.T6_LOCAL[0] / 1e3 - bytes / Seed003Paper.T6_SLM[0] / 1e3;
        m.put("paperSavedUs", num(saved));
        m.put("paperPerAtomicUs", num(saved / (Seed003Paper.T6_N[0] / 256.0 - Seed003Paper.GTX_CUS)));
        m.put("localUs", first == null || first.local() == null || !first.local().ok() ? "—" : num(first.local().ms() * 1e3));
        m.put("slmUs", first == null || first.slm() == null || !first.slm().ok() ? "—" : num(first.slm().ms() * 1e3));
        m.put("firstN", first == null ? "—" : pow2(first.n()));
        return m;
    }

    // ---- Fig. 9 -----------------------------------------------------------------------------

    private static Map<String, Object> fig9(Sweep s) {
        Map<String, Object> m = sweep(s, "NDRange β", "GFLOP/s");
        Point nd = s.base();
        m.put("ndrange", rate(nd));
        KRow best = s.best();
        m.put("best", best == null ? "—" : "k = " + best.k() + ", " + best.mapping());
        double bestVs = best == null ? Double.NaN : best.vsBase();
        m.put("bestVs", ratio(bestVs));
        m.put("aboveNd", bestVs > 1 + NOISE);
        m.put("closeToNd", bestVs >= 0.85 && bestVs <= 1 + NOISE);
        m.put("belowNd", bestVs < 0.85);
        KRow atCu = s.at(s.computeUnits());
        m.put("effCu", atCu == null ? "—" : ratio(atCu.efficiency()));
        m.put("linearToCu", atCu != null && atCu.efficiency() >= LINEAR);
        KRow top = s.at(s.residency());
        m.put("over", s.residency() > s.computeUnits() && atCu != null && top != null);
        m.put("overGain", atCu == null || top == null ? "—" : ratio(Seed003GpuTables.ratio(top.point(), atCu.point())));
        double gain = s.mappingGain();
        m.put("mappingGain", ratio(gain));
        m.put("bestMapping", s.bestMapping());
        m.put("locality", gain >= 1 + NOISE);
        m.put("mappings", block(md -> {
            Markdown.Table t = md.table("mapping at k = " + s.residency(), "GFLOP/s", "× NDRange", "global atomics", "work-groups (tasks)");
            for (KRow r : s.mappings()) {
                t.row(r.mapping(), rate(r.point()), ratio(r.vsBase()), count(r.point(), Counters.GLOBAL_ATOMICS), count(r.point(), Counters.WORK_GROUPS));
            }
            t.end();
        }));
        return m;
    }

    /** What Figs. 9 and 10 share: the k table and the occupancy figures. */
    private static Map<String, Object> sweep(Sweep s, String baseName, String unit) {
        Map<String, Object> m = new HashMap<>();
        m.put("ksTable", block(md -> {
            Markdown.Table t = md.table("k", "k / compute units", unit, "speed-up over k = 1", "efficiency (speed-up / k)", unit + " per group",
                    "× " + baseName, "units used");
            for (KRow r : s.ks()) {
                t.row(r.k(), num((double) r.k() / Math.max(1, s.computeUnits())), rate(r.point()), ratio(r.speedup()), ratio(r.efficiency()),
                        r.point().ok() ? num(r.perGroup()) : "—", ratio(r.vsBase()), count(r.point(), Counters.UNITS_USED));
            }
            t.end();
        }));
        m.put("res", s.residency());
        m.put("resPerCu", num((double) s.residency() / Math.max(1, s.computeUnits())));
        double last = s.lastStepEfficiency();
        m.put("lastStep", ratio(last));
        m.put("linearAtCap", last >= LINEAR);
        m.put("capIsCus", s.residency() == s.computeUnits());
        double k = s.groupsToMatch();
        m.put("kStar", Double.isFinite(k) ? String.format(Locale.ROOT, "%.0f", k) : "—");
        m.put("kStarPerCu", Double.isFinite(k) ? num(k / Math.max(1, s.computeUnits())) : "—");
        KRow top = s.at(s.residency());
        m.put("perGroup", top == null || !top.point().ok() ? "—" : num(top.perGroup()) + " " + unit);
        return m;
    }

    // ---- Fig. 10 ----------------------------------------------------------------------------

    private static Map<String, Object> fig10(List<Point> pts, int cus) {
        List<ScanRow> rows = Seed003GpuTables.fig10(pts);
        Sweep s = Seed003GpuTables.fig10Ks(pts, cus);
        Map<String, Object> m = sweep(s, "Harris (recursive)", "Gelem/s");
        m.put("table", block(md -> {
            Markdown.Table t = md.table("N", "Harris, sequential SUM scan", "Harris, recursive", "V1", "Scan⁺", "Scan⁺ / Harris recursive",
                    "Scan⁺ / Harris sequential", "Scan⁺ / V1", "k (V1, Scan⁺)", "Harris work-groups (seq. / rec.)");
            for (ScanRow r : rows) {
                t.row(pow2(r.n()), rate(r.sequential()), rate(r.recursive()), rate(r.v1()), rate(r.plus()), ratio(r.plusOverRecursive()),
                        ratio(r.plusOverSequential()), ratio(r.plusOverV1()), r.plus() == null ? "—" : r.plus().param("k"),
                        count(r.sequential(), Counters.WORK_GROUPS) + " / " + count(r.recursive(), Counters.WORK_GROUPS));
            }
            t.end();
        }));
        m.put("nList", String.join(", ", rows.stream().map(x -> pow2(x.n())).toList()));
        double[] rec = range(rows.stream().map(ScanRow::plusOverRecursive).toList());
        double[] seq = range(rows.stream().map(ScanRow::plusOverSequential).toList());
        double[] v1 = range(rows.stream().map(ScanRow::plusOverV1).toList());
        m.put("plusRec", span(rec));
        m.put("plusSeq", span(seq));
        m.put("plusV1", span(v1));
        m.put("plusBeatsRec", rec[0] > 1 + NOISE);
        m.put("plusLosesRec", rec[1] < 1 - NOISE);
        m.put("plusBeatsSeq", seq[0] > 1 + NOISE);
        m.put("nMax", rows.isEmpty() ? "—" : pow2(rows.getLast().n()));
        return m;
    }

    // ---- formatting -------------------------------------------------------------------------

    static String num(double v) {
        if (!Double.isFinite(v)) return "—";
        if (v >= 100) return String.format(Locale.ROOT, "%,.0f", v);
        if (v >= 10) return String.format(Locale.ROOT, "%.1f", v);
        if (v >= 0.1) return String.format(Locale.ROOT, "%.2f", v);
        return String.format(Locale.ROOT, "%.3g", v);
    }

    static String ratio(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.2f", v) : "—";
    }

    /** "lo–hi" of ratios, or the one value, or a dash. */
    static String span(double[] r) {
        if (!Double.isFinite(r[0])) return "—";
        return ratio(r[0]).equals(ratio(r[1])) ? ratio(r[0]) : ratio(r[0]) + "–" + ratio(r[1]);
    }

    private static String rate(Point p) {
        if (p == null) return "—";
        return p.ok() ? num(p.rate()) : "failed";
    }

    private static String count(Point p, String name) {
        return p == null || !p.ok() || p.counters() == null || !p.counters().containsKey(name) ? "—" : String.format(Locale.ROOT, "%,d", p.counter(name));
    }

    static String pow2(long n) {
        return Long.bitCount(n) == 1 ? "2^" + Long.numberOfTrailingZeros(n) : Long.toString(n);
    }
}
