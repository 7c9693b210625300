package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed003GpuStudy.Point;
import dev.perfport.core.result.Counters;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static dev.perfport.cli.report.Seed003GpuStudy.MAPPING;
import static dev.perfport.cli.report.Seed003GpuStudy.NDRANGE;
import static dev.perfport.cli.report.Seed003GpuStudy.PER_K;
import static dev.perfport.cli.report.Seed003GpuStudy.PER_N;

/**
 * The arithmetic of the GPU half's tables, from one device's saved points: Table 6's rows with the
 * paper's beside them, Fig. 9's and Fig. 10's k sweeps as speed-ups, scaling efficiencies and rates
 * per static group, and the numbers the Observations cite as causes. Ratios are of rates (higher is
 * faster), NaN where a point is missing or failed.
 */
final class Seed003GpuTables {
    private Seed003GpuTables() {
    }

    /** {@code a}'s rate over {@code b}'s, or NaN. */
    static double ratio(Point a, Point b) {
        return a != null && b != null && a.ok() && b.ok() ? a.rate() / b.rate() : Double.NaN;
    }

    static Point find(List<Point> pts, String series, String variant, long x) {
        if (pts == null) return null;
        for (Point p : pts) if (p.series().equals(series) && p.variant().equals(variant) && p.x() == x) return p;
        return null;
    }

    // ---- Table 6 --------------------------------------------------------------------------

    /**
     * A row of Table 6: the three variants at one N and the paper's at that N (NaN where the paper
     * has no column for it).
     *
     * @param slmGain  static-local over local-atomic
     * @param twoGain  two-kernel over local-atomic: the atomics' share, since two-kernel issues none
     */
    record ReductionRow(long n, Point local, Point slm, Point two, double slmGain, double twoGain, double paperLocal, double paperSlm,
                        double paperTwo) {
        double paperSlmGain() {
            return paperSlm / paperLocal;
        }

        /** The global atomics local-atomic issues that static-local does not (per group against per unit). */
        long atomicsSaved() {
            return local == null || slm == null ? 0 : local.counter(Counters.GLOBAL_ATOMICS) - slm.counter(Counters.GLOBAL_ATOMICS);
        }
    }

    static List<ReductionRow> table6(List<Point> pts) {
        List<ReductionRow> rows = new ArrayList<>();
        if (pts == null) return rows;
        for (long n : pts.stream().filter(p -> p.series().equals(PER_N)).map(Point::x).distinct().sorted().toList()) {
            Point l = find(pts, PER_N, "local-atomic", n), s = find(pts, PER_N, "static-local", n), t = find(pts, PER_N, "two-kernel", n);
            int i = -1;
            for (int j = 0; j < Seed003Paper.T6_N.length; j++) if (Seed003Paper.T6_N[j] == n) i = j;
            rows.add(new ReductionRow(n, l, s, t, ratio(s, l), ratio(t, l), i < 0 ? Double.NaN : Seed003Paper.T6_LOCAL[i],
                    i < 0 ? Double.NaN : Seed003Paper.T6_SLM[i], i < 0 ? Double.NaN : Seed003Paper.T6_TWO[i]));
        }
        return rows;
    }

    // ---- k sweeps (Figs. 9 and 10) ---------------------------------------------------------

    /**
     * One static point of a k sweep.
     *
     * @param speedup    rate over the rate at k = 1 (NaN without that point)
     * @param efficiency speed-up / k: 1 where the rate grows linearly with k
     * @param perGroup   rate / k: what one static group delivers
     * @param vsBase     rate over the sweep's reference (the NDRange; Harris with recursive sums for the scan)
     */
    record KRow(int k, String mapping, Point point, double speedup, double efficiency, double perGroup, double vsBase) {
    }

    /**
     * A k sweep with its reference.
     *
     * @param base         the reference point (NDRange β; Harris with recursive sums at the sweep's N)
     * @param ks           blocked mapping, k ascending
     * @param mappings     every mapping at k = residency, blocked first
     * @param computeUnits the device's compute units
     * @param residency    the residency the runs reported (the largest k allowed), 0 if unknown
     */
    record Sweep(Point base, List<KRow> ks, List<KRow> mappings, int computeUnits, int residency) {
        KRow at(int k) {
            for (KRow r : ks) if (r.k() == k) return r;
            return null;
        }

        /** The fastest static point of any k and mapping. */
        KRow best() {
            KRow b = null;
            for (KRow r : all()) if (r.point().ok() && (b == null || r.point().rate() > b.point().rate())) b = r;
            return b;
        }

        private List<KRow> all() {
            List<KRow> l = new ArrayList<>(ks);
            l.addAll(mappings);
            return l;
        }

        /**
         * The last step of the sweep, to the residency from the largest k below it: its rate ratio
         * over its k ratio, 1 where the rate still grows linearly with k at the cap.
         */
        double lastStepEfficiency() {
            KRow top = at(residency), below = null;
            for (KRow r : ks) if (r.k() < residency && (below == null || r.k() > below.k())) below = r;
            if (top == null || below == null || !top.point().ok() || !below.point().ok()) return Double.NaN;
            return top.point().rate() / below.point().rate() / ((double) top.k() / below.k());
        }

        /** Static groups the reference's rate would need at the per-group rate measured at the residency. */
        double groupsToMatch() {
            KRow top = at(residency);
            return top == null || base == null || !base.ok() || !(top.perGroup() > 0) ? Double.NaN : base.rate() / top.perGroup();
        }

        /** The best mapping's rate over blocked's at the residency. */
        double mappingGain() {
            KRow blocked = null, best = null;
            for (KRow r : mappings) {
                if (!r.point().ok()) continue;
                if (r.mapping().equals("blocked")) blocked = r;
                else if (best == null || r.point().rate() > best.point().rate()) best = r;
            }
            return blocked == null || best == null ? Double.NaN : best.point().rate() / blocked.point().rate();
        }

        String bestMapping() {
            KRow best = null;
            for (KRow r : mappings) if (r.point().ok() && !r.mapping().equals("blocked") && (best == null || r.point().rate() > best.point().rate())) best = r;
            return best == null ? "-" : best.mapping();
        }
    }

    /** Fig. 9 from the matmul sweep: the NDRange, static β over k (blocked) and the mappings at k = residency. */
    static Sweep fig9(List<Point> pts, int computeUnits) {
        if (pts == null) return null;
        Point nd = pts.stream().filter(p -> p.series().equals(NDRANGE)).findFirst().orElse(null);
        List<Point> ks = new ArrayList<>(pts.stream().filter(p -> p.series().equals(PER_K)).toList());
        List<Point> maps = new ArrayList<>(pts.stream().filter(p -> p.series().equals(MAPPING)).toList());
        int res = ks.stream().mapToInt(p -> p.param("residency")).max().orElse(0);
        Point full = ks.stream().filter(p -> p.x() == res).findFirst().orElse(null);
        if (full != null) maps.addFirst(full);
        return sweep(nd, ks, maps, computeUnits, res);
    }

    /**
     * Fig. 10's k sweep: Scan⁺ at the largest N over k, against Harris with recursive sums at that
     * N (the recursion is what Apple's implementation, the paper's reference, does).
     */
    static Sweep fig10Ks(List<Point> pts, int computeUnits) {
        if (pts == null) return null;
        long nMax = pts.stream().filter(p -> p.series().equals(PER_N)).mapToLong(Point::x).max().orElse(0);
        List<Point> ks = new ArrayList<>(pts.stream().filter(p -> p.series().equals(PER_K)).toList());
        Point full = find(pts, PER_N, "scanplus", nMax);
        if (full != null && full.ok()) ks.add(new Point(PER_K, full.variant(), full.param("k"), full.params(), full.error(), full.ms(), full.rate(),
                full.counters()));
        return sweep(find(pts, PER_N, "harris-recursive", nMax), ks, List.of(), computeUnits, full == null ? 0 : full.param("residency"));
    }

    private static Sweep sweep(Point base, List<Point> ks, List<Point> maps, int cu, int res) {
        ks.sort(Comparator.comparingLong(Point::x));
        Point one = ks.stream().filter(p -> p.x() == 1).findFirst().orElse(null);
        List<KRow> rows = new ArrayList<>();
        for (Point p : ks) rows.add(row(p, one, base));
        List<KRow> mrows = new ArrayList<>();
        for (Point p : maps) mrows.add(row(p, one, base));
        return new Sweep(base, rows, mrows, cu, res);
    }

    private static KRow row(Point p, Point one, Point base) {
        int k = (int) p.x();
        double speedup = ratio(p, one);
        String mapping = p.params() == null ? "blocked" : p.params().getOrDefault("mapping", "blocked");
        return new KRow(k, mapping, p, speedup, k > 0 ? speedup / k : Double.NaN, p.ok() && k > 0 ? p.rate() / k : Double.NaN, ratio(p, base));
    }

    // ---- Fig. 10 -----------------------------------------------------------------------------

    /** A row of Fig. 10's table: the four variants at one N, Scan⁺ over each other. */
    record ScanRow(long n, Point sequential, Point recursive, Point v1, Point plus, double plusOverRecursive, double plusOverSequential,
                   double plusOverV1) {
    }

    static List<ScanRow> fig10(List<Point> pts) {
        List<ScanRow> rows = new ArrayList<>();
        if (pts == null) return rows;
        for (long n : pts.stream().filter(p -> p.series().equals(PER_N)).map(Point::x).distinct().sorted().toList()) {
            Point s = find(pts, PER_N, "harris-sequential", n), r = find(pts, PER_N, "harris-recursive", n);
            Point v = find(pts, PER_N, "v1", n), p = find(pts, PER_N, "scanplus", n);
            rows.add(new ScanRow(n, s, r, v, p, ratio(p, r), ratio(p, s), ratio(p, v)));
        }
        return rows;
    }

    /** The smallest and largest of the finite values, or NaNs. */
    static double[] range(List<Double> values) {
        double lo = Double.NaN, hi = Double.NaN;
        for (double v : values) {
            if (!Double.isFinite(v)) continue;
            lo = Double.isNaN(lo) ? v : Math.min(lo, v);
            hi = Double.isNaN(hi) ? v : Math.max(hi, v);
        }
        return new double[]{lo, hi};
    }
}
