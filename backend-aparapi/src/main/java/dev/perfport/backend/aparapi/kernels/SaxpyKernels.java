package dev.perfport.backend.aparapi.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;

import java.util.List;

/**
 * The sample workload saxpy (workloads' saxpy.cl) as an Aparapi kernel: y = a*x + y, one work-item
 * per element; found as a {@link KernelLibrary} service.
 */
@AutoService(KernelLibrary.class)
public final class SaxpyKernels implements KernelLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public SaxpyKernels() {
    }

    @Override
    public List<KernelSpec> kernels() {
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
