package dev.perfport.workloads.scan;

import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.memory.ElemType;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** Definitions, parameter checks, references and the verification rules of the scan study. */
class ScanTest {
    @Test
    void definitionsCarryBothDialects() {
        for (ElemType t : new ElemType[]{ElemType.INT, ElemType.FLOAT}) {
            for (KernelDef def : List.of(ScanKernels.block(t), ScanKernels.sequential(t), ScanKernels.add(t),
                    ScanKernels.v1(t), ScanKernels.plus(t))) {
                var cl = assertInstanceOf(KernelImpl.OpenClSource.class, def.impl(Dialect.OPENCL_C).orElseThrow(), def.name());
                assertTrue(cl.source().contains("__kernel void " + cl.entryPoint() + "(PP_PARAMS"), def.name());
                assertTrue(def.impl(Dialect.JAVA_WORKGROUP).isPresent(), def.name());
                assertEquals(t, def.args().getFirst().type(), def.name());
                assertEquals(t == ElemType.FLOAT ? 1 : 0, def.defaults().getInt("FLOAT"));
                assertEquals(0, def.defaults().getInt(ScanKernels.OP_MAX), "add unless told");
            }
            assertEquals(LaunchForm.STATIC_GROUPS, ScanKernels.v1(t).form());
            assertEquals(LaunchForm.STATIC_GROUPS, ScanKernels.plus(t).form());
            assertEquals(LaunchForm.NDRANGE, ScanKernels.block(t).form());
            assertEquals(ElemType.INT, ScanKernels.v1(t).args().get(ScanKernels.v1(t).indexOf("counter")).type());
        }
        assertThrows(IllegalArgumentException.class, () -> ScanKernels.block(ElemType.DOUBLE));
        assertEquals(513, ScanKernels.v1LocalElements(256));
        assertEquals(1025, ScanKernels.plusLocalElements(256));
        assertEquals(List.of("harris", "v1", "scanplus", "single-pass"), Workloads.get("scan").variants());
    }

    @Test
    void operatorsAndIdentities() {
        assertEquals(0, ScanOp.ADD.identityInt());
        assertEquals(Integer.MIN_VALUE, ScanOp.MAX.identityInt());
        assertEquals(Float.NEGATIVE_INFINITY, ScanOp.MAX.identityFloat());
        assertEquals(7, ScanOp.MAX.combine(ScanOp.MAX.identityInt(), 7));
        assertEquals(-3f, ScanOp.MAX.combine(ScanOp.MAX.identityFloat(), -3f));
        assertEquals(5, ScanOp.ADD.combine(2, 3));
        assertEquals(1, ScanOp.MAX.constant());
        assertEquals(ScanOp.MAX, ScanOp.parse(" MAX "));
        var e = assertThrows(ConfigException.class, () -> ScanSpec.SPEC.parse(dev.perfport.workloads.Params.of("op", "min")));
        assertEquals("op must be add or max, got 'min'", e.getMessage());
    }

    @Test
    void referencesOnSmallArrays() {
        int[] a = {3, 1, 4, 1, 5, -9};
        assertArrayEquals(new int[]{0, 3, 4, 8, 9, 14}, ScanInput.reference(a, ScanOp.ADD));
        assertArrayEquals(new int[]{Integer.MIN_VALUE, 3, 3, 4, 4, 5}, ScanInput.reference(a, ScanOp.MAX));
        float[] f = {0.5f, -2f, 1.25f};
        assertArrayEquals(new double[]{0, 0.5, -1.5}, ScanInput.reference(f, ScanOp.ADD));
        assertArrayEquals(new double[]{Double.NEGATIVE_INFINITY, 0.5, 0.5}, ScanInput.reference(f, ScanOp.MAX));
        assertThrows(ArithmeticException.class, () -> ScanInput.reference(new int[]{Integer.MAX_VALUE, 1, 1}, ScanOp.ADD));
    }

    @Test
    void intIsExactFloatAddWithinToleranceFloatMaxExact() {
        ScanInput ints = ScanInput.generate(1000, ElemType.INT, ScanOp.ADD, 1);
        int[] got = ((int[]) ints.ref()).clone();
        assertNull(ints.check(got));
        got[999]++;
        String m = ints.check(got);
        assertTrue(m != null && m.contains("first at 999"), m);

        ScanInput fadd = ScanInput.generate(1 << 12, ElemType.FLOAT, ScanOp.ADD, 2);
        double[] ref = (double[]) fadd.ref();
        float[] close = new float[ref.length];
        for (int i = 0; i < ref.length; i++) close[i] = (float) ref[i];
        assertNull(fadd.check(close), "rounding the reference to float32 is within tolerance");
        close[100] = (float) (ref[100] * (1 + 2 * ScanInput.floatTolerance(ref.length)));
        assertNotNull(fadd.check(close));
        close[100] = (float) ref[100];
        close[0] = Float.MIN_VALUE;   // the first element must be the identity exactly
        assertNotNull(fadd.check(close));

        ScanInput fmax = ScanInput.generate(1 << 12, ElemType.FLOAT, ScanOp.MAX, 3);
        double[] mref = (double[]) fmax.ref();
        float[] exact = new float[mref.length];
        for (int i = 0; i < mref.length; i++) exact[i] = (float) mref[i];
        assertNull(fmax.check(exact));
        assertEquals(Float.NEGATIVE_INFINITY, exact[0]);
        exact[2000] = Math.nextUp(exact[2000]);
        assertNotNull(fmax.check(exact), "max is exact");

        // the max input keeps rising, so block and static-group boundaries matter to the result
        int[] mx = (int[]) ScanInput.generate(1 << 14, ElemType.INT, ScanOp.MAX, 4).ref();
        assertTrue(mx[(1 << 14) - 1] > mx[1 << 12]);
    }

    @Test
    void parameterErrorsNameTheProblem() {
        Params d = new Scan().defaults();
        String[][] bad = {{"wg", "48", "power of two"}, {"type", "double", "int or float"}, {"op", "min", "add or max"},
                {"sums", "parallel", "recursive or sequential"}, {"n", "0", "n must be"}, {"n", "2^31", "n must"},
                {"k", "0", "k must"}, {"reps", "0", "reps"}};
        for (String[] b : bad) {
            var e = assertThrows(ConfigException.class, () -> config(d.with(b[0], b[1])), b[0] + "=" + b[1]);
            assertTrue(e.getMessage().contains(b[2]), e.getMessage());
        }
        Scan.Config c = config(d.with("n", "1000003").with("wg", "64"));
        assertEquals(128, c.m());
        assertEquals(7813, c.blocks());
        assertThrows(ConfigException.class, () -> new Scan().run(null, "blelloch", Params.of()));
    }

    @Test
    void recursionIsNeededBeyondOneBlockOfSums() {
        assertEquals(List.of(16384, 32, 1), Scan.recursionLevels(1 << 23, 512));
        assertEquals(List.of(1), Scan.recursionLevels(512, 512));
        assertEquals(List.of(2, 1), Scan.recursionLevels(513, 512));
        // the paper's threshold: with wg = 512 (m = 1024) up to 1024 groups need no recursion of SUM
        assertEquals(List.of(1024, 1), Scan.recursionLevels(1024 * 1024, 1024));
        assertEquals(List.of(1025, 2, 1), Scan.recursionLevels(1024 * 1024 + 1, 1024));
    }

    @Test
    void protocolMustEndAtZeroWithOneScan() {
        assertNull(Scan.protocolMismatch(new int[]{0, 1}, 6));
        assertTrue(Scan.protocolMismatch(new int[]{1, 1}, 6).contains("ended at 1"));
        assertTrue(Scan.protocolMismatch(new int[]{0, 2}, 6).contains("2 group(s) scanned SUM"));
        assertNotNull(Scan.protocolMismatch(new int[]{0, 0}, 6));
    }

    @Test
    void compareRunsTypesAndOperatorsAtTheDefaultSize() {
        Scan s = new Scan();
        List<Params> all = s.compareCases(Params.of());
        assertEquals(4, all.size());
        assertTrue(all.stream().allMatch(p -> p.get("n").equals("2^23")));
        assertEquals(List.of("int/add", "int/max", "float/add", "float/max"),
                all.stream().map(p -> p.get("type") + "/" + p.get("op")).toList());
        assertEquals(2, s.compareCases(Params.of("type", "float")).size());
        List<Params> one = s.compareCases(Params.of("type", "int", "op", "max", "n", "1000"));
        assertEquals(1, one.size());
        assertEquals("1000", one.getFirst().get("n"));
        List<Params> ks = s.compareCases(Params.of("type", "int", "op", "max", "k", "1,2,4"));
        assertEquals(List.of("1", "2", "4"), ks.stream().map(p -> p.get("k")).toList(), "one case per k");
    }
    /** The single-pass knobs: one error line naming the knob and its limit; the register cap reaches the kernel's constants only when set. */
    @Test
    void singlePassKnobsAreCheckedAndTheCapIsAConstant() {
        Params d = new Scan().defaults().with("wg", "256");
        String[][] bad = {{"coalesce", "2", "coalesce must be 0 or 1"}, {"regs", "8", "regs must be 0 (the compiler's choice) or in [16, 255]"},
                {"regs", "256", "in [16, 255], got 256"}, {"gpc", "-1", "gpc must be 0 (k decides) or in [1, 64]"}};
        for (String[] b : bad) {
            var e = assertThrows(ConfigException.class, () -> singlePass(d.with(b[0], b[1])), b[0] + "=" + b[1]);
            assertTrue(e.getMessage().contains(b[2]), e.getMessage());
        }
        var e = assertThrows(ConfigException.class, () -> singlePass(d.with("coalesce", "1")));
        assertTrue(e.getMessage().contains("coalesce=1 needs warp=1 or 2"), e.getMessage());
        e = assertThrows(ConfigException.class, () -> singlePass(d.with("coalesce", "1").with("warp", "2").with("prefetch", "1")));
        assertTrue(e.getMessage().contains("prefetch=0"), e.getMessage());
        e = assertThrows(ConfigException.class, () -> singlePass(d.with("gpc", "8").with("k", "100")));
        assertTrue(e.getMessage().contains("give k or gpc, not both"), e.getMessage());
        assertEquals(8, singlePass(d.with("gpc", "8")).gpc());
        Scan.SinglePass capped = singlePass(d.with("coalesce", "1").with("warp", "2").with("regs", "32"));
        assertEquals(32, capped.sched().getInt(KernelImpl.OpenClSource.NVIDIA_MAX_REGISTERS));
        assertEquals(1, capped.sched().getInt("COALESCE"));
        assertFalse(singlePass(d).sched().has(KernelImpl.OpenClSource.NVIDIA_MAX_REGISTERS), "no cap: the options of earlier builds");
    }

    /** The tuner's grid: the warp schedules and the cap only on NVIDIA (PTX, an NVIDIA option), wg within the device's limit. */
    @Test
    void theTuningGridOffersNvidiaOnlyKnobsOnNvidiaOnly() {
        var nvidia = device("NVIDIA Corporation", 1024);
        var cpu = device("The pocl project", 256);
        var g = ScanTuning.defaultGrid(nvidia);
        assertEquals(List.of(0, 2), g.get("warp"));
        assertEquals(List.of(0, 1), g.get("coalesce"));
        assertEquals(List.of(0, 32, 40, 64), g.get("regs"));
        assertEquals(List.of(64, 128, 256, 512, 1024), g.get("wg"));
        var c = ScanTuning.defaultGrid(cpu);
        assertEquals(List.of(0), c.get("warp"));
        assertEquals(List.of(0), c.get("coalesce"));
        assertEquals(List.of(0), c.get("regs"));
        assertEquals(List.of(64, 128, 256), c.get("wg"));
        assertEquals(List.of(2, 4, 8, 16), g.get("gpc"));
        assertEquals(ScanTuning.TUNED, new Scan().tunedParams());
        assertEquals(0, new Scan().minimum("regs"));
        assertEquals(1, new Scan().minimum("items"));
    }

    /**
     * The hierarchy sweeps the tile (striped, items, wg) as one stage: a striped tile must fit local memory, so its best wg
     * can be smaller than the unstriped one's (Aparapi on the H100: wg 128 with items 64, which an items stage at wg 256
     * never reached).
     */
    @Test
    void theTuningHierarchySweepsTheTileAsOneStage() {
        var grid = ScanTuning.defaultGrid(device("NVIDIA Corporation", 1024));
        var space = ScanTuning.space(device("NVIDIA Corporation", 1024), Map.of());
        var h = ScanTuning.hierarchy(space, false);
        assertEquals(List.of("schedule", "tile", "gpc"), h.stages().stream().map(dev.perfport.core.tune.Strategy.Stage::name).toList());
        assertEquals(List.of("striped", "items", "wg"), h.stages().get(1).params());
        assertEquals(List.of(48, 512, 8), List.of(h.start().get("items"), h.start().get("wg"), h.start().get("gpc")));
        assertTrue(grid.get("items").containsAll(List.of(32, 48, 64)), "items up to 64: " + grid.get("items"));
    }

    /**
     * The tuning space declares the local memory a striped tile needs (the launch's own check), so that on a GPU of 48 KiB a
     * striped tile of 1024 x 64 ints is refused before building while the same tile unstriped stays.
     */
    @Test
    void theTuningSpaceRefusesAStripedTileBeyondLocalMemory() {
        var global = new dev.perfport.core.device.MemoryLevelInfo(dev.perfport.core.device.MemoryLevel.GLOBAL, 1L << 30,
                dev.perfport.core.device.Support.NATIVE, "");
        var local = new dev.perfport.core.device.MemoryLevelInfo(dev.perfport.core.device.MemoryLevel.LOCAL, 48 * 1024,
                dev.perfport.core.device.Support.NATIVE, "");
        var gpu = new dev.perfport.core.device.DeviceInfo("gpu", "NVIDIA Corporation", dev.perfport.core.device.DeviceType.GPU, 4, 1024,
                List.of(1024L, 1024L, 64L), java.util.Map.of(dev.perfport.core.device.MemoryLevel.GLOBAL, global,
                dev.perfport.core.device.MemoryLevel.LOCAL, local), java.util.Map.of(), java.util.Map.of());
        dev.perfport.core.tune.Space space = ScanTuning.space(gpu, java.util.Map.of());
        var big = dev.perfport.core.tune.Config.of("warp", 0, "coalesce", 0, "striped", 1, "regs", 0, "items", 64, "wg", 1024, "gpc", 2);
        String why = space.violation(big).orElseThrow();
        // 1024 + 65536 + 2048 + 1 elements of 4 B
        assertTrue(why.startsWith("local memory: a striped tile of wg 1024 x items 64 needs 274436 B"), why);
        assertTrue(space.satisfies(big.with("striped", 0)));
        assertTrue(space.satisfies(big.with("wg", 128)), "128 x 64 x 4 B fits 48 KiB");
        assertEquals(274436 / 4, Scan.stripedLocalElements(1024, 64));
    }

    /** The run's settings of {@code p}, parsed as a paper variant's row is. */
    private static Scan.Config config(Params p) {
        return Scan.config(ScanSpec.SPEC.parse(p, Scan.HARRIS));
    }

    /** The single-pass settings of {@code p}, parsed as a single-pass row is (its rules checked). */
    private static Scan.SinglePass singlePass(Params p) {
        var v = ScanSpec.SPEC.parse(p, Scan.SINGLE_PASS);
        return Scan.singlePass(v, Scan.config(v));
    }

    private static dev.perfport.core.device.DeviceInfo device(String vendor, long maxWg) {
        var global = new dev.perfport.core.device.MemoryLevelInfo(dev.perfport.core.device.MemoryLevel.GLOBAL, 1L << 30,
                dev.perfport.core.device.Support.NATIVE, "");
        return new dev.perfport.core.device.DeviceInfo("dev", vendor, dev.perfport.core.device.DeviceType.GPU, 4, maxWg, List.of(maxWg, maxWg, 64L),
                java.util.Map.of(dev.perfport.core.device.MemoryLevel.GLOBAL, global), java.util.Map.of(), java.util.Map.of());
    }
}
