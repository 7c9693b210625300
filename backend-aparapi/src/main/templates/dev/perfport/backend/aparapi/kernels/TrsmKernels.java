package dev.perfport.backend.aparapi.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;

import java.util.List;

/**
 * TRSM's own kernel (workloads' trsm.cl) as Aparapi kernels, float and double from one template:
 * {@code trsm.invert.<type>} inverts the NB×NB diagonal blocks of a lower-triangular,
 * column-major A, work-item j of group b computing column j of inv(D_b) by forward substitution
 * into its own column of Dinv. TRSM's updates run on gemm's Aparapi kernels ({@link GemmKernels}).
 * NB is a final field (Aparapi has no {@code -D}); it must equal the local size, as in OpenCL.
 */
@AutoService(KernelLibrary.class)
public final class TrsmKernels implements KernelLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public TrsmKernels() {
    }

    @Override
    public List<KernelSpec> kernels() {
        return List.of(
                KernelSpec.of("trsm.invert.float", InvertFloat.class, c -> new InvertFloat(c.getInt("NB")), "a", "dinv", "m", "lda"),
                KernelSpec.of("trsm.invert.double", InvertDouble.class, c -> new InvertDouble(c.getInt("NB")), "a", "dinv", "m", "lda"));
    }

//#for T=float,double Ty=Float,Double Z=0f,0.0 O=1f,1.0
    /** trsm_invert in $T$. */
    public static final class Invert$Ty$ extends PerfportKernel {
        $T$[] a;
        $T$[] dinv;
        int m;
        int lda;
        final int nb;

        Invert$Ty$(int nb) {
            this.nb = nb;
        }

        @Override
        public void run() {
            int j = getLocalId(0);
            int o = getGroupId(0) * nb;
            int x = getGroupId(0) * nb * nb + j * nb;
            for (int r = 0; r < j; r++) dinv[x + r] = $Z$;
            for (int r = j; r < nb; r++) {
                int gr = o + r;
                $T$ s = $Z$;
                if (r == j) s = $O$;
                if (gr < m) {
                    for (int q = j; q < r; q++) s -= a[gr + (o + q) * lda] * dinv[x + q];
                    s = s / a[gr + gr * lda];
                }
                dinv[x + r] = s;
            }
        }
    }
//#end
}
