package dev.perfport.backend.aparapi.kernels;

import com.aparapi.internal.model.ClassModel;
import com.aparapi.internal.writer.KernelWriter;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The OpenCL C Aparapi writes for gemm's tiled kernel, from the template (tiling parameters as
 * kernel arguments) and from its per-configuration class (constants). No device is needed: the
 * source is Aparapi's translation of the bytecode. Both are written to
 * {@code target/aparapi-opencl/} for the H100 page's generated-code evidence.
 */
class SpecialiserTest {
    /** The H100's tuned SGEMM shape at 4096 (CLBlast's 128×128×16 with 16×16 threads, float4 both ways, strided, both staged). */
    private static final int[] TUNED = {128, 128, 16, 16, 16, 16, 16, 4, 4, 1, 1, 1, 1, 0};

    private static String openCl(Object kernel) throws Exception {
        return KernelWriter.writeToString(ClassModel.createClassModel(kernel.getClass()).getEntrypoint("run", kernel));
    }

    /** The OpenCL Aparapi writes for {@code kernel}, also saved as target/aparapi-opencl/{@code file}. */
    private static String dumped(Object kernel, String file) throws Exception {
        String cl = openCl(kernel);
        Path dir = Path.of("target", "aparapi-opencl");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(file), cl);
        return cl;
    }

    @Test
    void tilingParametersBecomeConstantsInTheGeneratedOpenCl() throws Exception {
        GemmKernels.XgemmFloat template = new GemmKernels.XgemmFloat(TUNED);
        GemmKernels.XgemmFloat spec = Specialiser.of(GemmKernels.XgemmFloat.class, TUNED);
        assertNotSame(GemmKernels.XgemmFloat.class, spec.getClass());
        assertEquals(128, spec.mwg, "the subclass keeps the template's fields");
        String before = dumped(template, "xgemm-float-template.cl");
        String after = dumped(spec, "xgemm-float-128x128x16.cl");
        assertTrue(before.contains("this->mwg"), "the template reads its tile sizes from kernel arguments:\n" + before);
        for (String f : new String[]{"mwg", "nwg", "kwg", "mdimc", "ndimc", "mdima", "ndimb", "vwm", "vwn", "strm", "strn", "sa", "sb", "db"}) {
            assertFalse(after.contains("this->" + f + ";") || after.contains("this->" + f + " ") || after.contains("this->" + f + ")"),
                    f + " is still a kernel argument:\n" + after);
        }
        // the register-tile loops have literal bounds the OpenCL compiler can unroll
        assertTrue(after.contains("<8") || after.contains("< 8") || after.contains("(128 / 16)") || after.contains("128 / 16"),
                "no literal bound in:\n" + after);
    }

    /**
     * VaR's loops over its k simulations live in helpers of a superclass ({@code evaluate},
     * {@code init}, {@code finish}): the per-configuration class overrides them with k folded, so
     * Aparapi writes literal loop bounds there too (on the H100 this took Aparapi's VaR kernel from
     * 4.99× jocl's time to 0.99×: docs/routes.md).
     */
    @Test
    void inheritedHelpersAreFoldedToo() throws Exception {
        int[] cfg = {64, 32, 0, 0, 0, 0};   // posbs, k = simbs·vwidth, Philox, SoA, offset 0, NDRange
        VarKernels.Singlebuffer64 template = new VarKernels.Singlebuffer64(cfg);
        VarKernels.VarCore spec = Specialiser.of(VarKernels.Singlebuffer64.class, cfg);
        assertNotSame(VarKernels.Singlebuffer64.class, spec.getClass());
        for (String m : new String[]{"run", "evaluate", "init", "finish"}) {
            assertTrue(java.util.Arrays.stream(spec.getClass().getDeclaredMethods()).anyMatch(x -> x.getName().equals(m)),
                    m + " is not overridden by the folded class");
        }
        String before = dumped(template, "var-singlebuffer64-template.cl");
        String after = dumped(spec, "var-singlebuffer64-k32.cl");
        assertTrue(before.contains("this->k"), "the template reads k from a kernel argument:\n" + before);
        assertFalse(after.contains("this->k") || after.contains("this->posbs") || after.contains("this->rng"),
                "k, posbs or rng is still a kernel argument:\n" + after);
        assertTrue(after.contains("<32") || after.contains("< 32"), "no literal bound 32 in:\n" + after);
    }

    /**
     * The adaptive convolution's filter size and tile factors, compiled in: literal loop bounds and
     * the tx·ty accumulators indexed by constants (on the H100: 1.93× jocl's kernel time before, 0.99× after).
     */
    @Test
    void convolutionFilterAndTileFactorsBecomeConstants() throws Exception {
        int[] cfg = ConvolutionKernels.compiledIn(dev.perfport.core.kernel.Constants.of("FW", 17, "FH", 17, "TX", 8, "TY", 2));
        ConvolutionKernels.TiledConst spec = Specialiser.of(ConvolutionKernels.TiledConst.class, cfg);
        String after = dumped(spec, "convolution-tiled-17x17-8x2.cl");
        assertFalse(after.contains("this->kfw") || after.contains("this->ktx"), "the compiled-in values are still kernel arguments:\n" + after);
        // the loop bounds are locals Aparapi writes as (17>0)?17:this->fw, constants for the OpenCL compiler
        assertTrue(after.replace(" ", "").contains("(17>0)?17:") && after.replace(" ", "").contains("(8>0)?8:"),
                "no compiled-in filter size or tile factor in:\n" + after);
        assertTrue(ConvolutionKernels.compiledIn(dev.perfport.core.kernel.Constants.of("TX", 8)).length == 4
                && ConvolutionKernels.compiledIn(dev.perfport.core.kernel.Constants.of("TX", 8))[0] == 0, "no FW: the arguments' values");
        // a route limit, not a bad constant: the tuner counts it as refused (not as a build error)
        var e = org.junit.jupiter.api.Assertions.assertThrows(dev.perfport.core.error.UnsupportedFeatureException.class,
                () -> Specialiser.of(ConvolutionKernels.TiledConst.class, new int[]{3, 3, 16, 8}));
        assertTrue(e.getMessage().contains("TX*TY = 128 outputs per work-item exceed the 64"), e.getMessage());
    }

    @Test
    void tunedReductionVectorWidthAndItemsBecomeConstants() throws Exception {
        var template = new ReductionKernels.TunedInt(new int[]{1, 1});
        String before = openCl(template);
        assertTrue(before.contains("this->ipt"), "the template reads ipt from a kernel argument:\n" + before);
        String after = dumped(Specialiser.of(ReductionKernels.TunedInt.class, new int[]{1, 1}), "reduction-tuned-int-vw1-ipt1.cl");
        assertFalse(after.contains("this->vw") || after.contains("this->ipt"), "vw or ipt is still a kernel argument:\n" + after);
        String spec4 = openCl(Specialiser.of(ReductionKernels.TunedFloat.class, new int[]{4, 2}));
        assertFalse(spec4.contains("this->vw") || spec4.contains("this->ipt"), "vw or ipt is still a kernel argument:\n" + spec4);
        assertTrue(spec4.replace(" ", "").contains("<4"), "no literal bound 4 (vw) in:\n" + spec4);
    }

    @Test
    void switchedOffTheTemplateItselfRuns() {
        boolean was = Specialiser.enabled();
        try {
            Specialiser.enable(false);
            assertSame(GemmKernels.XgemmFloat.class, Specialiser.of(GemmKernels.XgemmFloat.class, TUNED).getClass());
        } finally {
            Specialiser.enable(was);
        }
    }

    @Test
    void oneClassPerConfiguration() {
        Class<?> a = Specialiser.of(GemmKernels.XgemmFloat.class, TUNED).getClass();
        Class<?> b = Specialiser.of(GemmKernels.XgemmFloat.class, TUNED.clone()).getClass();
        int[] other = TUNED.clone();
        other[2] = 32;
        assertSame(a, b);
        assertNotSame(a, Specialiser.of(GemmKernels.XgemmFloat.class, other).getClass());
        int[] doubleBuffered = TUNED.clone();
        doubleBuffered[13] = 1;
        assertNotSame(a, Specialiser.of(GemmKernels.XgemmFloat.class, doubleBuffered).getClass());
    }

    /**
     * The single-pass scan's ITEMS becomes a literal, so its loops over the work-item's elements unroll and the
     * private array lives in registers; its status words are read and written with int atomics only.
     */
    @Test
    void singlePassScanHasItsItemsAsAConstantAndAtomicStatusWords() throws Exception {
        String cl = dumped(Specialiser.of(ScanKernels.SinglePassFloat.class, new int[]{0, 8, 0}), "scan-single-pass-float-items8.cl");
        assertFalse(cl.contains("this->items") || cl.contains("this->striped"), "items or striped is still a kernel argument:\n" + cl);
        // the H100's configurations (the GPU scripts build them for their PTX)
        dumped(Specialiser.of(ScanKernels.SinglePassInt.class, new int[]{0, 16, 0}), "scan-single-pass-int-items16.cl");
        dumped(Specialiser.of(ScanKernels.SinglePassInt.class, new int[]{0, 16, 1}), "scan-single-pass-int-items16-striped.cl");
        assertTrue(cl.contains("<8"), "no literal bound 8 in:\n" + cl);
        assertTrue(cl.contains("atomicAdd(this->status, "), "status is read through Aparapi's atomic_add:\n" + cl);
        assertFalse(cl.contains("this->status["), "a plain access of status:\n" + cl);
    }

    /** The four-step FFT's launch shape (fft.cl's COLS_*) is folded as OpenCL C's one program per launch has it. */
    @Test
    void fourStepColumnsHaveTheLaunchShapeAsConstants() throws Exception {
        // radix 8, AoS, local exchange, computed twiddles; 512 points in one launch: len 512, one column, wg 64
        String cl = dumped(Specialiser.of(FftKernels.Cols.class, new int[]{8, 0, 1, 0, 0, 512, 1, 1, 512, 0, 64}), "fft-cols-512.cl");
        for (String f : List.of("kLen", "kCols", "kOuts", "kOutc", "kTwist", "kWg", "kRadix", "this->len", "this->cols")) {
            assertFalse(cl.contains(f), f + " is still read from a kernel argument:\n" + cl);
        }
        // 512 = 8·8·8: three passes of the literal radix 8, and no last pass of another radix
        String flat = cl.replace(" ", "");
        assertTrue(flat.contains("p<3;") && flat.contains("intradix=8;") && flat.contains("if(1>1)"), "the passes are not constants in:\n" + cl);
    }
}
