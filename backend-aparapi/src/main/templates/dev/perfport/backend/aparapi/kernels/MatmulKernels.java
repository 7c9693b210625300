package dev.perfport.backend.aparapi.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;
import java.util.List;

/**
 * The matrix multiplication studies of seed 003 (§3.1, §3.5) as Aparapi kernels: the algorithms
 * of the workloads module's {@code matmul.cl}. C = A·B, A M×K, B K×N, row-major float32; one
 * work-item per element of C; work-groups TILE×TILE with dimension 0 along the columns j of C and
 * dimension 1 along the rows i; the tile is {@code getLocalSize(0)}. Arguments: A, B, C, M, N, K
 * [, As, Bs (LOCAL float, TILE×TILE each)].
 *
 * <p>δ's {@code async_work_group_copy} has no Aparapi counterpart: {@link Delta} copies each tile
 * row as one group-wide copy (the first TILE work-items each move one element, as an OpenCL CPU
 * runtime implements the call), followed by a barrier in place of {@code wait_group_events}. The
 * constant {@code PP_GROUPS_IN_FLIGHT} of ε is accepted and has no effect, as on every OpenCL
 * device: the hardware keeps several groups in flight per compute unit by itself.
 */
@AutoService(KernelLibrary.class)
public final class MatmulKernels implements KernelLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public MatmulKernels() {
    }

    @Override
    public List<KernelSpec> kernels() {
        return List.of(
                KernelSpec.of("matmul.alpha", Alpha.class, c -> new Alpha(), "A", "B", "C", "M", "N", "K"),
                KernelSpec.of("matmul.beta", Beta.class, c -> new Beta(), "A", "B", "C", "M", "N", "K"),
                KernelSpec.of("matmul.gamma", Gamma.class, c -> new Gamma(), "A", "B", "C", "M", "N", "K", "As", "Bs"),
                KernelSpec.of("matmul.delta", Delta.class, c -> new Delta(), "A", "B", "C", "M", "N", "K", "As", "Bs"),
                KernelSpec.of("matmul.beta_static", BetaStatic.class, c -> new BetaStatic(), "A", "B", "C", "M", "N", "K"));
    }

    /** The arguments every matmul kernel binds (Aparapi binds inherited fields as kernel arguments). */
    public abstract static class Args extends PerfportKernel {
        float[] A;
        float[] B;
        float[] C;
        int M;
        int N;
        int K;
    }

    /** The arguments of the kernels that stage tiles of A and B in local memory. */
    public abstract static class TiledArgs extends Args {
        @Local float[] As;
        @Local float[] Bs;
    }

//#def elementIds
            int i = getGlobalId(1);
            int j = getGlobalId(0);
            float acc = 0f;
//#end
    /** α: naive, every work-item loops over k on its own. */
    public static final class Alpha extends Args {
        @Override
        public void run() {
//#use elementIds
            for (int k = 0; k < K; k++) acc += A[i * K + k] * B[k * N + j];
            C[i * N + j] = acc;
        }
    }

    /** β: k-blocks of TILE separated by barriers, A and B read from global memory (the cache gives the reuse). */
    public static final class Beta extends Args {
        @Override
        public void run() {
            int t = getLocalSize(0);
            int i = getGroupId(1) * t + getLocalId(1);
            int j = getGroupId(0) * t + getLocalId(0);
            float acc = 0f;
            for (int kb = 0; kb < K; kb += t) {
                for (int kk = 0; kk < t; kk++) acc += A[i * K + kb + kk] * B[(kb + kk) * N + j];
                // no data passes through local memory: the barrier keeps the group in step, so that
                // the k-block's lines of A and B are reused from the cache by the whole group
                localBarrier();
            }
            C[i * N + j] = acc;
        }
    }

//#def tileIds
            int t = getLocalSize(0);
            int lx = getLocalId(0);
            int ly = getLocalId(1);
//#end
    /** γ: β plus a preload of the A and B tiles into local memory with ordinary loads. */
    public static final class Gamma extends TiledArgs {
        @Override
        public void run() {
//#use tileIds
//#use elementIds
            for (int kb = 0; kb < K; kb += t) {
                As[ly * t + lx] = A[i * K + kb + lx];
                Bs[ly * t + lx] = B[(kb + ly) * N + j];
                localBarrier();
                for (int kk = 0; kk < t; kk++) acc += As[ly * t + kk] * Bs[kk * t + lx];
                localBarrier();   // before the next k-block overwrites the tiles
            }
            C[i * N + j] = acc;
        }
    }

    /** δ (and ε): γ with the preload done as group-wide row copies (Aparapi's stand-in for async_work_group_copy). */
    public static final class Delta extends TiledArgs {
        @Override
        public void run() {
//#use tileIds
            int lid = ly * t + lx;
            int i0 = getGroupId(1) * t;
            int j0 = getGroupId(0) * t;
            float acc = 0f;
            for (int kb = 0; kb < K; kb += t) {
                // one copy per tile row of A_sub and of B_sub, each shared by the group's work-items
                for (int r = 0; r < t; r++) {
                    if (lid < t) {
                        As[r * t + lid] = A[(i0 + r) * K + kb + lid];
                        Bs[r * t + lid] = B[(kb + r) * N + j0 + lid];
                    }
                }
                localBarrier();   // wait_group_events: every copy has landed
                for (int kk = 0; kk < t; kk++) acc += As[ly * t + kk] * Bs[kk * t + lx];
                localBarrier();
            }
            C[(i0 + ly) * N + j0 + lx] = acc;
        }
    }

    /** β on static work-groups: task t is C tile (t / (N/TILE), t % (N/TILE)). */
    public static final class BetaStatic extends Args {
        @Override
        public void run() {
            int t = getLocalSize(0);
            int tilesN = N / t;
            for (int task = taskBegin(); task >= 0; task = taskNext(task)) {
                int i = (task / tilesN) * t + getLocalId(1);
                int j = (task % tilesN) * t + getLocalId(0);
                float acc = 0f;
                for (int kb = 0; kb < K; kb += t) {
                    for (int kk = 0; kk < t; kk++) acc += A[i * K + kb + kk] * B[(kb + kk) * N + j];
                    localBarrier();
                }
                C[i * N + j] = acc;
            }
        }
    }
}
