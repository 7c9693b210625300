package dev.perfport.cluster;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A Spark standalone cluster started by the test: a master and two workers (one core each) in
 * child JVMs ({@link TestCluster}), as two machines with different devices: worker 1 on 127.0.0.1 sees OpenCL (PoCL)
 * and offers it as a "GPU" resource found by bin/perfport-gpu-discovery ({@code PERFPORT_GPUS=0=jocl:cpu},
 * since this machine has no GPU); worker 2 on 127.0.0.2 (another loopback address, so
 * another host to Spark) has OpenCL hidden from it and its executors by {@code OCL_ICD_VENDORS}
 * naming an empty folder (the OpenCL ICD loader then finds no platform), so it has the emulator
 * only. Executors run the real distribution (cli/target/perfport's lib/ and plugins). A tuning run
 * survives one of its executors killed mid-run; comparison rows run where their devices are;
 * spark-submit (bin/perfport-submit) runs a job with Spark's GPU scheduling. Results equal a local
 * run's.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class StandaloneIT {
    private static TestCluster cluster;
    private static final List<String> PROPS = List.of("spark.driver.host", "spark.driver.bindAddress", "spark.executor.memory",
            "spark.cores.max", "spark.scheduler.minRegisteredResourcesRatio");
    private static String master;
    private static final Map<String, String> ENV = new java.util.HashMap<>();
    private static Path dir;

    @BeforeAll
    static void startCluster(@TempDir Path tmp) throws Exception {
        // the workers' GPU discovery lists OpenCL devices (PoCL here): without OpenCL there is nothing to schedule
        org.junit.jupiter.api.Assumptions.assumeTrue(dev.perfport.conformance.OpenClPresence.missing().isEmpty(), () -> "skipped: " + dev.perfport.conformance.OpenClPresence.missing().orElse(""));
        dir = tmp;
        Path repo = Path.of(System.getProperty("cluster.test.repo"));
        // worker 1 offers PoCL's CPU device as its one "GPU" (PERFPORT_GPUS, read by the discovery script and its executors);
        // worker 2, another host, has OpenCL hidden from it and its executors (an empty OCL_ICD_VENDORS folder)
        TestCluster.Worker gpu = new TestCluster.Worker("127.0.0.1", Map.of("PERFPORT_GPUS", "0=jocl:cpu"),
                List.of("-Dspark.worker.resource.gpu.amount=1", "-Dspark.worker.resource.gpu.discoveryScript=" + repo.resolve("cluster/bin/perfport-gpu-discovery")));
        TestCluster.Worker noOpenCl = new TestCluster.Worker("127.0.0.2",
                Map.of("OCL_ICD_VENDORS", Files.createDirectories(tmp.resolve("no-opencl-vendors")).toString()), List.of());
        cluster = TestCluster.start(tmp, List.of(gpu, noOpenCl));
        master = cluster.master;
        System.setProperty("spark.driver.host", "127.0.0.1");
        System.setProperty("spark.driver.bindAddress", "127.0.0.1");
        System.setProperty("spark.executor.memory", "512m");
        System.setProperty("spark.cores.max", "2");
        // both executors have registered before the first job: the device probe then sees both machines
        System.setProperty("spark.scheduler.minRegisteredResourcesRatio", "1.0");
        ENV.putAll(cluster.env);
    }

    @AfterAll
    static void stopCluster() {
        PROPS.forEach(System::clearProperty);
        if (cluster != null) cluster.close();
    }

    /** The executor JVM a worker started, if one runs now. */
    private static Optional<ProcessHandle> executorOf(int worker) {
        return cluster.executorOf(worker);
    }

    @Test
    void tuningSurvivesAnExecutorKilledMidRunAndEqualsOneMachine() throws Exception {
        Path localCache = dir.resolve("tune-local.json"), clusterCache = dir.resolve("tune-cluster.json");
        Cmd local = Cmd.local(LocalModeIT.tune(localCache, "exhaustive"));
        assertEquals(0, local.code(), local.toString());

        AtomicInteger arrivedAtKill = new AtomicInteger(-1);
        AtomicLong killed = new AtomicLong();
        Cmd cluster = Cmd.cluster(line -> {
            // the first result has arrived: kill worker 1's executor while the other tasks are still to come
            if (arrivedAtKill.get() < 0 && line.contains("] 1/16 ")) {
                Optional<ProcessHandle> ex = executorOf(1).or(() -> executorOf(2));
                if (ex.isPresent() && arrivedAtKill.compareAndSet(-1, 1)) {
                    killed.set(ex.get().pid());
                    ex.get().destroyForcibly();
                }
            }
        }, LocalModeIT.tune(clusterCache, "exhaustive", "--cluster", master));
        assertEquals(0, cluster.code(), cluster.toString());
        assertTrue(killed.get() > 0, "an executor was killed after the first of 16 results: " + cluster.err());
        assertFalse(ProcessHandle.of(killed.get()).map(ProcessHandle::isAlive).orElse(false), "the killed executor is gone");
        assertTrue(cluster.err().contains("] 16/16 "), "every result arrived: " + cluster.err());
        assertFalse(cluster.err().contains("17/"), "no result counted twice: " + cluster.err());
        assertFalse(cluster.err().contains("reported twice"), cluster.err());
        Results.sameTuning(local.out(), cluster.out());
        assertEquals(Results.cache(localCache), Results.cache(clusterCache));
        assertEquals(16, Results.cache(clusterCache).size());
    }

    @Test
    void comparisonRowsRunWhereTheirDevicesAreAndEqualOneMachine() {
        String[] args = LocalModeIT.COMPARE;
        Cmd local = Cmd.local(args);
        List<String> withCluster = new ArrayList<>(List.of(args));
        withCluster.addAll(List.of("--cluster", master));
        Cmd cluster = Cmd.cluster(withCluster.toArray(String[]::new));
        assertEquals(local.code(), cluster.code(), cluster.toString());
        Results.sameRows(local.out(), cluster.out());
        // both machines' executors ran rows; every jocl row ran on worker 1's (the only one with
        // OpenCL), and none was first sent to worker 2's and retried: Spark placed them
        assertTrue(cluster.err().contains("2 executors, 2 cores"), cluster.err());
        List<String> progress = cluster.err().lines().filter(l -> l.matches("\\[\\d+/\\d+] .*")).toList();
        assertEquals(Results.json(local.out()).size(), progress.size(), cluster.err());
        for (String l : progress) {
            if (l.contains("] jocl:")) assertEquals("127.0.0.1", hostOf(l), "a jocl row on the machine without OpenCL: " + l);
        }
        assertFalse(cluster.err().contains("Spark retried"), "no task landed on an executor without its device: " + cluster.err());
        // rows ran in the executors' JVMs, not in this one
        String self = "/" + ProcessHandle.current().pid() + ":";
        assertFalse(cluster.err().contains(self), cluster.err());
    }

    /** The host in a progress line's "on host/pid". */
    private static String hostOf(String progressLine) {
        String at = progressLine.substring(progressLine.lastIndexOf(" on ") + 4);
        return at.substring(0, at.indexOf('/'));
    }

    @Test
    void sparkSubmitRunsTheJobJarWithGpuScheduling() throws Exception {
        // the jocl rows of the comparison, run by spark-submit (bin/perfport-submit: SparkSubmit's
        // main from the add-on's jars) with one "GPU" per executor and per task: only worker 1
        // offers one, so the executor starts there and each task gets its address, which names
        // the device it runs on (jocl:0 on PoCL)
        String[] rows = {"compare", "reduction", "--backend", "jocl", "--variant", "local-atomic", "--variant", "two-kernel",
                "--param", "n=65536", "--format", "json"};
        Cmd local = Cmd.local(rows);
        assertEquals(0, local.code(), local.toString());
        Path repo = Path.of(System.getProperty("cluster.test.repo"));
        List<String> cmd = new ArrayList<>(List.of(repo.resolve("cluster/bin/perfport-submit").toString(), "--master", master,
                "--conf", "spark.executor.resource.gpu.amount=1", "--conf", "spark.task.resource.gpu.amount=1",
                "--conf", "spark.cores.max=1", "--conf", "spark.executor.memory=512m",
                "--conf", "spark.driver.host=127.0.0.1", "--conf", "spark.driver.bindAddress=127.0.0.1", "--"));
        cmd.addAll(List.of(rows));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(dir.resolve("submit.out").toFile()).redirectError(dir.resolve("submit.err").toFile());
        pb.environment().putAll(ENV);
        pb.environment().remove("SPARK_HOME");   // no Spark distribution here: the script runs SparkSubmit's main itself
        Process p = pb.start();
        assertTrue(p.waitFor(4, TimeUnit.MINUTES), "spark-submit finished");
        String out = Files.readString(dir.resolve("submit.out")), err = Files.readString(dir.resolve("submit.err"));
        assertEquals(0, p.exitValue(), "exit code; stderr:\n" + err);
        Results.sameRows(local.out(), out);
        assertTrue(err.contains("1 executor, 1 core"), err);
        // the driver JVM allows Spark's sun.misc.Unsafe (bin/perfport-submit): JDK 25 says nothing about it
        assertFalse(err.contains("sun.misc.Unsafe"), err);
        List<String> progress = err.lines().filter(l -> l.matches("\\[\\d+/\\d+] .*")).toList();
        assertEquals(Results.json(local.out()).size(), progress.size(), err);
        for (String l : progress) {
            assertTrue(l.contains(" on 127.0.0.1/") && l.contains(" (gpu 0): ok"), "ran on worker 1 with the GPU address it was given: " + l);
        }
    }
}
