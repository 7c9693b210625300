package dev.perfport.examples.saxpy;

import dev.perfport.backend.aparapi.kernels.KernelSpec;
import dev.perfport.backend.aparapi.kernels.PerfportKernel;
import dev.perfport.core.Perfport;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;

import java.io.PrintStream;

/**
 * perfport as a library: one SAXPY definition ({@code y = a*x + y}) with an OpenCL C, a Java
 * work-group and an Aparapi implementation, run on whichever backend the configuration names
 * ({@code perfport.backend}, e.g. {@code -Dperfport.backend=jocl}, {@code aparapi} or
 * {@code PERFPORT_BACKEND=cell-emulation}), checked against plain Java, then a built-in workload
 * on the same device with its result row. (A TornadoVM Kernel-API method is given the same way,
 * {@code .impl(TornadoKernel...)}, where TornadoVM is installed; this build has no TornadoVM.)
 *
 * <p>Run it from the repository root with {@code ./mvnw -q -pl examples/saxpy -am verify} (its
 * test runs this main on every available backend), or from an IDE.
 */
public final class Saxpy {
    private Saxpy() {
    }

    /**
     * The Aparapi implementation (aparapi): Aparapi translates {@code run()} to OpenCL C. Its
     * fields are the definition's arguments, bound by name in {@link #SAXPY}'s
     * {@code KernelSpec}.
     */
    public static final class SaxpyAparapi extends PerfportKernel {
        int n;
        float a;
        float[] x;
        float[] y;

        /** y[i] = a * x[i] + y[i] for the work-item's i. */
        @Override
        public void run() {
            int i = getGlobalId();
            if (i < n) {
                // two statements: OpenCL C may fuse a*x+y within one expression into an FMA (PoCL
                // does), never across statements; Aparapi has no build options to turn that off
                float ax = a * x[i];
                y[i] = ax + y[i];
            }
        }
    }

    /** The kernel, once, with an implementation per dialect. */
    public static final KernelDef SAXPY = KernelDef.builder("example.saxpy")
            .scalar("n", ElemType.INT)
            .scalar("a", ElemType.FLOAT)
            .global("x", ElemType.FLOAT, Access.READ)
            .global("y", ElemType.FLOAT, Access.READ_WRITE)
            // OpenCL C (jocl): PP_PARAMS are perfport's hidden arguments; no FMA, so that every
            // backend rounds a*x+y as Java does
            .impl(new KernelImpl.OpenClSource("""
                    __kernel void saxpy(PP_PARAMS, int n, float a, __global const float *x, __global float *y) {
                        int i = get_global_id(0);
                        if (i < n) y[i] = a * x[i] + y[i];
                    }
                    """, "saxpy", "-cl-fp-contract=off"))
            // Java work-group kernel (cell-emulation): runs once per work-group, a loop over its items
            .impl(KernelImpl.JavaWorkGroup.of(constants -> g -> {
                int n = g.intArg("n");
                float a = g.floatArg("a");
                var x = g.floats("x");
                var y = g.floats("y");
                g.forEachItem(lid -> {
                    int i = (int) g.globalId(0, lid);
                    if (i < n) y.set(i, a * x.get(i) + y.get(i));
                });
            }, 0))
            // Aparapi (aparapi): the kernel class and the fields the arguments bind to, in order
            .impl(KernelSpec.of("example.saxpy", SaxpyAparapi.class, constants -> new SaxpyAparapi(), "n", "a", "x", "y"))
            .build();

    /**
     * {@code y = a*x + y} on a session.
     *
     * @param s an open session
     * @param a the factor
     * @param x the vector added, times a
     * @param y the vector updated
     * @return the new y
     */
    public static float[] saxpy(DeviceSession s, float a, float[] x, float[] y) {
        float[] out = new float[y.length];
        try (CompiledKernel k = s.compile(SAXPY); DeviceBuffer dx = s.upload(x); DeviceBuffer dy = s.upload(y)) {
            s.launch(k, NDRange.over(x.length), x.length, a, dx, dy);
            dy.read(out);
        }
        return out;
    }

    /**
     * Runs SAXPY and the reduction workload on the configured backend, printing what happened.
     *
     * @param config the configuration ({@code perfport.backend} chooses the backend)
     * @param out    where the report goes
     * @return whether both verified
     */
    public static boolean run(PerfportConfig config, PrintStream out) {
        int n = 1_000_003;
        float a = 2.5f;
        float[] x = new float[n], y = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = (i % 1000) * 0.001f;
            y[i] = 1 - (i % 7);
        }
        try (DeviceSession s = Perfport.open(config)) {
            float[] got = saxpy(s, a, x, y);
            int wrong = 0;
            for (int i = 0; i < n; i++) if (got[i] != a * x[i] + y[i]) wrong++;
            out.printf("saxpy on %s (%s): n=%d, %s, counters %s%n", s.backendId(), s.device().name(), n,
                    wrong == 0 ? "verified (bit-identical to Java)" : wrong + " elements WRONG", s.counters());

            // a built-in workload on the same session; the row names the backend and device that ran it
            RunResult row = Workloads.get("reduction").run(s, "local-atomic", Params.of("n", "2^20", "type", "float"));
            out.printf("reduction/%s on %s (%s): verified=%s, wall %.3f ms, %s%s%n", row.variant(), row.backend(), row.device(),
                    row.verified(), row.wallNanos() / 1e6, row.metrics(), row.error() == null ? "" : ", error: " + row.error());
            return wrong == 0 && row.verified();
        }
    }

    /**
     * Runs {@link #run} with the configuration from its standard sources; exits 1 unless everything verified.
     *
     * @param args none
     */
    public static void main(String[] args) {
        if (!run(PerfportConfig.load(), System.out)) System.exit(1);
    }
}
