package dev.perfport.workloads.fft;

import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/** The reference against the naive DFT, the pass plan, the flop convention, the knobs' parsing. */
class FftTest {
    @Test
    void referenceMatchesTheNaiveDft() {
        for (int n : new int[]{1, 2, 8, 64, 512}) {
            SplittableRandom r = new SplittableRandom(n);
            double[] re = new double[n], im = new double[n];
            for (int i = 0; i < n; i++) {
                re[i] = r.nextDouble() - 0.5;
                im[i] = r.nextDouble() - 0.5;
            }
            double[][] want = FftReference.dft(re, im);
            FftReference.fft(re, im, 0, n);
            for (int i = 0; i < n; i++) {
                assertEquals(want[0][i], re[i], 1e-12 * n, "re " + i + " of " + n);
                assertEquals(want[1][i], im[i], 1e-12 * n, "im " + i + " of " + n);
            }
        }
    }

    @Test
    void checkRefusesAResultBeyondTheBound() {
        double[] wr = {1, 0, 0, 0, 0, 0, 0, 0}, wi = new double[8];
        float[] gr = {1, 0, 0, 0, 0, 0, 0, 0}, gi = new float[8];
        assertNull(FftReference.check(wr, wi, gr, gi, 8, 1));
        gr[3] = 1e-5f;   // 1e-5 > 8*3*2^-24 = 1.4e-6
        String why = FftReference.check(wr, wi, gr, gi, 8, 1);
        assertNotNull(why);
        assertTrue(why.contains("exceeds the bound"), why);
        assertEquals(8 * 20 * 0x1p-24, FftReference.bound(1 << 20), 1e-15);
    }

    @Test
    void dftInRegistersIsTheRPointDft() {
        for (int radix : FftConfig.RADICES) {
            float[] vr = new float[8], vi = new float[8];
            double[] re = new double[radix], im = new double[radix];
            for (int i = 0; i < radix; i++) {
                vr[i] = (float) (re[i] = i + 1);
                vi[i] = (float) (im[i] = 0.5 * i);
            }
            double[][] want = FftReference.dft(re, im);
            FftKernels.dft(vr, vi, radix);
            for (int m = 0; m < radix; m++) {
                int q = FftKernels.rev(m, radix);
                assertEquals(want[0][m], vr[q], 1e-5, "radix " + radix + " re " + m);
                assertEquals(want[1][m], vi[q], 1e-5, "radix " + radix + " im " + m);
            }
        }
    }

    @Test
    void passesUseTheRadixThenTwoOrFour() {
        assertEquals(List.of(8, 8, 8), FftConfig.passes(512, 8));
        assertEquals(List.of(8, 8, 8, 8, 8, 8, 4), FftConfig.passes(1 << 20, 8));
        assertEquals(List.of(8, 2), FftConfig.passes(16, 8));
        assertEquals(List.of(4, 4, 2), FftConfig.passes(32, 4));
        assertEquals(List.of(2, 2, 2), FftConfig.passes(8, 2));
    }

    @Test
    void flopsAreFiveNLogN() {
        assertEquals(5.0 * 512 * 9 * 16384, Fft.flops(512, 16384));
        assertEquals(5.0 * (1 << 20) * 20, Fft.flops(1 << 20, 1));
    }

    @Test
    void knobsAreNamesOrTheTunersIntegersAndBadValuesNameTheChoices() {
        FftConfig c = FftConfig.of(java.util.Map.of("radix", 4, "layout", 1, "exchange", 0, "twiddle", 1, "share", 1));
        assertEquals(java.util.Map.of("radix", "4", "layout", "soa", "exchange", "global", "twiddle", "table", "share", "on"), c.shown());
        assertEquals(c.values(), FftConfig.of(c.values()).values());
        assertEquals(1, FftSpec.SPEC.parse(Params.of("layout", "soa")).get(FftSpec.LAYOUT));
        assertEquals(0, FftSpec.SPEC.parse(Params.of("layout", "0")).get(FftSpec.LAYOUT));
        var e = assertThrows(ConfigException.class, () -> FftSpec.SPEC.parse(Params.of("layout", "row")));
        assertEquals("layout must be aos or soa (or 0..1), got 'row'", e.getMessage());
        assertThrows(ConfigException.class, () -> new FftConfig(16, false, true, false, false));
        assertEquals(1, FftConfig.PORTABLE.constants().getInt("LOCALX"));
        assertEquals(8, FftConfig.PORTABLE.constants().getInt("RADIX"));
    }

    @Test
    void definitionsCarryBothDialects() {
        for (KernelDef def : new Fft().kernels()) {
            var cl = assertInstanceOf(KernelImpl.OpenClSource.class, def.impl(Dialect.OPENCL_C).orElseThrow(), def.name());
            assertTrue(cl.source().contains("__kernel void " + cl.entryPoint() + "(PP_PARAMS"), def.name());
            assertTrue(def.impl(Dialect.JAVA_WORKGROUP).isPresent(), def.name());
        }
        assertEquals(List.of("stockham", "fourstep"), Workloads.get("fft").variants());
        Params bad = Params.of("n", "1000");
        var e = assertThrows(ConfigException.class, () -> new Fft().settings(null, "stockham", bad));
        assertTrue(e.getMessage().contains("power of two"), e.getMessage());
    }

    /** 2^20 = 2048 x 512 in two launches (the fewest passes), 2 and 8 adjacent columns per group within 48 KiB; up to 1024 points one launch. */
    @Test
    void fourstepSplitsLargeTransformsIntoTwoLaunches() {
        var l = Fft.fourstep(1 << 20, 8, 1024, 48 * 1024, 0);
        assertEquals(List.of(new Fft.ColsLaunch(2048, 512, 2, 1, 2048, 1), new Fft.ColsLaunch(512, 2048, 8, 2048, 1, 0)), l);
        assertEquals(512, l.getFirst().wg(8));
        var odd = Fft.fourstep(2048, 4, 1024, 48 * 1024, 0);
        assertEquals(List.of(new Fft.ColsLaunch(64, 32, 32, 1, 64, 1), new Fft.ColsLaunch(32, 64, 64, 64, 1, 0)), odd);
        assertEquals(List.of(new Fft.ColsLaunch(512, 1, 1, 1, 512, 0)), Fft.fourstep(512, 8, 1024, 48 * 1024, 0));
        // a small local memory shrinks the columns per group: 2 columns of 1024 values, a float of padding every 8 and
        // one more (pitch 1153), 8 B a value
        assertEquals(1153, Fft.pitch(1024));
        assertEquals(2, Fft.fourstep(1 << 20, 8, 1024, 18448, 1024).getFirst().cb());
        assertEquals(1, Fft.fourstep(1 << 20, 8, 1024, 18447, 1024).getFirst().cb());
        // a given split: 512 x 2048 (8 and 2 columns per group), and two launches even for a small n; radix 4 balances 2^20 as 1024 x 1024
        assertEquals(List.of(new Fft.ColsLaunch(512, 2048, 8, 1, 512, 1), new Fft.ColsLaunch(2048, 512, 2, 512, 1, 0)),
                Fft.fourstep(1 << 20, 8, 1024, 48 * 1024, 512));
        assertEquals(1024, Fft.fourstep(1 << 20, 4, 1024, 48 * 1024, 0).getFirst().len());
        assertEquals(2, Fft.fourstep(512, 8, 1024, 48 * 1024, 16).size());
    }
}
