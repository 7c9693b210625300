import dev.perfport.backend.tornado.kernels.GemmTornado;
import uk.ac.manchester.tornado.api.*;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.enums.ProfilerMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;

/** Issue 13 experiment: TornadoVM's split-k SGEMM (xgemm into ks planes, then ksum) as perfport runs it, two
 * execution plans with the planes copied through the host between them, against one task graph holding both
 * tasks. Kernel time from TornadoVM's profiler, the fastest of REPS repetitions. */
public class TornadoGemmChain {
    static final int M = 1024, N = 1024, K = 1024, KS = 4;
    static final int MWG = 128, NWG = 64, KWG = 64, MDIMC = 16, NDIMC = 8, MDIMA = 16, NDIMB = 32, KWI = 1, VWM = 1, VWN = 1, STRM = 1, STRN = 1, SA = 1, SB = 1;

    static WorkerGrid grid2(long gx, long gy, long lx, long ly) {
        WorkerGrid2D w = new WorkerGrid2D((int) gx, (int) gy);
        w.setGlobalWork(gx, gy, 1);
        w.setLocalWork(lx, ly, 1);
        return w;
    }

    static WorkerGrid grid1(long g, long l) {
        WorkerGrid1D w = new WorkerGrid1D((int) g);
        w.setGlobalWork(g, 1, 1);
        w.setLocalWork(l, 1, 1);
        return w;
    }

    public static void main(String[] args) throws Exception {
        int reps = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        int loaders = MDIMA | NDIMB << 16;
        int flags = SA | SB << 1 | STRM << 2 | STRN << 3 | VWM << 4 | VWN << 8 | KWI << 12;
        int mwi = MWG / MDIMC, nwi = NWG / NDIMC, alm = KWG * MWG, blm = KWG * NWG;
        FloatArray a = new FloatArray(K * M), b = new FloatArray(K * N), w = new FloatArray(KS * M * N), c = new FloatArray(M * N);
        java.util.Random r = new java.util.Random(1);
        for (int i = 0; i < K * M; i++) a.set(i, r.nextFloat() - 0.5f);
        for (int i = 0; i < K * N; i++) b.set(i, r.nextFloat() - 0.5f);
        WorkerGrid gx = grid2((long) M / MWG * MDIMC, (long) N / NWG * NDIMC * KS, MDIMC, NDIMC);
        WorkerGrid gs = grid1((long) M * N, 256);
        KernelContext cx = new KernelContext(), cs = new KernelContext();
        int mn = M * N;

        // A: perfport's structure, one plan per kernel; the planes go out of the first and into the second
        TaskGraph t1 = new TaskGraph("x").transferToDevice(DataTransferMode.FIRST_EXECUTION, a, b).transferToDevice(DataTransferMode.EVERY_EXECUTION, w)
                .task("t", GemmTornado::xgemmFloat, cx, a, b, w, M, N, K, 1.0f, 0.0f, MWG, NWG, KWG, MDIMC, NDIMC, loaders, flags, alm, blm, mwi * nwi, mwi + nwi)
                .transferToHost(DataTransferMode.UNDER_DEMAND, w);
        TaskGraph t2 = new TaskGraph("k").transferToDevice(DataTransferMode.EVERY_EXECUTION, w, c)
                .task("t", GemmTornado::ksumFloat, cs, w, c, mn, KS, 0.0f).transferToHost(DataTransferMode.UNDER_DEMAND, c);
        // C: one task graph with both tasks: the planes stay on the device
        KernelContext cx2 = new KernelContext(), cs2 = new KernelContext();
        TaskGraph t3 = new TaskGraph("xk").transferToDevice(DataTransferMode.FIRST_EXECUTION, a, b)
                .task("x", GemmTornado::xgemmFloat, cx2, a, b, w, M, N, K, 1.0f, 0.0f, MWG, NWG, KWG, MDIMC, NDIMC, loaders, flags, alm, blm, mwi * nwi, mwi + nwi)
                .task("k", GemmTornado::ksumFloat, cs2, w, c, mn, KS, 0.0f).transferToHost(DataTransferMode.UNDER_DEMAND, c);
        GridScheduler g1 = new GridScheduler("x.t", gx), g2 = new GridScheduler("k.t", gs);
        GridScheduler g3 = new GridScheduler();
        g3.addWorkerGrid("xk.x", gx);
        g3.addWorkerGrid("xk.k", gs);
        try (TornadoExecutionPlan p1 = new TornadoExecutionPlan(t1.snapshot()); TornadoExecutionPlan p2 = new TornadoExecutionPlan(t2.snapshot());
             TornadoExecutionPlan p3 = new TornadoExecutionPlan(t3.snapshot())) {
            var dev = TornadoExecutionPlan.getDevice(0, 0);
            System.out.println("device: " + dev.getPhysicalDevice().getDeviceName());
            p1.withDevice(dev).withGridScheduler(g1).withProfiler(ProfilerMode.CONSOLE);
            p2.withDevice(dev).withGridScheduler(g2).withProfiler(ProfilerMode.CONSOLE);
            p3.withDevice(dev).withGridScheduler(g3).withProfiler(ProfilerMode.CONSOLE);
            for (int round = 0; round < 2; round++) {
                long bestA = Long.MAX_VALUE, bestX = Long.MAX_VALUE, bestC = Long.MAX_VALUE, wallA = 0, wallC = 0;
                System.out.println("MODE two-plans round " + round);
                for (int i = 0; i < reps; i++) {
                    long t0 = System.nanoTime();
                    TornadoExecutionResult r1 = p1.execute();
                    r1.transferToHost(w);
                    TornadoExecutionResult r2 = p2.execute();
                    r2.transferToHost(c);
                    wallA += System.nanoTime() - t0;
                    long kx = r1.getProfilerResult().getDeviceKernelTime();
                    bestX = Math.min(bestX, kx);
                    bestA = Math.min(bestA, kx + r2.getProfilerResult().getDeviceKernelTime());
                }
                check("two plans", a, b, c);
                c.init(0);
                System.out.println("MODE one-graph round " + round);
                for (int i = 0; i < reps; i++) {
                    long t0 = System.nanoTime();
                    TornadoExecutionResult r3 = p3.execute();
                    r3.transferToHost(c);
                    wallC += System.nanoTime() - t0;
                    bestC = Math.min(bestC, r3.getProfilerResult().getDeviceKernelTime());
                }
                check("one graph", a, b, c);
                double flop = 2.0 * M * N * K;
                System.out.println("MODE end");
                System.out.printf("round %d: two plans (perfport's): %.1f us kernel (xgemm alone %.1f), %.0f GFLOP/s, wall %.2f ms a repetition;"
                        + " one graph, two tasks: %.1f us kernel, %.0f GFLOP/s, wall %.2f ms%n", round, bestA / 1e3, bestX / 1e3, flop / bestA,
                        wallA / 1e6 / reps, bestC / 1e3, flop / bestC, wallC / 1e6 / reps);
            }
        }
    }

    /** A few entries of C (n·M + m) against a double sum of Ap[k·M + m]·Bp[k·N + n]. */
    static void check(String what, FloatArray a, FloatArray b, FloatArray c) {
        int[][] at = {{0, 0}, {1023, 1023}, {517, 3}, {64, 900}};
        for (int[] mnp : at) {
            double s = 0;
            for (int k = 0; k < K; k++) s += (double) a.get(k * M + mnp[0]) * b.get(k * N + mnp[1]);
            float got = c.get(mnp[1] * M + mnp[0]);
            if (Math.abs(got - s) > 1e-3 * Math.max(1, Math.abs(s))) throw new AssertionError(what + ": C(" + mnp[0] + "," + mnp[1] + ") " + got + " != " + s);
        }
    }
}
