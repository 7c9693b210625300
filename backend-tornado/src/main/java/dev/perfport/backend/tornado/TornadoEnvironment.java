package dev.perfport.backend.tornado;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether this JVM was started the way TornadoVM needs (bin/tornado-jvm-args), checked without
 * touching any TornadoVM class, so that a JVM without TornadoVM gets a reason instead of a
 * {@link NoClassDefFoundError}. TornadoVM's flags cannot be added to a running JVM: JVMCI, the
 * module path and the upgraded Graal modules are fixed at boot.
 */
final class TornadoEnvironment {
    /** The system property that turns TornadoVM's silent fallback to sequential Java on or off. */
    static final String BAILOUT = "tornado.recover.bailout";
    /** The length of each of TornadoVM's event lists (see {@link #DEFAULTS}). */
    static final String MAX_EVENTS = "tornado.max.events";
    /** The bytes of TornadoVM's bytecode a task graph may take (see {@link #DEFAULTS}). */
    static final String BYTECODE_SIZE = "tornado.tvm.maxbytecodesize";
    /** Set by bin/tornado-jvm-args --lenient when TORNADOVM_HOME is not a usable SDK. */
    static final String ARGS_PROBLEM = "perfport.tornado.problem";
    /** Set by bin/tornado-jvm-args with the options: the SDK they came from. */
    static final String HOME = "perfport.tornado.home";
    static final String HOW = "set TORNADOVM_HOME to a TornadoVM SDK and start perfport through ./perfport, which adds them"
            + " (see docs/backends.md, \"TornadoVM\")";

    private TornadoEnvironment() {
    }

    /**
     * Null when TornadoVM can be used from {@code loader}, else why not in plain words. When usable
     * and {@value #BAILOUT} is unset, sets it to False before TornadoVM reads it, so that a kernel
     * TornadoVM cannot compile is an error and never a silent sequential run.
     */
    static String problem(ClassLoader loader) {
        String argsProblem = System.getProperty(ARGS_PROBLEM);
        if (argsProblem != null) {
            // ./perfport (or the build) tried and says why: the real cause, not "options missing"
            return "TornadoVM's JVM options could not be generated: " + argsProblem;
        }
        List<String> missing = new ArrayList<>();
        try {
            Class.forName("uk.ac.manchester.tornado.api.TornadoExecutionPlan", false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            missing.add("TornadoVM's modules are not on the module path");
        }
        if (System.getProperty("tornado.load.runtime.implementation") == null) {
            missing.add("the -Dtornado.load.* properties are not set");
        }
        if (!jvmciEnabled()) {
            missing.add("JVMCI is off (-XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI)");
        }
        if (!missing.isEmpty()) {
            String home = System.getProperty(HOME);
            if (home != null) {
                // the options were given (bin/tornado-jvm-args wrote them), so they are not the cause
                return "this JVM was started with TornadoVM's options from " + home + ", but " + String.join("; ", missing)
                        + "; check that SDK (docs/backends.md, TornadoVM: graalJars, etc/tornado.backend, the nested SDK folder)";
            }
            return "this JVM was not started with TornadoVM's options: " + String.join("; ", missing) + "; " + HOW;
        }
        for (var e : DEFAULTS.entrySet()) {
            if (System.getProperty(e.getKey()) == null) System.setProperty(e.getKey(), e.getValue());
        }
        return null;
    }

    /**
     * TornadoVM options perfport needs, set when a JVM was started without them (bin/tornado-jvm-args
     * passes them): no silent fallback to sequential Java; IEEE math as the other backends compile
     * it, instead of TornadoVM's defaults (-cl-mad-enable -cl-fast-relaxed-math, native_sin and
     * native_cos, fused multiply-adds), which miss the double-precision references by 1e-8 and
     * break bit-exact float code. And event lists of 1,024 entries instead of 32,768: TornadoVM's
     * interpreter refills every list with -1 before each execute (initWaitEventList), 128 KB a list at
     * its default, though with its in-order queues (tornado.vm.deps off) the lists stay empty; that fill
     * was 18% of TornadoVM's host time per launch on the H100 (Flight Recorder). A list that
     * overflows is TornadoVM's own error ("event list is too small"), never a wrong result. And a
     * bytecode buffer of 64 KB a task graph instead of 4 KB: TornadoVM writes each graph's schedule
     * (copies, launches, argument lists) into it, and at 4 KB a graph of 16 tuned-reduction launches
     * failed ("Recover option disabled") as TRSM's 32 GEMM launches had (a BufferOverflowException).
     * They take effect only if TornadoVM has not read them yet.
     */
    static final java.util.Map<String, String> DEFAULTS = java.util.Map.of(
            BAILOUT, "False",
            "tornado.opencl.compiler.flags", "-w",
            "tornado.enable.fma", "False",
            "tornado.enable.nativeFunctions", "False",
            "tornado.enable.mathOptimizations", "False",
            "tornado.enable.fastMathOptimizations", "False",
            MAX_EVENTS, "1024",
            BYTECODE_SIZE, "65536");

    /**
     * Whether -XX:+EnableJVMCI is on. HotSpot hides experimental flags from its management
     * interface until they are unlocked, so a flag it does not know counts as off; the JVM's own
     * arguments are the fallback.
     */
    static boolean jvmciEnabled() {
        try {
            var hs = ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
            if (hs != null) return Boolean.parseBoolean(hs.getVMOption("EnableJVMCI").getValue());
        } catch (RuntimeException | LinkageError e) {
            // unknown or hidden flag: ask the command line
        }
        try {
            return ManagementFactory.getRuntimeMXBean().getInputArguments().contains("-XX:+EnableJVMCI");
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /** Whether TornadoVM would silently fall back to sequential Java when a kernel fails to compile. */
    static boolean bailoutRecoveryOn() {
        return !"false".equalsIgnoreCase(System.getProperty(BAILOUT, "true"));
    }
}
