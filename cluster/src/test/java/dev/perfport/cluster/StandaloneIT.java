package dev.perfport.cluster;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
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
 * child JVMs on the loopback interface, the workers offering "GPU" resources found by
 * bin/perfport-gpu-discovery (asked for OpenCL CPU devices, i.e. PoCL, since this machine has no
 * GPU), so that every executor gets a device through Spark's GPU scheduling. Executors run the
 * real distribution (cli/target/perfport's lib/ and plugins). A tuning run survives one of its
 * executors killed mid-run; results equal a local run's.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class StandaloneIT {
    private static final List<Process> DAEMONS = new ArrayList<>();
    private static final List<String> PROPS = List.of("spark.driver.host", "spark.driver.bindAddress", "spark.executor.resource.gpu.amount",
            "spark.task.resource.gpu.amount", "spark.executor.memory", "spark.cores.max");
    private static final String INFO = "-Dorg.slf4j.simpleLogger.defaultLogLevel=info";
    private static String master;
    private static Path dir;

    @BeforeAll
    static void startCluster(@TempDir Path tmp) throws Exception {
        // the workers' GPU discovery lists OpenCL devices (PoCL here): without OpenCL there is nothing to schedule
        org.junit.jupiter.api.Assumptions.assumeTrue(OpenClCheck.missing().isEmpty(), () -> "skipped: " + OpenClCheck.missing().orElse(""));
        dir = tmp;
        Path addon = Path.of(System.getProperty("cluster.test.addon"));
        Path repo = Path.of(System.getProperty("cluster.test.repo"));
        assertTrue(Files.isRegularFile(addon.resolve("lib/perfport-cluster.jar")), "the add-on is built by the package phase: " + addon);
        // a SPARK_HOME as the workers expect one: RELEASE marks a binary distribution, jars/ its class path
        Path sparkHome = Files.createDirectories(tmp.resolve("spark-home"));
        Files.writeString(sparkHome.resolve("RELEASE"), "Spark 4.2.0 (perfport's cluster add-on)\n");
        Files.createSymbolicLink(sparkHome.resolve("jars"), addon.resolve("lib"));
        // the discovery script asked for OpenCL CPU devices (PoCL) in place of GPUs
        Path discovery = tmp.resolve("discover-pocl");
        Files.writeString(discovery, "#!/usr/bin/env bash\nexec " + repo.resolve("cluster/bin/perfport-gpu-discovery") + " jocl cpu\n");
        Files.setPosixFilePermissions(discovery, PosixFilePermissions.fromString("rwxr-xr-x"));
        String java = ProcessHandle.current().info().command().orElseThrow();
        String javaHome = Path.of(java).getParent().getParent().toString();
        int port = freePort();
        master = "spark://127.0.0.1:" + port;
        Map<String, String> env = Map.of("SPARK_HOME", sparkHome.toString(), "SPARK_SCALA_VERSION", "2.13", "SPARK_LOCAL_IP", "127.0.0.1",
                "JAVA_HOME", javaHome, "PERFPORT_HOME", System.getProperty("perfport.home"),
                "PERFPORT_CLUSTER_LIB", addon.resolve("lib").toString());
        // the daemons log through perfport's slf4j-simple at info level, so that the master's log says
        // when a worker has registered (the add-on leaves Spark's own log4j binding out)
        Path dist = Path.of(System.getProperty("perfport.home"), "lib");
        String slf4j;
        try (var files = Files.list(dist)) {
            slf4j = files.filter(f -> f.getFileName().toString().startsWith("slf4j-simple")).findFirst().orElseThrow().toString();
        }
        String cp = addon.resolve("lib") + "/*:" + slf4j;
        DAEMONS.add(start(env, tmp.resolve("master.log"), java, "-Xmx256m", INFO, "-cp", cp, "org.apache.spark.deploy.master.Master",
                "--host", "127.0.0.1", "--port", Integer.toString(port), "--webui-port", "0"));
        waitForPort(port, 90);
        for (int w = 1; w <= 2; w++) {
            DAEMONS.add(start(env, tmp.resolve("worker" + w + ".log"), java, "-Xmx256m", INFO,
                    "-Dspark.worker.resource.gpu.amount=1", "-Dspark.worker.resource.gpu.discoveryScript=" + discovery,
                    "-cp", cp, "org.apache.spark.deploy.worker.Worker", master, "--host", "127.0.0.1", "--cores", "1",
                    "--memory", "1g", "--webui-port", "0", "--work-dir", tmp.resolve("work" + w).toString()));
        }
        // both workers registered (their GPU discovery ran), so that the tests' time is their own
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        while (Files.readString(tmp.resolve("master.log")).split("Registering worker", -1).length - 1 < 2) {
            if (System.nanoTime() > end) fail("the workers did not register within 240 s (a loaded machine starts them slowly): " + Files.readString(tmp.resolve("master.log")));
            Thread.sleep(250);
        }
        System.setProperty("spark.driver.host", "127.0.0.1");
        System.setProperty("spark.driver.bindAddress", "127.0.0.1");
        System.setProperty("spark.executor.resource.gpu.amount", "1");
        System.setProperty("spark.task.resource.gpu.amount", "1");
        System.setProperty("spark.executor.memory", "512m");
        System.setProperty("spark.cores.max", "2");
    }

    @AfterAll
    static void stopCluster() {
        PROPS.forEach(System::clearProperty);
        for (Process p : DAEMONS) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    private static Process start(Map<String, String> env, Path log, String... cmd) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env);
        return pb.start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket()) {
            s.bind(new InetSocketAddress("127.0.0.1", 0));
            return s.getLocalPort();
        }
    }

    private static void waitForPort(int port, int seconds) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException e) {
                Thread.sleep(250);
            }
        }
        fail("the Spark master did not listen on " + port + " within " + seconds + " s; log: " + Files.readString(dir.resolve("master.log")));
    }

    /** The executor JVM a worker started, if one runs now. */
    private static Optional<ProcessHandle> executorOf(int worker) {
        return DAEMONS.get(worker).descendants()
                .filter(p -> p.info().commandLine().orElse("").contains("CoarseGrainedExecutorBackend")).findFirst();
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
    void comparisonOnTheClusterHasTheRowsOfOneMachine() {
        String[] args = LocalModeIT.COMPARE;
        Cmd local = Cmd.local(args);
        List<String> withCluster = new ArrayList<>(List.of(args));
        withCluster.addAll(List.of("--cluster", master));
        Cmd cluster = Cmd.cluster(withCluster.toArray(String[]::new));
        assertEquals(local.code(), cluster.code(), cluster.toString());
        Results.sameRows(local.out(), cluster.out());
        // rows ran in the executors' JVMs, not in this one
        String self = "/" + ProcessHandle.current().pid() + ":";
        assertFalse(cluster.err().contains(self), cluster.err());
        assertTrue(cluster.err().contains(" on "), cluster.err());
    }
}
