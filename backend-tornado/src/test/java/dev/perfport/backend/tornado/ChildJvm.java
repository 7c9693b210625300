package dev.perfport.backend.tornado;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/** Runs a probe class of these tests in a JVM of its own (TornadoVM's options are fixed at boot). */
final class ChildJvm {
    private ChildJvm() {
    }

    /** Where a class was loaded from (a jar or a classes folder). */
    static String location(Class<?> c) {
        return dev.perfport.conformance.ChildJvm.classPathOf(c).getFirst();
    }

    /** This module's test and main classes, core and PF4J: everything but TornadoVM. */
    static List<String> classPath() {
        return dev.perfport.conformance.ChildJvm.classPathOf(ChildJvm.class, TornadoVmProvider.class,
                dev.perfport.core.backend.Backend.class, dev.perfport.core.config.PerfportConfig.class, org.pf4j.ExtensionPoint.class);
    }

    /**
     * Runs {@code main} with the given JVM options and class path; returns its output (stdout and
     * stderr). The exit code must be 0: probes print what happened instead of failing.
     */
    static String run(List<String> jvmOptions, List<String> classPath, Class<?> main) throws IOException, InterruptedException {
        return dev.perfport.conformance.ChildJvm.run(jvmOptions, classPath, main, Map.of(), 120);
    }

    /** The @argfile with TornadoVM's options that the pom generated, or null outside Maven. */
    static String tornadoArgfile() {
        return System.getProperty("perfport.tornado.argfile");
    }
}
