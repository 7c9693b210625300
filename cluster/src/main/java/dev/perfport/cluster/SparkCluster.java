package dev.perfport.cluster;

import dev.perfport.core.config.KnownSettings;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.plugin.BackendRegistry;
import dev.perfport.core.tune.BatchEvaluator;
import dev.perfport.core.tune.Config;
import dev.perfport.core.tune.Constraint;
import dev.perfport.core.tune.Objective;
import dev.perfport.core.tune.Param;
import dev.perfport.core.tune.Space;
import dev.perfport.core.tune.Strategy;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.rdd.RDD;
import org.apache.spark.api.java.JavaSparkContext;
import scala.Function1;
import scala.Function2;
import scala.Tuple2;
import scala.jdk.javaapi.CollectionConverters;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;
import scala.runtime.BoxedUnit;

import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * perfport's work on a Spark cluster: a driver-side handle that lists the cluster's devices,
 * hands a tuner's batches to executors that have the device being tuned, and runs comparison
 * rows where their devices are. Every result reaches the driver once: through Spark's per-task
 * result handler, which takes the result of a partition's one successful attempt (a task lost with
 * its executor is run again and only the new attempt's result counts), with speculation off so
 * that no measurement runs twice at once.
 */
public final class SparkCluster implements AutoCloseable {
    /** Settings that describe the driver's machine, not the work: executors use their own. */
    private static final List<String> LOCAL_ONLY = List.of(PerfportConfig.PLUGINS_DIR, "perfport.tune.cache");

    private final JavaSparkContext sc;
    private final Map<String, String> settings;
    /** Device key → the executors that listed it, as Spark names preferred locations ("executor_host_id"). */
    private final Map<String, Set<String>> where = new ConcurrentHashMap<>();
    /** Executors asked for their devices already. */
    private final Set<String> probed = ConcurrentHashMap.newKeySet();
    /** Device key → the device, as the first executor that has it listed it. */
    private final Map<String, Wire.Device> distinct = java.util.Collections.synchronizedMap(new LinkedHashMap<>());
    /** The selectors of {@link #discover}, for later probes; null before it. */
    private volatile List<String> selectors;

    private SparkCluster(JavaSparkContext sc, Map<String, String> settings) {
        this.sc = sc;
        this.settings = settings;
    }

    /**
     * Connects to {@code master} ({@code local[2]}, {@code spark://host:7077}, or null for the
     * {@code spark.master} that spark-submit sets). Executors started by a cluster manager get
     * {@code perfportHome}'s lib/ and this add-on's jar {@code addonJar} on their class path (Spark
     * itself comes from their worker's Spark installation) and its plugins folder,
     * unless {@code spark.executor.extraClassPath} or {@code spark.executor.extraJavaOptions} are
     * given (as {@code spark.*} system properties or by spark-submit): the distribution must be at
     * the same path on every machine, or those options must say where it is.
     */
    public static SparkCluster open(String master, PerfportConfig config, Path perfportHome, Path addonJar) {
        SparkConf conf = new SparkConf(true).setAppName("perfport");
        if (master != null) conf.setMaster(master);
        if (!conf.contains("spark.master")) {
            throw new ConfigException("no Spark master: give --cluster local[2] or --cluster spark://host:7077 (or run under spark-submit)");
        }
        conf.setIfMissing("spark.ui.enabled", "false");
        // never two attempts of one measurement at once: they would disturb each other's timing
        conf.set("spark.speculation", "false");
        // a task waits for an executor on a host that has its device rather than trying the others
        // (which would fail it, costing one of its spark.task.maxFailures attempts): delay
        // scheduling's wait on the node level is long; the process level keeps Spark's default, so
        // that an executor that replaced a lost one on the same machine takes work after it
        conf.setIfMissing("spark.locality.wait.node", "30min");
        // the executors and their cores, for the run's header and the speed-up figure
        String listeners = conf.get("spark.extraListeners", "");
        conf.set("spark.extraListeners", (listeners.isBlank() ? "" : listeners + ",") + ExecutorWatch.class.getName());
        if (perfportHome != null) {
            String cp = perfportHome.resolve("lib").toAbsolutePath() + "/*" + (addonJar == null ? "" : ":" + addonJar.toAbsolutePath());
            conf.setIfMissing("spark.executor.extraClassPath", cp);
            conf.setIfMissing("spark.executor.extraJavaOptions", "-Dperfport.home=" + perfportHome.toAbsolutePath());
        }
        // without the PERFPORT_ variables that are no setting (a launcher's), which an executor would refuse as keys
        Map<String, String> settings = new LinkedHashMap<>(KnownSettings.forAnotherProcess(config,
                () -> BackendRegistry.shared(config).settings()));
        LOCAL_ONLY.forEach(settings::remove);
        JavaSparkContext sc;
        try {
            sc = new JavaSparkContext(conf);
        } catch (Exception e) {
            // e.g. "Could not parse Master URL": Scala declares no checked exceptions, so catch them all
            throw new ConfigException("cannot start Spark with master " + conf.get("spark.master") + ": " + e.getMessage());
        }
        sc.setLogLevel("WARN");
        return new SparkCluster(sc, settings);
    }

    public JavaSparkContext context() {
        return sc;
    }

    public Map<String, String> settings() {
        return settings;
    }

    /**
     * Tasks that can run at once, for splitting work: the executors' cores over spark.task.cpus and, with
     * GPU scheduling, their GPUs over spark.task.resource.gpu.amount, as the executors registered them
     * (in local mode, and before any executor has registered, Spark's default parallelism).
     */
    int slots() {
        ExecutorWatch w = ExecutorWatch.current();
        int n = sc.isLocal() || w == null ? 0
                : w.slots(sc.getConf().getInt("spark.task.cpus", 1), sc.getConf().getDouble("spark.task.resource.gpu.amount", 0));
        return Math.max(1, n > 0 ? n : sc.defaultParallelism());
    }

    /**
     * The executors now and their cores, e.g. "2 executors, 2 cores" (a cluster manager's), or
     * "1 executor (the driver), 2 cores" in local mode.
     */
    public String executors() {
        if (sc.isLocal()) {
            // local[N]: the driver is the executor; its task slots are its cores
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("local(?:\\[(\\d+|\\*)(?:,\\d+)?])?").matcher(sc.master());
            int cores = !m.matches() || m.group(1) == null ? 1
                    : m.group(1).equals("*") ? Runtime.getRuntime().availableProcessors() : Integer.parseInt(m.group(1));
            return "1 executor (the driver), " + cores + (cores == 1 ? " core" : " cores");
        }
        ExecutorWatch w = ExecutorWatch.current();
        Map<String, Integer> ex = w == null ? Map.of() : w.executors();
        int cores = ex.values().stream().mapToInt(Integer::intValue).sum();
        return ex.size() + (ex.size() == 1 ? " executor, " : " executors, ") + cores + (cores == 1 ? " core" : " cores");
    }

    /**
     * The distinct devices of the cluster that the selectors pick: one per backend and
     * fingerprint (identical devices on several machines are one device to tune or compare), in
     * the order of the first executor that listed them. Remembers which executors have each, so
     * that work for a device is placed on them ({@link #placed}).
     */
    List<Wire.Device> discover(List<String> selectors) {
        this.selectors = List.copyOf(selectors);
        probe(true);
        synchronized (distinct) {
            return List.copyOf(distinct.values());
        }
    }

    /**
     * Asks executors for their devices: at first every executor that has registered, each by a
     * task placed on it (or, before any has registered, a few tasks wherever Spark runs them);
     * later only executors that have joined since (a replacement, a late one), so that work is
     * placed on them too. Called before each job; costs nothing when no executor is new.
     */
    private void probe(boolean first) {
        if (selectors == null) return;
        ExecutorWatch w = ExecutorWatch.current();
        Map<String, String> hosts = w == null || sc.isLocal() ? Map.of() : w.hosts();
        List<String> fresh = new ArrayList<>();
        hosts.forEach((id, host) -> {
            if (probed.add(id)) fresh.add("executor_" + host + "_" + id);
        });
        Map<String, String> s = settings;
        List<String> sel = selectors;
        List<Wire.Probe> found = new ArrayList<>();
        if (!fresh.isEmpty()) {
            List<Tuple2<Integer, scala.collection.immutable.Seq<String>>> l = new ArrayList<>();
            for (String at : fresh) l.add(new Tuple2<>(l.size(), CollectionConverters.asScala(List.of(at)).toList()));
            @SuppressWarnings("unchecked")
            ClassTag<Integer> tag = (ClassTag<Integer>) (ClassTag<?>) ClassTag$.MODULE$.AnyRef();
            // collect: in the executors' order, whichever answers first
            found.addAll(JavaRDD.fromRDD(sc.sc().makeRDD(CollectionConverters.asScala(l).toList(), tag), tag)
                    .map(x -> OnExecutor.probe(s, sel)).collect());
        } else if (first) {
            int n = Math.max(2, slots() * 2);
            List<Integer> probes = new ArrayList<>();
            for (int i = 0; i < n; i++) probes.add(i);
            found.addAll(sc.parallelize(probes, n).mapPartitions(it -> List.of(OnExecutor.probe(s, sel)).iterator()).collect());
        }
        for (Wire.Probe p : found) {
            probed.add(p.executorId());
            for (Wire.Device d : p.devices()) {
                distinct.putIfAbsent(d.key(), d);
                // the scheduler's name for one executor: a preferred location of the process level
                where.computeIfAbsent(d.key(), k -> ConcurrentHashMap.newKeySet()).add("executor_" + p.host() + "_" + p.executorId());
            }
        }
    }

    /**
     * An RDD of one partition per element, each preferring the executors that listed its device:
     * Spark's delay scheduling then starts it on one of them, or on another executor of the same
     * machine (one that replaced a lost executor). One that still lands elsewhere fails on the
     * executor's device check and is retried.
     */
    private <T> RDD<T> placed(List<T> elements, java.util.function.Function<T, Wire.Device> device) {
        probe(false);
        return at(elements, t -> where.getOrDefault(device.apply(t).key(), Set.of()));
    }

    /** An RDD of one partition per element, each preferring the executors {@code locations} names. */
    private <T> RDD<T> at(List<T> elements, java.util.function.Function<T, java.util.Collection<String>> locations) {
        List<Tuple2<T, scala.collection.immutable.Seq<String>>> l = new ArrayList<>();
        for (T t : elements) l.add(new Tuple2<>(t, CollectionConverters.asScala(new ArrayList<>(locations.apply(t))).toList()));
        @SuppressWarnings("unchecked")
        ClassTag<T> tag = (ClassTag<T>) ClassTag$.MODULE$.AnyRef();
        return sc.sc().makeRDD(CollectionConverters.asScala(l).toList(), tag);
    }

    /** The tuning problem of {@code job} on {@code device}, as an executor with that device defines it. */
    Tuning problem(Wire.Job job, Wire.Device device) {
        List<Wire.Problem> p = new ArrayList<>();
        run(placed(List.of(0), x -> device), x -> OnExecutor.problem(job, device), p::add);
        return Tuning.of(p.getFirst());
    }

    /** The driver's copy of a tuning problem: the space with the device's verdicts, objective and hierarchy. */
    record Tuning(Space space, Objective objective, Strategy.Hierarchical hierarchy, String kernelHash, Map<String, String> fixed) {
        static Tuning of(Wire.Problem p) {
            List<Param> params = new ArrayList<>();
            for (int i = 0; i < p.paramNames().size(); i++) params.add(new Param(p.paramNames().get(i), p.values().get(i)));
            List<Map<Integer, Integer>> digits = new ArrayList<>();
            for (List<Integer> vs : p.values()) {
                Map<Integer, Integer> d = new HashMap<>();
                for (int i = 0; i < vs.size(); i++) d.put(vs.get(i), i);
                digits.add(d);
            }
            List<Constraint> cs = new ArrayList<>();
            for (String name : p.constraintNames()) {
                cs.add(new Constraint(name, c -> {
                    // the point's grid index, as Space.at numbers them (the first parameter varying slowest)
                    long k = 0;
                    for (int i = 0; i < digits.size(); i++) {
                        Integer d = digits.get(i).get(c.values().get(p.paramNames().get(i)));
                        if (d == null) return null;   // off the grid: the device said nothing of it
                        k = k * p.values().get(i).size() + d;
                    }
                    int r = p.verdicts()[(int) k];
                    return r >= 0 && p.reasons().get(r)[0].equals(name) ? p.reasons().get(r)[1] : null;
                }));
            }
            List<Strategy.Stage> stages = new ArrayList<>();
            for (Wire.Stage st : p.stages()) {
                stages.add(new Strategy.Stage(st.name(), st.params(),
                        st.smallestWithin() < 0 ? Strategy.Rule.best() : Strategy.Rule.smallestWithin(st.smallestWithin())));
            }
            Wire.Review r = p.review();
            Strategy.Hierarchical h = new Strategy.Hierarchical(p.start(), stages,
                    r == null ? null : new Strategy.Review(r.params(), r.maxRounds(), r.minImprovement(), r.confirmRounds()));
            Objective o = p.maximize() ? Objective.maximize(p.metric()) : Objective.minimize(p.metric());
            return new Tuning(new Space(params, cs), o, h, p.kernelHash(), p.fixed());
        }
    }

    /**
     * The tuner's batches, spread over the executors that have {@code device}: a batch becomes
     * about four tasks per task slot (small ones, so that progress shows and a lost executor
     * costs little), each reported to the tuner as soon as its task succeeds; {@code used} hears
     * where each task ran.
     */
    BatchEvaluator evaluator(Wire.Job job, Wire.Device device, ExecutorsUsed used) {
        return (batch, sink) -> {
            int tasks = Math.min(batch.size(), slots() * 4);
            List<ArrayList<Wire.Item>> chunks = new ArrayList<>();
            for (int t = 0; t < tasks; t++) chunks.add(new ArrayList<>());
            for (int i = 0; i < batch.size(); i++) {
                chunks.get(i % tasks).add(new Wire.Item(i, new LinkedHashMap<>(batch.get(i).values())));
            }
            run(placed(chunks, c -> device), items -> OnExecutor.evaluate(job, device, items), evals -> deliver(evals, sink, used));
        };
    }

    /**
     * The baseline of the speed-up: each batch as one task preferring one executor that has the
     * device (the first by name; it is idle, so Spark starts the task there), so that one executor
     * (one GPU) measures all of it, one configuration after another, as a single machine would.
     */
    BatchEvaluator oneExecutor(Wire.Job job, Wire.Device device, ExecutorsUsed used) {
        return (batch, sink) -> {
            ArrayList<Wire.Item> all = new ArrayList<>();
            for (int i = 0; i < batch.size(); i++) all.add(new Wire.Item(i, new LinkedHashMap<>(batch.get(i).values())));
            probe(false);
            List<String> one = new java.util.TreeSet<>(where.getOrDefault(device.key(), Set.of())).stream().limit(1).toList();
            run(at(List.of(all), c -> one), items -> OnExecutor.evaluate(job, device, items), evals -> deliver(evals, sink, used));
        };
    }

    private static void deliver(Wire.Evals evals, BatchEvaluator.Sink sink, ExecutorsUsed used) {
        used.add(evals.ran(), evals.evals().size());
        for (Wire.Eval e : evals.evals()) sink.accept(e.index(), e.toCore());
    }

    /**
     * Runs comparison rows where their devices are; {@code arrived} hears each row once, as its task succeeds.
     *
     * @param tuneCache the driver's tuning cache as text (or null): executors take tuned configurations from it, as a
     *                  local run takes them from the file, since the driver's file is not on their machines
     */
    void rows(String workload, List<Wire.RowTask> tasks, String tuneCache, Consumer<Wire.Row> arrived) {
        if (tasks.isEmpty()) return;
        Map<String, String> s = settings;
        run(placed(tasks, Wire.RowTask::device), t -> OnExecutor.row(s, workload, t, tuneCache), arrived);
    }

    /** A function of one element that an executor runs. */
    interface Work<T, R> extends Serializable {
        R apply(T t) throws Exception;
    }

    /**
     * One job, one element per partition; {@code handler} gets each partition's result on the
     * driver as it arrives, once (Spark hands over only a successful attempt's result).
     */
    @SuppressWarnings("unchecked")
    private <T, R> void run(RDD<T> rdd, Work<T, R> work, Consumer<R> handler) {
        Function1<scala.collection.Iterator<T>, R> f = (Function1<scala.collection.Iterator<T>, R> & Serializable) it -> {
            try {
                return work.apply(it.next());
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        };
        Function2<Object, R, BoxedUnit> h = (i, r) -> {
            handler.accept(r);
            return BoxedUnit.UNIT;
        };
        ClassTag<R> tag = (ClassTag<R>) ClassTag$.MODULE$.AnyRef();
        try {
            sc.sc().runJob(rdd, f, h, tag);
        } catch (RuntimeException e) {
            throw NoDevice.clearer(e);
        }
    }

    /** The plugins folder this driver would use (for messages). */
    static Path pluginsDir(PerfportConfig c) {
        return BackendRegistry.pluginsDir(c);
    }

    @Override
    public void close() {
        sc.close();
    }
}
