package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.List;

import static dev.perfport.backend.tornado.kernels.TornadoKernel.sig;
import static dev.perfport.core.device.MemoryLevel.GLOBAL;
import static dev.perfport.core.device.MemoryLevel.PRIVATE;
import static dev.perfport.core.memory.ElemType.DOUBLE;
import static dev.perfport.core.memory.ElemType.FLOAT;
import static dev.perfport.core.memory.ElemType.INT;

/**
 * The multiply-add throughput kernel (workloads' flops.cl) in TornadoVM's Kernel API, float and
 * double from one template: 8 chains of x = x*a + b per work-item, a product and a sum that
 * TornadoVM's compiler may fuse; found as a {@link KernelLibrary} service.
 */
@AutoService(KernelLibrary.class)
public final class FlopsTornado extends TornadoLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public FlopsTornado() {
        super(FlopsTornado::register);
    }

    static void register(List<TornadoKernel> into) {
//#for T=float,double Ty=Float,Double E=FLOAT,DOUBLE Arr=floats,doubles Arg=floatArg,doubleArg
        into.add(new TornadoKernel("flops.fma.$T$", sig(GLOBAL, $E$, PRIVATE, INT, PRIVATE, INT, PRIVATE, $E$, PRIVATE, $E$), false,
                a -> a.graph().task(a.task(), FlopsTornado::fmaPeak$Ty$, a.context(), a.$Arr$(0), a.intArg(1), a.intArg(2), a.$Arg$(3), a.$Arg$(4))));
//#end
    }

    // not "fma": TornadoVM names the OpenCL kernel after the method, and a kernel named like the builtin fails clCreateKernel (-46), then crashes PoCL
//#for T=float,double Ty=Float,Double F=f,d
    public static void fmaPeak$Ty$(KernelContext ctx, $Ty$Array out, int n, int iters, $T$ a, $T$ b) {
        int i = ctx.globalIdx;
        $T$ x0 = 0.0$F$;
        $T$ x1 = 0.125$F$;
        $T$ x2 = 0.25$F$;
        $T$ x3 = 0.375$F$;
        $T$ x4 = 0.5$F$;
        $T$ x5 = 0.625$F$;
        $T$ x6 = 0.75$F$;
        $T$ x7 = 0.875$F$;
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

//#end
}
