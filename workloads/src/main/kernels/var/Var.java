//#if R=wg
import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.GlobalInts;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;
import static dev.perfport.workloads.var.VarKernels.*;
//#elif R=aparapi
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
//#else
import dev.perfport.core.error.UnsupportedFeatureException;
import uk.ac.manchester.tornado.api.math.TornadoMath;
//#end
/**
 * Monte Carlo Value-at-Risk of seed 000 (var.cl) in the Java routes: var.loadstore,
 * var.singlebuffer, var.doublebuffer and the probe var.normals. Arguments follow the definitions
 * (workloads' VarKernels): type, amount, dayOfMaturity, simulation, mtParams, market, npos, today,
 * seed0, seed1 [, ltype, lamount, lday (LOCAL)]; var.normals: z, mtParams, seed0, seed1.
 *
 * <p>Each route keeps its own form, saying why; the float math they share (ln's and sin/cos's
 * polynomials, sqrt's Newton steps) is written once below. Every statement does one float
 * operation, in var.cl's order (which sets FP_CONTRACT OFF), so the normals are bit-identical to
 * the host's (VarNormalsTest on each route).
 */
//#def lnTail
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
//#end
//#def newton
        for (int i = 0; i < 3; i++) {
            float t = h * y;
            t = t * y;
            t = 1.5f - t;
            y = y * t;
        }
//#end
//#def sinCosPoly
        float t4 = t * 4.0f;
        t4 = t4 + 0.5f;
        int $quad$ = (int) t4;
        float kq = (float) $quad$;
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
//#end
//#if R=wg
    // its own form: the emulator's asynchronous copies and per-block cost charges, the work-items as loops
    /** var.normals: the three normals of each simulation of the group's work-items, as the VaR kernels draw them. */
    static WorkGroupKernel normals(int k, int rng) {
        return g -> {
            GlobalFloats z = g.floats(0);
            GlobalInts mtp = g.ints(1);
            int seed0 = g.intArg(2), seed1 = g.intArg(3);
            float[] t = new float[3];
            for (int lid = 0; lid < g.localItems(); lid++) {
                int gid = (int) g.globalId(0, lid);
                Draw d = new Draw(rng, gid, mtp, seed0, seed1);
                for (int j = 0; j < k; j++) {
                    int isim = gid * k + j;
                    d.draw(isim, t);
                    z.set(3 * isim, t[0]);
                    z.set(3 * isim + 1, t[1]);
                    z.set(3 * isim + 2, t[2]);
                }
            }
        };
    }

    /**
     * A VaR kernel's constants: k = SIMBS·VWIDTH simulations per work-item, POSBS positions per
     * local block, the generator, the layout (aos: records of three floats in amount), the offset of
     * position 0 in the portfolio arrays, and TASKS (0: NDRange; n: one work-item looping over n).
     */
    record Shape(int posbs, int k, int rng, boolean aos, int poff, int tasks) {
    }

    /** One work-group of a VaR kernel: its work-items, or under TASKS the n work-items one task loops over, one after the other. */
    static void run(WorkGroup g, Variant variant, Shape sh) {
        // private memory is booked once per group: the task's work-items share the one work-item's arrays
        int k = sh.k();
        float[][] priv = {g.privateFloats(k), g.privateFloats(k), g.privateFloats(k), g.privateFloats(k)};
        if (sh.tasks() == 0) {
            items(g, variant, sh, g.localItems(), -1, priv);
            return;
        }
        for (int t = 0; t < sh.tasks(); t++) items(g, variant, sh, 1, t, priv);
    }

    /** {@code items} work-items of one group; {@code task} >= 0: the one work-item of a task, as work-item {@code task}. */
    private static void items(WorkGroup g, Variant variant, Shape sh, int items, int task, float[][] priv) {
        int posbs = sh.posbs(), k = sh.k(), rng = sh.rng(), poff = sh.poff();
        boolean aos = sh.aos();
        GlobalInts type = g.ints(0);
        GlobalFloats amount = g.floats(1);
        GlobalInts day = g.ints(2);
        GlobalFloats simulation = g.floats(3);
        GlobalInts mtp = g.ints(4);
        GlobalFloats market = g.floats(5);
        int npos = g.intArg(6), today = g.intArg(7), seed0 = g.intArg(8), seed1 = g.intArg(9);
        float[] sum = priv[0], s = priv[1], r = priv[2], x = priv[3];
        float[] mk = new float[12];
        for (int i = 0; i < 12; i++) mk[i] = market.get(i);

        // market parameters of each work-item's simulations
        float[] z = new float[3];
        for (int lid = 0; lid < items; lid++) {
            int gid = task >= 0 ? task : (int) g.globalId(0, lid);
            int o = lid * k;
            Draw d = new Draw(rng, gid, mtp, seed0, seed1);
            for (int j = 0; j < k; j++) {
                d.draw(gid * k + j, z);
                market(mk, z[0], z[1], z[2], s, r, x, o + j);
                sum[o + j] = 0f;
            }
        }
        // declared compute of the generator, per simulation: Philox 10 rounds of 2 multiplies and
        // xors, or ~2 MT words; Box-Muller ~35 float ops and 1.5 pairs; market 11 float ops
        long sims = (long) items * k;
        g.ops(Op.INT, sims * (rng == 0 ? 80 : 40));
        g.ops(Op.FLOAT, sims * 70);

        // aos: a position is three floats of amount from poff + 3p (type, amount, day); soa: three arrays from poff
        switch (variant) {
            case LOADSTORE -> {
                // positions straight from global memory: the device sees every load
                long stocks = 0;
                for (int lid = 0; lid < items; lid++) {
                    int o = lid * k;
                    stocks = 0;
                    for (int p = 0; p < npos; p++) {
                        int t;
                        if (aos) {
                            int e = poff + 3 * p;
                            t = (int) amount.get(e);
                            if (t == STOCK) stocks++;
                            evaluate(t, amount.get(e + 1), (int) amount.get(e + 2), today, sum, s, r, x, o, k);
                        } else {
                            t = type.get(poff + p);
                            if (t == STOCK) stocks++;
                            evaluate(t, amount.get(poff + p), day.get(poff + p), today, sum, s, r, x, o, k);
                        }
                    }
                }
                declare(g, npos, stocks, items, k, 0);
            }
            case SINGLEBUFFER -> {
                int[] ltype = g.localInts(LOCAL_ARG0);
                float[] lamount = g.localFloats(LOCAL_ARG0 + 1);
                int[] lday = g.localInts(LOCAL_ARG0 + 2);
                for (int base = 0; base < npos; base += posbs) {
                    int n = Math.min(posbs, npos - base);
                    g.waitEvents(copy(g, aos, poff, ltype, lamount, lday, 0, type, amount, day, base, n));
                    long stocks = block(aos, ltype, lamount, lday, 0, n, today, items, k, sum, s, r, x);
                    declare(g, n, stocks, items, k, 3);
                    // barrier: the next copy overwrites the block
                }
            }
            case DOUBLEBUFFER -> {
                int[] ltype = g.localInts(LOCAL_ARG0);
                float[] lamount = g.localFloats(LOCAL_ARG0 + 1);
                int[] lday = g.localInts(LOCAL_ARG0 + 2);
                int blocks = (npos + posbs - 1) / posbs;
                long[][] ev = new long[2][];
                ev[0] = copy(g, aos, poff, ltype, lamount, lday, 0, type, amount, day, 0, Math.min(posbs, npos));
                for (int b = 0; b < blocks; b++) {
                    int cur = b & 1;
                    int base = b * posbs;
                    if (b + 1 < blocks) {
                        int nb = Math.min(posbs, npos - base - posbs);
                        ev[cur ^ 1] = copy(g, aos, poff, ltype, lamount, lday, (cur ^ 1) * posbs, type, amount, day, base + posbs, nb);
                    }
                    g.waitEvents(ev[cur]);
                    int n = Math.min(posbs, npos - base);
                    long stocks = block(aos, ltype, lamount, lday, cur * posbs, n, today, items, k, sum, s, r, x);
                    declare(g, n, stocks, items, k, 3);
                    // barrier: the next iteration's copy overwrites this block
                }
            }
        }
        for (int lid = 0; lid < items; lid++) {
            int gid = task >= 0 ? task : (int) g.globalId(0, lid);
            for (int j = 0; j < k; j++) simulation.set(gid * k + j, sum[lid * k + j]);
        }
    }

    /** The asynchronous copies of n positions from base into the local block at position o: three (soa) or one of 3n floats (aos). */
    private static long[] copy(WorkGroup g, boolean aos, int poff, int[] ltype, float[] lamount, int[] lday, int o,
                               GlobalInts type, GlobalFloats amount, GlobalInts day, int base, int n) {
        if (aos) return new long[]{g.asyncCopy(lamount, 3 * o, amount, poff + 3 * base, 3 * n)};
        return new long[]{g.asyncCopy(ltype, o, type, poff + base, n), g.asyncCopy(lamount, o, amount, poff + base, n),
                g.asyncCopy(lday, o, day, poff + base, n)};
    }

    /** One block of positions in local memory (aos: records of three floats in lamount), for every work-item of the group; returns its STOCK count. */
    private static long block(boolean aos, int[] ltype, float[] lamount, int[] lday, int off, int n, int today, int items, int k,
                              float[] sum, float[] s, float[] r, float[] x) {
        long stocks = 0;
        if (aos) {
            for (int lid = 0; lid < items; lid++) {
                int o = lid * k;
                for (int p = off; p < off + n; p++) evaluate((int) lamount[3 * p], lamount[3 * p + 1], (int) lamount[3 * p + 2], today, sum, s, r, x, o, k);
            }
            for (int p = off; p < off + n; p++) if ((int) lamount[3 * p] == STOCK) stocks++;
            return stocks;
        }
        for (int lid = 0; lid < items; lid++) {
            int o = lid * k;
            for (int p = off; p < off + n; p++) evaluate(ltype[p], lamount[p], lday[p], today, sum, s, r, x, o, k);
        }
        for (int p = off; p < off + n; p++) if (ltype[p] == STOCK) stocks++;
        return stocks;
    }

    /** evaluate() of the thesis for the k simulations of one work-item, as var.cl's VAR_EVALUATE. */
    private static void evaluate(int t, float a, int d, int today, float[] sum, float[] s, float[] r, float[] x, int o, int k) {
        if (t == STOCK) {
            for (int j = o; j < o + k; j++) {
                float v = a * s[j];
                sum[j] = sum[j] + v;
            }
        } else {
            float tau = (float) (d - today);
            tau = tau * INV_YEAR;
            for (int j = o; j < o + k; j++) {
                float e = -r[j];
                e = e * tau;
                e = (float) Math.exp(e);
                float v = a * x[j];
                v = v * e;
                sum[j] = sum[j] + v;
            }
        }
    }

    /**
     * Declares the compute of one block: per simulation a STOCK costs a multiply and an add, an
     * FBOND a negate, 3 multiplies, an add and one exp; per position and work-item the loads of
     * its three fields ({@code localLoads} from local memory; 0 when they come from global
     * memory, which the device sees itself) and a few integer operations.
     */
    private static void declare(WorkGroup g, int n, long stocks, int items, int k, int localLoads) {
        long bonds = n - stocks;
        long sims = (long) items * k;
        g.ops(Op.FLOAT, sims * (2 * stocks + 5 * bonds) + (long) items * bonds);
        g.ops(Op.SPECIAL, sims * bonds);
        g.ops(Op.INT, (long) items * n * 4);
        g.ops(Op.LOCAL_MEM, (long) items * n * localLoads + sims * (3 * stocks + 4 * bonds));
    }
//#elif R=aparapi
    // its own form: a class per private-array capacity, which Specialiser folds POSBS, k and RNG into
    /*
     * What Aparapi changes, and why:
     * <ul>
     *   <li><b>Vectors</b>: Aparapi has no {@code floatN}; the SIMBS·VWIDTH simulations of a
     *       work-item are the elements of {@code @PrivateMemorySpace} arrays (accumulators and market
     *       parameters), looped over. Private arrays need a size fixed in the class, so there is one
     *       class per capacity (16, 64 or 1024 simulations per work-item); the factory picks the
     *       smallest that holds SIMBS·VWIDTH. Each simulation still adds its npos terms in position
     *       order, so the sums are those of the OpenCL kernels.</li>
     *   <li><b>Unsigned arithmetic</b>: Aparapi writes Java's {@code >>>} as is, which OpenCL C does
     *       not have, so unsigned shifts are arithmetic shifts with the sign bits masked off, and
     *       {@code mul_hi} is a 64-bit product shifted right by 32.</li>
     *   <li><b>Generator state</b>: Aparapi kernels cannot assign fields, so the MT607 state (19
     *       words, index, matrix and masks, the pending normal) lives in small private arrays.</li>
     *   <li><b>async_work_group_copy</b>: the buffered variants copy each block with the group's
     *       work-items (element e by work-item e mod wgsize) and a barrier; the double-buffered one
     *       copies block b+1 into the other half before computing block b, without overlap, as
     *       Aparapi has no asynchronous copy.</li>
     *   <li><b>Contraction</b>: {@code var.cl} sets {@code FP_CONTRACT OFF}; Aparapi cannot emit the
     *       pragma, but every statement here does one float operation, as in {@code FloatMath}, and
     *       OpenCL C contracts only within an expression.</li>
     *   <li>In the Java thread pool, every work-item thread runs a clone of the kernel;
     *       {@link VarCore16#clone()} gives each clone its own private arrays.</li>
     * </ul>
     */
    /** Private-array capacities, in simulations per work-item, of the kernel classes. */
    static final int[] CAPS = {16, 64, 1024};
    static final int STOCK = 1;
    /** 1/365.25 as a float. */
    static final float INV_YEAR = 0x1.66db08p-9f;

    /** SIMBS·VWIDTH, after checking the constants as the definitions' Java kernels do. */
    static int perItem(Constants c) {
        int posbs = c.getInt("POSBS"), simbs = c.getInt("SIMBS"), vwidth = c.getInt("VWIDTH"), rng = c.getInt("RNG");
        if (posbs < 1) throw new IllegalArgumentException("POSBS must be >= 1, got " + posbs);
        if (simbs < 1) throw new IllegalArgumentException("SIMBS must be >= 1, got " + simbs);
        if (!List.of(1, 2, 4, 8, 16).contains(vwidth)) throw new IllegalArgumentException("VWIDTH must be 1, 2, 4, 8 or 16, got " + vwidth);
        if (rng != 0 && rng != 1) throw new IllegalArgumentException("RNG must be 0 (Philox) or 1 (MT607), got " + rng);
        if (c.has("RELAXED") && c.getInt("RELAXED") != 0) {
            throw new UnsupportedFeatureException("aparapi has no relaxed-math VaR kernel (math=relaxed: OpenCL's native_exp2; use math=exact)");
        }
        int k = simbs * vwidth;
        if (k > CAPS[CAPS.length - 1]) {
            throw new UnsupportedFeatureException("SIMBS*VWIDTH = " + k + " simulations per work-item exceed the "
                    + CAPS[CAPS.length - 1] + " the Aparapi kernels hold in private memory");
        }
        return k;
    }

    private static final String[] FIELDS = {"type", "amount", "dayOfMaturity", "simulation", "mtParams", "market", "npos", "today",
            "seed0", "seed1"};
    private static final String[] BUFFERED = {"type", "amount", "dayOfMaturity", "simulation", "mtParams", "market", "npos", "today",
            "seed0", "seed1", "ltype", "lamount", "lday"};
//#register
KernelSpec.of("var.loadstore", VarCore.class, VarKernels::loadstore, FIELDS)
//#end
//#register
KernelSpec.of("var.singlebuffer", VarCore.class, VarKernels::singlebuffer, BUFFERED)
//#end
//#register
KernelSpec.of("var.doublebuffer", VarCore.class, VarKernels::doublebuffer, BUFFERED)
//#end
//#register
KernelSpec.of("var.normals", Normals.class, c -> new Normals(perItem(c), c.getInt("RNG")), "zOut", "mtParams", "seed0", "seed1")
//#end

    /**
     * The kernel of the smallest capacity that holds SIMBS·VWIDTH simulations per work-item, with
     * POSBS, k and RNG folded into its code ({@link Specialiser}): the loops over the k simulations
     * then have a constant trip count, which the OpenCL compiler can unroll into registers.
     */
    private static VarCore smallest(Constants c, Class<? extends VarCore> cap16, Class<? extends VarCore> cap64,
                                    Class<? extends VarCore> cap1024) {
        int k = perItem(c);
        Class<? extends VarCore> cls = k <= 16 ? cap16 : k <= 64 ? cap64 : cap1024;
        return Specialiser.of(cls, new int[]{c.getInt("POSBS"), k, c.getInt("RNG"), c.has("AOS") ? c.getInt("AOS") : 0,
                c.has("POFF") ? c.getInt("POFF") : 0, c.has("TASKS") ? c.getInt("TASKS") : 0});
    }

    static VarCore loadstore(Constants c) {
        return smallest(c, Loadstore16.class, Loadstore64.class, Loadstore1024.class);
    }

    static VarCore singlebuffer(Constants c) {
        return smallest(c, Singlebuffer16.class, Singlebuffer64.class, Singlebuffer1024.class);
    }

    static VarCore doublebuffer(Constants c) {
        return smallest(c, Doublebuffer16.class, Doublebuffer64.class, Doublebuffer1024.class);
    }

    /** What every VaR kernel class has: the arguments, the constants and the capacity check. */
    public abstract static class VarCore extends PerfportKernel {
        int[] type;
        float[] amount;
        int[] dayOfMaturity;
        float[] simulation;
        int[] mtParams;
        float[] market;
        int npos;
        int today;
        int seed0;
        int seed1;
        @Local int[] ltype;
        @Local float[] lamount;
        @Local int[] lday;
        /** Constants: positions per local block, simulations per work-item, generator (0 Philox, 1 MT607). */
        final int posbs;
        final int k;
        final int rng;
        /** Constants of the static studies: layout (1: records of three floats in amount), offset of position 0, TASKS (0: NDRange). */
        final int aos;
        final int poff;
        final int tasks;

        VarCore(int posbs, int k, int rng, int aos, int poff, int tasks) {
            this.posbs = posbs;
            this.k = k;
            this.rng = rng;
            this.aos = aos;
            this.poff = poff;
            this.tasks = tasks;
        }
    }

    /*
     * The Aparapi classes of the VaR kernels, one set per private-array capacity (16, 64 or 1024
     * simulations per work-item) from one source: Aparapi needs the size of a
     * {@code @PrivateMemorySpace} array fixed in the class, so tools/KernelGen.java writes the
     * classes once per capacity. {@link VarKernels} picks the smallest that holds SIMBS·VWIDTH, and
     * {@link Specialiser} folds POSBS, k = SIMBS·VWIDTH and RNG into a subclass per configuration, so the
     * loops over the k simulations have a constant trip count (the helpers are not final: the subclass
     * overrides them with folded copies).
     */
//#def variantCtor
        /** posbs, k, rng, aos, poff, tasks: the constructor {@link Specialiser} makes its per-configuration subclass with. */
        $V$$C$(int[] v) {
            super(v[0], v[1], v[2], v[3], v[4], v[5]);
        }

        /** The work-item (NDRange), or under TASKS the n work-items one task loops over, one after the other. */
        @Override
        public void run() {
            if (tasks == 0) {
                body(getGlobalId(), getLocalId(), getLocalSize());
            } else {
                for (int t = 0; t < tasks; t++) body(t, 0, 1);
            }
        }
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

        VarCore$C$(int posbs, int k, int rng, int aos, int poff, int tasks) {
            super(posbs, k, rng, aos, poff, tasks);
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
//#use lnTail
        }

        protected float sqrtF(float a) {
            float result = 0.0f;
            if (a != 0.0f) {
                float h = 0.5f * a;
                float y = Float.intBitsToFloat(0x5f3759df - (Float.floatToRawIntBits(a) >> 1));
//#use newton
                result = a * y;
            }
            return result;
        }

        /** sin 2 pi t into zz[4], cos 2 pi t into zz[5], for t in (0, 1]. */
        protected void sinCos2Pi(float t) {
//#use sinCosPoly quad=q
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

        /** Position p from global memory: the three arrays from poff, or (aos) the record of three floats at poff + 3p. */
        protected void evaluateGlobal(int p) {
            if (aos != 0) {
                int e = poff + 3 * p;
                evaluate((int) amount[e], amount[e + 1], (int) amount[e + 2]);
            } else {
                evaluate(type[poff + p], amount[poff + p], dayOfMaturity[poff + p]);
            }
        }

        /** Position i of the local blocks: three arrays, or (aos) the record of three floats at 3i of lamount. */
        protected void evaluateLocal(int i) {
            if (aos != 0) {
                evaluate((int) lamount[3 * i], lamount[3 * i + 1], (int) lamount[3 * i + 2]);
            } else {
                evaluate(ltype[i], lamount[i], lday[i]);
            }
        }

        /** Copies n positions from base into the local block at position o, element e by work-item e mod group size. */
        protected void copyBlock(int o, int base, int n, int lid, int size) {
            if (aos != 0) {
                for (int e = lid; e < 3 * n; e += size) lamount[3 * o + e] = amount[poff + 3 * base + e];
            } else {
                for (int e = lid; e < n; e += size) {
                    ltype[o + e] = type[poff + base + e];
                    lamount[o + e] = amount[poff + base + e];
                    lday[o + e] = dayOfMaturity[poff + base + e];
                }
            }
        }

        protected void finish(int gid) {
            for (int j = 0; j < k; j++) simulation[gid * k + j] = sum[j];
        }
    }

    /** Load/Store: every position read from global memory. */
    public static class Loadstore$C$ extends VarCore$C$ {
//#use variantCtor V=Loadstore

        protected void body(int gid, int lid, int size) {
            init(gid);
            for (int p = 0; p < npos; p++) evaluateGlobal(p);
            finish(gid);
        }
    }

    /** Single-Buffer: the group copies POSBS positions into local memory, waits, computes. */
    public static class Singlebuffer$C$ extends VarCore$C$ {
//#use variantCtor V=Singlebuffer

        protected void body(int gid, int lid, int size) {
            init(gid);
            for (int base = 0; base < npos; base += posbs) {
                int n = npos - base < posbs ? npos - base : posbs;
                copyBlock(0, base, n, lid, size);
                localBarrier();
                for (int p = 0; p < n; p++) evaluateLocal(p);
                localBarrier();    // nobody may still read the block the next copy overwrites
            }
            finish(gid);
        }
    }

    /** Double-Buffer: two local blocks; block b+1 is copied into the other half before block b is computed. */
    public static class Doublebuffer$C$ extends VarCore$C$ {
//#use variantCtor V=Doublebuffer

        protected void body(int gid, int lid, int size) {
            init(gid);
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
                for (int p = 0; p < n; p++) evaluateLocal(o + p);
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
            super(1, k, rng, 0, 0, 0);
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
//#else
    // its own form: the three variants in one method (compiled in), and no float bits, which TornadoVM 5.2 cannot compile
    /*
     * Differences from var.cl, each forced by TornadoVM 5.2:
     * <ul>
     *   <li>No vector types: an accumulator of VWIDTH floats is VWIDTH lanes of a private array of
     *       SIMBS·VWIDTH floats. Simulation j of work-item gid is gid·SIMBS·VWIDTH + j, as in var.cl.</li>
     *   <li>No Float.floatToRawIntBits / intBitsToFloat (its OpenCL backend leaves ReinterpretNode
     *       "unimplemented"): FloatMath's ln and the inverse-square-root seed of its sqrt take a
     *       float apart by exact scaling with powers of two instead of reading its bits. For the
     *       normal floats these functions see, the exponent and significand come out the same, so
     *       the random normals are bit-identical to the host's (VarNormalsTest checks it).</li>
     *   <li>No async_work_group_copy for these types: the buffered variants copy each block with
     *       the group's work-items and a barrier; double buffering copies the next block into the
     *       other buffer before computing the current one (no overlap without asynchronous copies).</li>
     * </ul>
     * And one TornadoVM bug worked around: it compiles Java's unsigned shift {@code x >>> s} of an
     * int to OpenCL's {@code x >> s}, which is arithmetic on a signed int, so the MT607 code shifts
     * and masks instead ({@code (x >> s) & (2^(32-s) - 1)}).
     * Float arithmetic keeps var.cl's order; perfport runs TornadoVM without FMA fusion and fast
     * math (bin/tornado-jvm-args), which the bit-exact functions need.
     */
    static final int STOCK = 1;
    static final float INV_YEAR = 0x1.66db08p-9f;

    /** The definitions' levels and types: the ten arguments every variant has. */
    private static final Object[] COMMON = {GLOBAL, INT, GLOBAL, FLOAT, GLOBAL, INT, GLOBAL, FLOAT, GLOBAL, INT, GLOBAL, FLOAT,
            PRIVATE, INT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT};
    /** The buffered variants': the ten, then ltype, lamount and lday in local memory. */
    private static final Object[] BUFFERED = buffered();

    private static Object[] buffered() {
        Object[] buffered = java.util.Arrays.copyOf(COMMON, COMMON.length + 6);
        buffered[COMMON.length] = LOCAL;
        buffered[COMMON.length + 1] = INT;
        buffered[COMMON.length + 2] = LOCAL;
        buffered[COMMON.length + 3] = FLOAT;
        buffered[COMMON.length + 4] = LOCAL;
        buffered[COMMON.length + 5] = INT;
        return buffered;
    }

//#register
new TornadoKernel("var.loadstore", sig(COMMON), false, a -> bind(a, 0))
//#end
//#register
new TornadoKernel("var.singlebuffer", sig(BUFFERED), false, a -> bind(a, 1))
//#end
//#register
new TornadoKernel("var.doublebuffer", sig(BUFFERED), false, a -> bind(a, 2))
//#end
//#register
new TornadoKernel("var.normals", sig(GLOBAL, FLOAT, GLOBAL, INT, PRIVATE, INT, PRIVATE, INT), false,
        a -> a.graph().task(a.task(), VarTornado::normals, a.context(), a.floats(0), a.ints(1), a.intArg(2), a.intArg(3),
                sims(a), a.constants().getInt("RNG")))
//#end

    private static int sims(LaunchArgs a) {
        return a.constants().getInt("SIMBS") * a.constants().getInt("VWIDTH");
    }

    private static void bind(LaunchArgs a, int variant) {
        if (a.constants().has("RELAXED") && a.constants().getInt("RELAXED") != 0) {
            throw new UnsupportedFeatureException("tornado has no relaxed-math VaR kernel (math=relaxed is OpenCL's native_exp2; use math=exact)");
        }
        for (String[] study : new String[][]{{"AOS", "layout=aos"}, {"POFF", "offset"}, {"TASKS", "form=task"}}) {
            if (a.constants().has(study[0]) && a.constants().getInt(study[0]) != 0) {
                throw new UnsupportedFeatureException("tornado's VaR kernel has the default portfolio only (" + study[1]
                        + " is a study of var.cl, the emulator and aparapi; use jocl, cell-emulation or aparapi)");
            }
        }
        // local elements per array: buffers · POSBS (1 for loadstore, which has none)
        int lbuf = variant == 0 ? 1 : a.localLength(10);
        a.graph().task(a.task(), VarTornado::var, a.context(), a.ints(0), a.floats(1), a.ints(2), a.floats(3), a.ints(4),
                a.floats(5), a.intArg(6), a.intArg(7), a.intArg(8), a.intArg(9), sims(a), a.constants().getInt("RNG"),
                variant, lbuf);
    }

    // ---- FloatMath without bit access ------------------------------------------------------

    /** (float) of x as unsigned, plus one, times 2^-32: in (0, 1]. */
    public static float uniform(int x) {
        float f = (float) (x & 0xFFFFFFFFL);
        f = f + 1.0f;
        return f * 0x1.0p-32f;
    }

//#def scaleToOneTwo
        int e = 0;
        while (m < 1.0f) {
            m = m * 2.0f;
            e = e - 1;
        }
        while (m >= 2.0f) {
            m = m * 0.5f;
            e = e + 1;
        }
//#end
    /** FloatMath.ln for u in (0, 1]: u = m·2^e with m in [1, 2) by exact doublings, then the same polynomial. */
    public static float ln(float u) {
        float m = u;
//#use scaleToOneTwo
        if (m > 0x1.6a09e6p+0f) {
            m = m * 0.5f;
            e = e + 1;
        }
//#use lnTail
    }

    /**
     * FloatMath.sqrt: three Newton steps from the 0x5f3759df seed. The seed needs the bits of a
     * normal float a = m·2^e: {@code ((e + 127) << 23) | (m - 1)}·2^23, both exact; the seed's bits are
     * turned back into (1 + mantissa·2^-23)·2^exponent, exact too.
     */
    public static float sqrt(float a) {
        if (a == 0.0f) {
            return 0.0f;
        }
        float m = a;
//#use scaleToOneTwo
        int bits = ((e + 127) << 23) | (int) ((m - 1.0f) * 8388608.0f);
        int yb = 0x5f3759df - (bits >> 1);
        int ye = ((yb >> 23) & 0xff) - 127;
        float y = 1.0f + (float) (yb & 0x7fffff) * 0x1.0p-23f;
        while (ye > 0) {
            y = y * 2.0f;
            ye = ye - 1;
        }
        while (ye < 0) {
            y = y * 0.5f;
            ye = ye + 1;
        }
        float h = 0.5f * a;
//#use newton
        return a * y;
    }

    /** FloatMath.sinCos2Pi's first result (sin 2πt); {@code cos} picks the second. */
    public static float sinCos2Pi(float t, int cos) {
//#use sinCosPoly quad=k
        int q = k & 3;
        float s;
        float c;
        if (q == 0) {
            s = sn;
            c = cs;
        } else if (q == 1) {
            s = cs;
            c = -sn;
        } else if (q == 2) {
            s = -sn;
            c = -cs;
        } else {
            s = -cs;
            c = sn;
        }
        return cos == 1 ? c : s;
    }

    // ---- the kernels -----------------------------------------------------------------------

//#def revalue
                float a = $amount$;
                if ($type$ == STOCK) {
                    for (int j = 0; j < sims; j++) {
                        float v = a * ss[j];
                        sum[j] = sum[j] + v;
                    }
                } else {
                    float tau = (float) ($day$ - today);
                    tau = tau * INV_YEAR;
                    for (int j = 0; j < sims; j++) {
                        float e = -rr[j];
                        e = e * tau;
                        e = TornadoMath.exp(e);                 // float exp: Math.exp would compile to OpenCL's double exp
                        float v = a * xx[j];
                        v = v * e;
                        sum[j] = sum[j] + v;
                    }
                }
//#end
//#def draw
        int[] mt = new int[19];
        float[] zz = new float[3];
        int mi = 0;
        int ma = 0;
        int mb = 0;
        int mc = 0;
        float spare = 0.0f;
        int have = 0;
        if (rng == 1) {
            ma = mtp.get(4 * gid);
            mb = mtp.get(4 * gid + 1);
            mc = mtp.get(4 * gid + 2);
            mt[0] = mtp.get(4 * gid + 3) ^ seed0;
            for (int q = 1; q < 19; q++) {
                mt[q] = 1812433253 * (mt[q - 1] ^ ((mt[q - 1] >> 30) & 0x3)) + q;
            }
        }
        for (int j = 0; j < sims; j++) {
            int isim = gid * sims + j;
            if (rng == 0) {
                int c0 = isim;
                int c1 = 0;
                int c2 = 0;
                int c3 = 0;
                int k0 = seed0;
                int k1 = seed1;
                for (int r = 0; r < 10; r++) {
                    if (r > 0) {
                        k0 += 0x9E3779B9;
                        k1 += 0xBB67AE85;
                    }
                    long p0 = 0xD2511F53L * (c0 & 0xFFFFFFFFL);
                    long p1 = 0xCD9E8D57L * (c2 & 0xFFFFFFFFL);
                    int n0 = (int) (p1 >>> 32) ^ c1 ^ k0;
                    int n1 = (int) p1;
                    int n2 = (int) (p0 >>> 32) ^ c3 ^ k1;
                    int n3 = (int) p0;
                    c0 = n0;
                    c1 = n1;
                    c2 = n2;
                    c3 = n3;
                }
                float r0 = sqrt(-2.0f * ln(uniform(c0)));
                float t0 = uniform(c1);
                zz[0] = r0 * sinCos2Pi(t0, 1);
                zz[1] = r0 * sinCos2Pi(t0, 0);
                float r1 = sqrt(-2.0f * ln(uniform(c2)));
                zz[2] = r1 * sinCos2Pi(uniform(c3), 1);
            } else {
                for (int q = 0; q < 3; q++) {
                    if (have == 1) {
                        have = 0;
                        zz[q] = spare;
                    } else {
                        int w0 = 0;
                        int w1 = 0;
                        for (int two = 0; two < 2; two++) {
                            int k1i = mi + 1 == 19 ? 0 : mi + 1;
                            int kmi = mi + 9 >= 19 ? mi + 9 - 19 : mi + 9;
                            int x = (mt[mi] & 0xFFFFFFFE) | (mt[k1i] & 0x1);
                            x = mt[kmi] ^ ((x >> 1) & 0x7FFFFFFF) ^ ((x & 1) != 0 ? ma : 0);
                            mt[mi] = x;
                            mi = k1i;
                            x ^= (x >> 12) & 0xFFFFF;
                            x ^= (x << 7) & mb;
                            x ^= (x << 15) & mc;
                            x ^= (x >> 18) & 0x3FFF;
                            if (two == 0) {
                                w0 = x;
                            } else {
                                w1 = x;
                            }
                        }
                        float r = sqrt(-2.0f * ln(uniform(w0)));
                        float t = uniform(w1);
                        zz[q] = r * sinCos2Pi(t, 1);
                        spare = r * sinCos2Pi(t, 0);
                        have = 1;
                    }
                }
            }
//#end
    /**
     * Draws the three normals of simulation j of work-item gid into z (Philox keyed by the
     * simulation index, or the next three of the work-item's MT607 stream, whose state mt holds
     * the 19 words; then i, a, b, c, the spare normal and whether it is pending). The same block,
     * one template snippet, is in {@link #var}: a helper that writes the kernel's private arrays was not tried, as
     * TornadoVM already miscompiles helpers that read KernelContext fields (see the reduction template).
     */
    public static void normals(KernelContext ctx, FloatArray z, IntArray mtp, int seed0, int seed1, int sims, int rng) {
        int gid = ctx.globalIdx;
//#use draw
            z.set(3 * isim, zz[0]);
            z.set(3 * isim + 1, zz[1]);
            z.set(3 * isim + 2, zz[2]);
        }
    }

    /**
     * The simulation: each work-item draws the market of its {@code sims} simulations, then
     * revalues the portfolio in each: variant 0 reads positions from global memory, 1 copies
     * blocks of POSBS into local memory first, 2 keeps two such blocks.
     */
    public static void var(KernelContext ctx, IntArray ptype, FloatArray pamount, IntArray pday, FloatArray simulation,
                           IntArray mtp, FloatArray market, int npos, int today, int seed0, int seed1, int sims, int rng,
                           int variant, int lbuf) {
        int gid = ctx.globalIdx;
        int lid = ctx.localIdx;
        int size = ctx.localGroupSizeX;
        int[] ltype = ctx.allocateIntLocalArray(lbuf);
        float[] lamount = ctx.allocateFloatLocalArray(lbuf);
        int[] lday = ctx.allocateIntLocalArray(lbuf);
        float[] sum = new float[sims];
        float[] ss = new float[sims];
        float[] rr = new float[sims];
        float[] xx = new float[sims];
//#use draw
            // var_market: S, r, X from the normals and the Cholesky factor
            float ds = market.get(6) * zz[0];
            ds = market.get(3) + ds;
            ss[j] = market.get(0) + ds;
            float dr = market.get(7) * zz[0];
            float tt = market.get(8) * zz[1];
            dr = dr + tt;
            dr = market.get(4) + dr;
            rr[j] = market.get(1) + dr;
            float dx = market.get(9) * zz[0];
            tt = market.get(10) * zz[1];
            dx = dx + tt;
            tt = market.get(11) * zz[2];
            dx = dx + tt;
            dx = market.get(5) + dx;
            xx[j] = market.get(2) + dx;
            sum[j] = 0.0f;
        }
        if (variant == 0) {
            for (int p = 0; p < npos; p++) {
//#use revalue amount=pamount.get(p) type=ptype.get(p) day=pday.get(p)
            }
        } else {
            int posbs = lbuf / variant;
            int blocks = (npos + posbs - 1) / posbs;
            if (variant == 2) {
                int n0 = Math.min(posbs, npos);
                for (int i = lid; i < n0; i += size) {
                    ltype[i] = ptype.get(i);
                    lamount[i] = pamount.get(i);
                    lday[i] = pday.get(i);
                }
            }
            for (int b = 0; b < blocks; b++) {
                int base = b * posbs;
                int n = Math.min(posbs, npos - base);
                int o = 0;
                if (variant == 1) {
                    for (int i = lid; i < n; i += size) {
                        ltype[i] = ptype.get(base + i);
                        lamount[i] = pamount.get(base + i);
                        lday[i] = pday.get(base + i);
                    }
                } else {
                    o = (b & 1) * posbs;
                    if (b + 1 < blocks) {
                        int nb = Math.min(posbs, npos - base - posbs);
                        int on = ((b & 1) ^ 1) * posbs;
                        for (int i = lid; i < nb; i += size) {
                            ltype[on + i] = ptype.get(base + posbs + i);
                            lamount[on + i] = pamount.get(base + posbs + i);
                            lday[on + i] = pday.get(base + posbs + i);
                        }
                    }
                }
                ctx.localBarrier();                     // the block is in local memory
                for (int p = 0; p < n; p++) {
//#use revalue amount="lamount[o + p]" type="ltype[o + p]" day="lday[o + p]"
                }
                ctx.localBarrier();                     // nobody reads the block the next copy overwrites
            }
        }
        for (int j = 0; j < sims; j++) {
            simulation.set(gid * sims + j, sum[j]);
        }
    }
//#end
