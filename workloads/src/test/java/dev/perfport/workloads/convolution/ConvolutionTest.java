package dev.perfport.workloads.convolution;

import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** Definitions, the padding rule, the adaptive choice and the reference; the variants run on every backend in the conformance kit. */
class ConvolutionTest {
    private static Convolution.Plan plan(int w, int fw, int bw, int tx, boolean pad) {
        return new Convolution.Plan(w, 64, fw, fw, bw, 16, tx, 1, pad, true, true, 1, 42, Convolution.ADAPTIVE);
    }

    @Test
    void registeredWithTheLadderAsVariants() {
        assertEquals(List.of("naive", "tiled", "tiled-x4", "adaptive", "separable"), Workloads.get("convolution").variants());
        for (KernelDef d : new Convolution().kernels()) {
            assertTrue(d.impl(Dialect.OPENCL_C).isPresent() && d.impl(Dialect.JAVA_WORKGROUP).isPresent(), d.name());
        }
        assertEquals(MemoryLevel.CONSTANT, ConvolutionKernels.tiled(true).args().get(1).level());
        assertEquals(MemoryLevel.GLOBAL, ConvolutionKernels.tiled(false).args().get(1).level());
        assertEquals(MemoryLevel.LOCAL, ConvolutionKernels.tiled(true).args().get(ConvolutionKernels.TILE_ARG).level());
    }

    @Test
    void paddingFollowsTheThesisRule() {
        // Sw = ceil((Fw-1)/32)*32 + Bw*T, and none when Bw*T is a multiple of the 32 banks
        assertEquals(16 + 22, plan(512, 23, 16, 1, false).rowStride());
        assertEquals(32 + 16, plan(512, 23, 16, 1, true).rowStride());
        assertEquals(32 + 22, plan(512, 23, 32, 1, true).rowStride(), "bw=32: no padding needed");
        assertEquals(64 + 42, plan(512, 43, 16, 4, true).rowStride(), "bw*T=64 is a multiple of 32: no padding");
        assertEquals((long) (16 + 22) * 38, plan(512, 23, 16, 1, false).tileElements());
    }

    @Test
    void adaptiveTilingTakesTheLargestFactorThatFits() {
        // 48 KB of local memory, 16x16 blocks: a 3x3 filter must fit twice, a 43x43 once
        long cap = 48 * 1024;
        Convolution.Plan small = Convolution.adaptiveT(plan(4096, 3, 16, 0, true), cap);
        assertTrue(small.tileElements() * 4 * 2 <= cap, small.toString());
        assertEquals(8, small.tx());
        // 32 KB, 43x43: T=6 (96 wide, no padding) fits; T=7 and T=8 do not
        Convolution.Plan large = Convolution.adaptiveT(plan(4096, 43, 16, 0, true), 32 * 1024);
        assertEquals(6, large.tx());
        assertTrue(large.tileElements() * 4 <= 32 * 1024);
        Convolution.Plan larger = new Convolution.Plan(4096, 64, 43, 43, 16, 16, 7, 1, true, true, true, 1, 42, "adaptive");
        assertTrue(larger.tileElements() * 4 > 32 * 1024, "the next factor would not fit");
        assertEquals(2, Convolution.adaptiveT(plan(20, 3, 16, 0, true), cap).tx(), "no wider than the image needs");
    }

    @Test
    void referenceAcceptsTheExactResultAndNamesAWrongPixel() {
        ConvolutionData d = ConvolutionData.generate(13, 7, 3, 5, 1);
        float[] exact = new float[13 * 7];
        for (int y = 0; y < 7; y++) {
            for (int x = 0; x < 13; x++) {
                double s = 0;
                for (int j = 0; j < 5; j++) for (int i = 0; i < 3; i++) s += d.input()[(y + j) * 15 + x + i] * (double) d.filter()[j * 3 + i];
                exact[y * 13 + x] = (float) s;
            }
        }
        assertNull(d.check(exact));
        exact[6 * 13 + 12] += 0.01f;
        String m = d.check(exact);
        assertNotNull(m);
        assertTrue(m.startsWith("out(6,12)"), m);
    }

    @Test
    void aSampledCheckMovesOnlyItsRowsAndStillNamesAWrongPixel() {
        ConvolutionData d = ConvolutionData.generate(13, 40, 3, 5, 1);
        int[] rows = d.checkedRowIndices(4);
        assertArrayEquals(new int[]{0, 13, 26, 39}, rows, "the first, the last and evenly spaced rows");
        assertEquals(40, d.checkedRowIndices(0).length, "auto: every row of a small image");
        float[] compact = new float[rows.length * 13];
        for (int k = 0; k < rows.length; k++) {
            int y = rows[k];
            for (int x = 0; x < 13; x++) {
                double s = 0;
                for (int j = 0; j < 5; j++) for (int i = 0; i < 3; i++) s += d.input()[(y + j) * 15 + x + i] * (double) d.filter()[j * 3 + i];
                compact[k * 13 + x] = (float) s;
            }
        }
        assertNull(d.checkRows(compact, 4));
        compact[2 * 13 + 5] = Float.NaN;   // a pixel of row 26 the kernel did not write
        String m = d.checkRows(compact, 4);
        assertNotNull(m);
        assertTrue(m.startsWith("out(26,5)"), m);
    }

    @Test
    void specialiseZeroLeavesTheFilterSizeToTheArguments() {
        Convolution.Plan p = plan(512, 17, 16, 2, true);
        assertEquals(17, Convolution.constants(p, false).getInt("FW"));
        Convolution.Plan generic = new Convolution.Plan(512, 64, 17, 17, 16, 16, 2, 1, true, true, true, 1, 42, Convolution.ADAPTIVE, true, false, 0, true, false, false);
        assertFalse(Convolution.constants(generic, false).has("FW"), "one program for every filter size");
        assertFalse(Convolution.constants(generic, false).has("UNROLL_LOOPS"));
        assertEquals(2, Convolution.constants(generic, false).getInt("TX"));
    }

    @Test
    void theUncachedNaiveKernelIsOpenClOnly() {
        KernelDef d = ConvolutionKernels.naiveUncached();
        assertTrue(d.impl(Dialect.OPENCL_C).isPresent());
        assertFalse(d.impl(Dialect.JAVA_WORKGROUP).isPresent(), "a Java route refuses it rather than run the cached kernel");
        assertTrue(ConvolutionKernels.SOURCE.contains("VOLATILE_INPUT"));
    }

    @Test
    void badParametersFailBeforeTheDeviceIsTouched() {
        Convolution c = new Convolution();
        assertThrows(ConfigException.class, () -> c.run(null, "fft", Params.of()));
        var e = assertThrows(ConfigException.class, () -> c.run(null, "naive", Params.of("fw", "0")));
        assertEquals("fw must be in [1, 128], got 0", e.getMessage());
        assertThrows(ConfigException.class, () -> c.run(null, "naive", Params.of("width", "0")));
        assertThrows(ConfigException.class, () -> c.run(null, "naive", Params.of("filter", "texture")));
        assertThrows(ConfigException.class, () -> c.run(null, "naive", Params.of("pad", "2")));
        var big = assertThrows(ConfigException.class, () -> c.run(null, "naive", Params.of("width", "65536", "height", "65536")));
        assertTrue(big.getMessage().contains("2^31"), big.getMessage());
    }
}
