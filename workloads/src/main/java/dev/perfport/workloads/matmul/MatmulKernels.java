package dev.perfport.workloads.matmul;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.KernelCost;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;

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
                .impl(KernelImpl.JavaWorkGroup.of(c -> MatmulGroups::alphaGroup, 0).withCost(ALPHA_COST))
                .build();
    }

    /** β: blocked through the cache (k-blocks of TILE separated by barriers, no local memory). */
    public static KernelDef beta() {
        return base("matmul.beta", "mm_beta")
                .impl(KernelImpl.JavaWorkGroup.of(c -> g -> MatmulGroups.betaGroup(g, g.groupId(1), g.groupId(0)), Float.BYTES)
                        .withCost(STORE_C_COST))
                .build();
    }

    /** γ: β plus a preload of the A and B tiles into local memory with ordinary loads. */
    public static KernelDef gamma() {
        return base("matmul.gamma", "mm_gamma")
                .local("As", ElemType.FLOAT).local("Bs", ElemType.FLOAT)
                .impl(KernelImpl.JavaWorkGroup.of(c -> MatmulGroups::gammaGroup, Float.BYTES).withCost(STORE_C_COST))
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
                .impl(KernelImpl.JavaWorkGroup.of(c -> MatmulGroups::deltaGroup, Float.BYTES).withCost(STORE_C_COST))
                .build();
    }

    /** β on static work-groups: tasks are the C tiles, task t = tile (t / (N/TILE), t % (N/TILE)). */
    public static KernelDef betaStatic() {
        return base("matmul.beta_static", "mm_beta_static")
                .form(LaunchForm.STATIC_GROUPS)
                .impl(KernelImpl.JavaWorkGroup.of(c -> MatmulGroups::betaStaticGroup, Float.BYTES))
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
    static final KernelCost STORE_C_COST = KernelCost.NONE.andPerItem(Op.INT, INT_PER_ITEM).andPerItem(Op.LOCAL_MEM, 1);

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
