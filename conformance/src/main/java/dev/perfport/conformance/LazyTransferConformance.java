package dev.perfport.conformance;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.lazy.CoherencePolicy;
import dev.perfport.core.lazy.LazyBuffer;
import dev.perfport.core.lazy.LazyTransfers;
import dev.perfport.core.lazy.Residency;
import dev.perfport.workloads.convolution.LineDetection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Arrays;
import java.util.function.Supplier;

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
    private final Supplier<DeviceSession> open;
    private DeviceSession session;

    /** @param open opens a session on the backend's test device (may skip through a JUnit assumption, saying why) */
    protected LazyTransferConformance(Supplier<DeviceSession> open) {
        this.open = open;
    }

    @BeforeAll
    final void open() {
        session = open.get();
    }

    @AfterAll
    final void close() {
        if (session != null) session.close();
    }

    @Test
    void lineDetectionMovesNoMoreThanTheHandWrittenOptimalScheduleAndEagerMovesMore() {
        float[][] in = LineDetection.inputs(W, H, F, FILTERS, 7);
        float[] image = in[0];
        float[][] filters = Arrays.copyOfRange(in, 1, in.length);
        LineDetection.Run lazy = LineDetection.run(session, CoherencePolicy.LAZY, W, H, F, in);
        LineDetection.Run eager = LineDetection.run(session, CoherencePolicy.EAGER, W, H, F, in);

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
        float[] r = new float[64], c = new float[64];
        Arrays.fill(c, 2f);
        try (LazyTransfers t = new LazyTransfers(session); var max = session.compile(LineDetection.pixelMax())) {
            LazyBuffer rb = t.buffer(r), cb = t.buffer(c);
            t.launch(max, dev.perfport.core.launch.NDRange.of(64, 64), rb, cb, 64);
            assertEquals(Residency.DEVICE, rb.residency(), "a kernel's output lives on the device (q2)");
            assertEquals(Residency.BOTH, cb.residency(), "an input only read is valid on both sides (q3)");
            assertEquals(0f, r[5], "the host copy is stale until asked for");
            rb.forHost();
            assertEquals(2f, r[5]);
            assertEquals(Residency.BOTH, rb.residency());
        }
    }
}
