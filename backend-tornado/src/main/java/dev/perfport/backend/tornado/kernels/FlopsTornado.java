package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.List;

import static dev.perfport.backend.tornado.kernels.TornadoKernel.sig;
import static dev.perfport.core.device.MemoryLevel.GLOBAL;
import static dev.perfport.core.device.MemoryLevel.PRIVATE;
import static dev.perfport.core.memory.ElemType.FLOAT;
import static dev.perfport.core.memory.ElemType.INT;

/**
 * The FP32 multiply-add throughput kernel (workloads' flops.cl) in TornadoVM's Kernel API: 8 chains
 * of x = x*a + b per work-item, a product and a sum that TornadoVM's compiler may fuse; found as a
 * {@link KernelLibrary} service.
 */
@AutoService(KernelLibrary.class)
public final class FlopsTornado extends TornadoLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public FlopsTornado() {
        super(FlopsTornado::register);
    }

    static void register(List<TornadoKernel> into) {
        into.add(new TornadoKernel("flops.fma", sig(GLOBAL, FLOAT, PRIVATE, INT, PRIVATE, INT, PRIVATE, FLOAT, PRIVATE, FLOAT), false,
                a -> a.graph().task(a.task(), FlopsTornado::fmaPeak, a.context(), a.floats(0), a.intArg(1), a.intArg(2), a.floatArg(3), a.floatArg(4))));
    }

    // not "fma": TornadoVM names the OpenCL kernel after the method, and a kernel named like the builtin fails clCreateKernel (-46), then crashes PoCL
    public static void fmaPeak(KernelContext ctx, FloatArray out, int n, int iters, float a, float b) {
        int i = ctx.globalIdx;
        float x0 = 0.0f;
        float x1 = 0.125f;
        float x2 = 0.25f;
        float x3 = 0.375f;
        float x4 = 0.5f;
        float x5 = 0.625f;
        float x6 = 0.75f;
        float x7 = 0.875f;
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
            out.set(i, ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7)));
        }
    }
}
