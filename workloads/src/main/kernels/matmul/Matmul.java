import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The matrix multiplication studies of seed 003 (§3.1, §3.5; matmul.cl) in the Java routes. C = A·B,
 * A M×K, B K×N, row-major float32; one work-item per element of C; work-groups TILE×TILE with
 * dimension 0 along the columns j of C and dimension 1 along the rows i; the tile is the local size
 * in dimension 0. Arguments: A, B, C, M, N, K [, As, Bs (LOCAL float, TILE×TILE each)].
 *
 * <p>δ's {@code async_work_group_copy} has no counterpart in Aparapi or TornadoVM: each tile row is
 * one group-wide copy done by the first TILE work-items (as an OpenCL CPU runtime implements the
 * call), followed by a barrier in place of {@code wait_group_events}. The constant
 * {@code PP_GROUPS_IN_FLIGHT} of ε is accepted and has no effect there, as on every OpenCL device.
 */
//#if R=wg
    // its own forms: each k-block is a phase whose private accumulator the emulator saves and restores, charged per phase
    static int tile(WorkGroup g) {
        int t = g.localSize(0);
        if (g.localSize(1) != t) {
            throw new IllegalArgumentException("matmul work-groups are square; got local size "
                    + g.localSize(0) + "x" + g.localSize(1));
        }
        return t;
    }

    static void alphaGroup(WorkGroup g) {
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
    static void betaGroup(WorkGroup g, long ti, long tj) {
        GlobalFloats a = g.floats(0), b = g.floats(1), c = g.floats(2);
        int n = g.intArg(4), k = g.intArg(5);
        int t = tile(g);
        int i0 = (int) ti * t, j0 = (int) tj * t;
        float[] acc = g.privateFloats(1);
        betaTile(g, a, b, c, n, k, t, i0, j0, acc);
    }

    static void betaTile(WorkGroup g, GlobalFloats a, GlobalFloats b, GlobalFloats c,
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

    static void betaStaticGroup(WorkGroup g) {
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
            MatmulKernels.STORE_C_COST.charge(g);
        }
    }

    /** The compute phase shared by γ and δ: acc += As(row ly) · Bs(column lx) for every work-item. */
    static void multiplyTiles(WorkGroup g, float[] as, float[] bs, float[] acc, int t) {
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
    static void storeC(GlobalFloats c, float[] acc, int n, int t, int i0, int j0) {
        for (int ly = 0; ly < t; ly++) {
            for (int lx = 0; lx < t; lx++) c.set((i0 + ly) * n + j0 + lx, acc[ly * t + lx]);
        }
    }

    /** How a tiled kernel brings k-block kb's tiles of A and B into local memory: what γ and δ differ in. */
    interface TileLoad {
        void load(WorkGroup g, GlobalFloats a, GlobalFloats b, float[] as, float[] bs, int n, int k, int t, int i0, int j0, int kb);
    }

    /** γ and δ: per k-block, load the tiles, multiply them into the accumulators; then store C. */
    static void tiledGroup(WorkGroup g, TileLoad tiles) {
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

    static void gammaGroup(WorkGroup g) {
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

    static void deltaGroup(WorkGroup g) {
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
//#else
//#if R=tornado
    /**
     * α's register limit on NVIDIA. The driver unrolls TornadoVM's α loop by 8 with a 64-bit address per
     * load in a register (every FloatArray access is base + ((long) index + 4) << 2): by default ptxas gave
     * it 80 registers and it ran 1.73x jocl's kernel time on the H100. Measured limits (every TornadoVM
     * kernel of the JVM, raw/i16-matmul-alpha-caps-call10): 32 spills (8.9x), 40 5.2x, 48 and 56 1.43x,
     * 64 1.23x, 80 1.73x, and 255, the largest NVIDIA accepts, 1.14x. By default ptxas stops at 80 registers
     * and issues 12 of the loop's 128 loads before its first FMA; allowed 255 it takes 184 and issues all 128
     * first: fewer groups, more loads in flight, which this latency-bound loop needs (docs/routes.md).
     */
    static final int ALPHA_REGISTERS = TornadoKernel.NVIDIA_LARGEST_LIMIT;

//#end
//#def tileIds
        int t = $lsize0$;
        int lx = $lid0$;
        int ly = $lid1$;
//#end
    /** α: naive, every work-item loops over k on its own. */
//#kernel matmul.alpha alpha A:float[] B:float[] C:float[] M:int N:int K:int tornado.options=".withNvidiaMaxRegisters(ALPHA_REGISTERS)"
        int j = $gid0$;
        int i = $gid1$;
        float acc = 0.0f;
        for (int kk = 0; kk < K; kk++) {
            acc += A.get(i * K + kk) * B.get(kk * N + j);
        }
        C.set(i * N + j, acc);
//#end

    /** β: k-blocks of TILE separated by barriers, A and B read from global memory (the cache gives the reuse). */
//#kernel matmul.beta beta A:float[] B:float[] C:float[] M:int N:int K:int
        int t = $lsize0$;
        int i = $group1$ * t + $lid1$;
        int j = $group0$ * t + $lid0$;
        float acc = 0.0f;
        for (int kb = 0; kb < K; kb += t) {
            for (int kk = 0; kk < t; kk++) {
                acc += A.get(i * K + kb + kk) * B.get((kb + kk) * N + j);
            }
            // no data passes through local memory: the barrier keeps the group in step, so that
            // the k-block's lines of A and B are reused from the cache by the whole group
//#barrier
        }
        C.set(i * N + j, acc);
//#end

//#def multiplyTiles
//#barrier
            for (int kk = 0; kk < t; kk++) {
                acc += As[ly * t + kk] * Bs[kk * t + lx];
            }
            // before the next k-block overwrites the tiles
//#barrier
//#end
    /** γ: β plus a preload of the A and B tiles into local memory with ordinary loads. */
//#kernel matmul.gamma gamma A:float[] B:float[] C:float[] M:int N:int K:int As:float[local] Bs:float[local]
//#use tileIds
        int i = $gid1$;
        int j = $gid0$;
        float acc = 0.0f;
        for (int kb = 0; kb < K; kb += t) {
            As[ly * t + lx] = A.get(i * K + kb + lx);
            Bs[ly * t + lx] = B.get((kb + ly) * N + j);
//#use multiplyTiles
        }
        C.set(i * N + j, acc);
//#end

    /** δ (and ε): γ with the preload done as group-wide row copies (the stand-in for async_work_group_copy). */
//#kernel matmul.delta delta A:float[] B:float[] C:float[] M:int N:int K:int As:float[local] Bs:float[local]
//#use tileIds
        int lid = ly * t + lx;
        int items = t * t;
        int i0 = $group1$ * t;
        int j0 = $group0$ * t;
        float acc = 0.0f;
        for (int kb = 0; kb < K; kb += t) {
            // one copy per tile row of A_sub and of B_sub, each shared by the group's work-items
            for (int r = 0; r < t; r++) {
                for (int e = lid; e < t; e += items) {
                    As[r * t + e] = A.get((i0 + r) * K + kb + e);
                    Bs[r * t + e] = B.get((kb + r) * N + j0 + e);
                }
            }
            // wait_group_events: every copy has landed
//#use multiplyTiles
        }
        C.set((i0 + ly) * N + j0 + lx, acc);
//#end

//#end
//#if R=aparapi
    // β on static work-groups, its own form in each route: Aparapi takes tasks with PerfportKernel's taskBegin/taskNext
    /** β on static work-groups: task t is C tile (t / (N/TILE), t % (N/TILE)). */
    public static final class BetaStatic extends PerfportKernel {
        float[] A;
        float[] B;
        float[] C;
        int M;
        int N;
        int K;

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

//#register
KernelSpec.of("matmul.beta_static", BetaStatic.class, c -> new BetaStatic(), "A", "B", "C", "M", "N", "K")
//#end
//#elif R=tornado
    // β on static work-groups, its own form in each route: TornadoVM's NDRange loops over blocked or cyclic tasks, and
    // the dynamic mapping needs a second method (TornadoVM cannot compile an AtomicInteger parameter that is never used)
//#def tileIdsTornado
        int t = ctx.localGroupSizeX;
        int lx = ctx.localIdx;
        int ly = ctx.localIdy;
//#end
//#def tileOfTask
        int i = (task / tilesN) * t + ly;
        int j = (task % tilesN) * t + lx;
//#end
//#def betaBlockTornado
        float acc = 0.0f;
        for (int kb = 0; kb < k; kb += t) {
            for (int kk = 0; kk < t; kk++) {
                acc += a.get(i * k + kb + kk) * b.get((kb + kk) * n + j);
            }
            ctx.localBarrier();
        }
        c.set(i * n + j, acc);
//#end
    /** β on static work-groups, blocked or cyclic: task t is C tile (t / (N/T), t % (N/T)). */
    public static void betaStatic(KernelContext ctx, FloatArray a, FloatArray b, FloatArray c, int n, int k,
                                  int tasks, int mapping) {
//#use tileIdsTornado
        int tilesN = n / t;
//#tasks task
//#use tileOfTask
//#use betaBlockTornado
        }
    }

    /** β on static work-groups with the dynamic mapping: work-item (0, 0) takes the next tile. */
    public static void betaStaticDynamic(KernelContext ctx, FloatArray a, FloatArray b, FloatArray c, int n, int k,
                                         int tasks, AtomicInteger next) {
//#use tileIdsTornado
        int tilesN = n / t;
        int[] slot = ctx.allocateIntLocalArray(1);
        int task = 0;
        while (task < tasks) {
            ctx.localBarrier();
            if (lx == 0 && ly == 0) {
                slot[0] = next.getAndIncrement();
            }
            ctx.localBarrier();
            task = slot[0];
            if (task < tasks) {
//#use tileOfTask
//#use betaBlockTornado
            }
        }
    }
//#register
new TornadoKernel("matmul.beta_static", sig(GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT), false,
        a -> {
            if (a.mapping() == LaunchArgs.DYNAMIC) {
                a.graph().task(a.task(), MatmulTornado::betaStaticDynamic, a.context(), a.floats(0), a.floats(1), a.floats(2),
                        a.intArg(4), a.intArg(5), a.tasks(), a.next());
            } else {
                a.graph().task(a.task(), MatmulTornado::betaStatic, a.context(), a.floats(0), a.floats(1), a.floats(2),
                        a.intArg(4), a.intArg(5), a.tasks(), a.mapping());
            }
        })
//#end
//#end
