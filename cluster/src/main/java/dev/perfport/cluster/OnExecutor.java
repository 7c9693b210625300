package dev.perfport.cluster;

import dev.perfport.cli.Environment;
import dev.perfport.cli.commands.TunedLookups;
import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.DeviceSelector;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.plugin.BackendRegistry;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.tune.Config;
import dev.perfport.core.tune.Constraint;
import dev.perfport.core.tune.DeviceFingerprint;
import dev.perfport.core.tune.Evaluation;
import dev.perfport.core.tune.Param;
import dev.perfport.core.tune.Space;
import dev.perfport.core.tune.Status;
import dev.perfport.core.tune.Strategy;
import dev.perfport.core.tune.TuneCache;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Runs;
import dev.perfport.workloads.Tunable;
import dev.perfport.workloads.TunedLookup;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.resource.ResourceInformation;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What runs inside an executor: the perfport distribution that the executor's JVM was started
 * with (its lib/ on the class path, its plugins folder), the settings the driver sent, and the
 * machine's own devices. Sessions stay open for the executor's life, a few per device so that the
 * task slots of one executor do not queue behind one session. A task that Spark's GPU scheduling
 * gave a "gpu" address opens the device that address names ({@link Gpus}) and no other. Every
 * result says where it ran ({@link Wire.Ran}).
 */
final class OnExecutor {
    private OnExecutor() {
    }

    /** Idle sessions per backend, device index and settings. */
    private static final Map<String, Deque<DeviceSession>> IDLE = new HashMap<>();

    /** "host/pid" of this executor, the host as Spark knows it (the machine's name outside Spark). */
    static String ranOn() {
        return host() + "/" + ManagementFactory.getRuntimeMXBean().getPid();
    }

    static String host() {
        SparkEnv env = SparkEnv.get();
        if (env != null && env.blockManager() != null) return env.blockManager().blockManagerId().host();
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            return "?";
        }
    }

    static BackendRegistry registry(Map<String, String> settings) {
        PerfportConfig c = PerfportConfig.load();
        for (Map.Entry<String, String> e : settings.entrySet()) c = c.with(e.getKey(), e.getValue());
        return BackendRegistry.shared(c);
    }

    /** This executor, as the scheduler knows it, and its devices that the selectors pick. */
    static Wire.Probe probe(Map<String, String> settings, List<String> selectors) {
        SparkEnv env = SparkEnv.get();
        return new Wire.Probe(env.executorId(), env.blockManager().blockManagerId().host(), devices(settings, selectors));
    }

    /** The devices here that the selectors pick (every device a comparison takes by default when none). */
    static List<Wire.Device> devices(Map<String, String> settings, List<String> selectors) {
        BackendRegistry reg = registry(settings);
        List<Wire.Device> out = new ArrayList<>();
        String host = host();
        for (BackendRegistry.Entry e : reg.entries()) {
            if (!e.available()) continue;
            List<DeviceInfo> ds = e.backend().devices();
            for (int i = 0; i < ds.size(); i++) {
                if (picked(selectors, e.id(), i, ds.get(i))) {
                    out.add(new Wire.Device(e.id(), i, ds.get(i).name(), Wire.Fingerprint.of(DeviceFingerprint.of(ds.get(i))), host));
                }
            }
        }
        return out;
    }

    /** As the CLI's targets: a bare backend id takes its devices but the explicit-only ones, a selector with criteria the one it picks. */
    private static boolean picked(List<String> selectors, String backend, int i, DeviceInfo d) {
        if (selectors.isEmpty()) return !d.explicitOnly();
        for (String s : selectors) {
            DeviceSelector sel = DeviceSelector.parse(s);
            if (!sel.backend().equals(backend)) continue;
            if (!sel.namesADevice()) {
                if (!d.explicitOnly()) return true;
            } else if (sel.matches(i, d)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Runs {@code work} on a session of a local device identical to {@code device}: the one the
     * task's GPU address names where Spark's GPU scheduling gave it one of this backend (only that
     * device, so that two executors never share a GPU), else the first identical one. Fails the
     * task when this machine has none, or when its GPU is another kind of device.
     */
    static <T> T withSession(Map<String, String> settings, String sessions, Wire.Device device, SessionWork<T> work) throws Exception {
        BackendRegistry reg = registry(settings);
        Backend b = reg.backend(device.backend());
        List<DeviceInfo> ds = b.devices();
        List<String> gpus = gpus();
        int index = -1;
        for (String a : gpus) {
            int i = Gpus.fromEnvironment().index(a, device.backend(), ds);
            if (i < 0) continue;
            if (!like(ds.get(i), device)) {
                // Spark retries the task elsewhere; with all attempts on executors without it, the job says why
                throw new NoDevice("executor " + ranOn() + " owns GPU " + a + " = " + device.backend() + ":" + i + " " + ds.get(i).name()
                        + ", no " + device.backend() + " device like " + device.name() + " (fingerprint " + device.fingerprint() + ")");
            }
            index = i;
            break;
        }
        if (index < 0) {
            for (int i = 0; i < ds.size() && index < 0; i++) if (like(ds.get(i), device)) index = i;
        }
        if (index < 0) {
            throw new NoDevice("executor " + ranOn() + " has no " + device.backend() + " device like " + device.name()
                    + " (fingerprint " + device.fingerprint() + ")");
        }
        String key = device.backend() + ":" + index + " " + sessions + " " + settings;
        DeviceSession s;
        synchronized (IDLE) {
            s = IDLE.computeIfAbsent(key, k -> new ArrayDeque<>()).poll();
        }
        if (s == null) s = b.open(index);
        boolean ok = false;
        try {
            SparkEnv env = SparkEnv.get();
            Wire.Ran ran = new Wire.Ran(env == null ? "driver" : env.executorId(), host(), ProcessHandle.current().pid(), gpus,
                    device.backend() + ":" + index, ds.get(index).name(), 0);
            T t = work.run(s, ran);
            ok = true;
            return t;
        } finally {
            if (ok) {
                synchronized (IDLE) {
                    IDLE.get(key).push(s);
                }
            } else {
                try {
                    s.close();
                } catch (RuntimeException ignored) {
                    // the task's own failure is what Spark reports
                }
            }
        }
    }

    private static boolean like(DeviceInfo d, Wire.Device device) {
        return Wire.Fingerprint.of(DeviceFingerprint.of(d)).equals(device.fingerprint());
    }

    /** The GPU addresses Spark's scheduling gave this task (empty without GPU scheduling). */
    static List<String> gpus() {
        TaskContext tc = TaskContext.get();
        ResourceInformation gpu = tc == null ? null : tc.resources().get("gpu").getOrElse(() -> null);
        return gpu == null ? List.of() : List.of(gpu.addresses());
    }

    interface SessionWork<T> {
        T run(DeviceSession s, Wire.Ran ran) throws Exception;
    }

    static Tunable.Tuning tuning(DeviceSession s, Wire.Job job) {
        Workload w = Workloads.get(job.workload());
        if (!(w instanceof Tunable t)) throw new IllegalArgumentException("workload '" + job.workload() + "' cannot be tuned");
        return t.tuning(s, job.variant(), Params.of(job.fixed()), job.grid());
    }

    /** The tuning problem as this device defines it (see {@link Wire.Problem}). */
    static Wire.Problem problem(Wire.Job job, Wire.Device device) throws Exception {
        return withSession(job.settings(), job.sessions(), device, (s, ran) -> {
            Tunable.Tuning t = tuning(s, job);
            Space sp = t.space();
            List<String> names = new ArrayList<>();
            List<List<Integer>> values = new ArrayList<>();
            for (Param p : sp.params()) {
                names.add(p.name());
                values.add(List.copyOf(p.values()));
            }
            List<String> cnames = sp.constraints().stream().map(Constraint::name).toList();
            long n = sp.gridSize();
            if (n > 10_000_000) throw new IllegalArgumentException("grid of " + n + " points is too large to distribute (limit 10000000)");
            // one int per point and each distinct refusal once: gemm's GPU grid has 4 million points, most refused
            int[] verdicts = new int[(int) n];
            List<String[]> reasons = new ArrayList<>();
            Map<String, Integer> seen = new HashMap<>();
            for (int k = 0; k < n; k++) {
                verdicts[k] = -1;
                Config c = sp.at(k);
                for (Constraint con : sp.constraints()) {
                    Optional<String> v = con.violation(c);
                    if (v.isPresent()) {
                        verdicts[k] = seen.computeIfAbsent(con.name() + "\n" + v.get(), x -> {
                            reasons.add(new String[]{con.name(), v.get()});
                            return reasons.size() - 1;
                        });
                        break;
                    }
                }
            }
            Strategy.Hierarchical h = t.hierarchy();
            List<Wire.Stage> stages = h.stages().stream().map(st -> new Wire.Stage(st.name(), st.params(), switch (st.rule()) {
                case Strategy.Rule.Best b -> -1;
                case Strategy.Rule.SmallestWithin w -> w.fraction();
            })).toList();
            Strategy.Review r = h.review();
            return new Wire.Problem(names, values, cnames, reasons, verdicts, t.objective().metric(),
                    t.objective().direction() == dev.perfport.core.tune.Objective.Direction.MAXIMIZE,
                    new LinkedHashMap<>(h.start()), stages,
                    r == null ? null : new Wire.Review(r.params(), r.maxRounds(), r.minImprovement(), r.confirmRounds()),
                    t.kernelHash(), new LinkedHashMap<>(t.fixed()), null);
        });
    }

    /** Evaluates configurations (index, values) on a local device like {@code device}. */
    static Wire.Evals evaluate(Wire.Job job, Wire.Device device, List<Wire.Item> configs)
            throws Exception {
        return withSession(job.settings(), job.sessions(), device, (s, ran) -> {
            long t0 = System.nanoTime();
            Tunable.Tuning t = tuning(s, job);
            List<Wire.Eval> out = new ArrayList<>();
            for (Wire.Item e : configs) {
                Evaluation ev;
                try {
                    ev = t.evaluator().evaluate(new Config(e.values()));
                    if (ev == null) ev = Evaluation.invalid(Status.RUNTIME_ERROR, "the evaluator returned null");
                } catch (Exception ex) {
                    ev = Evaluation.invalid(Status.RUNTIME_ERROR, ex.getClass().getSimpleName() + ": " + ex.getMessage());
                }
                out.add(Wire.Eval.of(e.index(), ev));
            }
            return new Wire.Evals(ran.took(System.nanoTime() - t0), out);
        });
    }

    /**
     * One comparison row on a local device like the task's, with the configuration a local run would take: the
     * driver's tuning cache ({@code tuneCache}, its text, or null), then the tuning database.
     */
    static Wire.Row row(Map<String, String> settings, String workload, Wire.RowTask task, String tuneCache) throws Exception {
        Workload w = Workloads.get(workload);
        return withSession(settings, "", task.device(), (s, ran) -> {
            long t0 = System.nanoTime();
            RunResult r;
            try {
                Params p = Params.of(task.params());
                if (w instanceof Tunable) p = dev.perfport.cli.commands.RunCommand.tuned(w, s, task.variant(), p, lookup(settings, tuneCache));
                r = Runs.measured(w, s, task.variant(), p);
            } catch (dev.perfport.core.error.ConfigException e) {
                throw e;   // config=tuned without a pick: the driver reports it as a usage error, as a local run does
            } catch (UnsupportedFeatureException e) {
                r = RunResult.unsupported(s.backendId(), s.device().name(), w.name(), task.variant(), task.params(), e.reason());
            } catch (RuntimeException | LinkageError | AssertionError e) {
                r = RunResult.failed(s.backendId(), s.device().name(), w.name(), task.variant(), task.params(),
                        e.getClass().getSimpleName() + ": " + e.getMessage());
            }
            Map<String, String> env = new LinkedHashMap<>(Environment.of(s.backendId(), s.device()));
            env.put("executor", ran.executorId());
            env.put("executorHost", ran.host());
            if (!ran.gpus().isEmpty()) env.put("gpu", String.join(",", ran.gpus()));
            return Wire.Row.of(task.index(), ran.selector(), r, env, ran.took(System.nanoTime() - t0));
        });
    }

    private static final Map<String, java.nio.file.Path> CACHES = new java.util.concurrent.ConcurrentHashMap<>();

    /** The driver's cache, written once per executor JVM to a file of its own, then the database the settings name. */
    static TunedLookup lookup(Map<String, String> settings, String tuneCache) {
        Map<String, String> m = new java.util.LinkedHashMap<>(settings);
        java.nio.file.Path f;
        if (tuneCache == null) {
            // no cache on the driver: a file that is never written, so that every lookup finds nothing there
            f = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "perfport-no-driver-cache-" + ProcessHandle.current().pid() + ".json");
        } else {
            f = CACHES.computeIfAbsent(Integer.toHexString(tuneCache.hashCode()) + ":" + tuneCache.length(), k -> {
                try {
                    java.nio.file.Path t = java.nio.file.Files.createTempFile("perfport-driver-cache", ".json");
                    java.nio.file.Files.writeString(t, tuneCache);
                    t.toFile().deleteOnExit();
                    return t;
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
        m.put(TuneCache.CONFIG_KEY, f.toString());
        return TunedLookups.of(PerfportConfig.of(m));
    }
}
