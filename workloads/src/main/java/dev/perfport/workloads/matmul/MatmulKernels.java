package dev.perfport.workloads.matmul;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.KernelCost;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;

import java.util.Arrays;

/**
 * The kernels of the matrix multiplication studies (seed 003 §3.1 and §3.5): α, β, γ, δ (= ε's
 * code), and β on static work-groups, each with an OpenCL C implementation ({@code matmul.cl})
 * and a Java work-group implementation of the same algorithm.
 *
 * <p>Arguments: {@code A} (M×K), {@code B} (K×N), {@code C} (M×N), all row-major float32, then
 * the scalars {@code M}, {@code N}, {@code K}; γ and δ add two LOCAL float tiles {@code As},
 * {@code Bs} of TILE×TILE elements each, sized at launch. Work-groups are TILE×TILE: dimension 0
 * runs along the columns of C, dimension 1 along its rows; the tile is the local size, which the
 * host has checked to divide M, N and K.
 *
 * <p>The Java kernels declare their compute with {@link WorkGroup#ops}, charging per inner-loop
 * step what is on the work-item's critical path on an SPU, which issues two instructions per cycle
 * (an even pipeline for arithmetic, an odd one for loads, stores and branches) and which the
 * compiler software-pipelines across loop iterations:
 * <ul>
 *   <li>γ, δ, ε multiply tiles in the local store: a step is one FLOAT, the 6-cycle latency of the
 *       fused multiply-add chain on the accumulator. The two local-store loads (odd pipeline) and
 *       the address increments do not depend on the accumulator, so they issue under that latency
 *       and are not charged. The paper's own δ confirms the order of magnitude: 2.3 s for 2048³
 *       steps on 6 SPEs is 5.1 cycles per step (seed-003 digest §3.1), where charging the loads
 *       and index arithmetic one after another would give 22.</li>
 *   <li>α, β read A and B through the software cache: each access is a lookup, a branchy
 *       instruction sequence charged by the cache model (28 cycles a hit), which does not hide
 *       under the FMA. A step is those two lookups plus the FLOAT; the address arithmetic issues
 *       beside them.</li>
 * </ul>
 * Per work-item and k-block (a barrier-separated phase) the private accumulator is saved and
 * restored in the local store (LOCAL_MEM: private memory lives in the local store on a Cell, so
 * it survives the loop fission at the barrier), and {@value #INT_PER_ITEM} INT per work-item pay
 * for its ids and base addresses.
 */
public final class MatmulKernels {
    static final String SOURCE = Sources.load(MatmulKernels.class, "matmul.cl");

    /** The constant by which ε asks the Cell emulator to keep several groups in flight per SPE. */
    public static final String GROUPS_IN_FLIGHT = "PP_GROUPS_IN_FLIGHT";
    /** INT operations charged once per work-item for its ids and base addresses. */
    static final int INT_PER_ITEM = 8;

    private MatmulKernels() {
    }

    /** α: naive, each work-item loops over k on its own. */
    public static KernelDef alpha() {
        return base("matmul.alpha", "mm_alpha")
                .impl(KernelImpl.JavaWorkGroup.of(c -> MatmulKernels::alphaGroup, 0).withCost(ALPHA_COST))
                .build();
    }

    /** β: blocked through the cache (k-blocks of TILE separated by barriers, no local memory). */
    public static KernelDef beta() {
        return base("matmul.beta", "mm_beta")
                .impl(KernelImpl.JavaWorkGroup.of(c -> g -> betaGroup(g, g.groupId(1), g.groupId(0)), Float.BYTES)
                        .withCost(STORE_C_COST))
                .build();
    }

    /** γ: β plus a preload of the A and B tiles into local memory with ordinary loads. */
    public static KernelDef gamma() {
        return base("matmul.gamma", "mm_gamma")
                .local("As", ElemType.FLOAT).local("Bs", ElemType.FLOAT)
                .impl(KernelImpl.JavaWorkGroup.of(c -> MatmulKernels::gammaGroup, Float.BYTES).withCost(STORE_C_COST))
                .build();
    }

    /**
     * δ: γ with the preload done by async_work_group_copy (DMA on the Cell, bypassing the cache).
     * ε is this definition compiled with {@value #GROUPS_IN_FLIGHT} = 4 (default 1).
     */
    public static KernelDef delta() {
        return base("matmul.delta", "mm_delta")
                .local("As", ElemType.FLOAT).local("Bs", ElemType.FLOAT)
                .defaults(Constants.of(GROUPS_IN_FLIGHT, 1))
                .impl(KernelImpl.JavaWorkGroup.of(c -> MatmulKernels::deltaGroup, Float.BYTES).withCost(STORE_C_COST))
                .build();
    }

    /** β on static work-groups: tasks are the C tiles, task t = tile (t / (N/TILE), t % (N/TILE)). */
    public static KernelDef betaStatic() {
        return base("matmul.beta_static", "mm_beta_static")
                .form(LaunchForm.STATIC_GROUPS)
                .impl(KernelImpl.JavaWorkGroup.of(c -> MatmulKernels::betaStaticGroup, Float.BYTES))
                .build();
    }

    private static KernelDef.Builder base(String name, String entry) {
        return KernelDef.builder(name)
                .global("A", ElemType.FLOAT, Access.READ).global("B", ElemType.FLOAT, Access.READ)
                .global("C", ElemType.FLOAT, Access.WRITE)
                .scalar("M", ElemType.INT).scalar("N", ElemType.INT).scalar("K", ElemType.INT)
                .impl(new KernelImpl.OpenClSource(SOURCE, entry));
    }

    // ---- Java work-group implementations --------------------------------------------------

    /** α's compute beside its loads: one FMA per work-item and k (argument 5), and the index arithmetic. */
    private static final KernelCost ALPHA_COST =
            KernelCost.of(Op.FLOAT, g -> (long) g.localItems() * g.intArg(5)).andPerItem(Op.INT, INT_PER_ITEM);

    /**
     * β, γ and δ after their k-blocks: each work-item's index arithmetic and its accumulator read
     * to store C (β on static work-groups charges it after each task's tile).
     */
    private static final KernelCost STORE_C_COST = KernelCost.NONE.andPerItem(Op.INT, INT_PER_ITEM).andPerItem(Op.LOCAL_MEM, 1);
    // Argument indices: 0 A, 1 B, 2 C, 3 M, 4 N, 5 K, 6 As, 7 Bs. Linear local id lid = ly*T + lx.

    private static int tile(WorkGroup g) {
        int t = g.localSize(0);
        if (g.localSize(1) != t) {
            throw new IllegalArgumentException("matmul work-groups are square; got local size "
                    + g.localSize(0) + "x" + g.localSize(1));
        }
        return t;
    }

    private static void alphaGroup(WorkGroup g) {
        GlobalFloats a = g.floats(0), b = g.floats(1), c = g.floats(2);
        int n = g.intArg(4), k = g.intArg(5);
        int t = tile(g);
        int i0 = (int) g.groupId(1) * t, j0 = (int) g.groupId(0) * t;
        for (int ly = 0; ly < t; ly++) {
            int i = i0 + ly;
            for (int lx = 0; lx < t; lx++) {
                int j = j0 + lx;
                float acc = 0f;
                for (int kk = 0; kk < k; kk++) acc += a.get(i * k + kk) * b.get(kk * n + j);
                c.set(i * n + j, acc);
            }
        }
    }

    /** The β body for C tile (ti, tj); also the task body of the static form. */
    private static void betaGroup(WorkGroup g, long ti, long tj) {
        GlobalFloats a = g.floats(0), b = g.floats(1), c = g.floats(2);
        int n = g.intArg(4), k = g.intArg(5);
        int t = tile(g);
        int i0 = (int) ti * t, j0 = (int) tj * t;
        float[] acc = g.privateFloats(1);
        betaTile(g, a, b, c, n, k, t, i0, j0, acc);
    }

    private static void betaTile(WorkGroup g, GlobalFloats a, GlobalFloats b, GlobalFloats c,
                                 int n, int k, int t, int i0, int j0, float[] acc) {
        int items = t * t;
        Arrays.fill(acc, 0, items, 0f);
        for (int kb = 0; kb < k; kb += t) {
            // one phase per k-block: every work-item finishes this block before any starts the
            // next, which is what gives the cache its reuse (barrier after the loop body)
            for (int ly = 0; ly < t; ly++) {
                int rowA = (i0 + ly) * k + kb;
                for (int lx = 0; lx < t; lx++) {
                    int lid = ly * t + lx;
                    int colB = kb * n + j0 + lx;
                    float s = acc[lid];
                    for (int kk = 0; kk < t; kk++) s += a.get(rowA + kk) * b.get(colB + kk * n);
                    acc[lid] = s;
                }
            }
            g.ops(Op.FLOAT, (long) items * t);
            g.ops(Op.LOCAL_MEM, 2L * items);   // the accumulator saved and restored around the barrier
        }
        storeC(c, acc, n, t, i0, j0);
    }

    private static void betaStaticGroup(WorkGroup g) {
        GlobalFloats a = g.floats(0), b = g.floats(1), c = g.floats(2);
        int n = g.intArg(4), k = g.intArg(5);
        int t = tile(g);
        int tilesN = n / t;
        // private memory of a static group persists across its tasks: take it once
        float[] acc = g.privateFloats(1);
        for (long task = g.nextTask(); task >= 0; task = g.nextTask()) {
            int ti = (int) (task / tilesN), tj = (int) (task % tilesN);
            betaTile(g, a, b, c, n, k, t, ti * t, tj * t, acc);
            // the tile's store compute, before the next task's loads (a descriptor charges once per static group)
            STORE_C_COST.charge(g);
        }
    }

    /** The compute phase shared by γ and δ: acc += As(row ly) · Bs(column lx) for every work-item. */
    private static void multiplyTiles(WorkGroup g, float[] as, float[] bs, float[] acc, int t) {
        for (int ly = 0; ly < t; ly++) {
            int row = ly * t;
            for (int lx = 0; lx < t; lx++) {
                float s = acc[row + lx];
                for (int kk = 0; kk < t; kk++) s += as[row + kk] * bs[kk * t + lx];
                acc[row + lx] = s;
            }
        }
        long items = (long) t * t;
        g.ops(Op.FLOAT, items * t);          // the FMA chain; the tile loads issue under it
        g.ops(Op.LOCAL_MEM, 2L * items);     // the accumulator in and out
    }

    /** Stores the accumulators; its compute is {@link #STORE_C_COST}, the last thing a β, γ or δ group does. */
    private static void storeC(GlobalFloats c, float[] acc, int n, int t, int i0, int j0) {
        for (int ly = 0; ly < t; ly++) {
            for (int lx = 0; lx < t; lx++) c.set((i0 + ly) * n + j0 + lx, acc[ly * t + lx]);
        }
    }

    /** How a tiled kernel brings k-block kb's tiles of A and B into local memory: what γ and δ differ in. */
    private interface TileLoad {
        void load(WorkGroup g, GlobalFloats a, GlobalFloats b, float[] as, float[] bs, int n, int k, int t, int i0, int j0, int kb);
    }

    /** γ and δ: per k-block, load the tiles, multiply them into the accumulators; then store C. */
    private static void tiledGroup(WorkGroup g, TileLoad tiles) {
        GlobalFloats a = g.floats(0), b = g.floats(1), c = g.floats(2);
        int n = g.intArg(4), k = g.intArg(5);
        float[] as = g.localFloats(6), bs = g.localFloats(7);
        int t = tile(g);
        int i0 = (int) g.groupId(1) * t, j0 = (int) g.groupId(0) * t;
        float[] acc = g.privateFloats(1);
        Arrays.fill(acc, 0, t * t, 0f);
        for (int kb = 0; kb < k; kb += t) {
            tiles.load(g, a, b, as, bs, n, k, t, i0, j0, kb);
            // barrier; multiply the tiles; barrier before the next k-block overwrites them
            multiplyTiles(g, as, bs, acc, t);
        }
        storeC(c, acc, n, t, i0, j0);
    }

    private static void gammaGroup(WorkGroup g) {
        tiledGroup(g, (wg, a, b, as, bs, n, k, t, i0, j0, kb) -> {
            // each work-item loads one element of each tile through the (cached) global path
            for (int ly = 0; ly < t; ly++) {
                for (int lx = 0; lx < t; lx++) {
                    as[ly * t + lx] = a.get((i0 + ly) * k + kb + lx);
                    bs[ly * t + lx] = b.get((kb + ly) * n + j0 + lx);
                }
            }
            long items = (long) t * t;
            wg.ops(Op.INT, 4L * items);
            wg.ops(Op.LOCAL_MEM, 2L * items);
        });
    }

    private static void deltaGroup(WorkGroup g) {
        tiledGroup(g, (wg, a, b, as, bs, n, k, t, i0, j0, kb) -> {
            // The paper's δ loads the tiles with vloadn(), which its translation implements as a
            // DMA into the local store plus a barrier that waits for that transfer (seed-003
            // digest §2.1), bypassing the cache: one copy per tile row of A_sub and of B_sub, each
            // awaited before the next is issued, so every row pays the DMA latency. ε runs this
            // code with several groups in flight: a group waiting for its row is suspended and
            // another runs, which is how the translator hides that latency (§2.3).
            for (int r = 0; r < t; r++) {
                wg.waitEvents(wg.asyncCopy(as, r * t, a, (i0 + r) * k + kb, t));
                wg.waitEvents(wg.asyncCopy(bs, r * t, b, (kb + r) * n + j0, t));
            }
            wg.ops(Op.INT, 4L * t);
        });
    }

    /** The kernel definition of a matmul variant, or null for an unknown name. */
    static KernelDef forVariant(String variant) {
        return switch (variant) {
            case Matmul.ALPHA -> alpha();
            case Matmul.BETA -> beta();
            case Matmul.GAMMA -> gamma();
            case Matmul.DELTA, Matmul.EPSILON -> delta();
            default -> null;
        };
    }
}
