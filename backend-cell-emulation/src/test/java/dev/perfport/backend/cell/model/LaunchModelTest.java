package dev.perfport.backend.cell.model;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The launch-level combination: critical path, memory bound, atomic contention. */
class LaunchModelTest {

    private static UnitModel unit(int i) {
        return new UnitModel("spe" + i, UnitCosts.spe(CostModel.DEFAULT), CostModel.DEFAULT.dma(), null, 1, null);
    }

    @Test
    void theLaunchEndsWithItsBusiestUnitPlusTheLaunchOverhead() {
        List<UnitModel> us = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            UnitModel u = unit(i);
            u.beginGroup();
            u.ops(dev.perfport.core.wg.Op.DOUBLE, 1000L * (i + 1));
            u.endGroup();
            u.finish();
            us.add(u);
        }
        LaunchModel.Result r = LaunchModel.combine(CostModel.DEFAULT, us);
        assertEquals(6400 + 200 + 13 * 3000, r.cycles());
        assertEquals(200 + 13 * 1000, r.counters().get("modelledCycles.spe0"));
        assertEquals((long) Math.ceil(r.cycles() / 3.2), r.nanos());
    }

    @Test
    void contentionFollowsHowEvenlyUnitsShareALine() {
        // two units sharing evenly: f = 1 - (1/4 + 1/4) = 1/2
        List<UnitModel> us = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            UnitModel u = unit(i);
            u.beginGroup();
            for (int k = 0; k < 10; k++) {
                u.atomic(4096);
                u.ops(dev.perfport.core.wg.Op.INT, 1);     // work between atomics: not a spin
            }
            u.endGroup();
            u.finish();
            us.add(u);
        }
        LaunchModel.Result r = LaunchModel.combine(CostModel.DEFAULT, us);
        assertEquals(10, r.counters().get(CellCounters.GLOBAL_ATOMICS_CONTENDED), "half of 20");
        // each unit: 200 + 10 × (100 + 2) + 10 × 0.5 × 500 extra
        assertEquals(200 + 10 * 102 + 2500, r.counters().get("modelledCycles.spe0"));
        assertEquals(20 * (300 + 50), r.counters().get(CellCounters.ATOMIC_BOUND_CYCLES), "N × (f·600 + (1 − f)·100)");
    }

    @Test
    void backToBackAtomicsOnOneLineAreASpinAndChargedOnce() {
        UnitModel u = unit(0);
        u.beginGroup();
        for (int k = 0; k < 1000; k++) u.atomic(0);
        u.ops(dev.perfport.core.wg.Op.INT, 1);
        u.endGroup();
        u.finish();
        assertEquals(999, u.spinPolls());
        assertEquals(2, u.atomicsCharged(), "the first atomic and the poll that saw the release");
        assertEquals(200 + 100 + 600 + 2, u.timeline().now());
    }

    @Test
    void theMemoryBoundCoversEveryUnitsTraffic() {
        List<UnitModel> us = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            UnitModel u = unit(i);
            u.beginGroup();
            u.waitEvent(u.copy(0, 1 << 20, 16384, true));
            u.endGroup();
            u.finish();
            us.add(u);
        }
        LaunchModel.Result r = LaunchModel.combine(CostModel.DEFAULT, us);
        assertEquals(6L * 16384 / 8, r.counters().get(CellCounters.MEMORY_BOUND_CYCLES), "6 × 16 KiB at 8 B per cycle");
        assertTrue(r.counters().get(CellCounters.MEMORY_BOUND_CYCLES) > r.counters().get("modelledCycles.spe0"),
                "six ports outrun one memory interface");
        assertEquals(6400 + 12288, r.cycles());
    }
}
