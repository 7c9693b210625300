package dev.perfport.conformance;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.lazy.CoherencePolicy;
import dev.perfport.core.lazy.LazyBuffer;
import dev.perfport.core.lazy.LazyTransfers;
import dev.perfport.core.lazy.Residency;
import dev.perfport.core.lazy.TransferCounts;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.workloads.convolution.ConvolutionKernels;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Lazy transfers (seed 002 §3, {@link LazyTransfers}) on a real backend: the thesis's line
 * detection in small, several 2-D convolutions of one image, each followed by a pixel-wise max
 * into the result, moves exactly the bytes of the hand-written optimal schedule (the image, the
 * filters and the result's initial value in once, the result out once), while the eager policy
 * copies around every kernel; both give the host's answer. A backend's test class extends this
 * and supplies a session.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class LazyTransferConformance {
    static final int W = 37, H = 23, F = 5, FILTERS = 3;
    private DeviceSession session;

    /** A session on the backend's test device (may skip through a JUnit assumption, saying why). */
    protected abstract DeviceSession openSession();

    @BeforeAll
    final void open() {
        session = openSession();
    }

    @AfterAll
    final void close() {
        if (session != null) session.close();
    }

    /** r = max(r, c), one work-item per pixel. */
    static KernelDef pixelMax() {
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

    private record Run(float[] result, TransferCounts counts) {
    }

    private Run lineDetection(CoherencePolicy policy, float[] image, float[][] filters) {
        int iw = W + F - 1, n = W * H;
        float[] result = new float[n];
        Arrays.fill(result, Float.NEGATIVE_INFINITY);
        KernelDef conv = ConvolutionKernels.naive();
        try (CompiledKernel k = session.compile(conv); CompiledKernel max = session.compile(pixelMax());
             LazyTransfers t = new LazyTransfers(session, policy)) {
            LazyBuffer img = t.buffer(image);
            LazyBuffer res = t.buffer(result);
            NDRange r2 = NDRange.of(40, 24, 8, 8), r1 = NDRange.of(n + 63 - (n + 63) % 64, 64);
            for (float[] f : filters) {
                LazyBuffer fb = t.buffer(f);
                LazyBuffer contrast = t.output(new float[n]);
                t.launch(k, r2, img, fb, contrast, W, H, iw, F, F);
                if (policy == CoherencePolicy.LAZY) {
                    assertEquals(Residency.DEVICE, contrast.residency(), "a kernel's output stays on the device (q2)");
                    assertEquals(Residency.BOTH, img.residency(), "an input only read stays valid on both sides (q3)");
                }
                t.launch(max, r1, res, contrast, n);
            }
            res.forHost();
            assertEquals(Residency.BOTH, res.residency());
            return new Run(result, t.counts());
        }
    }

    @Test
    void lineDetectionMovesNoMoreThanTheHandWrittenOptimalScheduleAndEagerMovesMore() {
        SplittableRandom rnd = new SplittableRandom(7);
        float[] image = new float[(W + F - 1) * (H + F - 1)];
        for (int i = 0; i < image.length; i++) image[i] = (float) rnd.nextDouble();
        float[][] filters = new float[FILTERS][F * F];
        for (float[] f : filters) for (int i = 0; i < f.length; i++) f[i] = (float) (rnd.nextDouble() - 0.5);

        Run lazy = lineDetection(CoherencePolicy.LAZY, image, filters);
        Run eager = lineDetection(CoherencePolicy.EAGER, image, filters);

        long img = image.length * 4L, filt = F * F * 4L, px = W * H * 4L;
        // the optimal schedule: image, filters and the result's start value in once; the result out once
        assertEquals(img + FILTERS * filt + px, lazy.counts().hostToDeviceBytes(), lazy.counts().toString());
        assertEquals(px, lazy.counts().deviceToHostBytes(), lazy.counts().toString());
        assertEquals(1, lazy.counts().deviceToHostCopies());
        // eager: per convolution image + filter in, contrast out; per max result + contrast in, result out
        long eagerIn = FILTERS * (img + filt + 2 * px), eagerOut = FILTERS * 2 * px;
        assertEquals(eagerIn, eager.counts().hostToDeviceBytes(), eager.counts().toString());
        assertEquals(eagerOut, eager.counts().deviceToHostBytes(), eager.counts().toString());
        assertEquals(eagerIn + eagerOut - lazy.counts().movedBytes(), lazy.counts().avoidedBytes());
        assertEquals(0, eager.counts().avoidedBytes());

        // both compute what the host computes
        int iw = W + F - 1;
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                double best = Double.NEGATIVE_INFINITY, mag = 0;
                for (float[] f : filters) {
                    double s = 0;
                    for (int j = 0; j < F; j++) for (int i = 0; i < F; i++) {
                        s += image[(y + j) * iw + x + i] * (double) f[j * F + i];
                        mag += Math.abs(image[(y + j) * iw + x + i] * (double) f[j * F + i]);
                    }
                    best = Math.max(best, s);
                }
                assertEquals(best, lazy.result()[y * W + x], 1e-6 * mag + 1e-30, "pixel " + x + "," + y);
                assertEquals(lazy.result()[y * W + x], eager.result()[y * W + x], "lazy and eager agree at " + x + "," + y);
            }
        }
    }

    @Test
    void hostWritesMakeTheDeviceCopyStaleAndExplicitSyncsCopyOnlyWhenStale() {
        float[] a = new float[100];
        Arrays.fill(a, 1f);
        try (LazyTransfers t = new LazyTransfers(session)) {
            LazyBuffer b = t.buffer(a, MemoryLevel.GLOBAL);
            assertEquals(Residency.HOST, b.residency());
            b.syncToDevice();
            b.syncToDevice();
            assertEquals(Residency.BOTH, b.residency());
            assertEquals(400, t.counts().hostToDeviceBytes(), "the second sync found the device copy valid");
            a[3] = 5f;
            b.hostWritten();
            assertEquals(Residency.HOST, b.residency());
            b.syncToHost();
            assertEquals(0, t.counts().deviceToHostBytes(), "the host copy is valid: nothing to copy back");
            b.syncToDevice();
            assertEquals(800, t.counts().hostToDeviceBytes());
            b.close();
            assertEquals(Residency.HOST, b.residency(), "releasing the device copy keeps the valid host copy");
        }
    }
}
