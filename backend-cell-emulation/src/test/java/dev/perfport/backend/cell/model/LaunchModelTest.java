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

    /** Two units, each doing {@code atomics} atomics on one line with {@code work} INT ops between them. */
    private static List<UnitModel> sharing(int atomics, long work) {
        List<UnitModel> us = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            UnitModel u = unit(i);
            u.beginGroup();
            for (int k = 0; k < atomics; k++) {
                u.atomic(4096);
                u.ops(dev.perfport.core.wg.Op.INT, work);     // work between atomics: not a spin
            }
            u.endGroup();
            u.finish();
            us.add(u);
        }
        return us;
    }

    @Test
    void contentionFollowsHowEvenlyUnitsShareALine() {
        // two units sharing evenly: f = 1 - (1/4 + 1/4) = 1/2; lots of work between atomics, so nobody queues
        LaunchModel.Result r = LaunchModel.combine(CostModel.DEFAULT, sharing(10, 1_000_000));
        assertEquals(10, r.counters().get(CellCounters.GLOBAL_ATOMICS_CONTENDED), "half of 20");
        // each unit: 200 + 10 × (100 + 2 000 000) + 10 × 0.5 × 500 extra (the queue adds < 0.1 % of that extra)
        long base = 200 + 10 * (100 + 2_000_000L);
        assertEquals(2500, r.counters().get("modelledCycles.spe0") - base, 3);
        assertEquals(20 * (300 + 50), r.counters().get(CellCounters.ATOMIC_BOUND_CYCLES), 20 * 350 * 0.001, "N × (f·600 + (1 − f)·100)");
        assertEquals(0, r.counters().get(CellCounters.GLOBAL_ATOMIC_RETRIES), "nobody waits, so no reservation is lost");
    }

    @Test
    void unitsThatQueueForALineLoseReservationsAndPayMorePerAtomic() {
        // the same two units with almost no work between atomics: they wait for each other all the time
        LaunchModel.Result light = LaunchModel.combine(CostModel.DEFAULT, sharing(1000, 1_000_000));
        LaunchModel.Result busy = LaunchModel.combine(CostModel.DEFAULT, sharing(1000, 1));
        long base = 200 + 1000 * (100 + 2);
        double perAtomic = (busy.counters().get("modelledCycles.spe0") - base) / 1000.0 + 100;
        // saturated, each unit finds the other waiting (q → 1): a success costs the line 2 × S0 and a unit waits for two of them
        double s0 = 350;
        assertTrue(perAtomic > 3 * s0 && perAtomic <= 4 * s0, "cycles per atomic under saturation: " + perAtomic);
        assertTrue(busy.counters().get(CellCounters.GLOBAL_ATOMIC_RETRIES) > 1500, "about one lost reservation per atomic: "
                + busy.counters().get(CellCounters.GLOBAL_ATOMIC_RETRIES));
        assertTrue(busy.counters().get(CellCounters.ATOMIC_BOUND_CYCLES) > 1.5 * light.counters().get(CellCounters.ATOMIC_BOUND_CYCLES),
                "the retries occupy the line too");
        // with retries off the units still queue, but each success costs the line only S0
        CostModel noRetry = new CostModel(java.util.Map.of(Cost.ATOMIC_RETRY_FACTOR, 0.0));
        LaunchModel.Result plain = LaunchModel.combine(noRetry, sharing(1000, 1));
        assertEquals(0, plain.counters().get(CellCounters.GLOBAL_ATOMIC_RETRIES));
        assertEquals(2000 * s0, plain.counters().get(CellCounters.ATOMIC_BOUND_CYCLES), 1);
        assertTrue(plain.counters().get("modelledCycles.spe0") < busy.counters().get("modelledCycles.spe0"), "retries cost time");
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
