package dev.perfport.backend.aparapi.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.KernelLibrary;
import dev.perfport.core.kernel.Constants;

import java.util.ArrayList;
import java.util.List;

import static dev.perfport.backend.aparapi.kernels.VarKernelClasses.*;

/**
 * Monte Carlo Value-at-Risk (seed 000, the workloads module's {@code var.cl}) as Aparapi kernels:
 * {@code var.loadstore}, {@code var.singlebuffer}, {@code var.doublebuffer} and the probe
 * {@code var.normals}. Arguments bind in the definitions' order: type, amount, dayOfMaturity,
 * simulation, mtParams, market, npos, today, seed0, seed1 [, ltype, lamount, lday (LOCAL)].
 *
 * <p>What Aparapi changes, and why:
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
@AutoService(KernelLibrary.class)
public final class VarKernels implements KernelLibrary {
    /** Private-array capacities, in simulations per work-item, of the kernel classes. */
    static final int[] CAPS = {16, 64, 1024};
    static final int STOCK = 1;
    /** 1/365.25 as a float. */
    static final float INV_YEAR = 0x1.66db08p-9f;

    /** Made by {@link java.util.ServiceLoader}. */
    public VarKernels() {
    }

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

    @Override
    public List<KernelSpec> kernels() {
        String[] fields = {"type", "amount", "dayOfMaturity", "simulation", "mtParams", "market", "npos", "today", "seed0", "seed1"};
        String[] buffered = {"type", "amount", "dayOfMaturity", "simulation", "mtParams", "market", "npos", "today", "seed0", "seed1",
                "ltype", "lamount", "lday"};
        List<KernelSpec> l = new ArrayList<>();
        l.add(KernelSpec.of("var.loadstore", VarCore.class, VarKernels::loadstore, fields));
        l.add(KernelSpec.of("var.singlebuffer", VarCore.class, VarKernels::singlebuffer, buffered));
        l.add(KernelSpec.of("var.doublebuffer", VarCore.class, VarKernels::doublebuffer, buffered));
        l.add(KernelSpec.of("var.normals", Normals.class, c -> new Normals(perItem(c), c.getInt("RNG")), "zOut", "mtParams", "seed0", "seed1"));
        return l;
    }

    /**
     * The kernel of the smallest capacity that holds SIMBS·VWIDTH simulations per work-item, with
     * POSBS, k and RNG folded into its code ({@link Specialiser}): the loops over the k simulations
     * then have a constant trip count, which the OpenCL compiler can unroll into registers.
     */
    private static VarCore smallest(Constants c, Class<? extends VarCore> cap16, Class<? extends VarCore> cap64,
                                    Class<? extends VarCore> cap1024) {
        int k = perItem(c);
        Class<? extends VarCore> cls = k <= 16 ? cap16 : k <= 64 ? cap64 : cap1024;
        return Specialiser.of(cls, new int[]{c.getInt("POSBS"), k, c.getInt("RNG")});
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

        VarCore(int posbs, int k, int rng) {
            this.posbs = posbs;
            this.k = k;
            this.rng = rng;
        }
    }
}
