package dev.perfport.cli.report;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.PerfportException;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The GPU half of seed 003 (§9) on OpenCL devices, the {@code gpu} part of {@code perfport report
 * seed-003}: the reduction's three variants against N (Table 6), the blocked matmul β as an NDRange
 * and on k static work-groups, k swept to the residency and three task mappings (Fig. 9), and the
 * scan's Harris (sequential and recursive SUM scans), V1 and Scan⁺ against N with Scan⁺'s k swept
 * (Fig. 10). Each device's sweeps ({@code gpu/device}, {@code gpu/reduction}, {@code gpu/matmul},
 * {@code gpu/scan}) are saved under its selector, so runs of several machines assemble with
 * {@code --from}. Times are kernel times (device timers), not modelled ones.
 */
public final class Seed003GpuStudy {
    /** The report part that selects this study. */
    public static final String PART = "gpu";
    /** The report parameters this study reads. */
    static final List<String> KEYS = List.of("gpusizes", "gpureps");
    static final String DEVICE = "gpu/device", REDUCTION = "gpu/reduction", MATMUL = "gpu/matmul", SCAN = "gpu/scan";
    /** Series of the points: one per N, the NDRange, the k sweep, the task mappings at k = residency. */
    static final String PER_N = "n", NDRANGE = "ndrange", PER_K = "k", MAPPING = "mapping";

    /**
     * The sizes of one device's sweeps.
     *
     * @param name        small or large
     * @param reductionNs N of Table 6 (int32 elements)
     * @param m           matmul rows of A and C (paper 4800)
     * @param k           matmul columns of A, rows of B (paper 7200)
     * @param n           matmul columns of B and C (paper 4800)
     * @param tile        matmul work-groups are tile × tile (the CUDA SDK's β: 16)
     * @param scanNs      N of the scan (int32 elements)
     * @param wg          work-items per group of the reduction and the scan (blocks of 2·wg)
     */
    public record Sizes(String name, List<Integer> reductionNs, int m, int k, int n, int tile, List<Integer> scanNs, int wg) {
        /** A CPU (and CI) in well under a minute: the paper's three smallest N, a matmul of 0.05 GFLOP. */
        static final Sizes SMALL = new Sizes("small", List.of(1 << 17, 1 << 19, 1 << 21), 256, 384, 256, 16,
                List.of(1 << 16, 1 << 18, 1 << 20), 256);
        /** A GPU: the paper's five N, half its matmul in each dimension (k = 1 alone takes seconds), scans to 2^25. */
        static final Sizes LARGE = new Sizes("large", List.of(1 << 17, 1 << 19, 1 << 21, 1 << 22, 1 << 25), 2400, 3600, 2400, 16,
                List.of(1 << 18, 1 << 20, 1 << 22, 1 << 24, 1 << 25), 256);

        static Sizes named(String name) {
            return name.equals(SMALL.name) ? SMALL : LARGE;
        }
    }

    /**
     * The part's settings.
     *
     * @param sizes {@code auto} (small on a CPU, large on any other device), {@code small} or {@code large}
     * @param reps  timed repetitions per point (the median is kept)
     */
    public record Options(String sizes, int reps) {
        static Options parse(Params p) {
            String s = p.get("gpusizes", "auto").trim().toLowerCase(Locale.ROOT);
            if (!List.of("auto", "small", "large").contains(s)) {
                throw new ConfigException("report parameter gpusizes must be auto, small or large, got '" + s + "'");
            }
            long reps = Params.parseLong("gpureps", p.get("gpureps", "5"));
            if (reps < 1 || reps > 100) throw new ConfigException("report parameter gpureps must be in [1, 100], got " + reps);
            return new Options(s, (int) reps);
        }

        /** The sizes for a device of this type: a CPU keeps the quick ones unless asked otherwise. */
        Sizes sizesFor(DeviceType type) {
            if (sizes.equals("auto")) return type == DeviceType.CPU ? Sizes.SMALL : Sizes.LARGE;
            return Sizes.named(sizes);
        }
    }

    /** A device (the one row of sweep {@code gpu/device}); error: why its sweeps stopped, or null. */
    public record DeviceRow(String selector, String backend, String name, String type, int computeUnits, String sizes, String error) {
        DeviceRow failed(String why) {
            return new DeviceRow(selector, backend, name, type, computeUnits, sizes, why);
        }
    }

    /**
     * One run.
     *
     * @param series   {@link #PER_N}, {@link #NDRANGE}, {@link #PER_K} or {@link #MAPPING}
     * @param variant  the workload's variant; Harris as {@code harris-sequential} or {@code harris-recursive}
     * @param x        N for the per-N series, k for the static ones (0 for the NDRange)
     * @param params   the row's parameters as the workload reports them (k resolved, residency, mapping)
     * @param error    why it failed, or null
     * @param ms       kernel time of the median repetition, ms
     * @param rate     GB/s (reduction), GFLOP/s (matmul) or Gelem/s (scan) of that time; 0 when failed
     * @param counters the route's counters (globalAtomics, unitsUsed, workGroups, ...)
     */
    public record Point(String series, String variant, long x, Map<String, String> params, String error, double ms, double rate,
                        Map<String, Long> counters) {
        public boolean ok() {
            return error == null && rate > 0;
        }

        public long counter(String name) {
            return counters == null ? 0 : counters.getOrDefault(name, 0L);
        }

        /** An integer the row reports in its parameters (k, residency), or 0. */
        public int param(String name) {
            try {
                return params == null || !params.containsKey(name) ? 0 : Integer.parseInt(params.get(name));
            } catch (NumberFormatException e) {
                return 0;
            }
        }
    }

    /** A device's saved data; a list is null where its sweep was not saved. */
    public record Device(DeviceRow row, List<Point> reduction, List<Point> matmul, List<Point> scan) {
    }

    private final Options o;
    private final PrintStream progress;

    public Seed003GpuStudy(Options o, PrintStream progress) {
        this.o = o;
        this.progress = progress;
    }

    /** Measures one device, saving each sweep under its selector as it ends; a failure stops only this device. */
    public void measure(Seed000Report.Device d, ReportData data) {
        String sel = d.selector();
        Sizes z = o.sizesFor(d.info().type());
        DeviceRow row = new DeviceRow(sel, d.backend().id(), d.info().name(), d.info().type().label(), d.info().computeUnits(), z.name(), null);
        DeviceSession s;
        try {
            s = d.backend().open(d.index());
        } catch (RuntimeException e) {
            data.save(DEVICE, sel, List.of(row.failed("cannot open a session: " + e)));
            return;
        }
        try (s) {
            data.save(DEVICE, sel, List.of(row));
            data.save(REDUCTION, sel, reduction(s, z, sel));
            data.save(MATMUL, sel, matmul(s, z, sel, row.computeUnits()));
            data.save(SCAN, sel, scan(s, z, sel, row.computeUnits()));
        } catch (RuntimeException e) {
            data.save(DEVICE, sel, List.of(row.failed(e.toString())));
        }
    }

    private List<Point> reduction(DeviceSession s, Sizes z, String sel) {
        List<Point> l = new ArrayList<>();
        for (int n : z.reductionNs()) {
            for (String v : List.of("local-atomic", "static-local", "two-kernel")) {
                l.add(run(s, sel, PER_N, "reduction", v, n, Params.of("n", Integer.toString(n), "type", "int", "wg", Integer.toString(z.wg())), o.reps()));
            }
        }
        return l;
    }

    private List<Point> matmul(DeviceSession s, Sizes z, String sel, int cu) {
        Params p = Params.of("M", Integer.toString(z.m()), "K", Integer.toString(z.k()), "N", Integer.toString(z.n()), "tile", Integer.toString(z.tile()));
        List<Point> l = new ArrayList<>();
        l.add(run(s, sel, NDRANGE, "matmul-static", "ndrange", 0, p, o.reps()));
        // k = the residency first: the row says what the residency is, and so which k the sweep takes
        Point full = run(s, sel, PER_K, "matmul-static", "static", -1, p.with("k", "res").with("mapping", "blocked"), o.reps());
        l.add(full);
        int res = full.param("residency");
        for (int k : ks(cu, res)) {
            if (k == res) continue;
            // below the compute units a large problem takes seconds a launch: one repetition says enough
            int reps = z.equals(Sizes.LARGE) && k < cu ? 1 : o.reps();
            l.add(run(s, sel, PER_K, "matmul-static", "static", k, p.with("k", Integer.toString(k)).with("mapping", "blocked"), reps));
        }
        for (String m : List.of("cyclic", "dynamic")) {
            l.add(run(s, sel, MAPPING, "matmul-static", "static", -1, p.with("k", "res").with("mapping", m), o.reps()));
        }
        return l;
    }

    private List<Point> scan(DeviceSession s, Sizes z, String sel, int cu) {
        List<Point> l = new ArrayList<>();
        Params base = Params.of("type", "int", "op", "add", "wg", Integer.toString(z.wg()));
        Point full = null;
        for (int n : z.scanNs()) {
            Params p = base.with("n", Integer.toString(n));
            l.add(run(s, sel, PER_N, "scan", "harris", "harris-sequential", n, p.with("sums", "sequential"), o.reps()));
            l.add(run(s, sel, PER_N, "scan", "harris", "harris-recursive", n, p.with("sums", "recursive"), o.reps()));
            l.add(run(s, sel, PER_N, "scan", "v1", "v1", n, p, o.reps()));
            full = run(s, sel, PER_N, "scan", "scanplus", "scanplus", n, p, o.reps());
            l.add(full);
        }
        // Scan⁺ at the largest N on fewer static groups: how its rate follows k up to the residency
        int nMax = z.scanNs().getLast();
        int res = full == null ? 0 : full.param("residency");
        for (int k : ks(cu, res)) {
            if (k == res) continue;
            l.add(run(s, sel, PER_K, "scan", "scanplus", "scanplus", k, base.with("n", Integer.toString(nMax)).with("k", Integer.toString(k)), o.reps()));
        }
        return l;
    }

    /**
     * The static group counts of a sweep up to the residency: powers of two below the compute
     * units (up to half of them), the compute units, their multiples by powers of two below the residency, the residency.
     */
    static List<Integer> ks(int computeUnits, int residency) {
        TreeSet<Integer> s = new TreeSet<>();
        if (residency < 1) return List.of();
        int cu = Math.max(1, computeUnits);
        for (int k = 1; k * 2 <= cu && k < residency; k *= 2) s.add(k);
        for (long k = cu; k < residency; k *= 2) s.add((int) k);
        s.add(residency);
        return List.copyOf(s);
    }

    private Point run(DeviceSession s, String sel, String series, String workload, String variant, long x, Params p, int reps) {
        return run(s, sel, series, workload, variant, variant, x, p, reps);
    }

    /** One verified run; never throws for a failing point (its row carries the error). */
    private Point run(DeviceSession s, String sel, String series, String workload, String variant, String name, long x, Params p, int reps) {
        Params q = p.with("reps", Integer.toString(reps));
        String metric = switch (workload) {
            case "reduction" -> "GB/s";
            case "scan" -> "Gelem/s";
            default -> "GFLOP/s";
        };
        RunResult r;
        try {
            r = Workloads.get(workload).run(s, variant, q);
        } catch (PerfportException e) {
            r = RunResult.failed(s.backendId(), s.device().name(), workload, variant, q.asMap(), e.getMessage());
        }
        String error = r.verified() ? null : r.error() == null ? "not verified" : r.error();
        double rate = error == null ? r.metrics().getOrDefault(metric, 0.0) : 0;
        Point pt = new Point(series, name, x, r.params(), error, r.kernelNanos() / 1e6, rate, r.counters());
        // k = res: the point's x is the k the row resolved
        if (x < 0) pt = new Point(series, name, pt.param("k"), r.params(), error, pt.ms(), rate, r.counters());
        if (progress != null) {
            progress.printf(Locale.ROOT, "[seed-003 %s] %s %s %s: %s%n", sel, workload, name, q.asMap(),
                    pt.ok() ? String.format(Locale.ROOT, "%.4g %s", rate, metric) : "FAILED " + error);
        }
        return pt;
    }

    // ---- from the saved data ----------------------------------------------------------------

    /** The devices with saved sweeps of this study, in the order they were measured. */
    static List<String> devices(ReportData data) {
        List<String> l = new ArrayList<>();
        for (String dev : data.devices()) if (data.rows(DEVICE, dev, DeviceRow.class) != null) l.add(dev);
        return l;
    }

    /** What failed on one device, one line each: the device's own error, then each failed point. */
    static List<String> failures(Device d) {
        List<String> l = new ArrayList<>();
        if (d.row().error() != null) l.add(d.row().selector() + ": " + d.row().error());
        for (List<Point> pts : java.util.Arrays.asList(d.reduction(), d.matmul(), d.scan())) {
            if (pts == null) continue;
            for (Point p : pts) if (!p.ok()) l.add(d.row().selector() + " " + p.variant() + " " + p.params() + ": " + p.error());
        }
        return l;
    }

    /** One device's saved data. */
    static Device fromSaved(ReportData data, String dev) {
        List<DeviceRow> rows = data.rows(DEVICE, dev, DeviceRow.class);
        DeviceRow row = rows == null || rows.isEmpty() ? new DeviceRow(dev, "?", "?", "?", 0, "?", "no device row saved") : rows.getFirst();
        return new Device(row, data.rows(REDUCTION, dev, Point.class), data.rows(MATMUL, dev, Point.class), data.rows(SCAN, dev, Point.class));
    }
}
