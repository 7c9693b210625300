package dev.perfport.workloads.var;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalInts;
import dev.perfport.core.wg.WorkGroup;
import dev.perfport.core.wg.WorkGroupKernel;

import java.util.ArrayList;
import java.util.List;

/**
 * The VaR kernels, one definition per memory variant, in OpenCL C ({@code var.cl}) and as Java
 * work-group kernels that compute exactly the same arithmetic in the same order (VarGroups, from
 * the shared template workloads/src/main/kernels/var/Var.java).
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
    /** form=task's constant: the work-items one work-item loops over (absent in the NDRange form). */
    static final String TASKS = "TASKS";
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

        /** Local memory under a layout: aos keeps the records in lamount, ltype and lday of one element each. */
        public long localBytes(int posbs, boolean aos) {
            return buffers == 0 ? 0 : aos ? 12L * buffers * posbs + 8 : localBytes(posbs);
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
                .impl(KernelImpl.JavaWorkGroup.of(c -> VarGroups.normals(VarSpec.SIMBS.in(c) * VarSpec.VWIDTH.in(c), c.getInt(RNG)), 0))
                .build();
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
        boolean aos = c.has(VarSpec.LAYOUT.macroName()) && c.getInt(VarSpec.LAYOUT.macroName()) != 0;
        int poff = c.has(VarSpec.OFFSET.macroName()) ? c.getInt(VarSpec.OFFSET.macroName()) : 0;
        int tasks = c.has(TASKS) ? c.getInt(TASKS) : 0;
        if (poff < 0) throw new IllegalArgumentException("POFF must be >= 0, got " + poff);
        if (tasks < 0) throw new IllegalArgumentException("TASKS must be >= 0, got " + tasks);
        return g -> VarGroups.run(g, variant, new VarGroups.Shape(posbs, k, rng, aos, poff, tasks));
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

    /** {@return every definition var launches: each variant's, and the probe that checks the generators bit for bit} */
    static List<KernelDef> all() {
        List<KernelDef> l = new ArrayList<>();
        for (Variant v : Variant.values()) l.add(def(v));
        l.add(normals());
        return l;
    }
}
