package dev.perfport.core.tune;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tuning database: the same device first, then its architecture, then the sizes nearest the row's. */
class TuneDatabaseTest {

    private static TuneDatabase.Entry gemm(String device, int size, int mwg, double value) {
        return new TuneDatabase.Entry("gemm", "jocl", device, Map.of("variant", "indirect", "type", "float", "m", "" + size, "n", "" + size,
                "k", "" + size), Map.of("mwg", mwg), "GFLOP/s", value, "2026-11-28", "abc", "test");
    }

    private static final Map<String, List<String>> ARCH = Map.of("NVIDIA Hopper", List.of("\\bH100\\b", "\\bH200\\b"));

    private static TuneDatabase db(TuneDatabase.Entry... e) {
        return TuneDatabase.read(TuneDatabase.write(ARCH, List.of(e)));
    }

    private static final Map<String, String> FLOAT = Map.of("variant", "indirect", "type", "float");

    @Test
    void theSameDeviceComesFirstThenItsArchitectureAndNothingElsewhere() {
        TuneDatabase d = db(gemm("NVIDIA H100 80GB HBM3", 1024, 64, 20000), gemm("NVIDIA H200", 1024, 128, 30000));
        var h200 = d.pick("jocl", "NVIDIA H200", "gemm", FLOAT, Map.of()).orElseThrow();
        assertEquals(128, h200.entry().knobs().get("mwg"));
        assertEquals("device", h200.matched());
        var gh = db(gemm("NVIDIA H100 80GB HBM3", 1024, 64, 20000)).pick("jocl", "NVIDIA H200", "gemm", FLOAT, Map.of()).orElseThrow();
        assertEquals("architecture: NVIDIA Hopper", gh.matched());
        assertTrue(d.pick("jocl", "NVIDIA A100", "gemm", FLOAT, Map.of()).isEmpty(), "another architecture");
        assertTrue(d.pick("aparapi", "NVIDIA H200", "gemm", FLOAT, Map.of()).isEmpty(), "another route");
        assertTrue(d.pick("jocl", "NVIDIA H200", "gemm", Map.of("type", "double"), Map.of()).isEmpty(), "another type");
    }

    @Test
    void theEntryTunedNearestTheRowsSizesWins() {
        TuneDatabase d = db(gemm("NVIDIA H200", 1024, 64, 30000), gemm("NVIDIA H200", 4096, 128, 45000));
        assertEquals(64, d.pick("jocl", "NVIDIA H200", "gemm", FLOAT, Map.of("m", "1500", "n", "1500", "k", "1500")).orElseThrow().entry().knobs().get("mwg"));
        assertEquals(128, d.pick("jocl", "NVIDIA H200", "gemm", FLOAT, Map.of("m", "3000", "n", "3000", "k", "3000")).orElseThrow().entry().knobs().get("mwg"));
        assertEquals(128, d.pick("jocl", "NVIDIA H200", "gemm", FLOAT, Map.of()).orElseThrow().entry().knobs().get("mwg"), "no sizes: the fastest");
    }

    @Test
    void theShippedDatabaseReadsAndCarriesItsProvenance() {
        TuneDatabase d = TuneDatabase.shipped();
        assertFalse(d.contents().entries().isEmpty());
        for (TuneDatabase.Entry e : d.contents().entries()) {
            assertTrue(!e.date().isBlank() && !e.commit().isBlank() && !e.source().isBlank() && e.value() > 0, e.toString());
            assertTrue(e.fixed().containsKey("variant"), e.toString());
        }
        assertEquals("NVIDIA Hopper", d.architecture("NVIDIA H100 80GB HBM3").orElseThrow());
        assertTrue(d.architecture("pthread-skylake-avx512").isEmpty());
    }

    /** A case that differs in a fixed parameter only (the convolution's math) takes its own entry, never the other's. */
    @Test
    void eachMathOfTheShippedConvolutionHasItsOwnEntry() {
        TuneDatabase d = TuneDatabase.shipped();
        java.util.Map<String, String> near = java.util.Map.of("width", "8192", "height", "8192");
        for (String math : java.util.List.of("precise", "fma")) {
            var pick = d.pick("jocl", "NVIDIA H200", "convolution", java.util.Map.of("variant", "adaptive", "fw", "17", "fh", "17", "math", math), near)
                    .orElseThrow();
            assertEquals(math, pick.entry().fixed().get("math"), pick.toString());
            assertEquals(1, pick.entry().knobs().get("adjacent"), pick.toString());
        }
    }

    @Test
    void aFileOfAnotherFormatIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TuneDatabase.read("{\"format\":\"x\"}"));
        assertTrue(e.getMessage().contains("format 'x'"), e.getMessage());
    }
}
