package dev.perfport.cluster;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A Spark standalone cluster of child JVMs for the tests: a master on a free loopback port and
 * workers of one core each, run from the add-on's jars with a SPARK_HOME made of them (RELEASE
 * marks a binary distribution, jars/ its class path), logging at info level through perfport's
 * slf4j-simple so that the master's log says when a worker has registered.
 */
final class TestCluster implements AutoCloseable {
    /**
     * One worker.
     *
     * @param host    its address (another loopback address is another host to Spark)
     * @param env     its environment beside the cluster's (its executors inherit it)
     * @param options its JVM's system properties, e.g. its GPU resource
     */
    record Worker(String host, Map<String, String> env, List<String> options) {
    }

    final String master;
    /** The environment every daemon got: SPARK_HOME, JAVA_HOME, PERFPORT_HOME, PERFPORT_CLUSTER_LIB, ... */
    final Map<String, String> env;
    private final List<Process> daemons;

    private TestCluster(String master, Map<String, String> env, List<Process> daemons) {
        this.master = master;
        this.env = env;
        this.daemons = daemons;
    }

    static TestCluster start(Path tmp, List<Worker> workers) throws Exception {
        Path addon = Path.of(System.getProperty("cluster.test.addon"));
        assertTrue(Files.isRegularFile(addon.resolve("lib/perfport-cluster.jar")), "the add-on is built by the package phase: " + addon);
        Path sparkHome = Files.createDirectories(tmp.resolve("spark-home"));
        Files.writeString(sparkHome.resolve("RELEASE"), "Spark 4.2.0 (perfport's cluster add-on)\n");
        Files.createSymbolicLink(sparkHome.resolve("jars"), addon.resolve("lib"));
        String java = ProcessHandle.current().info().command().orElseThrow();
        String javaHome = Path.of(java).getParent().getParent().toString();
        int port = freePort();
        Map<String, String> env = Map.of("SPARK_HOME", sparkHome.toString(), "SPARK_SCALA_VERSION", "2.13", "SPARK_LOCAL_IP", "127.0.0.1",
                "JAVA_HOME", javaHome, "PERFPORT_HOME", System.getProperty("perfport.home"),
                "PERFPORT_CLUSTER_LIB", addon.resolve("lib").toString());
        String slf4j;
        try (var files = Files.list(Path.of(System.getProperty("perfport.home"), "lib"))) {
            slf4j = files.filter(f -> f.getFileName().toString().startsWith("slf4j-simple")).findFirst().orElseThrow().toString();
        }
        String cp = addon.resolve("lib") + "/*:" + slf4j;
        String info = "-Dorg.slf4j.simpleLogger.defaultLogLevel=info";
        List<Process> daemons = new ArrayList<>();
        TestCluster c = new TestCluster("spark://127.0.0.1:" + port, env, daemons);
        try {
            daemons.add(launch(env, tmp.resolve("master.log"), java, "-Xmx256m", info, "-cp", cp, "org.apache.spark.deploy.master.Master",
                    "--host", "127.0.0.1", "--port", Integer.toString(port), "--webui-port", "0"));
            waitForPort(port, 90, tmp.resolve("master.log"));
            for (int i = 0; i < workers.size(); i++) {
                Worker w = workers.get(i);
                Map<String, String> we = new HashMap<>(env);
                we.put("SPARK_LOCAL_IP", w.host());
                we.putAll(w.env());
                List<String> cmd = new ArrayList<>(List.of(java, "-Xmx256m", info));
                cmd.addAll(w.options());
                cmd.addAll(List.of("-cp", cp, "org.apache.spark.deploy.worker.Worker", c.master, "--host", w.host(), "--cores", "1",
                        "--memory", "1g", "--webui-port", "0", "--work-dir", tmp.resolve("work" + (i + 1)).toString()));
                daemons.add(launch(we, tmp.resolve("worker" + (i + 1) + ".log"), cmd.toArray(String[]::new)));
            }
            // every worker registered (its GPU discovery ran), so that the tests' time is their own
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
            while (Files.readString(tmp.resolve("master.log")).split("Registering worker", -1).length - 1 < workers.size()) {
                if (System.nanoTime() > end) {
                    fail("the workers did not register within 240 s (a loaded machine starts them slowly): " + Files.readString(tmp.resolve("master.log")));
                }
                Thread.sleep(250);
            }
            return c;
        } catch (Exception | Error e) {
            c.close();
            throw e;
        }
    }

    /** The executor JVM that worker {@code n} (1-based) started, if one runs now. */
    Optional<ProcessHandle> executorOf(int n) {
        return daemons.get(n).descendants()
                .filter(p -> p.info().commandLine().orElse("").contains("CoarseGrainedExecutorBackend")).findFirst();
    }

    @Override
    public void close() {
        for (Process p : daemons) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    private static Process launch(Map<String, String> env, Path log, String... cmd) throws IOException {
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

    private static void waitForPort(int port, int seconds, Path log) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException e) {
                Thread.sleep(250);
            }
        }
        fail("the Spark master did not listen on " + port + " within " + seconds + " s; log: " + Files.readString(log));
    }
}
