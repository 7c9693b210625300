package dev.perfport.backend.aparapi.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;

import java.util.List;

/**
 * The multiply-add throughput kernel (workloads' flops.cl) as Aparapi kernels, float and double: 8
 * chains of x = x*a + b per work-item. Aparapi translates no Math.fma, so the step is a product and a sum;
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
        return List.of(KernelSpec.of("flops.fma.float", FmaFloat.class, c -> new FmaFloat(), "out", "n", "iters", "a", "b"),
                KernelSpec.of("flops.fma.double", FmaDouble.class, c -> new FmaDouble(), "out", "n", "iters", "a", "b"));
    }

//#for T=float,double Ty=Float,Double F=f,d
    public static final class Fma$Ty$ extends PerfportKernel {
        $T$[] out;
        int n;
        int iters;
        $T$ a;
        $T$ b;

        @Override
        public void run() {
            int i = getGlobalId();
            $T$ x0 = 0.0$F$, x1 = 0.125$F$, x2 = 0.25$F$, x3 = 0.375$F$, x4 = 0.5$F$, x5 = 0.625$F$, x6 = 0.75$F$, x7 = 0.875$F$;
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

//#end
}
