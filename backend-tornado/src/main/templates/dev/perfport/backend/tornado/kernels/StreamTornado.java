package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.List;

import static dev.perfport.backend.tornado.kernels.TornadoKernel.sig;
import static dev.perfport.core.device.MemoryLevel.GLOBAL;
import static dev.perfport.core.device.MemoryLevel.LOCAL;
import static dev.perfport.core.device.MemoryLevel.PRIVATE;
import static dev.perfport.core.memory.ElemType.DOUBLE;
import static dev.perfport.core.memory.ElemType.FLOAT;
import static dev.perfport.core.memory.ElemType.INT;

/**
 * BabelStream's kernels (workloads' stream.cl) in TornadoVM's Kernel API, float and double from one
 * template: copy, mul, add and triad one work-item per element, dot a grid-stride loop and a tree in
 * local memory ({@code allocate*LocalArray}, its length a compiled-in scalar) that leaves one
 * partial per group. The methods are prefixed {@code stream}: TornadoVM names the OpenCL kernel after
 * the method, and a kernel named like a builtin ({@code dot}) fails to build.
 */
@AutoService(KernelLibrary.class)
public final class StreamTornado extends TornadoLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public StreamTornado() {
        super(StreamTornado::register);
    }

    static void register(List<TornadoKernel> into) {
//#for T=float,double Ty=Float,Double E=FLOAT,DOUBLE Arr=floats,doubles Arg=floatArg,doubleArg
        into.add(new TornadoKernel("stream.copy.$T$", sig(GLOBAL, $E$, GLOBAL, $E$, PRIVATE, INT), false,
                a -> a.graph().task(a.task(), StreamTornado::streamCopy$Ty$, a.context(), a.$Arr$(0), a.$Arr$(1), a.intArg(2))));
        into.add(new TornadoKernel("stream.mul.$T$", sig(GLOBAL, $E$, GLOBAL, $E$, PRIVATE, $E$, PRIVATE, INT), false,
                a -> a.graph().task(a.task(), StreamTornado::streamMul$Ty$, a.context(), a.$Arr$(0), a.$Arr$(1), a.$Arg$(2), a.intArg(3))));
        into.add(new TornadoKernel("stream.add.$T$", sig(GLOBAL, $E$, GLOBAL, $E$, GLOBAL, $E$, PRIVATE, INT), false,
                a -> a.graph().task(a.task(), StreamTornado::streamAdd$Ty$, a.context(), a.$Arr$(0), a.$Arr$(1), a.$Arr$(2), a.intArg(3))));
        into.add(new TornadoKernel("stream.triad.$T$", sig(GLOBAL, $E$, GLOBAL, $E$, GLOBAL, $E$, PRIVATE, $E$, PRIVATE, INT), false,
                a -> a.graph().task(a.task(), StreamTornado::streamTriad$Ty$, a.context(), a.$Arr$(0), a.$Arr$(1), a.$Arr$(2), a.$Arg$(3),
                        a.intArg(4))));
        into.add(new TornadoKernel("stream.dot.$T$", sig(GLOBAL, $E$, GLOBAL, $E$, GLOBAL, $E$, PRIVATE, INT, LOCAL, $E$), false,
                a -> a.graph().task(a.task(), StreamTornado::streamDot$Ty$, a.context(), a.$Arr$(0), a.$Arr$(1), a.$Arr$(2), a.intArg(3),
                        a.localLength(4))));
//#end
    }

//#for T=float,double Ty=Float,Double Z=0f,0.0
    public static void streamCopy$Ty$(KernelContext ctx, $Ty$Array a, $Ty$Array c, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            c.set(i, a.get(i));
        }
    }

    public static void streamMul$Ty$(KernelContext ctx, $Ty$Array b, $Ty$Array c, $T$ scalar, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            b.set(i, scalar * c.get(i));
        }
    }

    public static void streamAdd$Ty$(KernelContext ctx, $Ty$Array a, $Ty$Array b, $Ty$Array c, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            c.set(i, a.get(i) + b.get(i));
        }
    }

    public static void streamTriad$Ty$(KernelContext ctx, $Ty$Array a, $Ty$Array b, $Ty$Array c, $T$ scalar, int n) {
        int i = ctx.globalIdx;
        if (i < n) {
            a.set(i, b.get(i) + scalar * c.get(i));
        }
    }

    /** The local size is a power of two (the host checks it); scratchLength is the local size. */
    public static void streamDot$Ty$(KernelContext ctx, $Ty$Array a, $Ty$Array b, $Ty$Array sum, int n, int scratchLength) {
        int lid = ctx.localIdx;
        int stride = ctx.globalGroupSizeX;
        $T$[] scratch = ctx.allocate$Ty$LocalArray(scratchLength);
        $T$ acc = $Z$;
        for (int i = ctx.globalIdx; i < n; i += stride) {
            acc += a.get(i) * b.get(i);
        }
        scratch[lid] = acc;
        ctx.localBarrier();
        for (int s = ctx.localGroupSizeX / 2; s > 0; s >>= 1) {
            if (lid < s) {
                scratch[lid] += scratch[lid + s];
            }
            ctx.localBarrier();
        }
        if (lid == 0) {
            sum.set(ctx.groupIdx, scratch[0]);
        }
    }

//#end
}
