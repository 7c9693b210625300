package dev.perfport.backend.cell;

import dev.perfport.backend.cell.model.CellCounters;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.core.wg.Op;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Seed 003 §2.4 and §7.2: static and guided schedules, and the PPE as an extra compute unit. */
class ScheduleTest {

    /** Counts how often each group ran and records its unit; does some work. Args: hits, owner. */
    static final KernelDef HITS = Cells.kernel("hits")
            .global("hits", ElemType.INT, Access.READ_WRITE).global("owner", ElemType.INT, Access.WRITE)
            .impl(Cells.java(0, g -> {
                int id = (int) g.groupLinearId();
                g.ints(0).atomicAdd(id, 1);
                g.ints(1).set(id, g.unitId());
                g.ops(Op.FLOAT, 20_000);
                g.ops(Op.LOCAL_MEM, 5_000);
            })).build();

    @Test
    void guidedCoversEveryGroupOnceInShrinkingChunks() {
        int groups = 1000;
        try (DeviceSession s = Cells.open("schedule", "guided"); CompiledKernel k = s.compile(HITS);
             DeviceBuffer hits = s.allocate(ElemType.INT, groups); DeviceBuffer owner = s.allocate(ElemType.INT, groups)) {
            LaunchStats st = s.launch(k, NDRange.of(groups, 1), hits, owner);
            int[] h = new int[groups];
            hits.read(h);
            for (int i = 0; i < groups; i++) assertEquals(1, h[i], "group " + i + " ran " + h[i] + " times");
            List<Long> chunks = ((CellSession) s).lastChunkSizes;
            assertEquals(groups, chunks.stream().mapToLong(Long::longValue).sum());
            assertEquals(84, chunks.getFirst(), "first chunk: ⌈1000 / (2 × 6)⌉");
            for (int i = 1; i < chunks.size(); i++) {
                assertTrue(chunks.get(i) <= chunks.get(i - 1), "chunk " + i + " grew: " + chunks);
            }
            assertEquals(1L, chunks.getLast());
            assertEquals(chunks.size(), st.counters().get(CellCounters.SCHEDULE_CHUNKS) - 6,
                    "every unit asks once more and hears that nothing is left");
            long perUnit = 0;
            for (int u = 0; u < 6; u++) perUnit += st.counters().get("workGroups.spe" + u);
            assertEquals(groups, perUnit);
            assertEquals(groups, st.counters().get(Counters.WORK_GROUPS));
        }
    }

    @Test
    void guidedGrantsFollowModelledTimeSoRepeatedLaunchesAgree() {
        int groups = 600;
        try (DeviceSession s = Cells.open("ppe", "true", "workers", "3"); CompiledKernel k = s.compile(HITS);
             DeviceBuffer hits = s.allocate(ElemType.INT, groups); DeviceBuffer owner = s.allocate(ElemType.INT, groups)) {
            LaunchStats first = s.launch(k, NDRange.of(groups, 1), hits, owner);
            int[] o1 = new int[groups];
            owner.read(o1);
            LaunchStats second = s.launch(k, NDRange.of(groups, 1), hits, owner);
            int[] o2 = new int[groups];
            owner.read(o2);
            assertEquals(java.util.Arrays.toString(o1), java.util.Arrays.toString(o2), "the same unit ran each group");
            assertEquals(first.modelledNanos(), second.modelledNanos());
        }
    }

    @Test
    void thePpeTakesPartAndTakesFewerGroupsOfComputeWhereItIsSlower() {
        int groups = 700;
        try (DeviceSession s = Cells.open("ppe", "true"); CompiledKernel k = s.compile(HITS);
             DeviceBuffer hits = s.allocate(ElemType.INT, groups); DeviceBuffer owner = s.allocate(ElemType.INT, groups)) {
            DeviceInfo d = s.device();
            assertEquals(7, d.computeUnits());
            assertEquals("Cell/B.E. emulator (6 SPEs + PPE)", d.name());
            assertEquals("guided dynamic", d.properties().get("scheduling"), "guided is the default with the PPE");
            LaunchStats st = s.launch(k, NDRange.of(groups, 1), hits, owner);
            Map<String, Long> c = st.counters();
            assertEquals(7, c.get(Counters.UNITS_USED));
            long ppe = c.get("workGroups.ppe");
            long spe = c.get("workGroups.spe0");
            assertTrue(ppe > 0 && ppe < spe, "the PPE (1.5× slower per operation) ran " + ppe + ", an SPE " + spe);
            int[] o = new int[groups];
            owner.read(o);
            assertTrue(java.util.Arrays.stream(o).anyMatch(u -> u == 6), "unit 6 is the PPE");
            // balanced in modelled time: every unit ends within two groups' time of the others
            long max = 0;
            long min = Long.MAX_VALUE;
            for (String u : List.of("spe0", "spe1", "spe2", "spe3", "spe4", "spe5", "ppe")) {
                long cy = c.get("modelledCycles." + u);
                max = Math.max(max, cy);
                min = Math.min(min, cy);
            }
            assertTrue(max - min < 2 * 20_000 * 9, "units end at " + min + ".." + max + " cycles");
        }
    }

    @Test
    void staticSharesWithThePpeGiveItAnEqualShare() {
        int groups = 70;
        try (DeviceSession s = Cells.open("ppe", "true", "schedule", "static"); CompiledKernel k = s.compile(HITS);
             DeviceBuffer hits = s.allocate(ElemType.INT, groups); DeviceBuffer owner = s.allocate(ElemType.INT, groups)) {
            LaunchStats st = s.launch(k, NDRange.of(groups, 1), hits, owner);
            assertEquals(10, st.counters().get("workGroups.ppe"));
            int[] o = new int[groups];
            owner.read(o);
            for (int i = 60; i < 70; i++) assertEquals(6, o[i], "the last block goes to the PPE");
        }
    }

    @Test
    void ppeOnlyRunsEveryGroupOnThePpeAndNeedsThePpe() {
        // seed 003 Table 4's PPE column: the kernel on the PPE alone, the SPEs idle
        int groups = 40;
        try (DeviceSession s = Cells.open("ppe", "true", "ppeOnly", "true"); CompiledKernel k = s.compile(HITS);
             DeviceBuffer hits = s.allocate(ElemType.INT, groups); DeviceBuffer owner = s.allocate(ElemType.INT, groups)) {
            LaunchStats st = s.launch(k, NDRange.of(groups, 1), hits, owner);
            assertEquals(groups, st.counters().get("workGroups.ppe"));
            assertEquals(1, st.counters().get(Counters.UNITS_USED));
            int[] o = new int[groups];
            owner.read(o);
            for (int i = 0; i < groups; i++) assertEquals(6, o[i], "group " + i + " ran on the PPE (unit 6)");
        }
        var e = assertThrows(dev.perfport.core.error.ConfigException.class, () -> Cells.open("ppeOnly", "true"));
        assertTrue(e.getMessage().contains("ppeOnly=true needs perfport.cell-emulation.ppe=true"), e.getMessage());
    }

    @Test
    void thePpePipelinesDoublePrecisionSoItsDoublesCostLessThanAnSpes() {
        // an SPE's double op is 13 cycles (not pipelined), the PPE's 10 (COST_MODEL.md ppeDoubleCycles), while
        // its single-precision ops cost the SPE's × 1.5
        KernelDef doubles = Cells.kernel("doubles").global("out", ElemType.INT, Access.WRITE)
                .impl(Cells.java(0, g -> g.ops(Op.DOUBLE, 1_000_000))).build();
        KernelDef floats = Cells.kernel("floats").global("out", ElemType.INT, Access.WRITE)
                .impl(Cells.java(0, g -> g.ops(Op.FLOAT, 1_000_000))).build();
        long[] cycles = new long[4];
        int i = 0;
        for (String ppe : List.of("false", "true")) {
            // one SPE alone, then the PPE alone
            try (DeviceSession s = Cells.open("ppe", ppe, "ppeOnly", ppe, "workers", "1");
                 CompiledKernel d = s.compile(doubles); CompiledKernel f = s.compile(floats); DeviceBuffer out = s.allocate(ElemType.INT, 1)) {
                cycles[i++] = s.launch(d, NDRange.of(1, 1), out).counters().get(CellCounters.MODELLED_CYCLES);
                cycles[i++] = s.launch(f, NDRange.of(1, 1), out).counters().get(CellCounters.MODELLED_CYCLES);
            }
        }
        assertTrue(cycles[2] < cycles[0], "PPE doubles " + cycles[2] + " < SPE doubles " + cycles[0]);
        assertTrue(cycles[3] > cycles[1], "PPE floats " + cycles[3] + " > SPE floats " + cycles[1]);
    }

    /** Needs 1024 × 300 B = 300 KiB of private memory per group: more than an SPE's local store. */
    static final KernelDef BIG_PRIVATE = Cells.kernel("big-private").global("out", ElemType.INT, Access.WRITE)
            .impl(Cells.java(300, g -> {
                int[] p = g.privateInts(75);
                g.forEachItem(lid -> p[lid * 75 + 74] = lid);
                g.ints(0).set((int) g.groupLinearId(), p[1023 * 75 + 74] + g.unitId());
            })).build();

    @Test
    void thePpeHasNoLocalStoreLimit() {
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(BIG_PRIVATE); DeviceBuffer out = s.allocate(ElemType.INT, 8)) {
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class, () -> s.launch(k, NDRange.of(8 * 1024, 1024), out));
            assertTrue(e.getMessage().contains("307200 B private (1024 work-items × 300 B)"), e.getMessage());
        }
        try (DeviceSession s = Cells.open("ppe", "true"); CompiledKernel k = s.compile(BIG_PRIVATE); DeviceBuffer out = s.allocate(ElemType.INT, 8)) {
            LaunchStats st = s.launch(k, NDRange.of(8 * 1024, 1024), out);
            assertEquals(1, st.counters().get(Counters.UNITS_USED), "only the PPE can hold such a group");
            assertEquals(8, st.counters().get("workGroups.ppe"));
            int[] o = new int[8];
            out.read(o);
            for (int v : o) assertEquals(1023 + 6, v);
        }
    }

    @Test
    @org.junit.jupiter.api.Timeout(60)
    void aFailingGroupUnderGuidedStopsEveryUnitAndTheSessionStaysUsable() {
        KernelDef failing = Cells.kernel("fail-guided").global("out", ElemType.INT, Access.WRITE)
                .impl(Cells.java(0, g -> {
                    g.ops(Op.FLOAT, 1000);
                    if (g.groupLinearId() == 123) throw new IllegalStateException("group 123 breaks");
                    g.ints(0).set((int) g.groupLinearId(), 1);
                })).build();
        try (DeviceSession s = Cells.open("ppe", "true"); CompiledKernel k = s.compile(failing); CompiledKernel ok = s.compile(HITS);
             DeviceBuffer out = s.allocate(ElemType.INT, 400); DeviceBuffer owner = s.allocate(ElemType.INT, 400)) {
            var e = assertThrows(dev.perfport.core.error.DeviceExecutionException.class, () -> s.launch(k, NDRange.of(400, 1), out));
            assertTrue(e.getMessage().contains("group 123 breaks") && e.getMessage().contains("work-group 123"), e.getMessage());
            DeviceBuffer hits = s.allocate(ElemType.INT, 400);
            assertEquals(400, s.launch(ok, NDRange.of(400, 1), hits, owner).counters().get(Counters.WORK_GROUPS));
        }
    }

    @Test
    void staticLocalReductionIsExactUnderGuidedWithThePpe() {
        int n = 300_001;
        int wg = 128;
        SplittableRandom r = new SplittableRandom(5);
        int[] data = new int[n];
        int expected = 0;
        for (int i = 0; i < n; i++) {
            data[i] = r.nextInt();
            expected += data[i];
        }
        int groups = (n + wg - 1) / wg;
        try (DeviceSession s = Cells.open("ppe", "true"); CompiledKernel k = s.compile(ReductionTest.STATIC_LOCAL);
             DeviceBuffer in = s.upload(data); DeviceBuffer out = s.allocate(ElemType.INT, 1)) {
            LaunchStats st = s.launch(k, NDRange.of((long) groups * wg, wg), in, out, n, LocalSize.of(wg), LocalSize.of(1));
            int[] got = new int[1];
            out.read(got);
            assertEquals(expected, got[0], "first and last group hooks fired once per unit");
            assertEquals(7, st.counters().get(Counters.UNITS_USED));
            assertEquals(7, st.counters().get(Counters.STATIC_LOCAL_INITS));
            assertEquals(7, st.counters().get(Counters.GLOBAL_ATOMICS));
            assertTrue(st.counters().get(CellCounters.PPE_CACHE_HITS) > 0, "the PPE reads through its own cache");
        }
    }
}
