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
 * TRSM's own kernel (workloads' trsm.cl) in TornadoVM's Kernel API, float and double from one
 * template: {@code trsm.invert.<type>}, the inversion of the NB×NB diagonal blocks (work-item j of
 * group b: column j of inv(D_b) by forward substitution). NB is a scalar argument, compiled in as
 * a constant. TRSM's updates run on gemm's TornadoVM kernels ({@link GemmTornado}).
 */
@AutoService(KernelLibrary.class)
public final class TrsmTornado extends TornadoLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public TrsmTornado() {
        super(TrsmTornado::register);
    }

    static void register(List<TornadoKernel> into) {
//#for T=float,double Ty=Float,Double E=FLOAT,DOUBLE Arr=floats,doubles
        into.add(new TornadoKernel("trsm.invert.$T$", sig(GLOBAL, $E$, GLOBAL, $E$, PRIVATE, INT, PRIVATE, INT), false,
                a -> a.graph().task(a.task(), TrsmTornado::invert$Ty$, a.context(), a.$Arr$(0), a.$Arr$(1), a.intArg(2), a.intArg(3),
                        a.constants().getInt("NB"))));
//#end
    }

//#for T=float,double Ty=Float,Double Z=0.0f,0.0 O=1.0f,1.0
    /** trsm_invert in $T$. */
    public static void invert$Ty$(KernelContext ctx, $Ty$Array a, $Ty$Array dinv, int m, int lda, int nb) {
        int j = ctx.localIdx;
        int o = ctx.groupIdx * nb;
        int x = ctx.groupIdx * nb * nb + j * nb;
        for (int r = 0; r < j; r++) {
            dinv.set(x + r, $Z$);
        }
        for (int r = j; r < nb; r++) {
            int gr = o + r;
            $T$ s = r == j ? $O$ : $Z$;
            if (gr < m) {
                for (int q = j; q < r; q++) {
                    s -= a.get(gr + (o + q) * lda) * dinv.get(x + q);
                }
                s = s / a.get(gr + gr * lda);
            }
            dinv.set(x + r, s);
        }
    }
//#end
}
