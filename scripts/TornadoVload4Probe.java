import uk.ac.manchester.tornado.api.*;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.collections.VectorFloat4;
import uk.ac.manchester.tornado.api.types.vectors.Float4;

/** Issue 13: what TornadoVM 5.2 makes of a VectorFloat4 load in a KernelContext kernel (its printed OpenCL C, then the PTX
 * of NVIDIA's OpenCL: scripts/clbuild.c). Run with TornadoVM's JVM options (backend-tornado/bin/tornado-jvm-args),
 * -Dtornado.printKernel=True, classes compiled with -g; docs/results/gpu/raw/i13-tornado-vload4-call8/. */
public class TornadoVload4Probe {
    // each work-item loads one float4 of a and writes its 4 lanes into a local array, then sums with a neighbour's
    public static void k(KernelContext ctx, VectorFloat4 a, FloatArray out, int n4) {
        float[] lm = ctx.allocateFloatLocalArray(1024);
        int l = ctx.localIdx;
        int g = ctx.globalIdx;
        Float4 v = a.get(g);
        lm[4 * l] = v.getX();
        lm[4 * l + 1] = v.getY();
        lm[4 * l + 2] = v.getZ();
        lm[4 * l + 3] = v.getW();
        ctx.localBarrier();
        int o = 4 * ((l + 1) % ctx.localGroupSizeX);
        out.set(g, lm[4 * l] + lm[4 * l + 1] + lm[4 * l + 2] + lm[4 * l + 3] + lm[o]);
    }

    public static void main(String[] args) throws Exception {
        int n4 = 1024;
        FloatArray store = new FloatArray(4 * n4);
        for (int i = 0; i < 4 * n4; i++) store.set(i, i);
        VectorFloat4 a = new VectorFloat4(store);
        FloatArray out = new FloatArray(n4);
        KernelContext ctx = new KernelContext();
        TaskGraph tg = new TaskGraph("s").transferToDevice(DataTransferMode.FIRST_EXECUTION, a)
                .task("t", TornadoVload4Probe::k, ctx, a, out, n4).transferToHost(DataTransferMode.EVERY_EXECUTION, out);
        WorkerGrid w = new WorkerGrid1D(n4);
        w.setLocalWork(256, 1, 1);
        GridScheduler gs = new GridScheduler("s.t", w);
        try (TornadoExecutionPlan p = new TornadoExecutionPlan(tg.snapshot())) {
            p.withGridScheduler(gs).execute();
        }
        int bad = 0;
        for (int g = 0; g < n4; g++) {
            int l = g % 256, o = g - l + (l + 1) % 256;
            float e = 4 * g * 4 + 6 + 4 * o;
            if (out.get(g) != e) { if (bad++ < 3) System.out.println("g " + g + " got " + out.get(g) + " want " + e); }
        }
        System.out.println("bad " + bad);
    }
}
