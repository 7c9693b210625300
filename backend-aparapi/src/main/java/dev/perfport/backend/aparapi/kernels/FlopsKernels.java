package dev.perfport.backend.aparapi.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;

import java.util.List;

/**
 * The FP32 multiply-add throughput kernel (workloads' flops.cl) as an Aparapi kernel: 8 chains of
 * x = x*a + b per work-item. Aparapi translates no Math.fma, so the step is a product and a sum;
 * whether they fuse is the OpenCL compiler's choice below Aparapi (its source has no FP_CONTRACT
 * pragma, so contraction is allowed).
 */
@AutoService(KernelLibrary.class)
public final class FlopsKernels implements KernelLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public FlopsKernels() {
    }

    @Override
    public List<KernelSpec> kernels() {
        return List.of(KernelSpec.of("flops.fma", Fma.class, c -> new Fma(), "out", "n", "iters", "a", "b"));
    }

    public static final class Fma extends PerfportKernel {
        float[] out;
        int n;
        int iters;
        float a;
        float b;

        @Override
        public void run() {
            int i = getGlobalId();
            float x0 = 0.0f, x1 = 0.125f, x2 = 0.25f, x3 = 0.375f, x4 = 0.5f, x5 = 0.625f, x6 = 0.75f, x7 = 0.875f;
            for (int k = 0; k < iters; k++) {
                x0 = x0 * a + b;
                x1 = x1 * a + b;
                x2 = x2 * a + b;
                x3 = x3 * a + b;
                x4 = x4 * a + b;
                x5 = x5 * a + b;
                x6 = x6 * a + b;
                x7 = x7 * a + b;
            }
            if (i < n) {
                out[i] = ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7));
            }
        }
    }
}
