package dev.perfport.cli;

import dev.perfport.core.config.PerfportConfig;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code --cluster}: hands the command line to the cluster add-on (module {@code cluster}, Apache
 * Spark), which is not in lib/ so that machines without a cluster carry none of Spark. The
 * add-on's lib/ is {@code PERFPORT_CLUSTER_LIB} (or {@code -Dperfport.cluster.lib}), else
 * {@code $perfport.home/cluster/lib}, else the build tree's {@code cluster/target/perfport-cluster/lib}.
 */
final class ClusterHandOff {
    private static final String MAIN = "dev.perfport.cluster.ClusterMain";
    /** Where the add-on's lib/ is (a system property, or PERFPORT_CLUSTER_LIB). */
    static final String LIB_KEY = "perfport.cluster.lib";

    private ClusterHandOff() {
    }

    static boolean wanted(String[] args) {
        for (String a : args) if (a != null && (a.equals("--cluster") || a.startsWith("--cluster="))) return true;
        return false;
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        List<Path> tried = new ArrayList<>();
        Path lib = addonLib(tried);
        if (lib == null) {
            err.println("perfport: --cluster needs the cluster add-on (Apache Spark), not found in " + tried
                    + "; build it with './mvnw -B -q -DskipTests package' or set PERFPORT_CLUSTER_LIB to its lib folder");
            return Main.USAGE;
        }
        List<URL> urls = new ArrayList<>();
        try (Stream<Path> s = Files.list(lib)) {
            for (Path p : s.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) urls.add(p.toUri().toURL());
        } catch (java.io.IOException e) {
            err.println("perfport: cannot read the cluster add-on in " + lib + ": " + e.getMessage());
            return Main.USAGE;
        }
        // perfport's own classes come from the parent (lib/), Spark from the add-on; Spark loads
        // classes through the context class loader
        ClassLoader addon = new URLClassLoader("perfport-cluster", urls.toArray(URL[]::new), Main.class.getClassLoader());
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        t.setContextClassLoader(addon);
        try {
            Object code = Class.forName(MAIN, true, addon).getMethod("run", String[].class, PrintStream.class, PrintStream.class)
                    .invoke(null, args, out, err);
            return (Integer) code;
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error x) throw x;
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            err.println("perfport: the cluster add-on in " + lib + " is incomplete (" + e + "); rebuild it");
            return Main.USAGE;
        } finally {
            t.setContextClassLoader(before);
        }
    }

    private static Path addonLib(List<Path> tried) {
        List<Path> candidates = new ArrayList<>();
        String env = System.getenv(PerfportConfig.envName(LIB_KEY));
        String prop = System.getProperty(LIB_KEY);
        if (prop != null && !prop.isBlank()) candidates.add(Path.of(prop));
        else if (env != null && !env.isBlank()) candidates.add(Path.of(env));
        else {
            String home = System.getProperty("perfport.home");
            if (home != null) {
                candidates.add(Path.of(home, "cluster", "lib"));
                // the build tree: cli/target/perfport -> cluster/target/perfport-cluster/lib
                candidates.add(Path.of(home).toAbsolutePath().normalize().resolve("../../../cluster/target/perfport-cluster/lib").normalize());
            }
        }
        for (Path p : candidates) {
            tried.add(p);
            if (Files.isRegularFile(p.resolve("perfport-cluster.jar"))) return p;
        }
        return null;
    }
}
