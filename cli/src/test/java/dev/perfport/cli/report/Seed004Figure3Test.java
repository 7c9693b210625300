package dev.perfport.cli.report;

import dev.perfport.workloads.Params;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Report seed-004's Figure 3 from saved data: a reference that could not be loaded is named with
 * its reason and rates nothing (the page still renders), and the paper's average rates SpMV
 * against its tuned kernel, FFT and SGEMM against their reference.
 */
class Seed004Figure3Test {
    private static final List<String> PARAMS = List.of("matrices=stencil2d:9x7", "ffts=64x3", "sgemms=48");
    private static final String DEV = "jocl:0";

    private static Seed004Study.Point pt(String variant, Map<String, String> knobs, double rate) {
        return new Seed004Study.Point(variant, knobs, true, null, rate, "GFLOP/s", rate, 0, 1);
    }

    private static ReportData data(Path dir, Seed004Study.Point gemmRef) {
        ReportData d = ReportData.start(dir, Seed004Report.NAME, "perfport report seed-004", PARAMS, Map.of(),
                Map.of("cpu", "x", "threads", "2", "os", "y", "java", "25", "loadBefore", "0"));
        d.save("device", DEV, List.of(new Seed004Report.DeviceRow(DEV, "jocl", "cpu", "cpu", "measured kernel time", null)));
        Map<String, String> ell = Map.of("wg", "128", "rpt", "1", "map", "0");
        d.save("spmv/stencil2d:9x7", DEV, List.of(
                new Seed004Study.Point("ell-col", ell, true, null, 2, "effective GB/s", 1, 2, 1),
                new Seed004Study.Point("ell-row", ell, true, null, 8, "effective GB/s", 4, 8, 1)));
        d.save("spmv/stencil2d:9x7/reference", DEV, List.of(new Seed004Study.Point("host Java CSR (2 threads)", Map.of(), true, null, 4,
                "effective GB/s", 2, 4, 1)));
        Map<String, String> fftBase = Map.of("radix", "8", "layout", "0", "exchange", "1", "twiddle", "0", "share", "0");
        Map<String, String> fftTuned = Map.of("radix", "4", "layout", "1", "exchange", "1", "twiddle", "1", "share", "1");
        d.save("fft/64x3", DEV, List.of(pt(FftStudy.STOCKHAM, fftBase, 1), pt(FftStudy.STOCKHAM, fftTuned, 5)));
        d.save("fft/64x3/reference", DEV, List.of(pt("fftw-3.3.10 fftwf_plan_many_dft (FFTW_MEASURE), float, 2 threads", Map.of(), 50)));
        d.save("gemm/48", DEV, List.of(pt("indirect", SgemmStudy.BASE, 2), pt("indirect", Map.of("tile", "64", "layout", "col", "scratchpad", "0"), 20)));
        d.save("gemm/48/reference", DEV, List.of(gemmRef));
        d.finish();
        return d;
    }

    private static String page(ReportData d) {
        return Seed004Page.markdown(d, Params.parse(PARAMS), new ReportWriter.Figures(Seed004Report.NAME, List.of()), new int[1]);
    }

    @Test
    void aMissingReferenceIsNamedWithItsReasonAndRatesNothing(@TempDir Path dir) {
        String why = "OpenBLAS (org.bytedeco:openblas) not loaded: UnsatisfiedLinkError: no jniopenblas_nolapack in java.library.path";
        String md = page(data(dir, new Seed004Study.Point("OpenBLAS cblas_sgemm", Map.of(), false, why, 0, "GFLOP/s", 0, 0, 0)));
        assertTrue(md.contains("**48**: 2 of 2 points verified; reference missing (" + why + "), so no % ref."), md);
        assertTrue(md.contains("| gemm | jocl:0 | 48 | 2.00 | 20.0 | 10.00 | - | - |"), md);
        assertTrue(md.contains("- SGEMM: missing: " + why), md);
        // the average needs all three workloads: SGEMM has no reference, so no average, but SpMV and FFT still show
        assertTrue(md.contains("| jocl:0 | 25.0 % | 2.0 % → 10.0 % | - | - | - |"), md);
        assertFalse(md.contains("Failed or refused points\n\n" + "1 point"), "a missing reference is not a failed point");
    }

    @Test
    void thePapersAverageRatesSpmvAgainstItsTunedKernel(@TempDir Path dir) {
        String md = page(data(dir, pt("OpenBLAS 0.3.31 cblas_sgemm, float, 2 threads", Map.of(), 100)));
        assertTrue(md.contains("- SGEMM: `OpenBLAS 0.3.31 cblas_sgemm, float, 2 threads`"), md);
        // SpMV 2/8 = 25 % → 100 %, FFT 1/50 → 5/50, SGEMM 2/100 → 20/100: mean 9.7 % → 43.3 %
        assertTrue(md.contains("| jocl:0 | 25.0 % | 2.0 % → 10.0 % | 2.0 % → 20.0 % | 9.7 % → 43.3 % | 4.5 |"), md);
        assertTrue(md.contains("| the paper (Ivy Bridge CPU, Fig. 3) |"), md);
        assertTrue(md.contains("| gemm | jocl:0 | 48 | 2.00 | 20.0 | 10.00 | 2% | 20% |"), md);
    }
}
