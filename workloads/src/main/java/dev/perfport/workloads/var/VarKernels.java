package dev.perfport.workloads.var;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.GlobalInts;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;
import dev.perfport.core.wg.WorkGroupKernel;

import java.util.List;

/**
 * The VaR kernels, one definition per memory variant, in OpenCL C ({@code var.cl}) and as Java
 * work-group kernels that compute exactly the same arithmetic in the same order.
 *
 * <p>Arguments: {@code type} (int: 0 FBOND, 1 STOCK), {@code amount} (float),
 * {@code dayOfMaturity} (int) — the portfolio as structure of arrays —, {@code simulation}
 * (float, out), {@code mtParams} (int, 4 per MT607 stream: matrix_a, mask_b, mask_c, seed),
 * {@code market} (float[12]: S0 r0 X0, mean changes, the 6 entries of the lower Cholesky factor),
 * {@code npos}, {@code today}, {@code seed0}, {@code seed1}; the buffered variants add three LOCAL
 * arguments of {@code NBUF·POSBS} elements each, so that the core validator refuses a
 * configuration whose blocks do not fit the device's local memory before anything runs.
 *
 * <p>Constants: {@code POSBS}, {@code SIMBS}, {@code VWIDTH} (1, 2, 4, 8, 16), {@code RNG}
 * (0 Philox, 1 MT607). OpenCL gets them as {@code -D} options and uses {@code floatN}; the Java
 * kernel reads them at instantiation and runs the VWIDTH lanes as an inner loop with a constant
 * bound (the JIT unrolls it), declaring its compute with {@link WorkGroup#ops}.
 */
public final class VarKernels {
    static final String SOURCE = Sources.load(VarKernels.class, "var.cl");
    public static final int FBOND = 0, STOCK = 1;
    public static final List<Integer> VWIDTHS = List.of(1, 2, 4, 8, 16);
    /** The generator's constant (the rng knob's code) and math=relaxed's, beside the knobs' own macros. */
    static final String RNG = "RNG", RELAXED = "RELAXED";
    /** Arguments before the local ones. */
    static final int LOCAL_ARG0 = 10;
    static final float INV_YEAR = 0x1.66db08p-9f;

    private VarKernels() {
    }

    /** The three memory-access variants of seed 000 §2.5. */
    public enum Variant {
        LOADSTORE("loadstore", "var_loadstore", 0),
        SINGLEBUFFER("singlebuffer", "var_singlebuffer", 1),
        DOUBLEBUFFER("doublebuffer", "var_doublebuffer", 2);

        public final String label;
        final String entry;
        /** Local blocks of POSBS positions: 0, 1 or 2. */
        public final int buffers;

        Variant(String label, String entry, int buffers) {
            this.label = label;
            this.entry = entry;
            this.buffers = buffers;
        }

        public static Variant of(String label) {
            for (Variant v : values()) if (v.label.equals(label)) return v;
            throw new IllegalArgumentException("unknown variant " + label);
        }

        /** Local memory one work-group uses: three arrays of 4-byte elements per block. */
        public long localBytes(int posbs) {
            return 12L * buffers * posbs;
        }
    }

    /** Private bytes a work-item keeps across barriers: sums, S, r, X for SIMBS·VWIDTH simulations. */
    static long privateBytes(Constants c) {
        return 16L * VarSpec.SIMBS.in(c) * VarSpec.VWIDTH.in(c);
    }

    public static KernelDef def(Variant v) {
        KernelDef.Builder b = KernelDef.builder("var." + v.label)
                .defaults(Constants.of("POSBS", 256, "SIMBS", 1, "VWIDTH", 1, "RNG", 0))
                .global("type", ElemType.INT, Access.READ)
                .global("amount", ElemType.FLOAT, Access.READ)
                .global("dayOfMaturity", ElemType.INT, Access.READ)
                .global("simulation", ElemType.FLOAT, Access.WRITE)
                .global("mtParams", ElemType.INT, Access.READ)
                .global("market", ElemType.FLOAT, Access.READ)
                .scalar("npos", ElemType.INT)
                .scalar("today", ElemType.INT)
                .scalar("seed0", ElemType.INT)
                .scalar("seed1", ElemType.INT);
        if (v.buffers > 0) b.local("ltype", ElemType.INT).local("lamount", ElemType.FLOAT).local("lday", ElemType.INT);
        return b.impl(new KernelImpl.OpenClSource(SOURCE, v.entry))
                .impl(new KernelImpl.JavaWorkGroup(c -> kernel(v, c), VarKernels::privateBytes))
                .build();
    }

    /**
     * The random normals alone: {@code z[3i..3i+2]} of every simulation i, drawn as the VaR kernels
     * draw them (constants SIMBS, VWIDTH, RNG; arguments z, mtParams, seed0, seed1), so that tests
     * can compare each device's numbers with the host's bit for bit.
     */
    public static KernelDef normals() {
        return KernelDef.builder("var.normals")
                .defaults(Constants.of("POSBS", 1, "SIMBS", 1, "VWIDTH", 1, "RNG", 0))
                .global("z", ElemType.FLOAT, Access.WRITE)
                .global("mtParams", ElemType.INT, Access.READ)
                .scalar("seed0", ElemType.INT)
                .scalar("seed1", ElemType.INT)
                .impl(new KernelImpl.OpenClSource(SOURCE, "var_normals"))
                .impl(KernelImpl.JavaWorkGroup.of(c -> normalsKernel(VarSpec.SIMBS.in(c) * VarSpec.VWIDTH.in(c), c.getInt(RNG)), 0))
                .build();
    }

    private static WorkGroupKernel normalsKernel(int k, int rng) {
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

    /** var.cl's VAR_DRAW: three normals for simulation isim (Philox) or the next three of the work-item's stream (MT). */
    static final class Draw {
        private final int rng, seed0, seed1;
        private final MtNormals mt;
        private final int[] w = new int[4];
        private final float[] p = new float[2];

        Draw(int rng, int gid, GlobalInts mtp, int seed0, int seed1) {
            this.rng = rng;
            this.seed0 = seed0;
            this.seed1 = seed1;
            this.mt = rng == 0 ? null
                    : new MtNormals(new Mt607(mtp.get(4 * gid), mtp.get(4 * gid + 1), mtp.get(4 * gid + 2), mtp.get(4 * gid + 3) ^ seed0));
        }

        void draw(int isim, float[] z) {
            if (rng == 0) {
                Philox.philox4x32x10(isim, 0, 0, 0, seed0, seed1, w);
                FloatMath.boxMuller(FloatMath.uniform(w[0]), FloatMath.uniform(w[1]), p);
                z[0] = p[0];
                z[1] = p[1];
                FloatMath.boxMuller(FloatMath.uniform(w[2]), FloatMath.uniform(w[3]), p);
                z[2] = p[0];
            } else {
                z[0] = mt.next();
                z[1] = mt.next();
                z[2] = mt.next();
            }
        }
    }

    // ---- the Java work-group kernel ---------------------------------------------------------

    private static WorkGroupKernel kernel(Variant variant, Constants c) {
        int posbs = VarSpec.POSBS.in(c), simbs = VarSpec.SIMBS.in(c), vwidth = VarSpec.VWIDTH.in(c), rng = c.getInt(RNG);
        if (posbs < 1) throw new IllegalArgumentException("POSBS must be >= 1, got " + posbs);
        if (simbs < 1) throw new IllegalArgumentException("SIMBS must be >= 1, got " + simbs);
        if (!VWIDTHS.contains(vwidth)) throw new IllegalArgumentException("VWIDTH must be one of " + VWIDTHS + ", got " + vwidth);
        if (rng != 0 && rng != 1) throw new IllegalArgumentException("RNG must be 0 (Philox) or 1 (MT607), got " + rng);
        if (c.has(RELAXED) && c.getInt(RELAXED) != 0) {
            // the emulator's exp is exact: running it under math=relaxed would report what did not run
            throw new IllegalArgumentException("the Java work-group VaR kernel has no relaxed math (math=relaxed is OpenCL's native_exp2)");
        }
        int k = simbs * vwidth;
        return g -> run(g, variant, posbs, k, rng);
    }

    private static void run(WorkGroup g, Variant variant, int posbs, int k, int rng) {
        int items = g.localItems();
        GlobalInts type = g.ints(0);
        GlobalFloats amount = g.floats(1);
        GlobalInts day = g.ints(2);
        GlobalFloats simulation = g.floats(3);
        GlobalInts mtp = g.ints(4);
        GlobalFloats market = g.floats(5);
        int npos = g.intArg(6), today = g.intArg(7), seed0 = g.intArg(8), seed1 = g.intArg(9);
        float[] sum = g.privateFloats(k), s = g.privateFloats(k), r = g.privateFloats(k), x = g.privateFloats(k);
        float[] mk = new float[12];
        for (int i = 0; i < 12; i++) mk[i] = market.get(i);

        // market parameters of each work-item's simulations
        float[] z = new float[3];
        for (int lid = 0; lid < items; lid++) {
            int gid = (int) g.globalId(0, lid);
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

        switch (variant) {
            case LOADSTORE -> {
                // positions straight from global memory: the device sees every load
                long stocks = 0;
                for (int lid = 0; lid < items; lid++) {
                    int o = lid * k;
                    stocks = 0;
                    for (int p = 0; p < npos; p++) {
                        int t = type.get(p);
                        if (t == STOCK) stocks++;
                        evaluate(t, amount.get(p), day.get(p), today, sum, s, r, x, o, k);
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
                    long e1 = g.asyncCopy(ltype, 0, type, base, n);
                    long e2 = g.asyncCopy(lamount, 0, amount, base, n);
                    long e3 = g.asyncCopy(lday, 0, day, base, n);
                    g.waitEvents(e1, e2, e3);
                    long stocks = block(ltype, lamount, lday, 0, n, today, items, k, sum, s, r, x);
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
                int n0 = Math.min(posbs, npos);
                ev[0] = new long[]{g.asyncCopy(ltype, 0, type, 0, n0), g.asyncCopy(lamount, 0, amount, 0, n0),
                        g.asyncCopy(lday, 0, day, 0, n0)};
                for (int b = 0; b < blocks; b++) {
                    int cur = b & 1;
                    int base = b * posbs;
                    if (b + 1 < blocks) {
                        int nb = Math.min(posbs, npos - base - posbs);
                        int o = (cur ^ 1) * posbs;
                        ev[cur ^ 1] = new long[]{g.asyncCopy(ltype, o, type, base + posbs, nb),
                                g.asyncCopy(lamount, o, amount, base + posbs, nb), g.asyncCopy(lday, o, day, base + posbs, nb)};
                    }
                    g.waitEvents(ev[cur]);
                    int n = Math.min(posbs, npos - base);
                    long stocks = block(ltype, lamount, lday, cur * posbs, n, today, items, k, sum, s, r, x);
                    declare(g, n, stocks, items, k, 3);
                    // barrier: the next iteration's copy overwrites this block
                }
            }
        }
        for (int lid = 0; lid < items; lid++) {
            int gid = (int) g.globalId(0, lid);
            for (int j = 0; j < k; j++) simulation.set(gid * k + j, sum[lid * k + j]);
        }
    }

    /** One block of positions in local memory, for every work-item of the group; returns its STOCK count. */
    private static long block(int[] ltype, float[] lamount, int[] lday, int off, int n, int today, int items, int k,
                              float[] sum, float[] s, float[] r, float[] x) {
        for (int lid = 0; lid < items; lid++) {
            int o = lid * k;
            for (int p = off; p < off + n; p++) evaluate(ltype[p], lamount[p], lday[p], today, sum, s, r, x, o, k);
        }
        long stocks = 0;
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

    /** S, r, X of one simulation from its three normals, as var.cl's var_market. */
    static void market(float[] mk, float z0, float z1, float z2, float[] s, float[] r, float[] x, int j) {
        float ds = mk[6] * z0;
        ds = mk[3] + ds;
        s[j] = mk[0] + ds;
        float dr = mk[7] * z0;
        float t = mk[8] * z1;
        dr = dr + t;
        dr = mk[4] + dr;
        r[j] = mk[1] + dr;
        float dx = mk[9] * z0;
        t = mk[10] * z1;
        dx = dx + t;
        t = mk[11] * z2;
        dx = dx + t;
        dx = mk[5] + dx;
        x[j] = mk[2] + dx;
    }

    /** A stream of normals from MT607 words, Box-Muller pairs, the second of a pair kept for the next call. */
    static final class MtNormals {
        private final Mt607 mt;
        private final float[] pair = new float[2];
        private boolean have;

        MtNormals(Mt607 mt) {
            this.mt = mt;
        }

        float next() {
            if (have) {
                have = false;
                return pair[1];
            }
            float u1 = FloatMath.uniform(mt.next());
            float u2 = FloatMath.uniform(mt.next());
            FloatMath.boxMuller(u1, u2, pair);
            have = true;
            return pair[0];
        }
    }
}
