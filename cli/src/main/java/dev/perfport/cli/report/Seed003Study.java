package dev.perfport.cli.report;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.plugin.BackendRegistry;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * Runs the seed-003 workloads on the Cell/B.E. emulator at 1–6 SPEs (and with the PPE) and
 * collects their <b>modelled</b> times and counters: the data of {@code perfport report seed-003}
 * and of the shape tests. Each SPE count is its own emulator instance
 * ({@link BackendRegistry#createWith} with {@code perfport.cell-emulation.workers=n}, {@code ppe},
 * {@code ppeOnly}), on top of the caller's configuration (so {@code --config} cost overrides apply).
 */
public final class Seed003Study {
    static final String BACKEND = "cell-emulation";
    static final String KEY = "perfport.cell-emulation.";

    /**
     * Sizes and settings; the defaults finish in two to four minutes on two cores.
     *
     * @param spes      largest SPE count (the paper's 6); every count 1..spes is run
     * @param parts     which tables to run: any of matmul, table, reduction, scan (the emulator's) and gpu (OpenCL devices)
     * @param mmN       matmul n (paper 2048; n³ work, so the default is 768, see the report)
     * @param mmTile    tile of α–δ (paper 128)
     * @param mmTileEps tile of ε and of the δ it is compared with (paper 64)
     * @param redN      reduction elements (paper 2^25)
     * @param redWg     reduction work-group size of Table 4 (the paper does not give it)
     * @param sweepN    elements of the reduction's work-group-size sweep
     * @param sweepWgs  work-group sizes of that sweep
     * @param scanN     scan elements (paper 2^23)
     * @param scanWg    scan work-group size (blocks of 2·wg elements)
     * @param tableGroups  Einstein@Home proxy: calculation groups
     * @param tableIters   table lookups per calculation
     * @param cache     model the software cache (perfport.cell-emulation.cache)
     */
    public record Options(int spes, List<String> parts, int mmN, int mmTile, int mmTileEps, int redN, int redWg, int sweepN,
                          List<Integer> sweepWgs, int scanN, int scanWg, int tableGroups, int tableIters, boolean cache) {
        public static final List<String> KEYS = List.of("spes", "parts", "matmuln", "matmultile", "matmultileeps", "reductionn",
                "reductionwg", "sweepn", "sweepwgs", "scann", "scanwg", "tablegroups", "tableiters", "cache", "gpusizes", "gpureps");
        /** The emulator's tables, then the paper's GPU half on OpenCL devices ({@link Seed003GpuStudy}). */
        public static final List<String> PARTS = List.of("matmul", "table", "reduction", "scan", Seed003GpuStudy.PART);

        /** The defaults overridden by {@code --param}s; unknown keys and bad values are ConfigExceptions. */
        public static Options parse(Params p) {
            for (String k : p.asMap().keySet()) {
                if (!KEYS.contains(k)) {
                    throw new ConfigException("unknown parameter '" + k + "' of report seed-003; parameters: " + String.join(", ", KEYS));
                }
            }
            List<String> parts = new ArrayList<>();
            for (String s : p.get("parts", String.join(",", PARTS)).split(",")) {
                String t = s.trim();
                if (!PARTS.contains(t)) throw new ConfigException("report parameter parts: unknown part '" + t + "'; parts: " + String.join(", ", PARTS));
                if (!parts.contains(t)) parts.add(t);
            }
            int mmN = (int) range(p, "matmuln", "768", 16, 4096);
            int tile = (int) range(p, "matmultile", "128", 1, 128);
            int tileEps = (int) range(p, "matmultileeps", "64", 1, 128);
            if (mmN % tile != 0 || mmN % tileEps != 0) {
                throw new ConfigException("report parameter matmuln " + mmN + " must be a multiple of matmultile " + tile + " and matmultileeps " + tileEps);
            }
            List<Integer> wgs = new ArrayList<>();
            for (String s : p.get("sweepwgs", "8,16,32,64,128,256").split(",")) {
                long v = Params.parseLong("sweepwgs", s.trim());
                if (v < 1 || v > 4096 || Long.bitCount(v) != 1) throw new ConfigException("report parameter sweepwgs: " + v + " is not a power of two in [1, 4096]");
                wgs.add((int) v);
            }
            return new Options((int) range(p, "spes", "6", 1, 16), List.copyOf(parts), mmN, tile, tileEps,
                    (int) range(p, "reductionn", "2^25", 1, 1 << 30), (int) pow2(p, "reductionwg", "16"),
                    (int) range(p, "sweepn", "2^22", 1, 1 << 30), List.copyOf(wgs),
                    (int) range(p, "scann", "2^23", 1, 1 << 30), (int) pow2(p, "scanwg", "256"),
                    (int) range(p, "tablegroups", "1024", 1, 1 << 24), (int) range(p, "tableiters", "256", 0, 1 << 20),
                    Params.of("cache", p.get("cache", "true")).getBoolean("cache"));
        }

        private static long range(Params p, String k, String dflt, long min, long max) {
            long v = Params.parseLong(k, p.get(k, dflt));
            if (v < min || v > max) throw new ConfigException("report parameter " + k + " must be in [" + min + ", " + max + "], got " + v);
            return v;
        }

        private static long pow2(Params p, String k, String dflt) {
            long v = range(p, k, dflt, 1, 4096);
            if (Long.bitCount(v) != 1) throw new ConfigException("report parameter " + k + " must be a power of two, got " + v);
            return v;
        }

        boolean has(String part) {
            return parts.contains(part);
        }
    }

    /** One run: its modelled and wall time, counters, and the error when it failed. */
    public record Point(String label, Map<String, String> params, long modelledNanos, long wallNanos, Map<String, Long> counters,
                        String error) {
        public boolean ok() {
            return error == null && modelledNanos > 0;
        }

        /** Modelled milliseconds (NaN when the run failed). */
        public double ms() {
            return ok() ? modelledNanos / 1e6 : Double.NaN;
        }

        public long counter(String name) {
            return counters.getOrDefault(name, 0L);
        }
    }

    /** Everything measured; index {@code i} of the per-SPE arrays is {@code i + 1} SPEs. Null where a part was not run. */
    public static final class Data {
        public final Options options;
        /** matmul: alpha, beta, gamma, delta (tile mmTile), delta64 and epsilon64 (tile mmTileEps). */
        public final Map<String, Point> matmul = new LinkedHashMap<>();
        public Point[] tableLocal, tableSlm, tableSlmPpe;
        public Point[] redLocal, redSlm;
        public Point redPpeLocal;
        /** Work-group sweep: wg → {local, slm} at 1 SPE and at {@code spes} SPEs. */
        public final Map<Integer, Point[]> sweepOne = new TreeMap<>(), sweepAll = new TreeMap<>();
        public Point[] scanHarris, scanV1, scanPlus;
        public final List<String> failures = new ArrayList<>();
        public long wallMillis;

        Data(Options o) {
            this.options = o;
        }
    }

    /**
     * A saved run (a row of data.json): which cell of the tables it fills and the run itself.
     *
     * @param series e.g. {@code redLocal}, {@code matmul.delta}, {@code sweepAll.slm}
     * @param index  SPE count − 1 for the per-SPE series, the work-group size for the sweep, 0 otherwise
     * @param point  the run
     */
    public record Row(String series, int index, Point point) {
    }

    /** The rows of one sweep, in the order they ran. */
    static List<Row> rows(String sweep, Data d) {
        List<Row> l = new ArrayList<>();
        switch (sweep) {
            case "matmul" -> d.matmul.forEach((k, p) -> l.add(new Row("matmul." + k, 0, p)));
            case "table" -> {
                for (int i = 0; i < d.tableLocal.length; i++) {
                    l.add(new Row("tableLocal", i, d.tableLocal[i]));
                    l.add(new Row("tableSlm", i, d.tableSlm[i]));
                    l.add(new Row("tableSlmPpe", i, d.tableSlmPpe[i]));
                }
            }
            case "reduction" -> {
                for (int i = 0; i < d.redLocal.length; i++) {
                    l.add(new Row("redLocal", i, d.redLocal[i]));
                    l.add(new Row("redSlm", i, d.redSlm[i]));
                }
                l.add(new Row("redPpeLocal", 0, d.redPpeLocal));
            }
            case "reduction-wg" -> {
                for (int wg : d.sweepOne.keySet()) {
                    l.add(new Row("sweepOne.local", wg, d.sweepOne.get(wg)[0]));
                    l.add(new Row("sweepOne.slm", wg, d.sweepOne.get(wg)[1]));
                    l.add(new Row("sweepAll.local", wg, d.sweepAll.get(wg)[0]));
                    l.add(new Row("sweepAll.slm", wg, d.sweepAll.get(wg)[1]));
                }
            }
            case "scan" -> {
                for (int i = 0; i < d.scanHarris.length; i++) {
                    l.add(new Row("scanHarris", i, d.scanHarris[i]));
                    l.add(new Row("scanV1", i, d.scanV1[i]));
                    l.add(new Row("scanPlus", i, d.scanPlus[i]));
                }
            }
            default -> throw new IllegalArgumentException("no sweep " + sweep);
        }
        return l;
    }

    /** The sweeps of a study, in the order they run. */
    static final List<String> SWEEPS = List.of("matmul", "table", "reduction", "reduction-wg", "scan");

    /**
     * The data as saved: every saved sweep's rows in their places, the failed runs in the order
     * the sweeps were saved, the wall time of the saved run. A part whose sweeps were not saved
     * (the run stopped before) stays null or empty, as if it had not been run.
     */
    static Data fromSaved(ReportData saved, Options o) {
        Data d = new Data(o);
        d.wallMillis = saved.contents().wallMillis();
        int n = o.spes();
        for (ReportData.Sweep sw : saved.contents().sweeps()) {
            if (!SWEEPS.contains(sw.name()) || sw.device() != null) continue;
            switch (sw.name()) {
                case "table" -> {
                    d.tableLocal = new Point[n];
                    d.tableSlm = new Point[n];
                    d.tableSlmPpe = new Point[n];
                }
                case "reduction" -> {
                    d.redLocal = new Point[n];
                    d.redSlm = new Point[n];
                }
                case "scan" -> {
                    d.scanHarris = new Point[n];
                    d.scanV1 = new Point[n];
                    d.scanPlus = new Point[n];
                }
                default -> {
                }
            }
            for (Row r : saved.rows(sw.name(), null, Row.class)) {
                Point p = r.point();
                int i = r.index();
                boolean perSpe = !r.series().startsWith("matmul.") && !r.series().startsWith("sweep") && !r.series().equals("redPpeLocal");
                if (perSpe && (i < 0 || i >= n)) {
                    throw new ConfigException("cannot read " + saved.file() + ": row " + r.series() + " index " + i + " is outside 0.." + (n - 1));
                }
                switch (r.series()) {
                    case "tableLocal" -> d.tableLocal[i] = p;
                    case "tableSlm" -> d.tableSlm[i] = p;
                    case "tableSlmPpe" -> d.tableSlmPpe[i] = p;
                    case "redLocal" -> d.redLocal[i] = p;
                    case "redSlm" -> d.redSlm[i] = p;
                    case "redPpeLocal" -> d.redPpeLocal = p;
                    case "sweepOne.local" -> d.sweepOne.computeIfAbsent(i, k -> new Point[2])[0] = p;
                    case "sweepOne.slm" -> d.sweepOne.computeIfAbsent(i, k -> new Point[2])[1] = p;
                    case "sweepAll.local" -> d.sweepAll.computeIfAbsent(i, k -> new Point[2])[0] = p;
                    case "sweepAll.slm" -> d.sweepAll.computeIfAbsent(i, k -> new Point[2])[1] = p;
                    case "scanHarris" -> d.scanHarris[i] = p;
                    case "scanV1" -> d.scanV1[i] = p;
                    case "scanPlus" -> d.scanPlus[i] = p;
                    default -> {
                        if (!r.series().startsWith("matmul.")) throw new ConfigException("cannot read " + saved.file() + ": unknown series " + r.series());
                        d.matmul.put(r.series().substring("matmul.".length()), p);
                    }
                }
                if (p != null && !p.ok()) d.failures.add(p.label() + ": " + p.error());
            }
        }
        return d;
    }

    private final BackendRegistry registry;
    private final PerfportConfig base;
    private final PrintStream progress;
    private final Map<String, Backend> backends = new LinkedHashMap<>();

    /**
     * @param registry the registry whose {@code cell-emulation} provider creates the instances
     * @param base     configuration every instance starts from
     * @param progress where to print one line per run (may be null)
     */
    public Seed003Study(BackendRegistry registry, PerfportConfig base, PrintStream progress) {
        this.registry = registry;
        this.base = base;
        this.progress = progress;
    }

    /** Runs every part in {@code o.parts()}; closes the emulator instances it made. */
    public Data measure(Options o) {
        return measure(o, (sweep, data) -> {
        });
    }

    /**
     * Runs every part in {@code o.parts()} and hands the data to {@code ended} as each sweep ends
     * ({@code matmul}, {@code table}, {@code reduction}, {@code reduction-wg}, {@code scan}), so
     * that the caller can save it at once; closes the emulator instances it made.
     */
    public Data measure(Options o, BiConsumer<String, Data> ended) {
        long t0 = System.nanoTime();
        Data d = new Data(o);
        try {
            if (o.has("matmul")) {
                matmul(o, d);
                ended.accept("matmul", d);
            }
            if (o.has("table")) {
                table(o, d);
                ended.accept("table", d);
            }
            if (o.has("reduction")) {
                reduction(o, d);
                ended.accept("reduction", d);
                reductionSweep(o, d);
                ended.accept("reduction-wg", d);
            }
            if (o.has("scan")) {
                scan(o, d);
                ended.accept("scan", d);
            }
        } finally {
            for (Backend b : backends.values()) b.close();
            backends.clear();
        }
        d.wallMillis = (System.nanoTime() - t0) / 1_000_000;
        return d;
    }

    private void matmul(Options o, Data d) {
        int s = o.spes();
        Params p = Params.of("n", Integer.toString(o.mmN()), "reps", "1");
        Params big = p.with("tile", Integer.toString(o.mmTile()));
        Params small = p.with("tile", Integer.toString(o.mmTileEps()));
        for (String v : List.of("alpha", "beta", "gamma", "delta")) d.matmul.put(v, run(d, "matmul", v, big, o, s, false, false));
        d.matmul.put("delta64", o.mmTileEps() == o.mmTile() ? d.matmul.get("delta") : run(d, "matmul", "delta", small, o, s, false, false));
        d.matmul.put("epsilon64", run(d, "matmul", "epsilon", small, o, s, false, false));
    }

    private void table(Options o, Data d) {
        Params p = Params.of("groups", Integer.toString(o.tableGroups()), "iters", Integer.toString(o.tableIters()), "reps", "1");
        d.tableLocal = new Point[o.spes()];
        d.tableSlm = new Point[o.spes()];
        d.tableSlmPpe = new Point[o.spes()];
        for (int n = 1; n <= o.spes(); n++) {
            d.tableLocal[n - 1] = run(d, "table", "local", p, o, n, false, false);
            d.tableSlm[n - 1] = run(d, "table", "static-local", p, o, n, false, false);
            d.tableSlmPpe[n - 1] = run(d, "table", "static-local", p, o, n, true, false);
        }
    }

    private void reduction(Options o, Data d) {
        Params p = Params.of("n", Integer.toString(o.redN()), "type", "int", "wg", Integer.toString(o.redWg()), "reps", "1");
        d.redLocal = new Point[o.spes()];
        d.redSlm = new Point[o.spes()];
        for (int n = 1; n <= o.spes(); n++) {
            d.redLocal[n - 1] = run(d, "reduction", "local-atomic", p, o, n, false, false);
            d.redSlm[n - 1] = run(d, "reduction", "static-local", p, o, n, false, false);
        }
        d.redPpeLocal = run(d, "reduction", "local-atomic", p, o, 1, true, true);
    }

    private void reductionSweep(Options o, Data d) {
        for (int wg : o.sweepWgs()) {
            Params q = Params.of("n", Integer.toString(o.sweepN()), "type", "int", "wg", Integer.toString(wg), "reps", "1");
            d.sweepOne.put(wg, new Point[]{run(d, "reduction", "local-atomic", q, o, 1, false, false),
                    run(d, "reduction", "static-local", q, o, 1, false, false)});
            d.sweepAll.put(wg, new Point[]{run(d, "reduction", "local-atomic", q, o, o.spes(), false, false),
                    run(d, "reduction", "static-local", q, o, o.spes(), false, false)});
        }
    }

    private void scan(Options o, Data d) {
        Params p = Params.of("n", Integer.toString(o.scanN()), "type", "int", "op", "add", "wg", Integer.toString(o.scanWg()), "reps", "1");
        d.scanHarris = new Point[o.spes()];
        d.scanV1 = new Point[o.spes()];
        d.scanPlus = new Point[o.spes()];
        for (int n = 1; n <= o.spes(); n++) {
            d.scanHarris[n - 1] = run(d, "scan", "harris", p, o, n, false, false);
            d.scanV1[n - 1] = run(d, "scan", "v1", p, o, n, false, false);
            d.scanPlus[n - 1] = run(d, "scan", "scanplus", p, o, n, false, false);
        }
    }

    /** The configuration of an emulator instance with {@code spes} SPEs, the PPE, or the PPE alone. */
    static PerfportConfig config(PerfportConfig base, int spes, boolean ppe, boolean ppeOnly, boolean cache) {
        return base.with(KEY + "workers", Integer.toString(spes)).with(KEY + "ppe", Boolean.toString(ppe))
                .with(KEY + "ppeOnly", Boolean.toString(ppeOnly)).with(KEY + "cache", Boolean.toString(cache));
    }

    private Point run(Data d, String workload, String variant, Params p, Options o, int spes, boolean ppe, boolean ppeOnly) {
        String unit = ppeOnly ? "PPE" : spes + " SPE" + (spes > 1 ? "s" : "") + (ppe ? " + PPE" : "");
        String label = workload + " " + variant + " " + unit + " " + p.asMap();
        Backend b = backends.computeIfAbsent(spes + "/" + ppe + "/" + ppeOnly,
                k -> registry.createWith(BACKEND, config(base, spes, ppe, ppeOnly, o.cache())));
        Point pt;
        long t0 = System.nanoTime();
        try (DeviceSession s = b.open(0)) {
            RunResult r = Workloads.get(workload).run(s, variant, p);
            long modelled = r.modelledNanos() == null ? -1 : r.modelledNanos();
            String error = r.verified() ? null : (r.error() == null ? "not verified" : r.error());
            pt = new Point(label, r.params(), modelled, r.wallNanos(), r.counters(), error);
        } catch (RuntimeException e) {
            pt = new Point(label, p.asMap(), -1, System.nanoTime() - t0, Map.of(), e.toString());
        }
        if (!pt.ok()) d.failures.add(label + ": " + pt.error());
        if (progress != null) {
            progress.printf("[seed-003] %s: %s (%.1f s wall)%n", label,
                    pt.ok() ? String.format("%.3f ms modelled", pt.ms()) : "FAILED " + pt.error(), (System.nanoTime() - t0) / 1e9);
        }
        return pt;
    }
}
