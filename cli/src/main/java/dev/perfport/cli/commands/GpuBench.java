package dev.perfport.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.perfport.cli.Context;
import dev.perfport.cli.Environment;
import dev.perfport.cli.format.Format;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.tune.TuneDatabase;
import dev.perfport.workloads.Bound;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code perfport bench gpu}: the headline table on the present GPU, as one product command instead of one-off
 * scripts. First the device's limits: {@code stream} (every kernel, float and double) and {@code flops} (FP32 and
 * FP64); then every headline case, and each row's fraction of its device's limit ({@link DeviceLimits}): a
 * memory-bound row's {@code % of stream}, a compute-bound row's {@code % of flops} (the workload's {@link Bound}).
 * Each case runs through {@code compare} on every route asked for (default {@code jocl:gpu} and
 * {@code aparapi:gpu}), at the configuration {@code config=auto} takes (the user's tuning cache, then the tuning
 * database), with {@code reps=auto}; beside it, where {@code python3} with torch is on the PATH, PyTorch's figure for
 * the same work from {@code bench/}'s references, measured in the same run. Writes its section of the GPU's page
 * {@code <model>.md} and its data in {@code <model>.json} under {@code --out} (default {@code docs/results/gpu}), keeping
 * what the page and data file hold by hand ({@link GpuPage}).
 *
 * @param selectors the routes (--backend), or empty for the defaults
 * @param params    {@code quick=1}: small sizes, for a smoke test on any device
 * @param out       the folder for the page and its data, or null for the default
 */
record GpuBench(List<String> selectors, Params params, String out) {
    /** The ending of the routes' counting settings ({@code perfport.jocl.counters}, ...). */
    private static final String COUNTERS = ".counters";

    /**
     * One row of the headline table.
     *
     * @param name     what it is, for a reader
     * @param workload the workload
     * @param variant  its variant
     * @param params   its parameters
     * @param metric   the rate compared
     * @param torch    the PyTorch reference line's fields that must match (workload, and op/dtype/n where they apply), or empty
     */
    record Case(String name, String workload, String variant, List<String> params, String metric, Map<String, String> torch) {
        /** Whether less is better: a time per launch, where the rest are rates. */
        boolean lowerIsBetter() {
            return metric.contains("us/");
        }
    }

    /** The cases that measure the device's limits: stream's kernels in float and double, flops in FP32 and FP64. */
    static List<Case> limits(boolean quick) {
        List<Case> l = new ArrayList<>();
        String n = quick ? "2^16" : "2^28";
        for (String type : List.of("float", "double")) {
            for (String k : List.of("copy", "mul", "add", "triad", "dot")) {
                l.add(new Case("stream " + k + " " + type + ", n " + n, "stream", k, List.of("n=" + n, "type=" + type), "GB/s",
                        Map.of("workload", "stream", "op", k, "dtype", type + (type.equals("float") ? "32" : "64"),
                                "n", Long.toString(Params.parseLong("n", n)))));
            }
        }
        for (String type : List.of("float", "double")) {
            l.add(new Case("flops FMA " + type, "flops", "fma", quick ? List.of("n=2^12", "iters=64", "type=" + type) : List.of("type=" + type),
                    "GFLOP/s", Map.of()));
        }
        return l;
    }

    /** The limits, then the headline cases, in the order they run. */
    static List<Case> all(boolean quick) {
        List<Case> l = new ArrayList<>(limits(quick));
        l.addAll(cases(quick));
        return l;
    }

    /** Every case by its name, as the data's rows name them. */
    static Map<String, Case> byName(boolean quick) {
        Map<String, Case> m = new LinkedHashMap<>();
        for (Case c : all(quick)) m.put(c.name(), c);
        return m;
    }

    static List<Case> cases(boolean quick) {
        List<Case> l = new ArrayList<>();
        for (String n : quick ? List.of("2^16") : List.of("2^25", "2^28")) {
            l.add(new Case("reduction float, n " + n, "reduction", "tuned", List.of("n=" + n, "type=float"), "GB/s",
                    Map.of("workload", "reduction", "n", Long.toString(Params.parseLong("n", n)))));
            l.add(new Case("scan int, single-pass, n " + n, "scan", "single-pass", List.of("n=" + n, "type=int"), "Gelem/s",
                    Map.of("workload", "scan", "dtype", "int32", "n", Long.toString(Params.parseLong("n", n)))));
        }
        for (String n : quick ? List.of("64") : List.of("1024", "4096")) {
            l.add(new Case("SGEMM C = A·Bᵀ, " + n + "³", "gemm", "indirect", List.of("m=" + n, "n=" + n, "k=" + n, "type=float", "transb=t"),
                    "GFLOP/s", Map.of("workload", "gemm", "op", "torch.matmul NT", "dtype", "float32", "n", n)));
        }
        for (String[] f : quick ? new String[][]{{"2^10", "4"}} : new String[][]{{"2^20", "1"}, {"512", "2^14"}}) {
            l.add(new Case("FFT " + f[0] + " × " + f[1], "fft", "fourstep", List.of("n=" + f[0], "batch=" + f[1]), "GFLOP/s",
                    Map.of("workload", "fft", "n", Long.toString(Params.parseLong("n", f[0])), "batch", Long.toString(Params.parseLong("batch", f[1])))));
        }
        // FP64 at 4096 too: at 1024³ the tuned 64×64 tiles are 256 work-groups, two per SM of an H200, too few to hide latency
        for (String n : quick ? List.<String>of() : List.of("1024", "4096")) {
            l.add(new Case("DGEMM C = A·Bᵀ, " + n + "³", "gemm", "indirect", List.of("m=" + n, "n=" + n, "k=" + n, "type=double", "transb=t"),
                    "GFLOP/s", Map.of("workload", "gemm", "op", "torch.matmul NT", "dtype", "float64", "n", n)));
        }
        // torch_spmv.py's matrices
        for (String matrix : quick ? List.of("powerlaw:2^12:8") : List.of("powerlaw:2^21:8", "stencil2d:2048x2048")) {
            l.add(new Case("SpMV csr-adaptive, " + matrix, "spmv", "csr-adaptive", List.of("matrix=" + matrix),
                    "GFLOP/s", Map.of("workload", "spmv", "matrix", matrix)));
        }
        String side = quick ? "256" : "8192";
        for (String math : List.of("precise", "fma")) {
            l.add(new Case("convolution " + side + "², 17×17, adaptive, math=" + math, "convolution", "adaptive",
                    List.of("width=" + side, "height=" + side, "math=" + math), "GFLOP/s", Map.of("workload", "convolution", "width", side, "filter", "17")));
        }
        if (!quick) {
            // torch_ref.py's market: its nsim is simbs·vwidth·wgsize·ngroup here (1,081,344); at that nsim the best shape of a
            // sweep on the H200 (docs/results/gpu/h200.md): float4 accumulators, 256 positions a local block
            l.add(new Case("VaR singlebuffer, math=relaxed, npos 2^17", "var", "singlebuffer", List.of("npos=2^17", "posbs=256", "simbs=8",
                    "vwidth=4", "wgsize=128", "ngroup=264", "math=relaxed"), "mpps", Map.of("workload", "var")));
        }
        // the host's time per launch when it needs each result, as torch.sum(x).item() does
        l.add(new Case("host time per launch, a read-back each, n 1024", "reduction", "tuned", List.of("n=1024", "type=float", "groups=1",
                "launches=" + (quick ? "100" : "10000"), "readback=each"), "wall us/launch",
                Map.of("workload", "launch", "op", "torch.sum(x).item() n=1024, a read-back each")));
        return l;
    }

    int run(Context given) {
        boolean quick = params.get("quick", "0").equals("1");
        Context ctx = withoutCounters(given);
        List<String> routes = selectors.isEmpty() ? List.of("jocl:gpu", "aparapi:gpu") : selectors;
        Targets.of(ctx.registry(), routes);   // a selector that matches no device (no GPU here) is one line, before anything runs
        ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        List<Map<String, Object>> rows = new ArrayList<>();
        String device = null;
        int failed = 0;
        for (Case c : all(quick)) {
            List<String> ps = new ArrayList<>(c.params());
            ps.add("reps=" + (quick ? "2" : "auto"));
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            Context capture = new Context(ctx.config(), Format.JSON, new PrintStream(buf, true, StandardCharsets.UTF_8), ctx.err());
            ctx.err().println("bench gpu: " + c.name());
            int code = new RunCommand(true, c.workload(), routes, List.of(c.variant()), ps).execute(capture);
            if (code != 0) failed++;
            try {
                for (JsonNode r : json.readTree(buf.toString(StandardCharsets.UTF_8))) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("case", c.name());
                    m.put("metric", c.metric());
                    m.put("row", json.convertValue(r, Map.class));
                    rows.add(m);
                    if (device == null && r.path("status").asText().equals("verified")) device = r.path("device").asText();
                }
            } catch (IOException e) {
                throw new IllegalStateException("bench gpu: compare " + c.workload() + " printed no JSON: " + e.getMessage(), e);
            }
        }
        List<Map<String, Object>> torch = new ArrayList<>();
        String torchNote = torch(ctx, quick, torch, json);
        if (device == null) device = "no-device";
        String slug = GpuPage.name(device);
        Path dir = Path.of(out != null ? out : "docs/results/gpu");
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("format", "perfport-bench-gpu/1");
        data.put("command", "perfport bench gpu" + (quick ? " --param quick=1" : ""));
        data.put("environment", Environment.host());
        data.put("device", device);
        data.put("torch", torchNote);
        data.put("rows", rows);
        data.put("pytorch", torch);
        DeviceLimits limits = DeviceLimits.of(rows.stream().map(m -> limitRow(row(m))).toList());
        Map<String, Case> cases = byName(quick);
        for (Map<String, Object> m : rows) {
            Map<String, Object> r = row(m);
            if (cases.get((String) m.get("case")) instanceof Case c && c.lowerIsBetter()) continue;   // a time per launch: no limit applies
            Optional<Bound> b = boundOf(r);
            b.ifPresent(bound -> m.put("bound", bound instanceof Bound.Compute c ? "compute " + c.precision() : "memory"));
            b.ifPresent(bound -> limits.fraction(limitRow(r), bound).ifPresent(f -> m.put("fractionOfLimit", f)));
            bestKnown(r, (String) m.get("metric")).ifPresent(e -> {
                m.put("bestKnown", e.value());
                if ("verified".equals(r.get("status")) && r.get("metrics") instanceof Map<?, ?> ms && ms.get(m.get("metric")) instanceof Number v) {
                    m.put("ofBestKnown", v.doubleValue() / e.value());
                }
            });
        }
        data.put("limits", limitsData(limits));
        String section = section(torchNote, quick, rows, torch, limits);
        Path md = dir.resolve(slug + ".md"), js = dir.resolve(slug + ".json");
        try {
            Files.createDirectories(dir);
            @SuppressWarnings("unchecked")
            Map<String, Object> kept = Files.exists(js) ? json.readValue(js.toFile(), Map.class) : null;
            Files.writeString(js, json.writeValueAsString(GpuPage.data(kept, data)) + "\n");
            Files.writeString(md, GpuPage.page(Files.exists(md) ? Files.readString(md) : null, device, section));
        } catch (IOException e) {
            throw new ConfigException("bench gpu: cannot write to " + dir + ": " + e.getMessage());
        }
        ctx.out().print(section);
        ctx.err().println("bench gpu: wrote its section of " + md + " and its data in " + js.getFileName());
        return failed == 0 ? 0 : 1;
    }

    /**
     * The command's context with every route's counters off where the user set none ({@code perfport.<route>.counters}):
     * a timing table, and counting adds a global atomic per counted atomic (and a read of the counters to a launch).
     */
    static Context withoutCounters(Context ctx) {
        PerfportConfig cfg = withoutCounters(ctx.config(), ctx.registry().settings());
        return cfg == ctx.config() ? ctx : new Context(cfg, ctx.format(), ctx.out(), ctx.err(), ctx.progressBar());
    }

    /** {@code cfg} with each counting setting among {@code settings} (the routes' keys) that it leaves unset set to false. */
    static PerfportConfig withoutCounters(PerfportConfig cfg, List<String> settings) {
        for (String key : settings) {
            if (key.endsWith(COUNTERS) && cfg.get(key).isEmpty()) cfg = cfg.with(key, "false");
        }
        return cfg;
    }

    /** Runs bench/'s PyTorch references where python3 with torch is here; the note says what happened. */
    private static String torch(Context ctx, boolean quick, List<Map<String, Object>> lines, ObjectMapper json) {
        Path bench = Path.of("bench");
        if (!Files.isDirectory(bench)) return "no PyTorch figures: bench/ (the references) is not in the working directory";
        List<String> probe = runPython(List.of("python3", "-c", "import torch; print(torch.__version__, torch.cuda.is_available())"), 60);
        if (probe == null || probe.isEmpty()) return "no PyTorch figures: python3 with torch is not on the PATH";
        if (!probe.getLast().endsWith("True")) return "no PyTorch figures: torch " + probe.getLast() + " sees no CUDA device";
        List<List<String>> scripts = quick
                ? List.of(List.of("bench/torch_ref.py", "--quick", "--only", "reduction,scan,stream,launch"), List.of("bench/torch_gemm.py", "--sizes", "64", "--reps", "5"))
                : List.of(List.of("bench/torch_ref.py", "--only", "reduction,scan,stream,var,launch"), List.of("bench/torch_gemm.py", "--sizes", "1024,4096"),
                        List.of("bench/torch_fft.py"), List.of("bench/torch_spmv.py"), List.of("bench/torch_conv.py"));
        for (List<String> s : scripts) {
            ctx.err().println("bench gpu: PyTorch " + s.getFirst());
            List<String> cmd = new ArrayList<>(List.of("python3"));
            cmd.addAll(s);
            List<String> out = runPython(cmd, 540);
            if (out == null) continue;
            for (String line : out) {
                if (!line.startsWith("{")) continue;
                try {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> m = json.readValue(line, Map.class);
                    // the references name their figures in two ways: median and metric, or gflops_median, or GFLOP/s (spmv)
                    if (m.get("bench") instanceof String b && b.startsWith("torch.sparse")) {
                        m.put("workload", "spmv");
                        m.put("median", m.get("GFLOP/s"));
                        m.put("metric", "GFLOP/s");
                    }
                    if (m.get("us_per_call") instanceof Number us) {
                        m.put("median", us);
                        m.put("metric", "us/call");
                    }
                    if (m.get("gflops_median") instanceof Number g) {
                        m.put("median", g);
                        m.put("metric", "GFLOP/s");
                    }
                    if (m.containsKey("workload")) lines.add(m);
                } catch (IOException e) {
                    // a line of prose that starts with a brace: not a result
                }
            }
        }
        return "PyTorch " + probe.getLast().split(" ")[0] + ", measured in the same run";
    }

    private static List<String> runPython(List<String> cmd, long seconds) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            byte[] b = p.getInputStream().readAllBytes();
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? new String(b, StandardCharsets.UTF_8).lines().toList() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The PyTorch line of a case: every field the case names matches; the fastest median among them. */
    static Map<String, Object> reference(Case c, List<Map<String, Object>> torch) {
        if (c.torch().isEmpty()) return null;
        Map<String, Object> best = null;
        for (Map<String, Object> t : torch) {
            boolean all = c.torch().entrySet().stream().allMatch(e -> e.getValue().equals(String.valueOf(t.get(e.getKey()))));
            if (!all || !(t.get("median") instanceof Number v)) continue;
            double b = best == null ? Double.NaN : ((Number) best.get("median")).doubleValue();
            if (best == null || (c.lowerIsBetter() ? v.doubleValue() < b : v.doubleValue() > b)) best = t;
        }
        return best;
    }

    /** The result row of one entry of the data's rows. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> row(Map<String, Object> entry) {
        return (Map<String, Object>) entry.get("row");
    }

    /** A result row (its JSON form) as {@link DeviceLimits} reads it. */
    static DeviceLimits.Row limitRow(Map<String, Object> r) {
        Map<String, Double> metrics = new LinkedHashMap<>();
        if (r.get("metrics") instanceof Map<?, ?> ms) {
            ms.forEach((k, v) -> {
                if (v instanceof Number n) metrics.put(String.valueOf(k), n.doubleValue());
            });
        }
        Object type = r.get("params") instanceof Map<?, ?> ps ? ps.get("type") : null;
        return new DeviceLimits.Row(String.valueOf(r.get("workload")), String.valueOf(r.get("device")), "verified".equals(r.get("status")),
                type == null ? null : String.valueOf(type), metrics);
    }

    /** What the row's workload declares limits it at the row's parameters, if anything. */
    static Optional<Bound> boundOf(Map<String, Object> r) {
        Map<String, String> ps = new LinkedHashMap<>();
        if (r.get("params") instanceof Map<?, ?> m) m.forEach((k, v) -> ps.put(String.valueOf(k), String.valueOf(v)));
        try {
            return Workloads.get(String.valueOf(r.get("workload"))).bound(String.valueOf(r.get("variant")), Params.of(ps));
        } catch (ConfigException e) {
            return Optional.empty();   // a workload this build does not know: no bound to show
        }
    }

    /**
     * The shipped database's entry for exactly this row's case (backend, device, workload, variant and the parameters
     * the entry fixes; a parameter the entry left at auto matches what the row resolved it to), the yardstick of "of best
     * known": the rate that entry's search measured, in another run
     */
    static Optional<TuneDatabase.Entry> bestKnown(Map<String, Object> r, String metric) {
        Map<String, String> fixed = new LinkedHashMap<>();
        if (r.get("params") instanceof Map<?, ?> ps) ps.forEach((k, v) -> fixed.put(String.valueOf(k), String.valueOf(v)));
        fixed.put("variant", String.valueOf(r.get("variant")));
        return TuneDatabase.shipped().bestKnown(String.valueOf(r.get("backend")), String.valueOf(r.get("device")),
                String.valueOf(r.get("workload")), metric, fixed);
    }

    private static Map<String, Object> limitsData(DeviceLimits limits) {
        Map<String, Object> l = new LinkedHashMap<>();
        java.util.Set<String> devices = new java.util.TreeSet<>(limits.stream().keySet());
        devices.addAll(limits.flops().keySet());
        for (String d : devices) {
            Map<String, Object> m = new LinkedHashMap<>();
            if (limits.stream().containsKey(d)) m.put("stream GB/s", limits.stream().get(d));
            limits.flops().getOrDefault(d, Map.of()).forEach((t, v) -> m.put("flops " + t + " GFLOP/s", v));
            l.put(d, m);
        }
        return l;
    }

    private static String percent(Map<String, Object> entry, String kind) {
        return entry.get("bound") instanceof String b && b.startsWith(kind) && entry.get("fractionOfLimit") instanceof Number f
                ? String.format(Locale.ROOT, "%.1f %%", 100 * f.doubleValue()) : "-";
    }

    private static String section(String torchNote, boolean quick, List<Map<String, Object>> rows, List<Map<String, Object>> torch,
                                  DeviceLimits limits) {
        StringBuilder sb = new StringBuilder();
        Map<String, String> env = Environment.host();
        sb.append("## The headline table: `perfport bench gpu`\n\n");
        sb.append("Generated by `perfport bench gpu").append(quick ? " --param quick=1" : "").append("` with perfport ")
                .append(env.get("perfport")).append(" (commit ").append(env.get("commit")).append("), Java ").append(env.get("java"))
                .append(". Every row ran `compare` with `reps=").append(quick ? "2" : "auto").append("` at the configuration `config=auto` takes ")
                .append("(the user's tuning cache, then the tuning database, then the defaults; the CONFIG column says which). ")
                .append("Rates are medians over the timed repetitions, with the range of the kernel time; the kernels counted no ")
                .append("atomics (`perfport.<route>.counters=false`, unless the command set it). jocl's timed launches start behind a short ")
                .append("spin on a GPU, as PyTorch's do (`perfport.jocl.busyStart`); the other routes' (Aparapi, TornadoVM) start on an idle device (docs/gpu.md). ")
                .append(torchNote).append(".\n\n");
        sb.append("Limits measured first on each device: the best `stream` rate (any kernel, type and route) and the best `flops` ")
                .append("multiply-add rate per precision. A memory-bound row's `% of stream` is the bytes it must move per second over that ")
                .append("stream rate; a compute-bound row's `% of flops` is its flops per second over the flops rate in its precision ")
                .append("(docs/gpu.md). A ratio above 1 is perfport ahead: its rate over PyTorch's, or for the time per launch, ")
                .append("PyTorch's time over perfport's. `of best known` is the rate over the rate the tuning database's entry for ")
                .append("exactly this case was measured at, in another run (docs/tuning.md); both drift between runs as the GPU's clocks do, ")
                .append("so the same run's PyTorch ratio is the steadier yardstick.\n\n");
        Map<String, Object> ld = limitsData(limits);
        if (ld.isEmpty()) sb.append("No limit measured: no stream or flops row verified.\n\n");
        for (Map.Entry<String, Object> e : ld.entrySet()) {
            Map<?, ?> m = (Map<?, ?>) e.getValue();
            sb.append("- ").append(e.getKey()).append(": stream ").append(rate(m.get("stream GB/s"), "GB/s"))
                    .append(", flops FP32 ").append(rate(m.get("flops float GFLOP/s"), "GFLOP/s"))
                    .append(", FP64 ").append(rate(m.get("flops double GFLOP/s"), "GFLOP/s")).append("\n");
        }
        sb.append("\n| case | route | config | rate (median) | kernel ms [min-max] | of best known | % of stream | % of flops | PyTorch (median) | ratio |\n")
                .append("|---|---|---|---|---|---|---|---|---|---|\n");
        Map<String, Case> byName = byName(quick);
        for (Map<String, Object> m : rows) {
            Map<String, Object> r = row(m);
            String caseName = (String) m.get("case"), metric = (String) m.get("metric");
            Case c = byName.get(caseName);
            @SuppressWarnings("unchecked")
            Map<String, Object> ps = (Map<String, Object>) r.get("params");
            @SuppressWarnings("unchecked")
            Map<String, Object> metrics = (Map<String, Object>) r.get("metrics");
            boolean ok = "verified".equals(r.get("status"));
            double rate = ok && metrics.get(metric) instanceof Number n ? n.doubleValue() : 0;
            String range = "-";
            if (ok && r.get("timing") instanceof Map<?, ?> t && t.get("kernelNanos") instanceof Map<?, ?> k) {
                range = String.format(Locale.ROOT, "%.4f [%.4f-%.4f]", ((Number) k.get("median")).doubleValue() / 1e6,
                        ((Number) k.get("min")).doubleValue() / 1e6, ((Number) k.get("max")).doubleValue() / 1e6);
            }
            Map<String, Object> ref = reference(c, torch);
            String refText = ref == null ? "-" : String.format(Locale.ROOT, "%,.1f %s", ((Number) ref.get("median")).doubleValue(), ref.get("metric"));
            double refRate = ref == null ? 0 : ((Number) ref.get("median")).doubleValue();
            // above 1 is perfport ahead: the rate over PyTorch's, or for a time PyTorch's over perfport's
            String ratio = ref == null || !ok ? "-" : String.format(Locale.ROOT, "%.2f×", c.lowerIsBetter() ? refRate / rate : rate / refRate);
            String shown = caseName + (ps != null && ps.get("op") != null ? ", op " + ps.get("op") : "");
            sb.append("| ").append(shown).append(" | ").append(r.get("backend")).append(" | ").append(ps == null ? "-" : ps.getOrDefault("config", "-"))
                    .append(" | ").append(ok ? String.format(Locale.ROOT, "%,.1f %s", rate, metric) : r.get("status") + ": " + String.valueOf(r.get("error")).lines().findFirst().orElse(""))
                    .append(" | ").append(range).append(" | ").append(ofBestKnown(m)).append(" | ").append(percent(m, "memory")).append(" | ").append(percent(m, "compute"))
                    .append(" | ").append(refText).append(" | ").append(ratio).append(" |\n");
        }
        return sb.toString();
    }

    private static String ofBestKnown(Map<String, Object> entry) {
        return entry.get("ofBestKnown") instanceof Number f && entry.get("bestKnown") instanceof Number b
                ? String.format(Locale.ROOT, "%.2f of %,.1f", f.doubleValue(), b.doubleValue()) : "-";
    }

    private static String rate(Object v, String unit) {
        return v instanceof Number n ? String.format(Locale.ROOT, "%,.1f %s", n.doubleValue(), unit) : "-";
    }
}
