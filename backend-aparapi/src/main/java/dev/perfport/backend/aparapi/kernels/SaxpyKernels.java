package dev.perfport.backend.aparapi.kernels;

import java.util.List;

/** The sample workload saxpy (workloads' saxpy.cl) as an Aparapi kernel: y = a*x + y, one work-item per element. */
public final class SaxpyKernels {
    private SaxpyKernels() {
    }

    static List<KernelSpec> specs() {
        return List.of(KernelSpec.of("saxpy.saxpy", Saxpy.class, c -> new Saxpy(), "a", "x", "y", "n"));
    }

    public static final class Saxpy extends PerfportKernel {
        float a;
        float[] x;
        float[] y;
        int n;

        @Override
        public void run() {
            int i = getGlobalId();
            if (i < n) {
                float ax = a * x[i];
                y[i] = ax + y[i];
            }
        }
    }
}
