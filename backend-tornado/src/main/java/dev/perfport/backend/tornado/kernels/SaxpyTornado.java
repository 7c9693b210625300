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

/** The sample workload saxpy (workloads' saxpy.cl) in TornadoVM's Kernel API: y = a*x + y, one work-item per element. */
@AutoService(KernelLibrary.class)
public final class SaxpyTornado extends TornadoLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public SaxpyTornado() {
        super(SaxpyTornado::register);
    }

    static void register(List<TornadoKernel> into) {
        into.add(new TornadoKernel("saxpy.saxpy", sig(PRIVATE, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT, PRIVATE, INT), false,
                a -> a.graph().task(a.task(), SaxpyTornado::saxpy, a.context(), a.floatArg(0), a.floats(1), a.floats(2), a.intArg(3))));
    }

    public static void saxpy(KernelContext ctx, float a, FloatArray x, FloatArray y, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            float ax = a * x.get(i);
            y.set(i, ax + y.get(i));
        }
    }
}
