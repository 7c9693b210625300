package dev.perfport.workloads.convolution;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.lazy.CoherencePolicy;
import dev.perfport.core.lazy.LazyBuffer;
import dev.perfport.core.lazy.LazyTransfers;
import dev.perfport.core.lazy.TransferCounts;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalFloats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The thesis's line detection in small (seed 002 §3.3, Conv2D): one image convolved with several
 * filters, each response folded into the result with a pixel-wise max, run through
 * {@link LazyTransfers} with a coherence policy. Lazy moves the image, the filters and the
 * result's start value in once and the result out once; eager copies around every kernel.
 */
public final class LineDetection {
    private LineDetection() {
    }

    /**
     * What one pipeline run gave.
     *
     * @param result the max of the responses, W×H
     * @param counts bytes moved and avoided
     * @param nanos  host wall time of the pipeline
     */
    public record Run(float[] result, TransferCounts counts, long nanos) {
    }

    /** {@return the kernel r = max(r, c), one work-item per pixel} */
    public static KernelDef pixelMax() {
        return KernelDef.builder("lazy.pixmax")
                .global("r", ElemType.FLOAT, Access.READ_WRITE).global("c", ElemType.FLOAT, Access.READ).scalar("n", ElemType.INT)
                .impl(new KernelImpl.OpenClSource("__kernel void pixmax(PP_PARAMS, __global float* r, __global const float* c, const int n) {"
                        + " int i = get_global_id(0); if (i < n) r[i] = fmax(r[i], c[i]); }", "pixmax"))
                .impl(KernelImpl.JavaWorkGroup.of(x -> g -> {
                    GlobalFloats r = g.floats(0), c = g.floats(1);
                    int n = g.intArg(2);
                    int base = (int) g.groupLinearId() * g.localItems();
                    for (int i = base; i < Math.min(n, base + g.localItems()); i++) r.set(i, Math.max(r.get(i), c.get(i)));
                }, 0))
                .build();
    }

    /**
     * {@return an image with its border for a w×h output and f×f filters, and the filters}
     *
     * @param w       output width
     * @param h       output height
     * @param f       filter size
     * @param filters how many filters
     * @param seed    generator seed
     */
    public static float[][] inputs(int w, int h, int f, int filters, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        float[][] in = new float[filters + 1][];
        in[0] = new float[(w + f - 1) * (h + f - 1)];
        for (int i = 0; i < in[0].length; i++) in[0][i] = (float) rnd.nextDouble();
        for (int k = 1; k <= filters; k++) {
            in[k] = new float[f * f];
            for (int i = 0; i < f * f; i++) in[k][i] = (float) (rnd.nextDouble() - 0.5);
        }
        return in;
    }

    /**
     * Runs the pipeline.
     *
     * @param s       the session
     * @param policy  lazy or eager
     * @param w       output width
     * @param h       output height
     * @param f       filter size
     * @param inputs  the image, then the filters ({@link #inputs})
     * @return the result, the counts and the time
     */
    public static Run run(DeviceSession s, CoherencePolicy policy, int w, int h, int f, float[][] inputs) {
        int n = w * h;
        float[] result = new float[n];
        Arrays.fill(result, Float.NEGATIVE_INFINITY);
        try (CompiledKernel k = s.compile(ConvolutionKernels.naive()); CompiledKernel max = s.compile(pixelMax());
             LazyTransfers t = new LazyTransfers(s, policy)) {
            long t0 = System.nanoTime();
            LazyBuffer img = t.buffer(inputs[0]);
            LazyBuffer res = t.buffer(result);
            NDRange r2 = NDRange.of(Convolution.roundUp(w, 8), Convolution.roundUp(h, 8), 8, 8), r1 = NDRange.of(Convolution.roundUp(n, 64), 64);
            for (int i = 1; i < inputs.length; i++) {
                LazyBuffer fb = t.buffer(inputs[i]);
                LazyBuffer contrast = t.output(new float[n]);
                t.launch(k, r2, img, fb, contrast, w, h, w + f - 1, f, f);
                t.launch(max, r1, res, contrast, n);
            }
            res.forHost();
            return new Run(result, t.counts(), System.nanoTime() - t0);
        }
    }
}
