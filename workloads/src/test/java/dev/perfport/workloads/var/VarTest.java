package dev.perfport.workloads.var;

import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** Definitions, parameters and their errors; the kernels run on every backend in the CLI's integration tests. */
class VarTest {
    final Var var = new Var();

    @Test
    void registeredWithThreeVariants() {
        assertSame(Var.class, Workloads.get("var").getClass());
        assertEquals(java.util.List.of("loadstore", "singlebuffer", "doublebuffer"), var.variants());
        assertEquals("000", var.seed());
    }

    @Test
    void definitionsCarryBothDialectsAndLocalArgumentsOnlyWhenBuffered() {
        for (VarKernels.Variant v : VarKernels.Variant.values()) {
            KernelDef d = VarKernels.def(v);
            assertTrue(d.impl(Dialect.OPENCL_C).isPresent() && d.impl(Dialect.JAVA_WORKGROUP).isPresent(), d.name());
            long locals = d.args().stream().filter(a -> a.level() == MemoryLevel.LOCAL).count();
            assertEquals(v.buffers == 0 ? 0 : 3, locals, d.name());
        }
        assertEquals(0, VarKernels.Variant.LOADSTORE.localBytes(4096));
        assertEquals(12L * 2048, VarKernels.Variant.SINGLEBUFFER.localBytes(2048));
        assertEquals(2 * 12L * 2048, VarKernels.Variant.DOUBLEBUFFER.localBytes(2048));
        assertNotEquals(VarKernels.def(VarKernels.Variant.SINGLEBUFFER).hash(), VarKernels.def(VarKernels.Variant.DOUBLEBUFFER).hash());
    }

    @Test
    void settingsResolveDefaultsAndNsim() {
        Var.Settings s = var.settings("singlebuffer", Params.of());
        assertEquals(1 << 17, s.npos());
        assertEquals(4 * 4 * 16 * 8, s.layout().nsim());
        assertEquals("131072", s.params().get("npos"));
        Params c = var.compareCases(Params.of()).getFirst();
        assertEquals(String.valueOf(Var.COMPARE_NPOS), c.get("npos"));
        assertEquals("2^15", var.compareCases(Params.of("npos", "2^15")).getFirst().get("npos"));
    }

    @Test
    void badParametersNameTheProblemAndTheLimit() {
        assertBad(Params.of("vwidth", "3"), "vwidth must be one of 1, 2, 4, 8, 16, got 3");
        assertBad(Params.of("npos", "1000", "posbs", "2048"), "posbs must be in [1, 1000], got 2048");
        assertBad(Params.of("simbs", "65"), "simbs must be in [1, 64], got 65");
        assertBad(Params.of("wgsize", "1024", "ngroup", "1024", "simbs", "16", "vwidth", "16"), "exceeds the limit 16777216");
        assertBad(Params.of("rng", "xorshift"), "rng must be philox or mt");
        assertBad(Params.of("rng", "mt", "wgsize", "256", "ngroup", "32"), "8192 exceeds the 4096 streams");
        assertBad(Params.of("q", "1"), "q must be in (0, 1)");
        assertBad(Params.of("reps", "0"), "reps must be in [1, 1000]");
        assertBad(Params.of("npos", "lots"), "npos must be an integer");
        assertBad(Params.of("input", "/nonexistent/var.json"), "cannot read VaR input file /nonexistent/var.json");
        ConfigException e = assertThrows(ConfigException.class, () -> var.settings("tiled", Params.of()));
        assertTrue(e.getMessage().contains("loadstore, singlebuffer, doublebuffer"), e.getMessage());
    }

    @Test
    void toleranceFollowsTheSummationBound() {
        assertEquals((131072 + 16) * Math.pow(2, -24), Var.tolerance(1 << 17), 1e-15);
        assertTrue(Var.tolerance(16) < 2e-6);
    }

    @Test
    void staticStudyKnobsReachTheConstantsOnlyWhenSet() {
        Var.Settings d = var.settings("singlebuffer", Params.of("npos", "100", "posbs", "10"));
        assertFalse(d.constants().has("AOS") || d.constants().has("POFF") || d.constants().has("TASKS"),
                "the default kernels keep the paper's constants: " + d.constants());
        assertEquals(16 * 8, d.layout().workItems());
        assertArrayEquals(new long[]{d.layout().workItems()}, d.range().globalSizes());

        Var.Settings s = var.settings("singlebuffer", Params.of("npos", "100", "posbs", "10", "layout", "aos", "form", "task", "offset", "3",
                "wgsize", "8", "ngroup", "5"));
        assertEquals(1, s.constants().getInt("AOS"));
        assertEquals(3, s.constants().getInt("POFF"));
        assertEquals(40, s.constants().getInt("TASKS"), "a task loops over wgsize*ngroup work-items");
        assertArrayEquals(new long[]{1}, s.range().globalSizes(), "a task is one work-item");
        assertArrayEquals(new long[]{1}, s.range().localSizes());
        assertEquals("aos", s.params().get("layout"));
        assertEquals("task", s.params().get("form"));
        assertEquals("3", s.params().get("offset"));
    }

    @Test
    void uploadedArraysHoldTheRecordsOrThePaddedFields() {
        VarInput.Portfolio pf = new VarInput.Portfolio(new int[]{1, 0, 1}, new float[]{2.5f, 3f, 4f}, new int[]{7, 800, 9});
        Var.Settings aos = var.settings("loadstore", Params.of("npos", "3", "posbs", "1", "layout", "aos", "offset", "2"));
        Var.Uploaded u = Var.arrays(pf, aos);
        assertArrayEquals(new float[]{0, 0, 1, 2.5f, 7, 0, 3f, 800, 1, 4f, 9}, u.amount(), 0f);
        assertEquals(1, u.type().length, "aos: type and day are unused");
        Var.Settings soa = var.settings("loadstore", Params.of("npos", "3", "posbs", "1", "offset", "1"));
        Var.Uploaded v = Var.arrays(pf, soa);
        assertArrayEquals(new int[]{0, 1, 0, 1}, v.type());
        assertArrayEquals(new float[]{0, 2.5f, 3f, 4f}, v.amount(), 0f);
        assertArrayEquals(new int[]{0, 7, 800, 9}, v.day());
        VarInput.Portfolio far = new VarInput.Portfolio(new int[]{0}, new float[]{1f}, new int[]{(1 << 24) + 1});
        ConfigException e = assertThrows(ConfigException.class, () -> Var.arrays(far, var.settings("loadstore",
                Params.of("npos", "1", "posbs", "1", "layout", "aos"))));
        assertTrue(e.getMessage().contains("exceeds 2^24"), e.getMessage());
    }

    @Test
    void staticStudyKnobsRefuseWhatTheyCannotRun() {
        assertBad(Params.of("layout", "rows"), "layout must be");
        assertBad(Params.of("form", "tasks"), "form must be");
        assertBad(Params.of("offset", "-1"), "offset must be in [0, 4096]");
        assertBad(Params.of("form", "task", "wgsize", "1024", "ngroup", "128", "simbs", "1", "vwidth", "1"), "at most 65536");
        assertEquals(12L * 256 + 8, VarKernels.Variant.SINGLEBUFFER.localBytes(256, true));
        assertEquals(0, VarKernels.Variant.LOADSTORE.localBytes(256, true));
    }

    private void assertBad(Params p, String expected) {
        ConfigException e = assertThrows(ConfigException.class, () -> var.settings("singlebuffer", p));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
