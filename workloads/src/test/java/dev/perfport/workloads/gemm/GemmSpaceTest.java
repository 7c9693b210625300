package dev.perfport.workloads.gemm;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.MemoryLevelInfo;
import dev.perfport.core.device.Support;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.tune.Config;
import dev.perfport.core.tune.Space;
import dev.perfport.workloads.Params;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.*;

/**
 * GEMM's tuning space declares every rule its settings check before compiling: on points drawn from
 * the raw grid, the space's filter accepts a point exactly when running it would not be refused for
 * a constraint (settings' refusal, or a configuration error).
 */
class GemmSpaceTest {

    private static DeviceInfo device(DeviceType type, long maxWg, long local, long global) {
        return new DeviceInfo("TestDev", "v", type, 4, maxWg, List.of(maxWg, maxWg, 64L),
                Map.of(MemoryLevel.GLOBAL, new MemoryLevelInfo(MemoryLevel.GLOBAL, global, Support.NATIVE, ""),
                        MemoryLevel.LOCAL, new MemoryLevelInfo(MemoryLevel.LOCAL, local, Support.NATIVE, "")),
                Map.of(Feature.DOUBLE_PRECISION, Support.NATIVE), Map.of());
    }

    /** Why running {@code c} would be refused before compiling, or null. */
    private static String executeTimeRefusal(Gemm gemm, DeviceInfo d, Params fixed, Config c) {
        try {
            return gemm.settings(d, Gemm.INDIRECT, GemmConfig.withValues(fixed, c.values())).refusal();
        } catch (ConfigException e) {
            return e.getMessage();
        }
    }

    @Test
    void theFilterAgreesWithTheExecuteTimeRefusalOnPointsOfTheRawGrid() {
        Gemm gemm = new Gemm();
        List<String> disagree = new ArrayList<>();
        record Case(String name, DeviceInfo d, int m, int n, int k, String type) {
        }
        List<Case> cases = List.of(
                new Case("H200-like GPU, 1024^3 float", device(DeviceType.GPU, 1024, 48 * 1024, 1L << 36), 1024, 1024, 1024, "float"),
                new Case("CPU, odd sizes double", device(DeviceType.CPU, 4096, 32 * 1024, 1L << 34), 33, 17, 65, "double"),
                new Case("Cell-like accelerator", device(DeviceType.ACCELERATOR, 256, 128 * 1024, 1L << 28), 256, 256, 256, "float"),
                // 4 MiB of global memory: split k's planes and large tiles no longer fit
                new Case("small global memory", device(DeviceType.GPU, 1024, 48 * 1024, 4L << 20), 512, 512, 512, "double"));
        int[] accepted = new int[cases.size()], refused = new int[cases.size()];
        int globalRefusals = 0;
        for (int ci = 0; ci < cases.size(); ci++) {
            Case cs = cases.get(ci);
            Params fixed = gemm.tuningDefaults().with("m", "" + cs.m()).with("n", "" + cs.n()).with("k", "" + cs.k()).with("type", cs.type());
            Space space = GemmTuning.space(cs.d(), Precision.of(cs.type()), cs.m(), cs.n(), cs.k(), Map.of());
            SplittableRandom rnd = new SplittableRandom(ci + 1);
            for (int i = 0; i < 1000; i++) {
                Config c = space.at(rnd.nextLong(space.gridSize()));
                boolean filter = space.satisfies(c);
                String why = executeTimeRefusal(gemm, cs.d(), fixed, c);
                if (filter == (why != null)) disagree.add(cs.name() + ": " + c + " filter " + (filter ? "accepts" : "refuses") + ", execute " + why);
                if (filter) accepted[ci]++;
                else refused[ci]++;
                if (why != null && why.contains("of global memory")) globalRefusals++;
            }
        }
        assertEquals(List.of(), disagree.subList(0, Math.min(10, disagree.size())), disagree.size() + " disagreements");
        for (int ci = 0; ci < cases.size(); ci++) {
            assertTrue(accepted[ci] > 0 && refused[ci] > 0, cases.get(ci).name() + ": " + accepted[ci] + " accepted, " + refused[ci] + " refused");
        }
        assertTrue(globalRefusals > 0, "the small device refuses some points for global memory");
    }

    /** The GPU grid holds the points found by hand on an H200 (seeds of the genetic strategy), and they satisfy the constraints there. */
    @Test
    void theGpuGridHoldsTheKnownGoodPoint() {
        DeviceInfo h200 = device(DeviceType.GPU, 1024, 48 * 1024, 1L << 37);
        Space space = GemmTuning.space(h200, Precision.of("float"), 1024, 1024, 1024, Map.of());
        assertEquals(17_915_904L, space.gridSize());
        List<Map<String, Integer>> good = new Gemm().knownGood(h200, Gemm.INDIRECT);
        assertEquals(2, good.size());
        Config c = space.config(good.getFirst());
        assertTrue(space.satisfies(c), space.violation(c).orElse(""));
        assertEquals(4, c.get("ks"));
        Config dgemm = GemmTuning.space(h200, Precision.of("double"), 4096, 4096, 4096, Map.of()).config(good.get(1));
        assertEquals(1, dgemm.get("db"));
        assertTrue(GemmTuning.space(h200, Precision.of("double"), 4096, 4096, 4096, Map.of()).satisfies(dgemm));
        assertEquals(List.of(), new Gemm().knownGood(device(DeviceType.CPU, 4096, 32 * 1024, 1L << 34), Gemm.INDIRECT));
    }

    /** DGEMM's best H200 points (a 16-deep k-tile unrolled whole; double-buffered 8-deep k-tiles) are in the GPU grid, so a search can find them. */
    @Test
    void theGpuGridHoldsDgemmsWholeTileUnroll() {
        DeviceInfo h200 = device(DeviceType.GPU, 1024, 48 * 1024, 1L << 37);
        Space space = GemmTuning.space(h200, Precision.of("double"), 4096, 4096, 4096, Map.of());
        Config c = space.config(new GemmConfig(128, 64, 16, 16, 8, 16, 16, 16, 2, 2, 1, 1, 1, 1, 1).values());
        assertTrue(space.satisfies(c), space.violation(c).orElse(""));
        assertEquals(16, c.get("kwi"));
        // and the double-buffered point of 8-deep k-tiles, which ran faster still
        Config d = space.config(new GemmConfig(128, 64, 8, 16, 8, 16, 16, 8, 2, 2, 1, 1, 1, 1, 1, 1).values());
        assertTrue(space.satisfies(d), space.violation(d).orElse(""));
        // a double-buffered point with an unstaged operand is not in the space: it is filtered, never run
        Config e = space.config(new GemmConfig(128, 64, 8, 16, 8, 16, 16, 8, 2, 2, 1, 1, 1, 0, 1, 1).values());
        assertFalse(space.satisfies(e));
    }
}
