/**
 * TRSM's own kernel (trsm.cl) in the Java routes, float and double: {@code trsm.invert.<type>}
 * inverts the NB×NB diagonal blocks of a lower-triangular, column-major A, work-item j of group b
 * computing column j of inv(D_b) by forward substitution into its own column of Dinv (each column
 * depends on its own writes only). NB is a knob (Aparapi: a final field; TornadoVM: a scalar it
 * compiles in); it must equal the local size, as in OpenCL. TRSM's updates run on gemm's kernels.
 */
//#for T=float,double Ty=Float,Double Z=0f,0.0 O=1f,1.0
    /** trsm_invert in $T$. */
//#kernel trsm.invert.$T$ invert$Ty$ a:$T$[] dinv:$T$[] m:int lda:int nb:int{NB}
        int j = $lid$;
        int o = $group$ * nb;
        int x = $group$ * nb * nb + j * nb;
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
//#end

//#end
