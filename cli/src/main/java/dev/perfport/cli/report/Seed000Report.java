package dev.perfport.cli.report;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.tune.DeviceFingerprint;
import dev.perfport.core.tune.Strategy;
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
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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
 */
public final class Seed000Report {

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

    /** One measured configuration: x for plots, time in seconds, mpps, or why it failed. */
    record Point(double x, Map<String, String> params, double seconds, double mpps, String error) {
        boolean ok() {
            return error == null;
        }
    }

    /** What one device gave. */
    static final class Result {
        final Device device;
        String timeBasis = "";
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
        TuneResult tuned;
        String tuneMetric;
        long tuneGrid;
        final List<String> notes = new ArrayList<>();
        String error;

        Result(Device d) {
            this.device = d;
        }
    }

    private final Var var = new Var();
    private final Options o;
    private final PrintStream err;
    private final TuneCache cache;
    private String loadBefore = "", loadAfter = "";

    public Seed000Report(Options o, PrintStream err, TuneCache cache) {
        this.o = o;
        this.err = err;
        this.cache = cache;
    }

    /** Measures every device and writes {@code out/seed-000.md} and {@code out/seed-000/*.png}; returns the report file. */
    public Path run(List<Device> devices, Path out) {
        loadBefore = loadAverage();
        List<Result> results = new ArrayList<>();
        for (Device d : devices) results.add(measure(d));
        try {
            Path figs = out.resolve("seed-000");
            Files.createDirectories(figs);
            loadAfter = loadAverage();
            Map<String, String> images = plots(results, figs);
            Path md = out.resolve("seed-000.md");
            Files.writeString(md, markdown(results, images), StandardCharsets.UTF_8);
            return md;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report under " + out + ": " + e.getMessage(), e);
        }
    }

    // ---- measuring ------------------------------------------------------------------------

    private Result measure(Device d) {
        Result r = new Result(d);
        DeviceSession s;
        try {
            s = d.backend().open(d.index());
        } catch (RuntimeException e) {
            r.error = "cannot open a session: " + e;
            return r;
        }
        try (s) {
            boolean modelled = s.profile().hasModelledTime();
            r.timeBasis = modelled ? "modelled time (the emulator's cost model)" : "measured kernel time";
            String tag = "[report " + d.selector() + "]";
            // Fig. 4: each variant at its best block size (the thesis tuned each variant by hand)
            for (String v : var.variants()) {
                Point best = null;
                for (int pb : List.of(16, 256, 2048)) {
                    Point p = point(s, v, cfg(o.gridNpos(), pb, 4, 4, 16, 4), pb, tag + " variants " + v);
                    if (p.ok() && (best == null || p.mpps() > best.mpps())) best = p;
                    if (best == null && !p.ok()) best = p;
                }
                r.variants.put(v, best);
            }
            // Fig. 5 / Eq. 3: one work-item (nsim = 1) as the thesis, posbs swept
            for (int pb : o.posbs()) {
                if (pb > o.npos()) continue;
                r.posbs.add(point(s, "singlebuffer", cfg(o.npos(), pb, 1, 1, 1, 1), pb, tag + " posbs"));
            }
            List<Point> okP = r.posbs.stream().filter(Point::ok).toList();
            if (okP.size() >= 2) {
                r.eq3 = Models.latency(okP.stream().mapToDouble(p -> o.npos() / p.x()).toArray(), okP.stream().mapToDouble(Point::seconds).toArray());
                double best = okP.stream().mapToDouble(Point::mpps).max().orElse(0);
                r.posbsChoice = (int) okP.stream().filter(p -> p.mpps() >= 0.97 * best).mapToDouble(Point::x).min().orElse(256);
            } else {
                r.posbsChoice = 256;
            }
            int pb = r.posbsChoice;
            // Fig. 6 / Eq. 5: one work-item, nsim = vwidth
            for (int vw : List.of(1, 2, 4, 8, 16)) r.vwidth.add(point(s, "singlebuffer", cfg(o.npos(), pb, 1, vw, 1, 1), vw, tag + " vwidth"));
            List<Point> okV = r.vwidth.stream().filter(Point::ok).toList();
            if (okV.size() >= 2) {
                r.eq5 = Models.vectorisation(okV.stream().mapToDouble(Point::x).toArray(), okV.stream().mapToDouble(Point::seconds).toArray(),
                        new int[]{1, 2, 4, 8, 16});
            }
            // Figs. 12-14: (posbs, simbs, vwidth) = (choice, 1, 4), wgsize x ngroup
            for (int ng : o.ngroups()) {
                List<Point> l = new ArrayList<>();
                for (int wg : o.wgsizes()) {
                    if (wg > d.info().maxWorkGroupSize()) continue;
                    l.add(point(s, "singlebuffer", cfg(o.gridNpos(), Math.min(pb, o.gridNpos()), 1, 4, wg, ng), wg, tag + " wgsize x ngroup"));
                }
                r.wg.put(ng, l);
            }
            // Fig. 11 / Eq. 8: big groups (simbs = vwidth = 4, wgsize = 16), ngroup swept
            for (int ng : o.knee()) r.knee.add(point(s, "singlebuffer", cfg(o.gridNpos(), Math.min(pb, o.gridNpos()), 4, 4, 16, ng), ng, tag + " ngroup"));
            List<Point> okK = r.knee.stream().filter(Point::ok).toList();
            if (okK.size() >= 2) {
                double[] kx = okK.stream().mapToDouble(Point::x).toArray(), kt = okK.stream().mapToDouble(Point::seconds).toArray();
                r.eq8 = Models.computeUnits(kx, kt);
                r.eq8Rounds = Models.computeUnitRounds(kx, kt);
            }
            if (o.tune()) tune(s, r, tag);
        } catch (RuntimeException e) {
            r.error = e.toString();
        }
        return r;
    }

    private void tune(DeviceSession s, Result r, String tag) {
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
        r.tuneMetric = t.objective().metric();
        r.tuneGrid = t.space().gridSize();
        Tuner tuner = new Tuner(t.space(), t.objective(), t.evaluator()).cache(cache, tc).listener(new Tuner.Listener() {
            @Override
            public void looked(dev.perfport.core.tune.TuneRecord rec, int evaluations, int planned) {
                err.println(tag + " tuning " + evaluations + "/" + planned + " " + rec.config() + ": "
                        + (rec.evaluation().valid() ? fmt(rec.evaluation().value()) + " " + t.objective().metric() : rec.evaluation().status().label())
                        + (rec.fromCache() ? " (cached)" : ""));
            }
        });
        Strategy.Hierarchical h = t.hierarchy();
        r.tuned = tuner.run(h);
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
            if (sim.mismatch() != null) pt = new Point(x, params, Double.NaN, Double.NaN, "not verified: " + sim.mismatch());
            else pt = new Point(x, params, ns * 1e-9, work / (ns * 1e-9), null);
        } catch (RuntimeException e) {
            pt = new Point(x, params, Double.NaN, Double.NaN, e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        err.println(what + " " + params + ": " + (pt.ok() ? fmt(pt.mpps()) + " mpps" : "FAILED " + pt.error()));
        return pt;
    }

    // ---- plots ----------------------------------------------------------------------------

    private static String name(Result r) {
        return r.device.selector() + " " + shortName(r.device.info().name());
    }

    private static String shortName(String n) {
        return n.length() > 28 ? n.substring(0, 27) + "…" : n;
    }

    private static String file(Result r) {
        return r.device.selector().replace(':', '-');
    }

    private Map<String, String> plots(List<Result> results, Path dir) {
        Map<String, String> images = new LinkedHashMap<>();
        List<Result> ok = results.stream().filter(r -> r.error == null).toList();
        if (ok.isEmpty()) return images;

        CategoryChart bars = Plots.bars("Kernel variants (Fig. 4): best mpps / best variant's", "variant", "relative throughput");
        for (Result r : ok) {
            double best = r.variants.values().stream().filter(Point::ok).mapToDouble(Point::mpps).max().orElse(Double.NaN);
            List<String> cats = new ArrayList<>();
            List<Double> vals = new ArrayList<>();
            r.variants.forEach((v, p) -> {
                cats.add(v);
                vals.add(p.ok() ? p.mpps() / best : 0.0);
            });
            Plots.bar(bars, name(r), cats, vals);
        }
        images.put("variants", Plots.png(bars, dir, "fig04-variants").getFileName().toString());

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
        images.put("posbs", Plots.png(pc, dir, "fig05-posbs").getFileName().toString());

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
        images.put("vwidth", Plots.png(vc, dir, "fig06-vwidth").getFileName().toString());

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
        images.put("ngroup", Plots.png(kc, dir, "fig11-ngroup").getFileName().toString());

        for (Result r : ok) {
            XYChart wc = Plots.xy("Figs. 12-14: mpps vs wgsize per ngroup, " + r.device.selector(), "wgsize", "mpps", false);
            boolean any = false;
            for (Map.Entry<Integer, List<Point>> e : r.wg.entrySet()) {
                List<Point> pts = e.getValue().stream().filter(Point::ok).toList();
                if (pts.isEmpty()) continue;
                Plots.measured(wc, "ngroup " + e.getKey(), xs(pts), pts.stream().mapToDouble(Point::mpps).toArray());
                any = true;
            }
            if (any) images.put("wg " + r.device.selector(), Plots.png(wc, dir, "fig12-wgsize-" + file(r)).getFileName().toString());
        }
        return images;
    }

    private static double[] xs(List<Point> pts) {
        return pts.stream().mapToDouble(Point::x).toArray();
    }

    // ---- the Markdown ------------------------------------------------------------------------

    private String markdown(List<Result> results, Map<String, String> images) {
        StringBuilder b = new StringBuilder();
        b.append("# Seed 000 — Monte Carlo Value-at-Risk: results\n\n");
        b.append("Generated by `perfport report seed-000` on ").append(ZonedDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm z")))
                .append(". Study: seed 000, the 2010 thesis on OpenCL performance portability with Monte Carlo Value-at-Risk")
                .append(" (model §2, tuning method §3, partial models §4, plots §8.5 of its digest); workload `var`")
                .append(" (`perfport workloads`). Re-create with `./perfport report seed-000` (options: `perfport help report`).\n\n");
        b.append("## Machine and devices\n\n");
        b.append("- Host: ").append(cpuModel()).append(", ").append(Runtime.getRuntime().availableProcessors()).append(" hardware threads, ")
                .append(System.getProperty("os.name")).append(' ').append(System.getProperty("os.version")).append(' ')
                .append(System.getProperty("os.arch")).append(", Java ").append(System.getProperty("java.version")).append('\n');
        if (!loadBefore.isEmpty()) {
            b.append("- Load average (1, 5, 15 min) before the sweeps: ").append(loadBefore).append("; after: ").append(loadAfter)
                    .append(". Measured times (not modelled ones) depend on what else the machine ran meanwhile.\n");
        }
        b.append("\n| selector | backend | device | type | CUs | local memory | driver / version | times used |\n|---|---|---|---|---|---|---|---|\n");
        for (Result r : results) {
            DeviceInfo d = r.device.info();
            b.append("| `").append(r.device.selector()).append("` | ").append(r.device.selector().split(":")[0]).append(" | ").append(d.name())
                    .append(" | ").append(d.type().label()).append(" | ").append(d.computeUnits()).append(" | ")
                    .append(d.capacity(MemoryLevel.LOCAL)).append(" B | ")
                    .append(d.properties().getOrDefault("driverVersion", "-")).append(' ')
                    .append(d.properties().getOrDefault("deviceVersion", "")).append(" | ")
                    .append(r.error != null ? "failed: " + r.error : r.timeBasis).append(" |\n");
        }
        b.append("\nEvery point below is a `var` run whose `simulation[]` verified against the double-precision reference ")
                .append("(failed points are listed with their reason and left out of plots and fits). mpps = 2^-20·nsim·npos/t; ")
                .append("t is the kernel time of the best of ").append(o.reps()).append(" repetitions, or the modelled time where the device has a ")
                .append("cost model. Random numbers: Philox (decomposition-invariant), seed 42, built-in market and portfolio ")
                .append("(alternating foreign bonds and stock holdings).\n\n");
        b.append("Sweep sizes: npos = ").append(o.npos()).append(" for the one-work-item sweeps (posbs, vwidth), ").append(o.gridNpos())
                .append(" for the sweeps with many simulations (variants, wgsize x ngroup, ngroup), ").append(o.tuneNpos())
                .append(" while tuning. Larger: `--param npos=... --param gridnpos=... --param reps=... --param wgsizes=16,32,... --param ngroups=...`.\n\n");

        List<Result> ok = results.stream().filter(r -> r.error == null).toList();
        // variants
        b.append("## Kernel variants (Fig. 4)\n\n");
        b.append("Each variant at its best block size of {16, 256, 2048}, with (simbs, vwidth, wgsize, ngroup) = (4, 4, 16, 4), npos = ")
                .append(o.gridNpos()).append(". Relative = mpps / the device's best variant.\n\n");
        b.append("| device | variant | posbs | mpps | relative |\n|---|---|---|---|---|\n");
        for (Result r : ok) {
            double best = r.variants.values().stream().filter(Point::ok).mapToDouble(Point::mpps).max().orElse(Double.NaN);
            r.variants.forEach((v, p) -> b.append("| ").append(name(r)).append(" | ").append(v).append(" | ")
                    .append(p.ok() ? p.params().get("posbs") : "-").append(" | ").append(p.ok() ? fmt(p.mpps()) : "failed: " + p.error())
                    .append(" | ").append(p.ok() ? String.format(Locale.ROOT, "%.3f", p.mpps() / best) : "-").append(" |\n"));
        }
        b.append('\n');
        image(b, images.get("variants"), "variant bars");
        // posbs
        b.append("## Block size posbs (Fig. 5) and Eq. 3\n\n");
        b.append("One work-item (simbs = vwidth = wgsize = ngroup = 1, nsim = 1), npos = ").append(o.npos())
                .append(", single-buffer. Eq. 3: t = t_const + t_lat·npos/posbs, linear least squares over the verified points. ")
                .append("Latency ratio = t_lat·npos/t_const (thesis: GPU 2.1, PPC 1.6, Cell 16). ")
                .append("97 % choice = the smallest posbs reaching 97 % of the best measured mpps.\n\n");
        b.append("| device | t_const (s) | t_lat (s/transfer) | R² | latency ratio | 97 % posbs |\n|---|---|---|---|---|---|\n");
        for (Result r : ok) {
            if (r.eq3 == null) {
                b.append("| ").append(name(r)).append(" | - | - | - | - | - |\n");
                continue;
            }
            double tc = r.eq3.constant("t_const"), tl = r.eq3.constant("t_lat");
            b.append("| ").append(name(r)).append(" | ").append(sci(tc)).append(" | ").append(sci(tl)).append(" | ")
                    .append(String.format(Locale.ROOT, "%.4f", r.eq3.r2())).append(" | ").append(String.format(Locale.ROOT, "%.2f", tl * o.npos() / tc))
                    .append(" | ").append(r.posbsChoice).append(" |\n");
        }
        b.append('\n');
        pointTable(b, ok, "posbs", r -> r.posbs);
        image(b, images.get("posbs"), "mpps vs posbs with the Eq. 3 model");
        // vwidth
        b.append("## Vector width (Fig. 6) and Eq. 5\n\n");
        b.append("One work-item, simbs = 1, nsim = vwidth, posbs = the 97 % choice above. Eq. 5: t = t1·vwidth·(r_seq + (1 − r_seq)/min(vwidth_max, vwidth)), ")
                .append("fitted for each vwidth_max in {1, 2, 4, 8, 16}, the best R² kept. R² compares with the mean of the times: when the ")
                .append("times hardly change with vwidth (r_seq = 0 and vwidth_max = 16: every lane is free), the model is that mean and R² is ")
                .append("near 0 although the fit is as good as the noise allows.\n\n");
        b.append("| device | t1 (s) | r_seq | vwidth_max | R² |\n|---|---|---|---|---|\n");
        for (Result r : ok) {
            if (r.eq5 == null) continue;
            b.append("| ").append(name(r)).append(" | ").append(sci(r.eq5.constant("t1"))).append(" | ")
                    .append(String.format(Locale.ROOT, "%.3f", r.eq5.constant("r_seq"))).append(" | ")
                    .append((int) r.eq5.constant("vwidth_max")).append(" | ").append(String.format(Locale.ROOT, "%.4f", r.eq5.r2())).append(" |\n");
        }
        b.append('\n');
        pointTable(b, ok, "vwidth", r -> r.vwidth);
        image(b, images.get("vwidth"), "mpps vs vwidth with the Eq. 5 model");
        // wgsize x ngroup
        b.append("## Work-group size per number of groups (Figs. 12–14)\n\n");
        b.append("(posbs, simbs, vwidth) = (the 97 % posbs, 1, 4) as the thesis's GPU configuration of Fig. 12, npos = ").append(o.gridNpos())
                .append(", wgsize in ").append(o.wgsizes()).append(", ngroup in ").append(o.ngroups()).append(" (weak scaling: nsim grows).\n\n");
        for (Result r : ok) {
            b.append("| ").append(name(r)).append(" mpps | ");
            List<Integer> wgs = r.wg.values().stream().findFirst().map(l -> l.stream().map(p -> (int) p.x()).toList()).orElse(List.of());
            for (int w : wgs) b.append("wgsize ").append(w).append(" | ");
            b.append("\n|---|").append("---|".repeat(wgs.size())).append('\n');
            r.wg.forEach((ng, l) -> {
                b.append("| ngroup ").append(ng).append(" | ");
                for (Point p : l) b.append(p.ok() ? fmt(p.mpps()) : "failed").append(" | ");
                b.append('\n');
            });
            b.append('\n');
            image(b, images.get("wg " + r.device.selector()), "mpps vs wgsize per ngroup, " + r.device.selector());
        }
        // ngroup / Eq. 8
        b.append("## Scaling over work-groups (Fig. 11) and Eq. 8\n\n");
        b.append("(simbs, vwidth, wgsize) = (4, 4, 16) (\"big\" groups in the thesis's sense), ngroup in ").append(o.knee())
                .append(", npos = ").append(o.gridNpos()).append(". Eq. 8: t = t1·ngroup/min(ngroup, n_CU), t1 by least squares for every ")
                .append("integer n_CU up to the largest ngroup, the best R² kept: the effective number of compute units. ")
                .append("Eq. 8 cannot follow the tail effect the thesis notes (footnote 24: ngroup just above a multiple of n_CU costs a ")
                .append("whole extra round), so the table also fits whole rounds, t = t1·⌈ngroup/n_CU⌉.\n\n");
        b.append("| device | CUs reported | Eq. 8 n_CU | t1 (s) | R² | rounds n_CU | t1 (s) | R² |\n|---|---|---|---|---|---|---|---|\n");
        for (Result r : ok) {
            if (r.eq8 == null) continue;
            b.append("| ").append(name(r)).append(" | ").append(r.device.info().computeUnits()).append(" | ")
                    .append((int) r.eq8.constant("n_CU")).append(" | ").append(sci(r.eq8.constant("t1"))).append(" | ")
                    .append(String.format(Locale.ROOT, "%.4f", r.eq8.r2())).append(" | ")
                    .append((int) r.eq8Rounds.constant("n_CU")).append(" | ").append(sci(r.eq8Rounds.constant("t1"))).append(" | ")
                    .append(String.format(Locale.ROOT, "%.4f", r.eq8Rounds.r2())).append(" |\n");
        }
        b.append('\n');
        pointTable(b, ok, "ngroup", r -> r.knee);
        image(b, images.get("ngroup"), "mpps vs ngroup with the Eq. 8 model");
        observations(b, ok);
        // tuning
        b.append("## Tuned configurations (hierarchical method, §3.3)\n\n");
        if (!o.tune()) {
            b.append("Not run (`--param tune=false`).\n\n");
        } else {
            b.append("`perfport tune var` with the hierarchical strategy (posbs, simbs, vwidth by the 97 % rule with one work-item, then wgsize, ")
                    .append("then ngroup, then the review), single-buffer, npos = ").append(o.tuneNpos()).append(", grid posbs {16..4096}, ")
                    .append("simbs {1, 2, 4, 8}, vwidth {1..16}, wgsize {1, 4, 16, 64}, ngroup {1..16}, configurations with nsim·npos > 2^27 refused. ")
                    .append("Results come from the tuning cache when present.\n\n");
            b.append("| device | objective | posbs | simbs | vwidth | wgsize | ngroup | value | evaluations (of grid) |\n|---|---|---|---|---|---|---|---|---|\n");
            for (Result r : ok) {
                TuneResult t = r.tuned;
                if (t == null || t.best() == null) {
                    b.append("| ").append(name(r)).append(" | ").append(r.tuneMetric).append(" | no valid configuration ||||||\n");
                    continue;
                }
                var c = t.best();
                b.append("| ").append(name(r)).append(" | ").append(t.objective().metric()).append(" | ").append(c.get("posbs")).append(" | ")
                        .append(c.get("simbs")).append(" | ").append(c.get("vwidth")).append(" | ").append(c.get("wgsize")).append(" | ")
                        .append(c.get("ngroup")).append(" | ").append(fmt(t.bestValue())).append(" | ").append(t.evaluations())
                        .append(" of ").append(r.tuneGrid).append(" |\n");
            }
            b.append('\n');
            for (Result r : ok) {
                if (r.tuned == null) continue;
                b.append("<details><summary>").append(name(r)).append(": what each stage decided</summary>\n\n```\n");
                r.tuned.trace().forEach(l -> b.append(l).append('\n'));
                b.append("```\n</details>\n\n");
            }
        }
        return b.toString();
    }

    /** What the numbers say about the thesis's claims, derived from this run's data. */
    private void observations(StringBuilder b, List<Result> ok) {
        b.append("## Observations (derived from the numbers above)\n\n");
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
                        (int) r.eq8.constant("n_CU"), (int) r.eq8Rounds.constant("n_CU"), r.device.info().computeUnits()));
            }
            if (!l.isEmpty()) b.append("- ").append(name(r)).append(": ").append(String.join("; ", l)).append(".\n");
        }
        b.append("- Measured (not modelled) times on this shared 2-core machine vary with its load (see the load average above); ")
                .append("single points of the PoCL devices can be off by tens of percent, the emulator's modelled times are exact.\n\n");
    }

    private interface Series {
        List<Point> of(Result r);
    }

    private static void pointTable(StringBuilder b, List<Result> ok, String what, Series series) {
        b.append("<details><summary>measured points (").append(what).append(")</summary>\n\n| device | ").append(what)
                .append(" | t (s) | mpps |\n|---|---|---|---|\n");
        for (Result r : ok) {
            for (Point p : series.of(r)) {
                b.append("| ").append(name(r)).append(" | ").append((long) p.x()).append(" | ").append(p.ok() ? sci(p.seconds()) : "-")
                        .append(" | ").append(p.ok() ? fmt(p.mpps()) : "failed: " + p.error().replace('|', '/')).append(" |\n");
            }
        }
        b.append("\n</details>\n\n");
    }

    private static void image(StringBuilder b, String file, String alt) {
        if (file != null) b.append("![").append(alt).append("](seed-000/").append(file).append(")\n\n");
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.1f" : "%.3f", v);
    }

    private static String sci(double v) {
        return String.format(Locale.ROOT, "%.3e", v);
    }

    private static String loadAverage() {
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
