/**
 * POP's equation of state, buoydiff and ddmix (pop.cl) in the Java routes, float and double: one
 * work-item per point of the levels k0 .. k0+nk-1, a 3-D field being km levels of nxy points. The
 * state (MWJF, 25 terms) is written once as snippets and inlined where a kernel uses it: TornadoVM
 * cannot call helpers that return several values, and Aparapi maps only its own float sqrt and exp
 * to OpenCL's, so each route binds SQRT and EXP. Clamps are comparisons (no Math.min on floats in
 * every route), and no work-item returns early (the work-group form runs all items in one loop).
 */
//#def density
            int c$v$ = 6 * ($k$);
            $T$ tq$v$ = $t$ < ($T$) -2 ? ($T$) -2 : ($t$ > ($T$) 999 ? ($T$) 999 : $t$);
            $T$ s$v$ = $s$ < ($T$) 0 ? ($T$) 0 : ($s$ > ($T$) 0.999 ? ($T$) 0.999 : $s$);
            $T$ sq$v$ = ($T$) 1000 * s$v$;
            $T$ sqr$v$ = $SQRT$(sq$v$);
            $T$ w1$v$ = coef.get(c$v$) + tq$v$ * (($T$) (7.35212840e+0 * 0.001) + tq$v$ * (coef.get(c$v$ + 1) + ($T$) (3.98476704e-4 * 0.001) * tq$v$))
                    + sq$v$ * (coef.get(c$v$ + 2) + ($T$) (-7.23268813e-3 * 0.001) * tq$v$ + ($T$) (2.12382341e-3 * 0.001) * sq$v$);
            $T$ w2$v$ = coef.get(c$v$ + 3) + tq$v$ * (coef.get(c$v$ + 4) + tq$v$ * (($T$) -4.60835542e-5 + tq$v$ * (coef.get(c$v$ + 5) + ($T$) 1.80809186e-10 * tq$v$)))
                    + sq$v$ * (($T$) 2.14691708e-3 + tq$v$ * (($T$) -9.27062484e-6 + tq$v$ * tq$v$ * ($T$) -1.78343643e-10)
                    + sqr$v$ * (($T$) 4.76534122e-6 + tq$v$ * tq$v$ * ($T$) 1.63410736e-9));
//#end

//#def derivatives
            $T$ rho$v$ = w1$v$ / w2$v$;
            $T$ dp1dt$v$ = ($T$) (7.35212840e+0 * 0.001) + tq$v$ * (($T$) 2 * coef.get(c$v$ + 1) + ($T$) 3 * ($T$) (3.98476704e-4 * 0.001) * tq$v$)
                    + ($T$) (-7.23268813e-3 * 0.001) * sq$v$;
            $T$ dp2dt$v$ = coef.get(c$v$ + 4) + sq$v$ * ($T$) -9.27062484e-6 + tq$v$ * (($T$) 2 * (($T$) -4.60835542e-5 + sq$v$ * sqr$v$ * ($T$) 1.63410736e-9)
                    + tq$v$ * (($T$) 3 * (coef.get(c$v$ + 5) + sq$v$ * ($T$) -1.78343643e-10) + tq$v$ * ($T$) 4 * ($T$) 1.80809186e-10));
            $T$ drhodt$v$ = (dp1dt$v$ - rho$v$ * dp2dt$v$) / w2$v$;
            $T$ dp1ds$v$ = coef.get(c$v$ + 2) + ($T$) (-7.23268813e-3 * 0.001) * tq$v$ + ($T$) 2 * ($T$) (2.12382341e-3 * 0.001) * sq$v$;
            $T$ dp2ds$v$ = ($T$) 2.14691708e-3 + tq$v$ * (($T$) -9.27062484e-6 + tq$v$ * tq$v$ * ($T$) -1.78343643e-10)
                    + ($T$) 1.5 * sqr$v$ * (($T$) 4.76534122e-6 + tq$v$ * tq$v$ * ($T$) 1.63410736e-9);
            $T$ drhods$v$ = (dp1ds$v$ - rho$v$ * dp2ds$v$) / w2$v$ * ($T$) 1000;
//#end

//#def buoydiffStore
            if (k == 0) {
                dbsfc.set(i, ($T$) 0);
            } else {
                dbsfc.set(i, ($T$) 980.6 * (($T$) 1 - $r1$ / $rk$));
                dbloc.set(i - nxy, k >= kmt.get(p) ? ($T$) 0 : ($T$) 980.6 * (($T$) 1 - $rkm$ / $rk$));
            }
            if (k == km - 1) {
                dbloc.set(i, ($T$) 0);
            }
//#end

//#def ddmixUpdate
            $T$ alphadt = ($T$) -0.5 * ($ak$ + $ak1$) * (t.get(i) - t.get(i + nxy));
            $T$ betads = ($T$) 0.5 * ($bk$ + $bk1$) * (s.get(i) - s.get(i + nxy));
            $T$ v1 = vdc1.get(i);
            $T$ v2 = vdc2.get(i);
            if (alphadt > betads && betads > ($T$) 0) {
                $T$ q = alphadt / betads;
                $T$ rr = q < ($T$) 2.55 ? q : ($T$) 2.55;
                $T$ f = ($T$) 1 - (rr - ($T$) 1) / (($T$) 2.55 - ($T$) 1);
                $T$ dd = f * f * f;
                v1 += ($T$) 0.7 * dd;
                v2 += dd;
            }
            $T$ rrho = ($T$) 0;
            $T$ diffdd = ($T$) 0;
            $T$ prandtl = ($T$) 0;
            if (alphadt < ($T$) 0 && betads < ($T$) 0 && alphadt > betads) {
                rrho = alphadt / betads;
                diffdd = ($T$) (1.5e-2 * 0.909) * $EXP$(($T$) 4.6 * $EXP$(($T$) -0.54 * (($T$) 1 / rrho - ($T$) 1)));
                prandtl = ($T$) 0.15 * rrho;
            }
            if (rrho > ($T$) 0.5) {
                prandtl = (($T$) 1.85 - ($T$) 0.85 / rrho) * rrho;
            }
            vdc1.set(i, v1 + diffdd);
            vdc2.set(i, v2 + prandtl * diffdd);
//#end

//#def kernels
//#kernel pop.state.$T$ popState$Ty$ t:$T$[] s:$T$[] rhoOut:$T$[] dtOut:$T$[] dsOut:$T$[] coef:$T$[] nxy:int k0:int nk:int
        int gi = $gid$;
        if (gi < nxy * nk) {
            int k = k0 + gi / nxy;
            int i = k0 * nxy + gi;
//#use density v=A k=k t="t.get(i)" s="s.get(i)"
//#use derivatives v=A
            rhoOut.set(i, rhoA);
            dtOut.set(i, drhodtA);
            dsOut.set(i, drhodsA);
        }
//#end

//#kernel pop.densities.$T$ popDensities$Ty$ t:$T$[] s:$T$[] rho1:$T$[] rhokm:$T$[] rhok:$T$[] coef:$T$[] nxy:int k0:int nk:int
        int gi = $gid$;
        if (gi < nxy * nk) {
            int k = k0 + gi / nxy;
            int p = gi % nxy;
            int i = k0 * nxy + gi;
            int m = k > 0 ? i - nxy : i;
//#use density v=A k=k t="t.get(p)" s="s.get(p)"
//#use density v=B k=k t="t.get(m)" s="s.get(m)"
//#use density v=C k=k t="t.get(i)" s="s.get(i)"
            rho1.set(i, w1A / w2A);
            rhokm.set(i, k > 0 ? w1B / w2B : ($T$) 0);
            rhok.set(i, w1C / w2C);
        }
//#end

//#kernel pop.buoydiff.$T$ popBuoydiff$Ty$ rho1:$T$[] rhokm:$T$[] rhok:$T$[] kmt:int[] dbsfc:$T$[] dbloc:$T$[] nxy:int km:int k0:int nk:int
        int gi = $gid$;
        if (gi < nxy * nk) {
            int k = k0 + gi / nxy;
            int p = gi % nxy;
            int i = k0 * nxy + gi;
//#use buoydiffStore r1="rho1.get(i)" rkm="rhokm.get(i)" rk="rhok.get(i)"
        }
//#end

//#kernel pop.buoydiff_fused.$T$ popBuoydiffFused$Ty$ t:$T$[] s:$T$[] kmt:int[] coef:$T$[] dbsfc:$T$[] dbloc:$T$[] nxy:int km:int k0:int nk:int
        int gi = $gid$;
        if (gi < nxy * nk) {
            int k = k0 + gi / nxy;
            int p = gi % nxy;
            int i = k0 * nxy + gi;
            int m = k > 0 ? i - nxy : i;
//#use density v=A k=k t="t.get(p)" s="s.get(p)"
//#use density v=B k=k t="t.get(m)" s="s.get(m)"
//#use density v=C k=k t="t.get(i)" s="s.get(i)"
//#use buoydiffStore r1="(w1A / w2A)" rkm="(w1B / w2B)" rk="(w1C / w2C)"
        }
//#end

//#kernel pop.ddmix.$T$ popDdmix$Ty$ t:$T$[] s:$T$[] alpha:$T$[] beta:$T$[] vdc1:$T$[] vdc2:$T$[] nxy:int km:int k0:int nk:int
        int gi = $gid$;
        int k = k0 + gi / nxy;
        if (gi < nxy * nk && k < km - 1) {
            int i = k0 * nxy + gi;
//#use ddmixUpdate ak="alpha.get(i)" ak1="alpha.get(i + nxy)" bk="beta.get(i)" bk1="beta.get(i + nxy)"
        }
//#end

//#kernel pop.ddmix_fused.$T$ popDdmixFused$Ty$ t:$T$[] s:$T$[] coef:$T$[] vdc1:$T$[] vdc2:$T$[] nxy:int km:int k0:int nk:int
        int gi = $gid$;
        int k = k0 + gi / nxy;
        if (gi < nxy * nk && k < km - 1) {
            int i = k0 * nxy + gi;
//#use density v=A k=k t="t.get(i)" s="s.get(i)"
//#use derivatives v=A
//#use density v=B k="k + 1" t="t.get(i + nxy)" s="s.get(i + nxy)"
//#use derivatives v=B
//#use ddmixUpdate ak=drhodtA ak1=drhodtB bk=drhodsA bk1=drhodsB
        }
//#end
//#end

//#for T=float,double Ty=Float,Double
//#if R=aparapi
//#use kernels SQRT=sqrt EXP=exp
//#elif R=tornado
//#use kernels SQRT=uk.ac.manchester.tornado.api.math.TornadoMath.sqrt EXP=uk.ac.manchester.tornado.api.math.TornadoMath.exp
//#else
//#use kernels SQRT="($T$) Math.sqrt" EXP="($T$) Math.exp"
//#end
//#end
