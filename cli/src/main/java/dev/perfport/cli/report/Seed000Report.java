package dev.perfport.cli.report;

import dev.perfport.cli.report.ReportWriter.Figure;
import dev.perfport.cli.report.ReportWriter.Figures;
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
import dev.perfport.core.tune.model.Fit;
import dev.perfport.core.tune.model.Models;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.var.Var;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code perfport report seed-000}: the sweeps of seed 000 §8.5 on every device given, the model
 * fits of §4, the hierarchical tuning, and a Markdown report with PNG plots. Every point is a
 * verified {@code var} run; its time is the kernel time of the best repetition, or the modelled
 * time where the device has a cost model (the emulator), so that plots of an emulated Cell show
 * the Cell's behaviour rather than the JVM's.
 *
 * <p>Measuring ({@link #measure}) saves each sweep of each device to {@link ReportData} as it
 * ends (sweeps {@code device}, {@code variants}, {@code posbs}, {@code vwidth},
 * {@code wgsize-ngroup}, {@code ngroup}, {@code tune}); the fits, the Markdown and the plots are
 * made from that saved data alone ({@link #figures}, {@link #markdown}), so
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
     * @param reps     repetitions per point (best is kept)
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
                    (int) range(p, "reps", "3", 1, 100),
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

    /** One measured configuration: x for plots, time in seconds, mpps, or why it failed (then seconds and mpps are NaN). */
    record Point(String variant, double x, Map<String, String> params, double seconds, double mpps, String error) {
        boolean ok() {
            return error == null;
        }

        /** The saved form: JSON has no NaN, so a failed point has no seconds and mpps. */
        PointRow row() {
            return new PointRow(variant, x, params, ok() ? seconds : null, ok() ? mpps : null, error);
        }
    }

    /**
     * A saved point (a row of the sweeps variants, posbs, vwidth, wgsize-ngroup and ngroup).
     *
     * @param variant the var variant
     * @param x       the swept value (posbs, vwidth, wgsize, ngroup)
     * @param params  the configuration (npos, posbs, simbs, vwidth, wgsize, ngroup)
     * @param seconds kernel or modelled seconds; null when the point failed
     * @param mpps    2^-20·nsim·npos/seconds; null when the point failed
     * @param error   why the point failed, or null
     */
    public record PointRow(String variant, double x, Map<String, String> params, Double seconds, Double mpps, String error) {
        Point point() {
            return new Point(variant, x, params, seconds == null ? Double.NaN : seconds, mpps == null ? Double.NaN : mpps, error);
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

    /** What one device gave, rebuilt from the saved data. */
    static final class Result {
        final DeviceRow device;
        Map<String, Point> variants = new LinkedHashMap<>();
        List<Point> posbs = new ArrayList<>();
        Fit eq3;
        int posbsChoice;
        List<Point> vwidth = new ArrayList<>();
        Fit eq5;
        Map<Integer, List<Point>> wg = new TreeMap<>();
        List<Point> knee = new ArrayList<>();
        Fit eq8;
        Fit eq8Rounds;
        TuneRow tuned;
        boolean tuneSaved;

        Result(DeviceRow d) {
            this.device = d;
        }

        String error() {
            return device.error();
        }
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

    /** The host facts of the report's header, with the load average before the sweeps. */
    public static Map<String, String> machine() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("cpu", cpuModel());
        m.put("threads", Integer.toString(Runtime.getRuntime().availableProcessors()));
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        m.put("java", System.getProperty("java.version"));
        m.put("loadBefore", loadAverage());
        return m;
    }

    /** Measures every device, saving each sweep to {@code data} as it ends; marks the data complete at the end. */
    public void measure(List<Device> devices, ReportData data) {
        for (Device d : devices) measure(d, data);
        data.machine("loadAfter", loadAverage());
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
                    Point p = point(s, v, cfg(o.gridNpos(), pb, 4, 4, 16, 4), pb, tag + " variants " + v);
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
                posbs.add(point(s, "singlebuffer", cfg(o.npos(), pb, 1, 1, 1, 1), pb, tag + " posbs"));
            }
            data.save("posbs", sel, rows(posbs));
            int pb = posbsChoice(posbs);
            // Fig. 6 / Eq. 5: one work-item, nsim = vwidth
            List<Point> vwidth = new ArrayList<>();
            for (int vw : List.of(1, 2, 4, 8, 16)) vwidth.add(point(s, "singlebuffer", cfg(o.npos(), pb, 1, vw, 1, 1), vw, tag + " vwidth"));
            data.save("vwidth", sel, rows(vwidth));
            // Figs. 12-14: (posbs, simbs, vwidth) = (choice, 1, 4), wgsize x ngroup
            List<Point> grid = new ArrayList<>();
            for (int ng : o.ngroups()) {
                for (int wg : o.wgsizes()) {
                    if (wg > info.maxWorkGroupSize()) continue;
                    grid.add(point(s, "singlebuffer", cfg(o.gridNpos(), Math.min(pb, o.gridNpos()), 1, 4, wg, ng), wg, tag + " wgsize x ngroup"));
                }
            }
            data.save("wgsize-ngroup", sel, rows(grid));
            // Fig. 11 / Eq. 8: big groups (simbs = vwidth = 4, wgsize = 16), ngroup swept
            List<Point> knee = new ArrayList<>();
            for (int ng : o.knee()) knee.add(point(s, "singlebuffer", cfg(o.gridNpos(), Math.min(pb, o.gridNpos()), 4, 4, 16, ng), ng, tag + " ngroup"));
            data.save("ngroup", sel, rows(knee));
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
                        + (rec.evaluation().valid() ? fmt(rec.evaluation().value()) + " " + t.objective().metric() : rec.evaluation().status().label())
                        + (rec.fromCache() ? " (cached)" : ""));
            }
        });
        TuneResult r = tuner.run(t.hierarchy());
        return new TuneRow(t.objective().metric(), t.space().gridSize(), r.best() == null ? null : new LinkedHashMap<>(r.best().values()),
                r.best() == null ? null : r.bestValue(), r.evaluations(), r.trace());
    }

    private static Map<String, String> cfg(int npos, int posbs, int simbs, int vwidth, int wgsize, int ngroup) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("npos", Integer.toString(npos));
        m.put("posbs", Integer.toString(Math.min(posbs, npos)));
        m.put("simbs", Integer.toString(simbs));
        m.put("vwidth", Integer.toString(vwidth));
        m.put("wgsize", Integer.toString(wgsize));
        m.put("ngroup", Integer.toString(ngroup));
        return m;
    }

    private Point point(DeviceSession s, String variant, Map<String, String> params, double x, String what) {
        Map<String, String> p = new LinkedHashMap<>(params);
        p.put("reps", Integer.toString(o.reps()));
        Point pt;
        try {
            Var.Simulation sim = var.simulate(s, variant, Params.of(p));
            long ns = sim.outcome().modelledNanos() >= 0 ? sim.outcome().modelledNanos() : sim.outcome().kernelNanos();
            double work = Math.scalb((double) sim.settings().layout().nsim() * sim.settings().npos(), -20);
            if (sim.mismatch() != null) pt = new Point(variant, x, params, Double.NaN, Double.NaN, "not verified: " + sim.mismatch());
            else pt = new Point(variant, x, params, ns * 1e-9, work / (ns * 1e-9), null);
        } catch (RuntimeException e) {
            pt = new Point(variant, x, params, Double.NaN, Double.NaN, e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        err.println(what + " " + params + ": " + (pt.ok() ? fmt(pt.mpps()) + " mpps" : "FAILED " + pt.error()));
        return pt;
    }

    // ---- from the saved data ----------------------------------------------------------------

    /** Writes {@code out/seed-000.md} and its plots from saved data. */
    public static ReportWriter.Outcome publish(ReportData data, Path out, PrintStream err) {
        Options o = Options.parse(Params.parse(data.contents().params()));
        List<Result> results = results(data, o);
        return ReportWriter.publish(out, NAME, figures(results, o), figs -> markdown(data, o, results, figs), err);
    }

    /** Each device's sweeps as saved, with the fits computed from them. */
    static List<Result> results(ReportData data, Options o) {
        List<Result> out = new ArrayList<>();
        for (String sel : data.devices()) {
            List<DeviceRow> dev = data.rows("device", sel, DeviceRow.class);
            if (dev == null || dev.isEmpty()) continue;
            DeviceRow d = dev.getLast();
            // the name under which the data holds it: selector@N when runs of several machines were assembled
            Result r = new Result(new DeviceRow(sel, d.name(), d.type(), d.computeUnits(), d.localMemory(), d.driverVersion(), d.deviceVersion(),
                    d.timeBasis(), d.error()));
            List<Point> variants = points(data, "variants", sel);
            for (Point p : variants) r.variants.put(p.variant(), p);
            r.posbs = points(data, "posbs", sel);
            List<Point> okP = r.posbs.stream().filter(Point::ok).toList();
            if (okP.size() >= 2) {
                r.eq3 = Models.latency(okP.stream().mapToDouble(p -> o.npos() / p.x()).toArray(), okP.stream().mapToDouble(Point::seconds).toArray());
            }
            r.posbsChoice = posbsChoice(r.posbs);
            r.vwidth = points(data, "vwidth", sel);
            List<Point> okV = r.vwidth.stream().filter(Point::ok).toList();
            if (okV.size() >= 2) {
                r.eq5 = Models.vectorisation(okV.stream().mapToDouble(Point::x).toArray(), okV.stream().mapToDouble(Point::seconds).toArray(),
                        new int[]{1, 2, 4, 8, 16});
            }
            List<Point> grid = points(data, "wgsize-ngroup", sel);
            if (data.rows("wgsize-ngroup", sel, PointRow.class) != null) {
                for (int ng : o.ngroups()) {
                    r.wg.put(ng, grid.stream().filter(p -> Integer.toString(ng).equals(p.params().get("ngroup"))).toList());
                }
            }
            r.knee = points(data, "ngroup", sel);
            List<Point> okK = r.knee.stream().filter(Point::ok).toList();
            if (okK.size() >= 2) {
                double[] kx = okK.stream().mapToDouble(Point::x).toArray(), kt = okK.stream().mapToDouble(Point::seconds).toArray();
                r.eq8 = Models.computeUnits(kx, kt);
                r.eq8Rounds = Models.computeUnitRounds(kx, kt);
            }
            List<TuneRow> t = data.rows("tune", sel, TuneRow.class);
            r.tuneSaved = t != null && !t.isEmpty();
            r.tuned = r.tuneSaved ? t.getFirst() : null;
            out.add(r);
        }
        return out;
    }

    private static List<Point> points(ReportData data, String sweep, String device) {
        List<PointRow> l = data.rows(sweep, device, PointRow.class);
        return l == null ? new ArrayList<>() : new ArrayList<>(l.stream().map(PointRow::point).toList());
    }

    // ---- plots ----------------------------------------------------------------------------

    private static String name(Result r) {
        return r.device.selector() + " " + shortName(r.device.name());
    }

    private static String shortName(String n) {
        return n.length() > 28 ? n.substring(0, 27) + "…" : n;
    }

    private static String file(Result r) {
        return r.device.selector().replace(':', '-');
    }

    /** The report's figures, drawn from the saved data only when {@link ReportWriter} makes the plots. */
    static List<Figure> figures(List<Result> results, Options o) {
        List<Figure> figs = new ArrayList<>();
        List<Result> ok = results.stream().filter(r -> r.error() == null).toList();
        if (ok.isEmpty()) return figs;

        figs.add(new Figure("variants", "fig04-variants.png", "variant bars", () -> {
            CategoryChart bars = Plots.bars("Kernel variants (Fig. 4): best mpps / best variant's", "variant", "relative throughput");
            for (Result r : ok) {
                if (r.variants.isEmpty()) continue;
                double best = r.variants.values().stream().filter(Point::ok).mapToDouble(Point::mpps).max().orElse(Double.NaN);
                List<String> cats = new ArrayList<>();
                List<Double> vals = new ArrayList<>();
                r.variants.forEach((v, p) -> {
                    cats.add(v);
                    vals.add(p.ok() ? p.mpps() / best : 0.0);
                });
                Plots.bar(bars, name(r), cats, vals);
            }
            return bars;
        }));

        figs.add(new Figure("posbs", "fig05-posbs.png", "mpps vs posbs with the Eq. 3 model", () -> {
            XYChart pc = Plots.xy("Block size (Fig. 5): normalised mpps, Eq. 3 model dashed", "posbs (positions per block)", "mpps / best", true);
            for (Result r : ok) {
                List<Point> pts = r.posbs.stream().filter(Point::ok).toList();
                if (pts.isEmpty()) continue;
                double best = pts.stream().mapToDouble(Point::mpps).max().orElseThrow();
                Plots.measured(pc, name(r), xs(pts), pts.stream().mapToDouble(p -> p.mpps() / best).toArray());
                if (r.eq3 != null) {
                    double work = Math.scalb((double) o.npos(), -20);
                    double[] x = xs(pts);
                    double[] y = new double[x.length];
                    for (int i = 0; i < x.length; i++) y[i] = work / r.eq3.predict(o.npos() / x[i]) / best;
                    Plots.model(pc, name(r) + " Eq. 3", x, y);
                }
            }
            return pc;
        }));

        figs.add(new Figure("vwidth", "fig06-vwidth.png", "mpps vs vwidth with the Eq. 5 model", () -> {
            XYChart vc = Plots.xy("Vector width (Fig. 6): normalised mpps, Eq. 5 model dashed", "vwidth (nsim = vwidth)", "mpps / mpps at vwidth 1", true);
            for (Result r : ok) {
                List<Point> pts = r.vwidth.stream().filter(Point::ok).toList();
                if (pts.isEmpty()) continue;
                double base = pts.getFirst().mpps();
                Plots.measured(vc, name(r), xs(pts), pts.stream().mapToDouble(p -> p.mpps() / base).toArray());
                if (r.eq5 != null) {
                    double[] x = xs(pts);
                    double[] y = new double[x.length];
                    for (int i = 0; i < x.length; i++) y[i] = Math.scalb(x[i] * o.npos(), -20) / r.eq5.predict(x[i]) / base;
                    Plots.model(vc, name(r) + " Eq. 5", x, y);
                }
            }
            return vc;
        }));

        figs.add(new Figure("ngroup", "fig11-ngroup.png", "mpps vs ngroup with the Eq. 8 model", () -> {
            XYChart kc = Plots.xy("Work-groups (Fig. 11): normalised mpps, Eq. 8 model dashed", "ngroup (wgsize 16, simbs 4, vwidth 4)", "mpps / mpps at 1 group", false);
            for (Result r : ok) {
                List<Point> pts = r.knee.stream().filter(Point::ok).toList();
                if (pts.isEmpty()) continue;
                double base = pts.getFirst().mpps();
                Plots.measured(kc, name(r), xs(pts), pts.stream().mapToDouble(p -> p.mpps() / base).toArray());
                if (r.eq8 != null) {
                    double[] x = xs(pts);
                    double[] y = new double[x.length];
                    double perGroup = Math.scalb(256.0 * o.gridNpos(), -20);
                    for (int i = 0; i < x.length; i++) y[i] = perGroup * x[i] / r.eq8.predict(x[i]) / base;
                    Plots.model(kc, name(r) + " Eq. 8", x, y);
                }
            }
            return kc;
        }));

        for (Result r : ok) {
            boolean any = r.wg.values().stream().anyMatch(l -> l.stream().anyMatch(Point::ok));
            if (!any) continue;
            figs.add(new Figure("wg " + r.device.selector(), "fig12-wgsize-" + file(r) + ".png",
                    "mpps vs wgsize per ngroup, " + r.device.selector(), () -> {
                XYChart wc = Plots.xy("Figs. 12-14: mpps vs wgsize per ngroup, " + r.device.selector(), "wgsize", "mpps", false);
                for (Map.Entry<Integer, List<Point>> e : r.wg.entrySet()) {
                    List<Point> pts = e.getValue().stream().filter(Point::ok).toList();
                    if (pts.isEmpty()) continue;
                    Plots.measured(wc, "ngroup " + e.getKey(), xs(pts), pts.stream().mapToDouble(Point::mpps).toArray());
                }
                return wc;
            }));
        }
        return figs;
    }

    private static double[] xs(List<Point> pts) {
        return pts.stream().mapToDouble(Point::x).toArray();
    }

    // ---- the Markdown ------------------------------------------------------------------------

    /** The report from the saved data; {@code figs} links the plots or says why one is missing. */
    static String markdown(ReportData data, Options o, List<Result> results, Figures figs) {
        ReportData.Contents c = data.contents();
        Map<String, String> machine = c.machine();
        Markdown md = new Markdown();
        md.heading(1, "Seed 000 — Monte Carlo Value-at-Risk: results");
        md.paragraph("Generated by `", c.command(), "` on ", when(c.started()),
                ". Study: seed 000, the 2010 thesis on OpenCL performance portability with Monte Carlo Value-at-Risk",
                " (model §2, tuning method §3, partial models §4, plots §8.5 of its digest); workload `var`",
                " (`perfport workloads`). Re-create with `./perfport report seed-000` (options: `perfport help report`). ",
                "The measurements are saved in [seed-000/data.json](seed-000/data.json); `perfport report seed-000 --from DIR` ",
                "(DIR: the folder of this file) makes this report and its plots again from them, without measuring.");
        if (!c.complete()) {
            md.note("**Incomplete**: the run stopped before every sweep ended. This report shows the sweeps that were saved: "
                    + String.join(", ", data.sweepNames()) + ".");
        }
        md.heading(2, "Machine and devices");
        List<String> host = new ArrayList<>();
        if (c.sources() == null) {
            host(host, "Host: ", machine);
        } else {
            for (int i = 0; i < c.sources().size(); i++) {
                ReportData.Source s = c.sources().get(i);
                host.add("Run " + (i + 1) + ": `" + s.command() + "` on " + when(s.started()) + (s.complete() ? "" : " (stopped before every sweep ended)")
                        + ", devices " + String.join(", ", s.devices().stream().map(x -> "`" + x + "`").toList()) + ".");
                host(host, "Run " + (i + 1) + " host: ", s.machine());
            }
        }
        md.bullets(host);
        Markdown.Table devices = md.table("selector", "backend", "device", "type", "CUs", "local memory", "driver / version", "times used");
        for (Result r : results) {
            DeviceRow d = r.device;
            devices.row("`" + d.selector() + "`", d.selector().split(":")[0], d.name(), d.type(), d.computeUnits(), d.localMemory() + " B",
                    d.driverVersion() + " " + d.deviceVersion(), r.error() != null ? "failed: " + Markdown.cell(r.error()) : d.timeBasis());
        }
        devices.end();
        md.paragraph("Every point below is a `var` run whose `simulation[]` verified against the double-precision reference ",
                "(failed points are listed with their reason and left out of plots and fits). mpps = 2^-20·nsim·npos/t; ",
                "t is the kernel time of the best of ", o.reps(), " repetitions, or the modelled time where the device has a ",
                "cost model. Random numbers: Philox (decomposition-invariant), seed 42, built-in market and portfolio ",
                "(alternating foreign bonds and stock holdings).");
        md.paragraph("Sweep sizes: npos = ", o.npos(), " for the one-work-item sweeps (posbs, vwidth), ", o.gridNpos(),
                " for the sweeps with many simulations (variants, wgsize x ngroup, ngroup), ", o.tuneNpos(),
                " while tuning. Larger: `--param npos=... --param gridnpos=... --param reps=... --param wgsizes=16,32,... --param ngroups=...`.");

        List<Result> ok = results.stream().filter(r -> r.error() == null).toList();
        // variants
        md.heading(2, "Kernel variants (Fig. 4)");
        md.paragraph("Each variant at its best block size of {16, 256, 2048}, with (simbs, vwidth, wgsize, ngroup) = (4, 4, 16, 4), npos = ",
                o.gridNpos(), ". Relative = mpps / the device's best variant.");
        Markdown.Table vt = md.table("device", "variant", "posbs", "mpps", "relative");
        for (Result r : ok) {
            double best = r.variants.values().stream().filter(Point::ok).mapToDouble(Point::mpps).max().orElse(Double.NaN);
            r.variants.forEach((v, p) -> vt.row(name(r), v, p.ok() ? p.params().get("posbs") : "-",
                    p.ok() ? fmt(p.mpps()) : "failed: " + Markdown.cell(p.error()), p.ok() ? String.format(Locale.ROOT, "%.3f", p.mpps() / best) : "-"));
        }
        vt.end();
        figs.image(md, "variants");
        // posbs
        md.heading(2, "Block size posbs (Fig. 5) and Eq. 3");
        md.paragraph("One work-item (simbs = vwidth = wgsize = ngroup = 1, nsim = 1), npos = ", o.npos(),
                ", single-buffer. Eq. 3: t = t_const + t_lat·npos/posbs, linear least squares over the verified points. ",
                "Latency ratio = t_lat·npos/t_const (thesis: GPU 2.1, PPC 1.6, Cell 16). ",
                "97 % choice = the smallest posbs reaching 97 % of the best measured mpps.");
        Markdown.Table pt = md.table("device", "t_const (s)", "t_lat (s/transfer)", "R²", "latency ratio", "97 % posbs");
        for (Result r : ok) {
            if (r.eq3 == null) {
                pt.row(name(r), "-", "-", "-", "-", "-");
                continue;
            }
            double tc = r.eq3.constant("t_const"), tl = r.eq3.constant("t_lat");
            pt.row(name(r), sci(tc), sci(tl), String.format(Locale.ROOT, "%.4f", r.eq3.r2()), String.format(Locale.ROOT, "%.2f", tl * o.npos() / tc),
                    r.posbsChoice);
        }
        pt.end();
        pointTable(md, ok, "posbs", r -> r.posbs);
        figs.image(md, "posbs");
        // vwidth
        md.heading(2, "Vector width (Fig. 6) and Eq. 5");
        md.paragraph("One work-item, simbs = 1, nsim = vwidth, posbs = the 97 % choice above. Eq. 5: t = t1·vwidth·(r_seq + (1 − r_seq)/min(vwidth_max, vwidth)), ",
                "fitted for each vwidth_max in {1, 2, 4, 8, 16}, the best R² kept. R² compares with the mean of the times: when the ",
                "times hardly change with vwidth (r_seq = 0 and vwidth_max = 16: every lane is free), the model is that mean and R² is ",
                "near 0 although the fit is as good as the noise allows.");
        Markdown.Table wt = md.table("device", "t1 (s)", "r_seq", "vwidth_max", "R²");
        for (Result r : ok) {
            if (r.eq5 == null) continue;
            wt.row(name(r), sci(r.eq5.constant("t1")), String.format(Locale.ROOT, "%.3f", r.eq5.constant("r_seq")), (int) r.eq5.constant("vwidth_max"),
                    String.format(Locale.ROOT, "%.4f", r.eq5.r2()));
        }
        wt.end();
        pointTable(md, ok, "vwidth", r -> r.vwidth);
        figs.image(md, "vwidth");
        // wgsize x ngroup
        md.heading(2, "Work-group size per number of groups (Figs. 12–14)");
        md.paragraph("(posbs, simbs, vwidth) = (the 97 % posbs, 1, 4) as the thesis's GPU configuration of Fig. 12, npos = ", o.gridNpos(),
                ", wgsize in ", o.wgsizes(), ", ngroup in ", o.ngroups(), " (weak scaling: nsim grows).");
        for (Result r : ok) {
            List<Integer> wgs = r.wg.values().stream().findFirst().map(l -> l.stream().map(p -> (int) p.x()).toList()).orElse(List.of());
            List<String> head = new ArrayList<>(List.of(name(r) + " mpps"));
            for (int w : wgs) head.add("wgsize " + w);
            Markdown.Table gt = md.table(head);
            r.wg.forEach((ng, l) -> {
                List<String> cells = new ArrayList<>(List.of("ngroup " + ng));
                for (Point p : l) cells.add(p.ok() ? fmt(p.mpps()) : "failed");
                gt.row(cells);
            });
            gt.end();
            figs.image(md, "wg " + r.device.selector());
        }
        // ngroup / Eq. 8
        md.heading(2, "Scaling over work-groups (Fig. 11) and Eq. 8");
        md.paragraph("(simbs, vwidth, wgsize) = (4, 4, 16) (\"big\" groups in the thesis's sense), ngroup in ", o.knee(),
                ", npos = ", o.gridNpos(), ". Eq. 8: t = t1·ngroup/min(ngroup, n_CU), t1 by least squares for every ",
                "integer n_CU up to the largest ngroup, the best R² kept: the effective number of compute units. ",
                "Eq. 8 cannot follow the tail effect the thesis notes (footnote 24: ngroup just above a multiple of n_CU costs a ",
                "whole extra round), so the table also fits whole rounds, t = t1·⌈ngroup/n_CU⌉.");
        Markdown.Table kt = md.table("device", "CUs reported", "Eq. 8 n_CU", "t1 (s)", "R²", "rounds n_CU", "t1 (s)", "R²");
        for (Result r : ok) {
            if (r.eq8 == null) continue;
            kt.row(name(r), r.device.computeUnits(), (int) r.eq8.constant("n_CU"), sci(r.eq8.constant("t1")), String.format(Locale.ROOT, "%.4f", r.eq8.r2()),
                    (int) r.eq8Rounds.constant("n_CU"), sci(r.eq8Rounds.constant("t1")), String.format(Locale.ROOT, "%.4f", r.eq8Rounds.r2()));
        }
        kt.end();
        pointTable(md, ok, "ngroup", r -> r.knee);
        figs.image(md, "ngroup");
        observations(md, ok, o);
        // tuning
        md.heading(2, "Tuned configurations (hierarchical method, §3.3)");
        if (!o.tune()) {
            md.paragraph("Not run (`--param tune=false`).");
        } else {
            md.paragraph("`perfport tune var` with the hierarchical strategy (posbs, simbs, vwidth by the 97 % rule with one work-item, then wgsize, ",
                    "then ngroup, then the review), single-buffer, npos = ", o.tuneNpos(), ", grid posbs {16..4096}, ",
                    "simbs {1, 2, 4, 8}, vwidth {1..16}, wgsize {1, 4, 16, 64}, ngroup {1..16}, configurations with nsim·npos > 2^27 refused. ",
                    "Results come from the tuning cache when present.");
            Markdown.Table tt = md.table("device", "objective", "posbs", "simbs", "vwidth", "wgsize", "ngroup", "value", "evaluations (of grid)");
            for (Result r : ok) {
                TuneRow t = r.tuned;
                if (!r.tuneSaved) {
                    tt.row(name(r), "-", "not measured (the run stopped before)");
                } else if (t.best() == null) {
                    tt.row(name(r), t.metric(), "no valid configuration");
                } else {
                    Map<String, Integer> b = t.best();
                    tt.row(name(r), t.metric(), b.get("posbs"), b.get("simbs"), b.get("vwidth"), b.get("wgsize"), b.get("ngroup"), fmt(t.bestValue()),
                            t.evaluations() + " of " + t.grid());
                }
            }
            tt.end();
            for (Result r : ok) {
                if (r.tuned == null) continue;
                md.details(name(r) + ": what each stage decided", m -> m.code(r.tuned.trace()));
            }
        }
        return md.toString();
    }

    private static void host(List<String> lines, String prefix, Map<String, String> machine) {
        lines.add(prefix + machine.getOrDefault("cpu", "?") + ", " + machine.getOrDefault("threads", "?") + " hardware threads, "
                + machine.getOrDefault("os", "?") + ", Java " + machine.getOrDefault("java", "?"));
        String before = machine.getOrDefault("loadBefore", "");
        if (!before.isEmpty()) {
            lines.add("Load average (1, 5, 15 min) before the sweeps: " + before + "; after: " + machine.getOrDefault("loadAfter", "(not saved)")
                    + ". Measured times (not modelled ones) depend on what else the machine ran meanwhile.");
        }
    }

    /** What the numbers say about the thesis's claims, derived from this run's data. */
    private static void observations(Markdown md, List<Result> ok, Options o) {
        md.heading(2, "Observations (derived from the numbers above)");
        List<String> items = new ArrayList<>();
        for (Result r : ok) {
            List<String> l = new ArrayList<>();
            if (r.eq3 != null) {
                l.add(String.format(Locale.ROOT, "Eq. 3 fits with R² = %.3f; latency ratio t_lat·npos/t_const = %.2f (thesis: Cell 16, PPC 1.6)",
                        r.eq3.r2(), r.eq3.constant("t_lat") * o.npos() / r.eq3.constant("t_const")));
            }
            Point ls = r.variants.get("loadstore"), sb = r.variants.get("singlebuffer"), db = r.variants.get("doublebuffer");
            if (ls != null && sb != null && db != null && ls.ok() && sb.ok() && db.ok()) {
                l.add(String.format(Locale.ROOT, "load/store reaches %.0f %% of single-buffer, double-buffer %.0f %% (thesis: Cell and GPU "
                        + "buffered >> load/store, double = single; PPC all about equal)", 100 * ls.mpps() / sb.mpps(), 100 * db.mpps() / sb.mpps()));
            }
            if (r.eq8 != null) {
                l.add(String.format(Locale.ROOT, "effective compute units %d by Eq. 8, %d in whole rounds (%d reported)",
                        (int) r.eq8.constant("n_CU"), (int) r.eq8Rounds.constant("n_CU"), r.device.computeUnits()));
            }
            if (!l.isEmpty()) items.add(name(r) + ": " + String.join("; ", l) + ".");
        }
        items.add("Measured (not modelled) times on this shared 2-core machine vary with its load (see the load average above); "
                + "single points of the PoCL devices can be off by tens of percent, the emulator's modelled times are exact.");
        md.bullets(items);
    }

    private interface Series {
        List<Point> of(Result r);
    }

    private static void pointTable(Markdown md, List<Result> ok, String what, Series series) {
        md.details("measured points (" + what + ")", m -> {
            Markdown.Table t = m.table("device", what, "t (s)", "mpps");
            for (Result r : ok) {
                for (Point p : series.of(r)) {
                    t.row(name(r), (long) p.x(), p.ok() ? sci(p.seconds()) : "-", p.ok() ? fmt(p.mpps()) : "failed: " + Markdown.cell(p.error()));
                }
            }
            t.end();
        });
    }

    private static String when(String iso) {
        try {
            return ZonedDateTime.parse(iso).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z"));
        } catch (RuntimeException e) {
            return String.valueOf(iso);
        }
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.1f" : "%.3f", v);
    }

    private static String sci(double v) {
        return String.format(Locale.ROOT, "%.3e", v);
    }

    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + ", " + f[1] + ", " + f[2];
        } catch (IOException | RuntimeException e) {
            return "";   // not Linux
        }
    }

    private static String cpuModel() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith("model name")) return l.substring(l.indexOf(':') + 1).trim();
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the architecture below says enough
        }
        return System.getProperty("os.arch");
    }
}
