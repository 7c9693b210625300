package dev.perfport.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.*;

/**
 * One machine with two "GPUs", as the GPU machine runs it (a master and one worker per GPU, each
 * executor owning one GPU through Spark's resource scheduling), here with PoCL's CPU device offered
 * as both GPUs ({@code PERFPORT_GPUS=0=jocl:cpu} and {@code 1=jocl:cpu}). The jobs report the
 * executors and GPUs their tasks ran on; a tuning run caches every evaluation once, finds on one
 * executor what it finds on two, and survives an executor killed mid-run.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class TwoGpusIT {
    private static final List<String> PROPS = List.of("spark.driver.host", "spark.driver.bindAddress", "spark.executor.memory",
            "spark.cores.max", "spark.scheduler.minRegisteredResourcesRatio", "spark.executor.resource.gpu.amount",
            "spark.task.resource.gpu.amount");
    private static TestCluster cluster;
    private static Path dir;

    @BeforeAll
    static void startCluster(@TempDir Path tmp) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(dev.perfport.conformance.OpenClPresence.missing().isEmpty(), () -> "skipped: " + dev.perfport.conformance.OpenClPresence.missing().orElse(""));
        dir = tmp;
        String discovery = "-Dspark.worker.resource.gpu.discoveryScript=" + Path.of(System.getProperty("cluster.test.repo"), "cluster/bin/perfport-gpu-discovery");
        List<TestCluster.Worker> workers = new ArrayList<>();
        for (String gpu : List.of("0", "1")) {
            workers.add(new TestCluster.Worker("127.0.0.1", Map.of("PERFPORT_GPUS", gpu + "=jocl:cpu"),
                    List.of("-Dspark.worker.resource.gpu.amount=1", discovery)));
        }
        cluster = TestCluster.start(tmp, workers);
        System.setProperty("spark.driver.host", "127.0.0.1");
        System.setProperty("spark.driver.bindAddress", "127.0.0.1");
        System.setProperty("spark.executor.memory", "512m");
        System.setProperty("spark.cores.max", "2");
        System.setProperty("spark.scheduler.minRegisteredResourcesRatio", "1.0");
        System.setProperty("spark.executor.resource.gpu.amount", "1");
        System.setProperty("spark.task.resource.gpu.amount", "1");
    }

    @AfterAll
    static void stopCluster() {
        PROPS.forEach(System::clearProperty);
        if (cluster != null) cluster.close();
    }

    /** The executors' GPU addresses in a report's "executors" list. */
    private static Set<String> gpus(JsonNode executors) {
        Set<String> s = new TreeSet<>();
        for (JsonNode e : executors) s.add(e.get("gpu").asText());
        return s;
    }

    private static int items(JsonNode executors) {
        int n = 0;
        for (JsonNode e : executors) n += e.get("items").asInt();
        return n;
    }

    @Test
    void tuningOverTwoGpusCachesEveryEvaluationOnceAndOneExecutorFindsTheSameBest() {
        Path localCache = dir.resolve("local.json"), clusterCache = dir.resolve("cluster.json");
        Cmd local = Cmd.local(LocalModeIT.tune(localCache, "exhaustive"));
        assertEquals(0, local.code(), local.toString());
        Cmd run = Cmd.cluster(LocalModeIT.tune(clusterCache, "exhaustive", "--cluster", cluster.master, "--speedup"));
        assertEquals(0, run.code(), run.toString());
        JsonNode row = Results.json(run.out()).get(0);
        JsonNode c = row.get("cluster");
        // what the tasks reported: two executors, GPU 0 and GPU 1, 16 evaluations between them, none twice
        assertEquals(2, c.get("executors").size(), c.toString());
        assertEquals(Set.of("0", "1"), gpus(c.get("executors")), c.toString());
        assertEquals(16, items(c.get("executors")), c.toString());
        for (JsonNode e : c.get("executors")) assertEquals("cell-emulation:0", e.get("selector").asText(), e.toString());
        assertTrue(run.err().contains(" in ") && run.err().contains("s on 2 executors"), run.err());
        // the cache holds each of the 16 evaluations once, as a local run's
        assertEquals(16, Results.entries(clusterCache), "entries in the cache file, duplicates counted");
        assertEquals(Results.cache(localCache), Results.cache(clusterCache));
        Results.sameTuning(local.out(), run.out());
        // the same tuning on one executor: the same 16 evaluations, the same best; a speed-up and the phases, Spark's start apart
        JsonNode one = c.get("oneExecutor");
        assertEquals(1, one.get("executors").size(), one.toString());
        assertEquals(16, one.get("evaluations").asInt());
        assertEquals(16, items(one.get("executors")));
        assertTrue(one.get("sameBest").asBoolean(), one.toString());
        assertEquals(row.get("best"), one.get("best"));
        assertTrue(c.get("speedup").asDouble() > 0, c.toString());
        assertEquals(List.of("Spark start", "device probe", "problem cell-emulation:0 singlebuffer", "tuning cell-emulation:0 singlebuffer",
                "one-executor tuning cell-emulation:0 singlebuffer"), names(c.get("phases")));
        assertTrue(run.err().contains("perfport: speed-up of cell-emulation:0 singlebuffer: "), run.err());
    }

    private static List<String> names(JsonNode object) {
        List<String> l = new ArrayList<>();
        object.fieldNames().forEachRemaining(l::add);
        return l;
    }

    @Test
    void anExecutorKilledMidRunLosesNoEvaluationAndCountsNoneTwice() {
        Path cache = dir.resolve("killed.json");
        AtomicLong killed = new AtomicLong();
        Cmd run = Cmd.cluster(line -> {
            // the first result has arrived: kill worker 1's executor while the other tasks are still to come
            if (killed.get() == 0 && line.contains("] 1/16 ")) {
                Optional<ProcessHandle> ex = cluster.executorOf(1);
                if (ex.isPresent() && killed.compareAndSet(0, ex.get().pid())) ex.get().destroyForcibly();
            }
        }, LocalModeIT.tune(cache, "exhaustive", "--cluster", cluster.master));
        assertEquals(0, run.code(), run.toString());
        assertTrue(killed.get() > 0, "an executor was killed after the first of 16 results: " + run.err());
        assertTrue(run.err().contains("] 16/16 ") && !run.err().contains("17/16"), run.err());
        assertTrue(run.err().contains("perfport: Spark retried: "), "the lost executor's tasks ran again: " + run.err());
        JsonNode c = Results.json(run.out()).get(0).get("cluster");
        // every evaluation reached the tuner once: the killed executor's finished tasks count, its lost ones count only as retried
        assertEquals(16, items(c.get("executors")), c.toString());
        assertEquals(16, Results.entries(cache), "entries in the cache file, duplicates counted");
        assertEquals(16, Results.cache(cache).size());
    }

    @Test
    void comparisonRowsOverTwoGpusAreTheRowsOfOneRunAndSayWhereTheyRan() {
        String[] args = {"compare", "reduction", "--backend", "jocl", "--variant", "local-atomic", "--variant", "two-kernel",
                "--param", "n=65536", "--format", "json"};
        Cmd local = Cmd.local(args);
        assertEquals(0, local.code(), local.toString());
        List<String> withCluster = new ArrayList<>(List.of(args));
        withCluster.addAll(List.of("--cluster", cluster.master));
        Cmd run = Cmd.cluster(withCluster.toArray(String[]::new));
        assertEquals(0, run.code(), run.toString());
        Results.sameRows(local.out(), run.out());
        for (JsonNode r : Results.json(run.out())) {
            JsonNode env = r.get("environment");
            assertTrue(Set.of("0", "1").contains(env.get("gpu").asText()), r.toString());
            assertEquals("127.0.0.1", env.get("executorHost").asText(), r.toString());
            assertFalse(env.get("executor").asText().isEmpty(), r.toString());
            assertEquals(r.get("device"), env.get("device"), r.toString());
        }
        assertTrue(run.err().contains("perfport: rows ran on "), run.err());
    }
}
