package dev.perfport.cli.report;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.tune.DeviceFingerprint;
import dev.perfport.core.tune.TuneCache;
import dev.perfport.core.tune.TuneContext;
import dev.perfport.core.tune.TuneResult;
import dev.perfport.core.tune.Tuner;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.var.Var;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code perfport report seed-000}: the sweeps of seed 000 §8.5 on every device given, the model
 * fits of §4, the hierarchical tuning, and a Markdown report with PNG plots. Every point is a
 * verified {@code var} run; its time is the mean over {@code reps} timed runs (10, as the thesis)
 * with their standard deviation, of the kernel time, or of the modelled time where the device has
 * a cost model (the emulator), so that plots of an emulated Cell show the Cell's behaviour rather
 * than the JVM's.
 *
 * <p>Measuring ({@link #measure}) saves each sweep of each device to {@link ReportData} as it
 * ends (sweeps {@code device}, {@code variants}, {@code posbs}, {@code vwidth}, {@code simbs-vwidth}, {@code wgsize-items},
 * {@code wgsize-ngroup}, {@code ngroup}, {@code layout}, {@code form}, {@code align}, {@code tune}); the fits, the Markdown and the plots are
 * made from that saved data alone ({@link Seed000Results}, {@link Seed000Plots}, {@link Seed000Page}), so
 * {@code --from DIR} gives the same report without measuring.
 */
public final class Seed000Report {
    public static final String NAME = "seed-000";

    /** A device to measure. */
    public record Device(String selector, Backend backend, int index, DeviceInfo info) {
    }

    /**
     * Sizes of the sweeps; the defaults finish in a few minutes on two cores.
     *
     * @param npos     positions of the single-work-item sweeps (posbs, vwidth), as the thesis: 2^17
     * @param gridNpos positions of the sweeps with many simulations (variants, wgsize x ngroup, ngroup)
     * @param reps     timed runs per point (after one untimed warm-up): a point is their mean ± sd, as the thesis's 10 runs
     * @param posbs    block sizes of Fig. 5
     * @param wgsizes  work-group sizes of Figs. 12-14
     * @param ngroups  group counts of Figs. 12-14
     * @param knee     group counts of the Eq. 8 sweep
     * @param tune     run the hierarchical tuner
     * @param tuneNpos positions while tuning
     */
    public record Options(int npos, int gridNpos, int reps, List<Integer> posbs, List<Integer> wgsizes, List<Integer> ngroups,
                          List<Integer> knee, boolean tune, int tuneNpos) {
        public static final List<String> KEYS = List.of("npos", "gridnpos", "reps", "posbs", "wgsizes", "ngroups", "knee", "tune", "tunenpos");

        /** The defaults overridden by {@code --param}s; unknown keys and bad values are ConfigExceptions. */
        public static Options parse(Params p) {
            for (String k : p.asMap().keySet()) {
                if (!KEYS.contains(k)) throw new ConfigException("unknown parameter '" + k + "' of report seed-000; parameters: " + String.join(", ", KEYS));
            }
            return new Options(
                    (int) range(p, "npos", "2^17", 1, 1 << 24),
                    (int) range(p, "gridnpos", "2^12", 1, 1 << 24),
                    (int) range(p, "reps", "10", 1, 100),
                    list(p, "posbs", "1,2,4,8,16,32,64,128,256,512,1024,2048,4096"),
                    list(p, "wgsizes", "16,32,64,128,256"),
                    list(p, "ngroups", "1,2,4,8,16"),
                    list(p, "knee", "1,2,3,4,5,6,7,8,10,12,16,24,32"),
                    Params.of("tune", p.get("tune", "true")).getBoolean("tune"),
                    (int) range(p, "tunenpos", "2^15", 1, 1 << 24));
        }

        private static long range(Params p, String k, String dflt, long min, long max) {
            long v = Params.parseLong(k, p.get(k, dflt));
            if (v < min || v > max) throw new ConfigException("report parameter " + k + " must be in [" + min + ", " + max + "], got " + v);
            return v;
        }

        private static List<Integer> list(Params p, String k, String dflt) {
            List<Integer> l = new ArrayList<>();
            for (String s : p.get(k, dflt).split(",")) {
                long v = Params.parseLong(k, s);
                if (v < 1 || v > Integer.MAX_VALUE) throw new ConfigException("report parameter " + k + " values must be >= 1, got " + v);
                l.add((int) v);
            }
            return List.copyOf(l);
        }
    }

    /**
     * One measured configuration: x for plots, the mean time in seconds and mean mpps over {@code runs} timed runs with their
     * sample standard deviations (NaN where not saved, 0 for one run), the device's counters where a study keeps them, or why
     * it failed (then seconds and mpps are NaN).
     */
    record Point(String variant, double x, Map<String, String> params, double seconds, double mpps, String error, double secondsSd,
                 double mppsSd, int runs, Map<String, Long> counters) {
        /** A point without a spread (data saved before the report kept one, tests). */
        Point(String variant, double x, Map<String, String> params, double seconds, double mpps, String error) {
            this(variant, x, params, seconds, mpps, error, Double.NaN, Double.NaN, 0, Map.of());
        }

        boolean ok() {
            return error == null;
        }

        /** Whether the spread of the runs was saved. */
        boolean hasSd() {
            return ok() && !Double.isNaN(mppsSd);
        }

        /** The saved form: JSON has no NaN, so a failed point has no seconds and mpps. */
        PointRow row() {
            return new PointRow(variant, x, params, ok() ? seconds : null, ok() ? mpps : null, error, hasSd() ? secondsSd : null,
                    hasSd() ? mppsSd : null, runs > 0 ? runs : null, counters.isEmpty() ? null : counters);
        }
    }

    /** Mean and sample standard deviation (0 for one value). */
    static double[] meanSd(double[] v) {
        if (java.util.Arrays.stream(v).allMatch(x -> x == v[0])) return new double[]{v[0], 0};   // modelled times: exactly 0, no rounding
        double m = 0;
        for (double x : v) m += x;
        m /= v.length;
        double q = 0;
        for (double x : v) q += (x - m) * (x - m);
        return new double[]{m, v.length > 1 ? Math.sqrt(q / (v.length - 1)) : 0};
    }

    /**
     * A saved point (a row of the sweeps variants, posbs, vwidth, wgsize-ngroup and ngroup).
     *
     * @param variant the var variant
     * @param x       the swept value (posbs, vwidth, wgsize, ngroup)
     * @param params  the configuration (npos, posbs, simbs, vwidth, wgsize, ngroup)
     * @param seconds kernel or modelled seconds; null when the point failed
     * @param mpps    2^-20·nsim·npos/seconds; null when the point failed
     * @param error     why the point failed, or null
     * @param secondsSd sample standard deviation of the runs' seconds; null when not saved (data of a report before it kept one)
     * @param mppsSd    sample standard deviation of the runs' mpps; null when not saved
     * @param runs      timed runs the mean is over; null when not saved
     * @param counters  the device's counters of the median run, for the static studies on a device that has them; else null
     */
    public record PointRow(String variant, double x, Map<String, String> params, Double seconds, Double mpps, String error, Double secondsSd,
                           Double mppsSd, Integer runs, Map<String, Long> counters) {
        Point point() {
            return new Point(variant, x, params, seconds == null ? Double.NaN : seconds, mpps == null ? Double.NaN : mpps, error,
                    secondsSd == null ? Double.NaN : secondsSd, mppsSd == null ? Double.NaN : mppsSd, runs == null ? 0 : runs,
                    counters == null ? Map.of() : counters);
        }
    }

    /**
     * A saved device (the one row of sweep {@code device}, saved before its first sweep and again when it failed).
     *
     * @param timeBasis what the times are (kernel or modelled)
     * @param error     why the device's sweeps stopped, or null
     */
    public record DeviceRow(String selector, String name, String type, int computeUnits, long localMemory, String driverVersion,
                            String deviceVersion, String timeBasis, String error) {
        DeviceRow failed(String why) {
            return new DeviceRow(selector, name, type, computeUnits, localMemory, driverVersion, deviceVersion, timeBasis, why);
        }
    }

    /**
     * The saved outcome of the hierarchical tuning (the one row of sweep {@code tune}).
     *
     * @param metric      the objective's metric
     * @param grid        configurations in the grid
     * @param best        the best configuration, or null when none was valid
     * @param bestValue   its value, or null
     * @param evaluations unique configurations evaluated
     * @param trace       what each stage decided
     */
    public record TuneRow(String metric, long grid, Map<String, Integer> best, Double bestValue, int evaluations, List<String> trace) {
    }

    private final Var var = new Var();
    private final Options o;
    private final PrintStream err;
    private final TuneCache cache;

    public Seed000Report(Options o, PrintStream err, TuneCache cache) {
        this.o = o;
        this.err = err;
        this.cache = cache;
    }

    /** Measures every device, saving each sweep to {@code data} as it ends; marks the data complete at the end. */
    public void measure(List<Device> devices, ReportData data) {
        for (Device d : devices) measure(d, data);
        data.machine("loadAfter", HostFacts.loadAverage());
        data.finish();
    }

    // ---- measuring ------------------------------------------------------------------------

    private void measure(Device d, ReportData data) {
        String sel = d.selector();
        DeviceInfo info = d.info();
        DeviceRow row = new DeviceRow(sel, info.name(), info.type().label(), info.computeUnits(), info.capacity(MemoryLevel.LOCAL),
                info.properties().getOrDefault("driverVersion", "-"), info.properties().getOrDefault("deviceVersion", ""), "", null);
        DeviceSession s;
        try {
            s = d.backend().open(d.index());
        } catch (RuntimeException e) {
            data.save("device", sel, List.of(row.failed("cannot open a session: " + e)));
            return;
        }
        try (s) {
            boolean modelled = s.profile().hasModelledTime();
            row = new DeviceRow(row.selector(), row.name(), row.type(), row.computeUnits(), row.localMemory(), row.driverVersion(),
                    row.deviceVersion(), modelled ? "modelled time (the emulator's cost model)" : "measured kernel time", null);
            data.save("device", sel, List.of(row));
            String tag = "[report " + sel + "]";
            // Fig. 4: each variant at its best block size (the thesis tuned each variant by hand)
            List<PointRow> variants = new ArrayList<>();
            for (String v : var.variants()) {
                Point best = null;
                for (int pb : List.of(16, 256, 2048)) {
                    Point p = point(s, v, Seed000StudyRuns.cfg(o.gridNpos(), pb, 4, 4, 16, 4), pb, tag + " variants " + v);
                    if (p.ok() && (best == null || p.mpps() > best.mpps())) best = p;
                    if (best == null && !p.ok()) best = p;
                }
                variants.add(best.row());
            }
            data.save("variants", sel, variants);
            // Fig. 5 / Eq. 3: one work-item (nsim = 1) as the thesis, posbs swept
            List<Point> posbs = new ArrayList<>();
            for (int pb : o.posbs()) {
                if (pb > o.npos()) continue;
                posbs.add(point(s, "singlebuffer", Seed000StudyRuns.cfg(o.npos(), pb, 1, 1, 1, 1), pb, tag + " posbs"));
            }
            data.save("posbs", sel, rows(posbs));
            int pb = posbsChoice(posbs);
            // Fig. 6 / Eq. 5: one work-item, nsim = vwidth
            List<Point> vwidth = new ArrayList<>();
            for (int vw : List.of(1, 2, 4, 8, 16)) vwidth.add(point(s, "singlebuffer", Seed000StudyRuns.cfg(o.npos(), pb, 1, vw, 1, 1), vw, tag + " vwidth"));
            data.save("vwidth", sel, rows(vwidth));
            // Figs. 7-8 / Eqs. 4, 6: one work-item, simbs x vwidth, at the grid's size (nsim reaches 256)
            int gpb = Math.min(pb, o.gridNpos());
            List<Point> simd = new ArrayList<>();
            for (int sb : Seed000Grids.SIMBS) {
                for (int vw : Seed000Grids.VWIDTHS) simd.add(point(s, "singlebuffer", Seed000StudyRuns.cfg(o.gridNpos(), gpb, sb, vw, 1, 1), vw, tag + " simbs x vwidth"));
            }
            data.save(Seed000Grids.GRID, sel, rows(simd));
            // Figs. 9-10 / Eq. 7: one group, wgsize swept for each (simbs, vwidth) pair
            List<Point> items = new ArrayList<>();
            for (int[] pair : Seed000Grids.PAIRS) {
                for (int wg : Seed000Grids.WGSIZES) {
                    if (wg <= info.maxWorkGroupSize()) items.add(point(s, "singlebuffer", Seed000StudyRuns.cfg(o.gridNpos(), gpb, pair[0], pair[1], wg, 1), wg, tag + " wgsize"));
                }
            }
            data.save(Seed000Grids.ITEMS, sel, rows(items));
            // Figs. 12-14: (posbs, simbs, vwidth) = (choice, 1, 4), wgsize x ngroup
            List<Point> grid = new ArrayList<>();
            for (int ng : o.ngroups()) {
                for (int wg : o.wgsizes()) {
                    if (wg > info.maxWorkGroupSize()) continue;
                    grid.add(point(s, "singlebuffer", Seed000StudyRuns.cfg(o.gridNpos(), Math.min(pb, o.gridNpos()), 1, 4, wg, ng), wg, tag + " wgsize x ngroup"));
                }
            }
            data.save("wgsize-ngroup", sel, rows(grid));
            // Fig. 11 / Eq. 8: big groups (simbs = vwidth = 4, wgsize = 16), ngroup swept
            List<Point> knee = new ArrayList<>();
            for (int ng : o.knee()) knee.add(point(s, "singlebuffer", Seed000StudyRuns.cfg(o.gridNpos(), Math.min(pb, o.gridNpos()), 4, 4, 16, ng), ng, tag + " ngroup"));
            data.save("ngroup", sel, rows(knee));
            // §4.9 and §5: the static choices, each beside its default
            data.save(Seed000Studies.LAYOUT, sel, rows(Seed000StudyRuns.layout((v, c, x, w) -> point(s, v, c, x, w, true), var.variants(), o.gridNpos(), gpb, tag)));
            data.save(Seed000Studies.FORM, sel, rows(Seed000StudyRuns.form((v, c, x, w) -> point(s, v, c, x, w, true), o.gridNpos(), gpb, tag)));
            data.save(Seed000Studies.ALIGN, sel, rows(Seed000StudyRuns.align((v, c, x, w) -> point(s, v, c, x, w, true), o.gridNpos(), gpb, tag)));
            if (o.tune()) data.save("tune", sel, List.of(tune(s, tag)));
        } catch (RuntimeException e) {
            data.save("device", sel, List.of(row.failed(e.toString())));
        }
    }

    private static List<PointRow> rows(List<Point> points) {
        return points.stream().map(Point::row).toList();
    }

    /** The 97 % choice: the smallest posbs reaching 97 % of the best mpps (256 without two verified points). */
    static int posbsChoice(List<Point> posbs) {
        List<Point> ok = posbs.stream().filter(Point::ok).toList();
        if (ok.size() < 2) return 256;
        double best = ok.stream().mapToDouble(Point::mpps).max().orElse(0);
        return (int) ok.stream().filter(p -> p.mpps() >= 0.97 * best).mapToDouble(Point::x).min().orElse(256);
    }

    private TuneRow tune(DeviceSession s, String tag) {
        Map<String, List<Integer>> grid = new LinkedHashMap<>();
        grid.put("posbs", List.of(16, 64, 256, 1024, 4096));
        grid.put("simbs", List.of(1, 2, 4, 8));
        grid.put("vwidth", List.of(1, 2, 4, 8, 16));
        List<Integer> wg = new ArrayList<>();
        for (int w : List.of(1, 4, 16, 64)) if (w <= s.device().maxWorkGroupSize()) wg.add(w);
        grid.put("wgsize", wg);
        grid.put("ngroup", List.of(1, 2, 4, 8, 16));
        Params fixed = var.tuningDefaults().with("npos", Integer.toString(o.tuneNpos())).with("reps", Integer.toString(o.reps()))
                .with("maxwork", "2^27");
        Tunable.Tuning t = var.tuning(s, "singlebuffer", fixed, grid);
        TuneContext tc = new TuneContext(s.backendId(), DeviceFingerprint.of(s.device()), t.kernelHash(), t.fixed());
        Tuner tuner = new Tuner(t.space(), t.objective(), t.evaluator()).cache(cache, tc).listener(new Tuner.Listener() {
            @Override
            public void looked(dev.perfport.core.tune.TuneRecord rec, int evaluations, int planned) {
                err.println(tag + " tuning " + evaluations + "/" + planned + " " + rec.config() + ": "
                        + (rec.evaluation().valid() ? Seed000Page.fmt(rec.evaluation().value()) + " " + t.objective().metric() : rec.evaluation().status().label())
                        + (rec.fromCache() ? " (cached)" : ""));
            }
        });
        TuneResult r = tuner.run(t.hierarchy());
        return new TuneRow(t.objective().metric(), t.space().gridSize(), r.best() == null ? null : new LinkedHashMap<>(r.best().values()),
                r.best() == null ? null : r.bestValue(), r.evaluations(), r.trace());
    }

    private Point point(DeviceSession s, String variant, Map<String, String> params, double x, String what) {
        return point(s, variant, params, x, what, false);
    }

    /** One verified configuration: mean ± sd over the timed runs; {@code counters}: keep the device's counters (the studies). */
    private Point point(DeviceSession s, String variant, Map<String, String> params, double x, String what, boolean counters) {
        Map<String, String> p = new LinkedHashMap<>(params);
        p.put("reps", Integer.toString(o.reps()));
        Point pt;
        try {
            Var.Simulation sim = var.simulate(s, variant, Params.of(p));
            double work = Math.scalb((double) sim.settings().layout().nsim() * sim.settings().npos(), -20);
            long[] ns = sim.times();
            if (sim.mismatch() != null) {
                pt = new Point(variant, x, params, Double.NaN, Double.NaN, "not verified: " + sim.mismatch());
            } else if (ns.length == 0) {
                pt = new Point(variant, x, params, Double.NaN, Double.NaN, "no timed run");
            } else {
                double[] sec = new double[ns.length], rate = new double[ns.length];
                for (int i = 0; i < ns.length; i++) {
                    sec[i] = ns[i] * 1e-9;
                    rate[i] = work / sec[i];
                }
                double[] t = meanSd(sec), m = meanSd(rate);
                Map<String, Long> kept = counters && sim.outcome().counters() != null ? Seed000Studies.kept(sim.outcome().counters()) : Map.of();
                pt = new Point(variant, x, params, t[0], m[0], null, t[1], m[1], ns.length, kept);
            }
        } catch (RuntimeException e) {
            pt = new Point(variant, x, params, Double.NaN, Double.NaN, e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        err.println(what + " " + params + ": " + (pt.ok() ? Seed000Page.fmt(pt.mpps()) + " mpps" : "FAILED " + pt.error()));
        return pt;
    }

    // ---- from the saved data ----------------------------------------------------------------

    /** Writes {@code out/seed-000.md} and its plots from saved data. */
    public static ReportWriter.Outcome publish(ReportData data, Path out, PrintStream err) {
        Options o = Options.parse(Params.parse(data.contents().params()));
        List<Seed000Results.Result> results = Seed000Results.results(data, o);
        return ReportWriter.publish(out, NAME, Seed000Plots.figures(data, results, o), figs -> Seed000Page.markdown(data, o, results, figs), err);
    }
}
