package dev.perfport.backend.aparapi.kernels;

import dev.perfport.backend.aparapi.kernels.VarKernels.VarCore;

/**
 * The Aparapi classes of the VaR kernels, one set per private-array capacity (16, 64 or 1024
 * simulations per work-item) from one source: Aparapi needs the size of a
 * {@code @PrivateMemorySpace} array fixed in the class, so tools/KernelGen.java writes the
 * classes once per capacity. {@link VarKernels} picks the smallest that holds SIMBS·VWIDTH, and
 * {@link Specialiser} folds POSBS, k = SIMBS·VWIDTH and RNG into a subclass per configuration, so the
 * loops over the k simulations have a constant trip count (the helpers are not final: the subclass
 * overrides them with folded copies).
 */
public final class VarKernelClasses {
    private VarKernelClasses() {
    }

//#def variantCtor
        /** posbs, k, rng: the constructor {@link Specialiser} makes its per-configuration subclass with. */
        $V$$C$(int[] v) {
            super(v[0], v[1], v[2]);
        }
//#end
//#def groupInit
            int lid = getLocalId();
            int size = getLocalSize();
            init(gid);
//#end
//#for C=16,64,1024
    // ---- capacity $C$ -------------------------------------------------------------------------

    /** The simulation of up to $C$ simulations per work-item: generators, market, evaluation. */
    public abstract static class VarCore$C$ extends VarCore {
        /** Accumulators and market parameters (S, r, X) of the work-item's simulations. */
        @PrivateMemorySpace($C$) float[] sum = new float[$C$];
        @PrivateMemorySpace($C$) float[] ms = new float[$C$];
        @PrivateMemorySpace($C$) float[] mr = new float[$C$];
        @PrivateMemorySpace($C$) float[] mx = new float[$C$];
        /** MT607: 19 state words, then index, matrix_a, mask_b, mask_c, have-spare. */
        @PrivateMemorySpace(24) int[] mt = new int[24];
        /** The three normals of a draw, then the pending second normal of MT607's last pair; sin and cos; a pair. */
        @PrivateMemorySpace(8) float[] zz = new float[8];
        /** Philox output words. */
        @PrivateMemorySpace(4) int[] pw = new int[4];

        VarCore$C$(int posbs, int k, int rng) {
            super(posbs, k, rng);
        }

        /** Every work-item thread of the Java thread pool runs a clone: it needs private arrays of its own. */
        @Override
        public VarCore$C$ clone() {
            VarCore$C$ c = (VarCore$C$) super.clone();
            c.sum = new float[$C$];
            c.ms = new float[$C$];
            c.mr = new float[$C$];
            c.mx = new float[$C$];
            c.mt = new int[24];
            c.zz = new float[8];
            c.pw = new int[4];
            return c;
        }

        /** A 32-bit word as a uniform number in (0, 1]: ((float) unsigned x + 1) / 2^32. */
        protected float uniform(int x) {
            float f = (float) ((long) x & 0xFFFFFFFFL);
            f = f + 1.0f;
            return f * 0x1.0p-32f;
        }

        protected float ln(float u) {
            int bits = Float.floatToRawIntBits(u);
            int e = ((bits >> 23) & 0xff) - 127;
            float m = Float.intBitsToFloat((bits & 0x007fffff) | 0x3f800000);
            if (m > 0x1.6a09e6p+0f) {
                m = m * 0.5f;
                e = e + 1;
            }
            float f = m - 1.0f;
            float p = -0x1.38e072p-4f;
//#for c=0x1.087b72p-3f,-0x1.0f2c26p-3f,0x1.226874p-3f,-0x1.5427a8p-3f,0x1.99a476p-3f,-0x1.000428p-2f,0x1.55555p-2f,-0x1.fffff8p-2f,0x1.0p+0f
            p = p * f;
            p = p + $c$;
//#end
            float lf = f * p;
            float ef = (float) e;
            float hi = ef * 0x1.62e4p-1f;
            float lo = ef * 0x1.7f7d1cp-20f;
            lo = lo + lf;
            return hi + lo;
        }

        protected float sqrtF(float a) {
            float result = 0.0f;
            if (a != 0.0f) {
                float h = 0.5f * a;
                float y = Float.intBitsToFloat(0x5f3759df - (Float.floatToRawIntBits(a) >> 1));
                for (int i = 0; i < 3; i++) {
                    float t = h * y;
                    t = t * y;
                    t = 1.5f - t;
                    y = y * t;
                }
                result = a * y;
            }
            return result;
        }

        /** sin 2 pi t into zz[4], cos 2 pi t into zz[5], for t in (0, 1]. */
        protected void sinCos2Pi(float t) {
            float t4 = t * 4.0f;
            t4 = t4 + 0.5f;
            int q = (int) t4;
            float kq = (float) q;
            kq = kq * 0.25f;
            float x = t - kq;
            float th = x * 0x1.921fb6p+2f;
            float th2 = th * th;
            float ps = 0x1.71de3ap-19f;
//#for c=-0x1.a01a02p-13f,0x1.111112p-7f,-0x1.555556p-3f
            ps = ps * th2;
            ps = ps + $c$;
//#end
            float th3 = th * th2;
            float sn = th3 * ps;
            sn = th + sn;
            float pc = -0x1.27e4fcp-22f;
//#for c=0x1.a01a02p-16f,-0x1.6c16c2p-10f,0x1.555556p-5f,-0x1.0p-1f
            pc = pc * th2;
            pc = pc + $c$;
//#end
            pc = pc * th2;
            float cs = 1.0f + pc;
            // quadrant q & 3 by selects on its two bits, as var.cl (Oclgrind runs LLVM's switch on an i2 wrongly)
            float px = (q & 1) != 0 ? cs : sn;
            float py = (q & 1) != 0 ? sn : cs;
            zz[4] = (q & 2) != 0 ? -px : px;
            zz[5] = ((q ^ (q >> 1)) & 1) != 0 ? -py : py;
        }

        /** Box-Muller of two uniforms: r cos 2 pi u2 into zz[6], r sin 2 pi u2 into zz[7]. */
        protected void boxMuller(float u1, float u2) {
            float l = ln(u1);
            float a = -2.0f * l;
            float r = sqrtF(a);
            sinCos2Pi(u2);
            zz[6] = r * zz[5];
            zz[7] = r * zz[4];
        }

        /** Philox4x32-10 of counter (c0, 0, 0, 0) and key (seed0, seed1) into pw. */
        protected void philox(int c0) {
            int c1 = 0;
            int c2 = 0;
            int c3 = 0;
            int k0 = seed0;
            int k1 = seed1;
            for (int round = 0; round < 10; round++) {
                if (round > 0) {
                    k0 += 0x9E3779B9;
                    k1 += 0xBB67AE85;
                }
                long p0 = ((long) 0xD2511F53 & 0xFFFFFFFFL) * ((long) c0 & 0xFFFFFFFFL);
                long p1 = ((long) 0xCD9E8D57 & 0xFFFFFFFFL) * ((long) c2 & 0xFFFFFFFFL);
                int n0 = (int) (p1 >> 32) ^ c1 ^ k0;
                int n1 = (int) p1;
                int n2 = (int) (p0 >> 32) ^ c3 ^ k1;
                int n3 = (int) p0;
                c0 = n0;
                c1 = n1;
                c2 = n2;
                c3 = n3;
            }
            pw[0] = c0;
            pw[1] = c1;
            pw[2] = c2;
            pw[3] = c3;
        }

        /** MT607 stream of work-item {@code stream}, seeded with its parameter set's seed ^ seed0. */
        protected void mtInit(int stream) {
            mt[20] = mtParams[4 * stream];
            mt[21] = mtParams[4 * stream + 1];
            mt[22] = mtParams[4 * stream + 2];
            mt[0] = mtParams[4 * stream + 3] ^ seed0;
            for (int i = 1; i < 19; i++) mt[i] = 1812433253 * (mt[i - 1] ^ ((mt[i - 1] >> 30) & 3)) + i;
            mt[19] = 0;
            mt[23] = 0;
            zz[3] = 0.0f;
        }

        protected int mtNext() {
            int i = mt[19];
            int k1 = i + 1 == 19 ? 0 : i + 1;
            int km = i + 9 >= 19 ? i + 9 - 19 : i + 9;
            int x = (mt[i] & 0xFFFFFFFE) | (mt[k1] & 1);
            x = mt[km] ^ ((x >> 1) & 0x7FFFFFFF) ^ ((x & 1) != 0 ? mt[20] : 0);
            mt[i] = x;
            mt[19] = k1;
            x ^= (x >> 12) & 0x000FFFFF;
            x ^= (x << 7) & mt[21];
            x ^= (x << 15) & mt[22];
            x ^= (x >> 18) & 0x00003FFF;
            return x;
        }

        protected float mtNormal() {
            float result = 0.0f;
            if (mt[23] != 0) {
                mt[23] = 0;
                result = zz[3];
            } else {
                float u1 = uniform(mtNext());
                float u2 = uniform(mtNext());
                boxMuller(u1, u2);
                zz[3] = zz[7];
                mt[23] = 1;
                result = zz[6];
            }
            return result;
        }

        /** The three normals of simulation isim (Philox) or the next three of the work-item's stream (MT607), into zz[0..2]. */
        protected void draw(int isim) {
            if (rng == 0) {
                philox(isim);
                boxMuller(uniform(pw[0]), uniform(pw[1]));
                zz[0] = zz[6];
                zz[1] = zz[7];
                boxMuller(uniform(pw[2]), uniform(pw[3]));
                zz[2] = zz[6];
            } else {
                zz[0] = mtNormal();
                zz[1] = mtNormal();
                zz[2] = mtNormal();
            }
        }

        /** Market parameters S, r, X of simulation j from the normals in zz (var_market). */
        protected void marketOf(int j) {
            float z0 = zz[0];
            float z1 = zz[1];
            float z2 = zz[2];
            float ds = market[6] * z0;
            ds = market[3] + ds;
            ms[j] = market[0] + ds;
            float dr = market[7] * z0;
            float t = market[8] * z1;
            dr = dr + t;
            dr = market[4] + dr;
            mr[j] = market[1] + dr;
            float dx = market[9] * z0;
            t = market[10] * z1;
            dx = dx + t;
            t = market[11] * z2;
            dx = dx + t;
            dx = market[5] + dx;
            mx[j] = market[2] + dx;
        }

        /** The work-item's simulations: market parameters drawn, sums zeroed (var_init). */
        protected void init(int gid) {
            if (rng != 0) mtInit(gid);
            for (int j = 0; j < k; j++) {
                draw(gid * k + j);
                marketOf(j);
                sum[j] = 0.0f;
            }
        }

        /** One position for all the work-item's simulations: STOCK amount*S, FBOND amount*X*exp(-r*tau). */
        protected void evaluate(int t, float a, int d) {
            if (t == 1) {
                for (int j = 0; j < k; j++) {
                    float v = a * ms[j];
                    sum[j] = sum[j] + v;
                }
            } else {
                float tau = (float) (d - today);
                tau = tau * 0x1.66db08p-9f;
                for (int j = 0; j < k; j++) {
                    float e = -mr[j];
                    e = e * tau;
                    e = exp(e);
                    float v = a * mx[j];
                    v = v * e;
                    sum[j] = sum[j] + v;
                }
            }
        }

        /** Copies n positions from base into the local block at offset o, element e by work-item e mod group size. */
        protected void copyBlock(int o, int base, int n, int lid, int size) {
            for (int e = lid; e < n; e += size) {
                ltype[o + e] = type[base + e];
                lamount[o + e] = amount[base + e];
                lday[o + e] = dayOfMaturity[base + e];
            }
        }

        protected void finish(int gid) {
            for (int j = 0; j < k; j++) simulation[gid * k + j] = sum[j];
        }
    }

    /** Load/Store: every position read from global memory. */
    public static class Loadstore$C$ extends VarCore$C$ {
//#use variantCtor V=Loadstore

        @Override
        public void run() {
            int gid = getGlobalId();
            init(gid);
            for (int p = 0; p < npos; p++) evaluate(type[p], amount[p], dayOfMaturity[p]);
            finish(gid);
        }
    }

    /** Single-Buffer: the group copies POSBS positions into local memory, waits, computes. */
    public static class Singlebuffer$C$ extends VarCore$C$ {
//#use variantCtor V=Singlebuffer

        @Override
        public void run() {
            int gid = getGlobalId();
//#use groupInit
            for (int base = 0; base < npos; base += posbs) {
                int n = npos - base < posbs ? npos - base : posbs;
                copyBlock(0, base, n, lid, size);
                localBarrier();
                for (int p = 0; p < n; p++) evaluate(ltype[p], lamount[p], lday[p]);
                localBarrier();    // nobody may still read the block the next copy overwrites
            }
            finish(gid);
        }
    }

    /** Double-Buffer: two local blocks; block b+1 is copied into the other half before block b is computed. */
    public static class Doublebuffer$C$ extends VarCore$C$ {
//#use variantCtor V=Doublebuffer

        @Override
        public void run() {
            int gid = getGlobalId();
//#use groupInit
            int blocks = (npos + posbs - 1) / posbs;
            copyBlock(0, 0, npos < posbs ? npos : posbs, lid, size);
            for (int b = 0; b < blocks; b++) {
                int cur = b & 1;
                int base = b * posbs;
                if (b + 1 < blocks) {
                    int rest = npos - base - posbs;
                    copyBlock((cur ^ 1) * posbs, base + posbs, rest < posbs ? rest : posbs, lid, size);
                }
                localBarrier();    // block b has landed
                int n = npos - base < posbs ? npos - base : posbs;
                int o = cur * posbs;
                for (int p = 0; p < n; p++) evaluate(ltype[o + p], lamount[o + p], lday[o + p]);
                localBarrier();    // the next iteration's copy overwrites this block
            }
            finish(gid);
        }
    }

//#end
    /** The random normals alone, three per simulation (var_normals), for bit-for-bit checks against the host. */
    public static final class Normals extends VarCore16 {
        float[] zOut;

        Normals(int k, int rng) {
            super(1, k, rng);
        }

        @Override
        public void run() {
            int gid = getGlobalId();
            if (rng != 0) mtInit(gid);
            for (int j = 0; j < k; j++) {
                int isim = gid * k + j;
                draw(isim);
                zOut[3 * isim] = zz[0];
                zOut[3 * isim + 1] = zz[1];
                zOut[3 * isim + 2] = zz[2];
            }
        }
    }
}
