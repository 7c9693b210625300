package dev.perfport.cli.report;

import dev.perfport.cli.report.ReportWriter.Figure;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.tune.TuneCache;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.gemm.Gemm;
import dev.perfport.workloads.gemm.GemmConfig;
import dev.perfport.workloads.trsm.Trsm;
import org.knowm.xchart.XYChart;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code perfport report seed-001}: the shape of Du et al.'s results (seed 001) on every device
 * given: GEMM tuned against untuned (the device type's default configuration) over sizes, in
 * float and double, the parameters the tuner chose per device with its time and evaluations, and
 * TRSM on the tuned GEMM over its block size, with launches and host synchronisations. Every
 * point is a verified {@code gemm} or {@code trsm} row; its rate is GFLOP/s of the kernel time of
 * the best repetition (modelled time on the emulator), pad/unpad copies included, host transfers
 * excluded (seed-001 F2).
 *
 * <p>Tuning: {@code --strategy random} (or {@code strategy=hierarchical}) over gemm's indirect kernel
 * with {@code budget} evaluations at {@code tunesize}³, once per type, since a float shape may not
 * fit double's local memory and double's best shape is not float's (the tuning cache keeps each
 * result per device fingerprint, so a later {@code run gemm} takes it). The vendor library is not reachable from
 * Java on a CPU machine; the H100 comparison with cuBLAS (bench/torch_gemm.py) is
 * docs/results/gpu/'s.
 *
 * <p>Beside them, in study classes: where a TRSM's time goes ({@link TrsmPhaseStudy}, Fig. 3), the GEMM's share of the
 * device's peak and per watt ({@link PeakStudy}, Table 6), and every device's tuned GEMM and TRSM run on every other
 * device ({@link PortabilityStudy}, Figs. 11–12).
 *
 * <p>Sweeps saved in {@code DIR/seed-001/data.json}: {@code device}, {@code phases}, {@code tune}, {@code sizes},
 * {@code power}, {@code trsm}, {@code trsm-tune}, {@code flops}, then {@code portability} and the host's OpenBLAS baseline
 * {@code blas} ({@link BlasBaseline}, Fig. 15); the Markdown and plots come
 * from that saved data alone, so {@code --from DIR} writes the report again without measuring.
 */
public final class Seed001Report {
    public static final String NAME = "seed-001";
    static final String TRSM_TUNE = "trsm-tune";

    /**
     * @param sizes    m = n = k of the GEMM sweep
     * @param types    float and/or double
     * @param budget   evaluations of the random tuning
     * @param tuneSize m = n = k while tuning
     * @param reps     repetitions per point (the best is kept)
     * @param trsmM    m of the TRSM sweep
     * @param trsmN    n (right-hand sides) of the TRSM sweep
     * @param nbs      TRSM block sizes
     * @param seed     the random strategy's seed
     * @param strategy random (the default) or hierarchical (gemm's stages: tile, threads, k, vectors, staging,
     *                 loaders, strides, split; no budget)
     * @param rounds   side-by-side rounds of each GEMM size: untuned and tuned measured in turn (the order
     *                 alternating), each keeping its best, so that a loaded machine's drift hits both alike
     * @param portSize   m = n = k of the portability study's GEMM runs (default: tunesize)
     * @param flopsN     work-items of the flops peak (0: 2048 per compute unit)
     * @param flopsIters steps of each flops chain
     */
    public record Options(List<Integer> sizes, List<String> types, int budget, int tuneSize, int reps, int trsmM, int trsmN,
                          List<Integer> nbs, long seed, String strategy, int rounds, int portSize, long flopsN, int flopsIters) {
        public static final List<String> KEYS = List.of("sizes", "types", "budget", "tunesize", "reps", "trsmm", "trsmn", "nbs", "seed",
                "strategy", "rounds", "portsize", "flopsn", "flopsiters");
        static final List<String> STRATEGIES = List.of("random", "hierarchical");

        public static Options parse(Params p) {
            for (String k : p.asMap().keySet()) {
                if (!KEYS.contains(k)) throw new ConfigException("unknown parameter '" + k + "' of report seed-001; parameters: " + String.join(", ", KEYS));
            }
            List<String> types = List.of(p.get("types", "float,double").split(","));
            for (String t : types) if (!t.equals("float") && !t.equals("double")) throw new ConfigException("report parameter types: float and/or double, got '" + t + "'");
            String strategy = p.get("strategy", "random");
            if (!STRATEGIES.contains(strategy)) {
                throw new ConfigException("report parameter strategy: " + String.join(" or ", STRATEGIES) + ", got '" + strategy + "'");
            }
            if (strategy.equals("hierarchical") && p.asMap().containsKey("budget")) {
                throw new ConfigException("report parameter budget applies to strategy=random only (hierarchical runs its stages to the end)");
            }
            int tuneSize = (int) range(p, "tunesize", "256", 1, 8192);
            long flopsN = p.get("flopsn", "auto").equals("auto") ? 0 : range(p, "flopsn", "auto", 1, 1L << 30);
            return new Options(list(p, "sizes", "64,128,256,512", 4096), types, (int) range(p, "budget", "24", 1, 100_000),
                    tuneSize, (int) range(p, "reps", "2", 1, 100), (int) range(p, "trsmm", "512", 1, 16384),
                    (int) range(p, "trsmn", "64", 1, 16384), list(p, "nbs", "8,16,32,64", 1024), range(p, "seed", "1", 0, Long.MAX_VALUE),
                    strategy, (int) range(p, "rounds", "3", 1, 20), (int) range(p, "portsize", "" + tuneSize, 1, 8192), flopsN,
                    (int) range(p, "flopsiters", "4096", 1, 1 << 20));
        }

        private static long range(Params p, String k, String dflt, long min, long max) {
            long v = Params.parseLong(k, p.get(k, dflt));
            if (v < min || v > max) throw new ConfigException("report parameter " + k + " must be in [" + min + ", " + max + "], got " + v);
            return v;
        }

        private static List<Integer> list(Params p, String k, String dflt, int max) {
            List<Integer> l = new ArrayList<>();
            for (String s : p.get(k, dflt).split(",")) {
                long v = Params.parseLong(k, s);
                if (v < 1 || v > max) throw new ConfigException("report parameter " + k + " values must be in [1, " + max + "], got " + v);
                l.add((int) v);
            }
            return List.copyOf(l);
        }
    }

    /** The device (saved before its sweeps, and again with the error when they stop). */
    public record DeviceRow(String selector, String name, String type, String timeBasis, String error) {
    }

    /**
     * The tuning of one device in one type.
     *
     * @param type        float or double (null in data saved before types were tuned apart: float)
     * @param seconds     wall time of the tuning
     * @param evaluations configurations evaluated (measured plus read from the cache)
     * @param measured    of them measured now
     * @param rejected    refused by a constraint before compiling, failed or wrong
     * @param grid        configurations in the grid before the constraints
     * @param chosen      {@code random} or {@code hierarchical}: the search's best is the tuned configuration; {@code default}: the
     *                    device default measured better at the tuning size, so it stays (a tuner never
     *                    returns something slower than where it started)
     */
    public record TuneRow(String type, String metric, long grid, Map<String, Integer> best, Double bestValue, Double defaultValue, int evaluations,
                          int measured, int rejected, double seconds, String chosen) {
        /** The row's type; data saved before types were tuned apart tuned float only. */
        public String typeOrFloat() {
            return type == null ? "float" : type;
        }
    }

    /**
     * GEMM at one size and type: untuned (device default) and tuned, each the best of {@code rounds} side-by-side rounds
     * (null in data saved before rounds); a side that failed in any round has a null rate and its error.
     */
    public record SizeRow(String type, int size, Double untuned, Double tuned, String untunedError, String tunedError, Integer rounds) {
    }

    /** TRSM at one block size on the tuned GEMM. */
    public record TrsmRow(String type, int m, int n, int nb, Double gflops, Long launches, Long hostSyncs, String error) {
    }

    private final Options o;
    private final PrintStream err;
    private final Seed001Tuning tuning;
    private final Gemm gemm = new Gemm();
    private final Trsm trsm = new Trsm();

    public Seed001Report(Options o, PrintStream err, TuneCache cache) {
        this.o = o;
        this.err = err;
        this.tuning = new Seed001Tuning(o, err, cache);
    }

    /** Each device's sweeps, then the portability study, which needs every device's tuning. */
    public void measure(List<Seed000Report.Device> devices, ReportData data) {
        for (Seed000Report.Device d : devices) measure(d, data);
        new PortabilityStudy(o, tuning, err).measure(devices, data);
        data.save(BlasBaseline.SWEEP, null, BlasBaseline.measure(o, err));   // Fig. 15: the host CPU's BLAS, after the devices
        data.machine("loadAfter", HostFacts.machine().get("loadBefore"));
        data.finish();
    }

    private void measure(Seed000Report.Device d, ReportData data) {
        String sel = d.selector();
        DeviceSession s;
        long t0 = System.nanoTime();
        try {
            s = d.backend().open(d.index());
        } catch (RuntimeException e) {
            data.save("device", sel, List.of(new DeviceRow(sel, d.info().name(), d.info().type().label(), "-", "cannot open a session: " + e)));
            return;
        }
        try (s) {
            String basis = s.profile().hasModelledTime() ? "modelled time (the emulator's cost model)" : "measured kernel time";
            DeviceRow row = new DeviceRow(sel, d.info().name(), d.info().type().label(), basis, null);
            data.save("device", sel, List.of(row));
            String tag = "[report " + sel + "]";
            long openNanos = System.nanoTime() - t0;
            data.save(TrsmPhaseStudy.SWEEP, sel, TrsmPhaseStudy.measure(s, openNanos, o, err, tag));   // first, as in a fresh program
            Map<String, TuneRow> tunes = new LinkedHashMap<>();
            for (String type : o.types()) tunes.put(type, tuning.gemm(s, tag, type));
            data.save("tune", sel, List.copyOf(tunes.values()));
            List<SizeRow> sizes = new ArrayList<>();
            for (String type : o.types()) {
                TuneRow tuned = tunes.get(type);
                for (int n : o.sizes()) {
                    Params base = Params.of("m", "" + n, "n", "" + n, "k", "" + n, "type", type, "reps", "" + o.reps(), "config", "default");
                    Side u = new Side(), t = new Side();
                    Runnable untunedRun = () -> u.add(gemm.run(s, Gemm.INDIRECT, base));
                    Runnable tunedRun = tuned.best() == null ? () -> { } : () -> t.add(gemm.run(s, Gemm.INDIRECT, withConfig(base, tuned.best())));
                    for (int round = 0; round < o.rounds(); round++) {   // untuned first in even rounds, tuned first in odd
                        (round % 2 == 0 ? untunedRun : tunedRun).run();
                        (round % 2 == 0 ? tunedRun : untunedRun).run();
                    }
                    SizeRow r = new SizeRow(type, n, u.value(), tuned.best() == null ? null : t.value(), u.error,
                            tuned.best() == null ? "no valid tuned configuration" : t.error, o.rounds());
                    err.println(tag + " gemm " + type + " " + n + "^3: untuned " + fmt(r.untuned()) + ", tuned " + fmt(r.tuned()) + " GFLOP/s");
                    sizes.add(r);
                }
            }
            data.save("sizes", sel, sizes);
            data.save(PeakStudy.POWER, sel, List.of(PeakStudy.power(s.device())));   // right after the largest sizes ran
            List<TrsmRow> tr = new ArrayList<>();
            for (String type : o.types()) {
                TuneRow tuned = tunes.get(type);
                for (int nb : o.nbs()) {
                    Params p = Params.of("m", "" + o.trsmM(), "n", "" + o.trsmN(), "type", type, "nb", "" + nb, "reps", "" + o.reps());
                    if (tuned.best() != null) p = withConfig(p, tuned.best());
                    RunResult r = trsm.run(s, Trsm.BLOCKED, p);
                    tr.add(new TrsmRow(type, o.trsmM(), o.trsmN(), nb, rate(r), r.counters().get("launches"), r.counters().get("hostSyncs"), why(r)));
                    err.println(tag + " trsm " + type + " nb " + nb + ": " + fmt(rate(r)) + " GFLOP/s" + (why(r) == null ? "" : " " + why(r)));
                }
            }
            data.save("trsm", sel, tr);
            List<Seed001Tuning.TrsmTuneRow> trsmTunes = new ArrayList<>();
            for (String type : o.types()) trsmTunes.add(tuning.trsm(s, tag, type, tunes.get(type).best()));
            data.save(TRSM_TUNE, sel, trsmTunes);
            data.save(PeakStudy.FLOPS, sel, PeakStudy.flops(s, o, err, tag));
        } catch (RuntimeException e) {
            data.save("device", sel, List.of(new DeviceRow(sel, d.info().name(), d.info().type().label(), "-", e.toString())));
        }
    }

    /** One side of a size's side-by-side rounds: its best verified rate, or the first failure (which voids the side). */
    private static final class Side {
        Double best;
        String error;

        void add(RunResult r) {
            if (error != null) return;
            error = why(r);
            Double v = Seed001Report.rate(r);
            if (error == null && v != null && (best == null || v > best)) best = v;
        }

        Double value() {
            return error == null ? best : null;
        }
    }

    private static Params withConfig(Params p, Map<String, Integer> cfg) {
        return GemmConfig.withValues(p.with("config", "default"), cfg);
    }

    /** GFLOP/s of a verified row (modelled where the row has it), else null. */
    static Double rate(RunResult r) {
        if (!r.verified()) return null;
        Double v = r.metrics().get("modelled GFLOP/s");
        return v != null ? v : r.metrics().get("GFLOP/s");
    }

    static String why(RunResult r) {
        return r.verified() ? null : r.error() != null ? r.error() : "not verified";
    }

    static String fmt(Double v) {
        return v == null ? "-" : String.format(Locale.ROOT, v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.3g", v);
    }

    // ---- from the saved data ----------------------------------------------------------------

    /** What one device gave, rebuilt from the saved data (a sweep this run did not save: empty, or a null power). */
    record Result(DeviceRow device, List<TuneRow> tunes, List<SizeRow> sizes, List<TrsmRow> trsm, List<TrsmPhaseStudy.PhaseRow> phases,
                  List<Seed001Tuning.TrsmTuneRow> trsmTunes, List<PeakStudy.FlopsRow> flops, PeakStudy.PowerRow power) {
    }

    static <T> List<T> orEmpty(List<T> l) {
        return l == null ? List.of() : l;
    }

    static List<Result> results(ReportData data) {
        List<Result> l = new ArrayList<>();
        for (String dev : data.devices()) {
            List<DeviceRow> d = data.rows("device", dev, DeviceRow.class);
            if (d.isEmpty()) continue;
            List<TuneRow> t = data.rows("tune", dev, TuneRow.class);
            // a run stopped early (complete = false) may lack a device's later sweeps: empty, not null
            List<PeakStudy.PowerRow> power = orEmpty(data.rows(PeakStudy.POWER, dev, PeakStudy.PowerRow.class));
            l.add(new Result(d.getLast(), t, orEmpty(data.rows("sizes", dev, SizeRow.class)),
                    orEmpty(data.rows("trsm", dev, TrsmRow.class)), orEmpty(data.rows(TrsmPhaseStudy.SWEEP, dev, TrsmPhaseStudy.PhaseRow.class)),
                    orEmpty(data.rows(TRSM_TUNE, dev, Seed001Tuning.TrsmTuneRow.class)), orEmpty(data.rows(PeakStudy.FLOPS, dev, PeakStudy.FlopsRow.class)),
                    power.isEmpty() ? null : power.getFirst()));
        }
        return l;
    }

    /** Writes {@code out/seed-001.md} and its plots from saved data. */
    public static ReportWriter.Outcome publish(ReportData data, Path out, PrintStream err) {
        List<Result> results = results(data);
        Options o = Options.parse(Params.parse(data.contents().params()));
        return ReportWriter.publish(out, NAME, figures(results, o), figs -> Seed001Page.markdown(data, o, results, figs), err);
    }

    static List<Figure> figures(List<Result> results, Options o) {
        List<Figure> f = new ArrayList<>();
        for (String type : o.types()) {
            f.add(new Figure("gemm-" + type, "gemm-" + type + ".png", "GEMM " + type + ": GFLOP/s over m = n = k, tuned (solid) and untuned", () -> {
                XYChart c = Plots.xy("GEMM (" + type + "): GFLOP/s, tuned and untuned (device default)", "m = n = k", "GFLOP/s", true);
                for (Result r : results) {
                    List<SizeRow> rows = r.sizes().stream().filter(x -> x.type().equals(type)).toList();
                    series(c, r.device().selector() + " tuned", rows, true);
                    series(c, r.device().selector() + " untuned", rows, false);
                }
                return c;
            }));
        }
        f.add(new Figure("trsm", "trsm.png", "TRSM: GFLOP/s over the block size nb", () -> {
            XYChart c = Plots.xy("TRSM (m = " + o.trsmM() + ", n = " + o.trsmN() + ") on the tuned GEMM: GFLOP/s over nb", "nb", "GFLOP/s", true);
            for (Result r : results) {
                for (String type : o.types()) {
                    List<TrsmRow> rows = r.trsm().stream().filter(x -> x.type().equals(type) && x.gflops() != null).toList();
                    if (rows.isEmpty()) continue;
                    Plots.measured(c, r.device().selector() + " " + type, rows.stream().mapToDouble(TrsmRow::nb).toArray(),
                            rows.stream().mapToDouble(TrsmRow::gflops).toArray());
                }
            }
            return c;
        }));
        return f;
    }

    private static void series(XYChart c, String name, List<SizeRow> rows, boolean tuned) {
        List<SizeRow> ok = rows.stream().filter(x -> (tuned ? x.tuned() : x.untuned()) != null).toList();
        if (ok.isEmpty()) return;
        double[] x = ok.stream().mapToDouble(SizeRow::size).toArray();
        double[] y = ok.stream().mapToDouble(r -> tuned ? r.tuned() : r.untuned()).toArray();
        if (tuned) Plots.measured(c, name, x, y);
        else Plots.model(c, name, x, y);
    }
}
