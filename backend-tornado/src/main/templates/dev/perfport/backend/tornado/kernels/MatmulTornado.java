package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.perfport.backend.tornado.kernels.TornadoKernel.sig;
import static dev.perfport.core.device.MemoryLevel.GLOBAL;
import static dev.perfport.core.device.MemoryLevel.LOCAL;
import static dev.perfport.core.device.MemoryLevel.PRIVATE;
import static dev.perfport.core.memory.ElemType.FLOAT;
import static dev.perfport.core.memory.ElemType.INT;

/**
 * The matrix multiplication studies of seed 003 (workloads' MatmulKernels, matmul.cl) in
 * TornadoVM's Kernel API: C = A·B, row-major float32, A M×K, B K×N; work-groups are T×T with
 * dimension 0 along the columns j of C (globalIdx) and dimension 1 along its rows i (globalIdy).
 * Arguments: A, B, C, M, N, K [, As, Bs (LOCAL, T·T each)].
 *
 * <p>δ (and ε, the same code): TornadoVM has no async_work_group_copy for float arrays (its
 * asyncCopyToLocal takes half floats, FP8 and bytes only), so each of δ's per-row group copies is
 * done by the group's work-items (the device reports ASYNC_COPY as emulated). ε's
 * groups-in-flight constant means nothing here, as on every OpenCL device.
 *
 * <p>β on static work-groups: blocked and cyclic in one method, dynamic in another (TornadoVM
 * cannot compile an unused AtomicInteger parameter; see ReductionTornado).
 */
@AutoService(KernelLibrary.class)
public final class MatmulTornado extends TornadoLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public MatmulTornado() {
        super(MatmulTornado::register);
    }

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

    static void register(List<TornadoKernel> into) {
        var plain = sig(GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT);
        var tiles = sig(GLOBAL, FLOAT, GLOBAL, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, PRIVATE, INT, PRIVATE, INT,
                LOCAL, FLOAT, LOCAL, FLOAT);
        into.add(new TornadoKernel("matmul.alpha", plain, false,
                a -> a.graph().task(a.task(), MatmulTornado::alpha, a.context(), a.floats(0), a.floats(1), a.floats(2),
                        a.intArg(3), a.intArg(4), a.intArg(5))).withNvidiaMaxRegisters(ALPHA_REGISTERS));
        into.add(new TornadoKernel("matmul.beta", plain, false,
                a -> a.graph().task(a.task(), MatmulTornado::beta, a.context(), a.floats(0), a.floats(1), a.floats(2),
                        a.intArg(3), a.intArg(4), a.intArg(5))));
        into.add(new TornadoKernel("matmul.gamma", tiles, false,
                a -> a.graph().task(a.task(), MatmulTornado::gamma, a.context(), a.floats(0), a.floats(1), a.floats(2),
                        a.intArg(3), a.intArg(4), a.intArg(5), a.localLength(6), a.localLength(7))));
        into.add(new TornadoKernel("matmul.delta", tiles, false,
                a -> a.graph().task(a.task(), MatmulTornado::delta, a.context(), a.floats(0), a.floats(1), a.floats(2),
                        a.intArg(3), a.intArg(4), a.intArg(5), a.localLength(6), a.localLength(7))));
        into.add(new TornadoKernel("matmul.beta_static", plain, false, a -> {
            if (a.mapping() == LaunchArgs.DYNAMIC) {
                a.graph().task(a.task(), MatmulTornado::betaStaticDynamic, a.context(), a.floats(0), a.floats(1), a.floats(2),
                        a.intArg(4), a.intArg(5), a.tasks(), a.next());
            } else {
                a.graph().task(a.task(), MatmulTornado::betaStatic, a.context(), a.floats(0), a.floats(1), a.floats(2),
                        a.intArg(4), a.intArg(5), a.tasks(), a.mapping());
            }
        }));
    }

//#def tileIds
        int t = ctx.localGroupSizeX;
        int lx = ctx.localIdx;
        int ly = ctx.localIdy;
//#end
//#def tileOfTask
        int i = (task / tilesN) * t + ly;
        int j = (task % tilesN) * t + lx;
//#end
//#def betaBlock
        float acc = 0.0f;
        for (int kb = 0; kb < k; kb += t) {
            for (int kk = 0; kk < t; kk++) {
                acc += a.get(i * k + kb + kk) * b.get((kb + kk) * n + j);
            }
            ctx.localBarrier();
        }
        c.set(i * n + j, acc);
//#end
//#def multiplyTiles
            ctx.localBarrier();$wait$
            for (int kk = 0; kk < t; kk++) {
                acc += as[ly * t + kk] * bs[kk * t + lx];
            }
            ctx.localBarrier();
//#end
    /** α: every work-item loops over k on its own. */
    public static void alpha(KernelContext ctx, FloatArray a, FloatArray b, FloatArray c, int m, int n, int k) {
        int j = ctx.globalIdx;
        int i = ctx.globalIdy;
        float acc = 0.0f;
        for (int kk = 0; kk < k; kk++) {
            acc += a.get(i * k + kk) * b.get(kk * n + j);
        }
        c.set(i * n + j, acc);
    }

    /** β: k-blocks of T separated by barriers; no data through local memory, the group stays in step for the cache. */
    public static void beta(KernelContext ctx, FloatArray a, FloatArray b, FloatArray c, int m, int n, int k) {
        int t = ctx.localGroupSizeX;
        int i = ctx.groupIdy * t + ctx.localIdy;
        int j = ctx.groupIdx * t + ctx.localIdx;
//#use betaBlock
    }

    /** γ: β with the A and B tiles preloaded into local memory, one element per work-item. */
    public static void gamma(KernelContext ctx, FloatArray a, FloatArray b, FloatArray c, int m, int n, int k,
                             int asLength, int bsLength) {
//#use tileIds
        int i = ctx.globalIdy;
        int j = ctx.globalIdx;
        float[] as = ctx.allocateFloatLocalArray(asLength);
        float[] bs = ctx.allocateFloatLocalArray(bsLength);
        float acc = 0.0f;
        for (int kb = 0; kb < k; kb += t) {
            as[ly * t + lx] = a.get(i * k + kb + lx);
            bs[ly * t + lx] = b.get((kb + ly) * n + j);
//#use multiplyTiles wait=""
        }
        c.set(i * n + j, acc);
    }

    /** δ: γ's tiles arrive by one group copy per tile row (done by the work-items; see the class comment). */
    public static void delta(KernelContext ctx, FloatArray a, FloatArray b, FloatArray c, int m, int n, int k,
                             int asLength, int bsLength) {
//#use tileIds
        int lid = ly * t + lx;
        int items = t * t;
        int i0 = ctx.groupIdy * t;
        int j0 = ctx.groupIdx * t;
        float[] as = ctx.allocateFloatLocalArray(asLength);
        float[] bs = ctx.allocateFloatLocalArray(bsLength);
        float acc = 0.0f;
        for (int kb = 0; kb < k; kb += t) {
            for (int r = 0; r < t; r++) {
                for (int e = lid; e < t; e += items) {
                    as[r * t + e] = a.get((i0 + r) * k + kb + e);
                    bs[r * t + e] = b.get((kb + r) * n + j0 + e);
                }
            }
//#use multiplyTiles wait="                 // wait_group_events"
        }
        c.set((i0 + ly) * n + j0 + lx, acc);
    }

    /** β on static work-groups, blocked or cyclic: task t is C tile (t / (N/T), t % (N/T)). */
    public static void betaStatic(KernelContext ctx, FloatArray a, FloatArray b, FloatArray c, int n, int k,
                                  int tasks, int mapping) {
//#use tileIds
        int sg = ctx.groupIdx;
        int groups = ctx.globalGroupSizeX / t;
        int tilesN = n / t;
        int first = (int) (((long) tasks * sg) / groups);
        int end = (int) (((long) tasks * (sg + 1)) / groups);
        int step = 1;
        if (mapping == 1) {
            first = sg;
            end = tasks;
            step = groups;
        }
        for (int task = first; task < end; task += step) {
//#use tileOfTask
//#use betaBlock
        }
    }

    /** β on static work-groups with the dynamic mapping: work-item (0, 0) takes the next tile. */
    public static void betaStaticDynamic(KernelContext ctx, FloatArray a, FloatArray b, FloatArray c, int n, int k,
                                         int tasks, AtomicInteger next) {
//#use tileIds
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
//#use betaBlock
            }
        }
    }
}
