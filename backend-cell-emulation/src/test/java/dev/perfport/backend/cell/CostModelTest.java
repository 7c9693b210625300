package dev.perfport.backend.cell;

import dev.perfport.backend.cell.model.CellCounters;
import dev.perfport.backend.cell.model.Cost;
import dev.perfport.backend.cell.model.CostModel;
import dev.perfport.core.backend.BackendContext;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.launch.TaskMapping;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.core.wg.GlobalInts;
import dev.perfport.core.wg.Op;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cost model: its constants, its monotonicity, atomics, spin-waits, modelled time. */
class CostModelTest {

    /** Pure compute: 8000 dependent float operations per group. */
    static final KernelDef COMPUTE = Cells.kernel("compute").global("x", ElemType.INT, Access.READ)
            .impl(Cells.java(0, g -> g.ops(Op.FLOAT, 8000))).build();

    /** One global atomic per group on the same int. */
    static final KernelDef ATOMIC = Cells.kernel("atomic").global("out", ElemType.INT, Access.READ_WRITE)
            .impl(Cells.java(0, g -> g.ints(0).atomicAdd(0, 1))).build();

    @Test
    void everyCostIsDocumentedInCostModelMd() throws IOException {
        String doc = Files.readString(Path.of("COST_MODEL.md"));
        for (Cost c : Cost.values()) {
            assertTrue(doc.contains("`" + c.key() + "`"), c.key() + " is not documented in COST_MODEL.md");
        }
        for (String key : new String[]{CellConfig.CACHE, CellConfig.CACHE_BYTES, CellConfig.CACHE_LINE_BYTES, CellConfig.CACHE_WAYS,
                CellConfig.SCHEDULE, CellConfig.PPE, CellConfig.BUFFER_ALIGNMENT}) {
            assertTrue(Files.readString(Path.of("README.md")).contains("`" + key + "`"), key + " is not in README.md");
        }
    }

    @Test
    void costKeysOverrideTheDefaultsAndBadValuesNameTheKeyAndRange() {
        CostModel m = CostModel.from(PerfportConfig.of(Map.of(Cost.FLOAT_CYCLES.key(), "9", Cost.SPE_GBS.key(), "12.8")));
        assertEquals(9, m.cycles(Cost.FLOAT_CYCLES));
        assertEquals(4.0, m.bytesPerCycle(Cost.SPE_GBS), 1e-12);
        assertEquals(500, m.cycles(Cost.DMA_LATENCY_CYCLES), "others keep their defaults");
        ConfigException e = assertThrows(ConfigException.class,
                () -> CostModel.from(PerfportConfig.of(Map.of(Cost.UNALIGNED_FACTOR.key(), "0.5"))));
        assertEquals("perfport.cell-emulation.cost.unalignedFactor must be in [1, 1000], got 0.5", e.getMessage());
        ConfigException w = assertThrows(ConfigException.class,
                () -> CostModel.from(PerfportConfig.of(Map.of(Cost.FLOAT_CYCLES.key(), "6.5"))));
        assertTrue(w.getMessage().contains("must be a whole number"), w.getMessage());
        ConfigException nan = assertThrows(ConfigException.class, () -> new CellEmulationProvider().create(
                new BackendContext(PerfportConfig.of(Map.of(Cost.CLOCK_GHZ.key(), "fast")))));
        assertTrue(nan.getMessage().contains("perfport.cell-emulation.cost.clockGHz must be a number"), nan.getMessage());
    }

    @Test
    void moreSpesGiveLessModelledTimeForAParallelKernel() {
        long previous = Long.MAX_VALUE;
        for (int spes = 1; spes <= 6; spes++) {
            try (DeviceSession s = Cells.open("workers", "" + spes); CompiledKernel k = s.compile(COMPUTE);
                 DeviceBuffer x = s.allocate(ElemType.INT, 1)) {
                long t = s.launch(k, NDRange.of(600, 1), x).modelledNanos();
                assertTrue(t < previous, spes + " SPEs: " + t + " ns, not less than " + previous);
                previous = t;
            }
        }
        // 600 groups of 8000 × 6 cycles + 200 dispatch over 6 SPEs, plus the launch: 100 groups each
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(COMPUTE); DeviceBuffer x = s.allocate(ElemType.INT, 1)) {
            LaunchStats st = s.launch(k, NDRange.of(600, 1), x);
            assertEquals(6400 + 100 * (48_000 + 200), st.counters().get(CellCounters.MODELLED_CYCLES));
            assertEquals((long) Math.ceil((6400 + 100 * 48_200) / 3.2), st.modelledNanos());
            assertEquals(st.modelledNanos(), s.profile().modelledNanos(), "the session adds up modelled time");
        }
    }

    @Test
    void contendedAtomicsCostMoreAsUnitsAreAdded() {
        int groups = 6000;
        double previous = 0;
        long previousContended = -1;
        for (int spes : new int[]{1, 2, 3, 6}) {
            try (DeviceSession s = Cells.open("workers", "" + spes, "cost.groupCycles", "0"); CompiledKernel k = s.compile(ATOMIC);
                 DeviceBuffer out = s.allocate(ElemType.INT, 1)) {
                LaunchStats st = s.launch(k, NDRange.of(groups, 1), out);
                int[] v = new int[1];
                out.read(v);
                assertEquals(groups, v[0]);
                long cycles = st.counters().get(CellCounters.MODELLED_CYCLES) - 6400;
                double perAtomic = (double) cycles * spes / groups;    // unit-cycles each atomic cost
                assertTrue(perAtomic > previous, spes + " units: " + perAtomic + " cycles per atomic, not more than " + previous);
                long contended = st.counters().get(CellCounters.GLOBAL_ATOMICS_CONTENDED);
                assertTrue(contended > previousContended, "contended atomics " + contended);
                if (spes == 1) {
                    assertEquals(0, contended, "one unit never finds the line elsewhere");
                    assertEquals(100.0, perAtomic, 1e-9);
                }
                previous = perAtomic;
                previousContended = contended;
            }
        }
    }

    @Test
    void aStaticLocalReductionNeedsFewerGlobalAtomicsAndLessModelledTime() {
        int n = 1 << 18;
        int wg = 256;
        int[] data = new int[n];
        for (int i = 0; i < n; i++) data[i] = i % 13;
        double previousGain = 0;
        for (int spes : new int[]{1, 6}) {
            try (DeviceSession s = Cells.open("workers", "" + spes); DeviceBuffer in = s.upload(data);
                 DeviceBuffer out = s.allocate(ElemType.INT, 1);
                 CompiledKernel local = s.compile(ReductionTest.LOCAL_ATOMIC); CompiledKernel slm = s.compile(ReductionTest.STATIC_LOCAL)) {
                NDRange r = NDRange.of(n, wg);
                LaunchStats a = s.launch(local, r, in, out, n, LocalSize.of(wg));
                LaunchStats b = s.launch(slm, r, in, out, n, LocalSize.of(wg), LocalSize.of(1));
                assertEquals(n / wg, a.counters().get(Counters.GLOBAL_ATOMICS));
                assertEquals(spes, b.counters().get(Counters.GLOBAL_ATOMICS));
                double gain = (double) a.modelledNanos() / b.modelledNanos();
                assertTrue(gain > 1 && gain > previousGain, spes + " SPEs: static local " + gain + "× faster, was " + previousGain);
                previousGain = gain;
            }
        }
    }

    /** Static group 0 computes for a long time before it arrives at a global barrier; the others wait for it. */
    static final KernelDef LATE_ARRIVAL = Cells.kernel("late-arrival").form(LaunchForm.STATIC_GROUPS)
            .global("arrived", ElemType.INT, Access.READ_WRITE)
            .impl(Cells.java(0, g -> {
                GlobalInts arrived = g.ints(0);
                if (g.staticGroupId() == 0) g.ops(Op.FLOAT, 1_000_000);
                arrived.atomicAdd(0, 1);
                while (arrived.atomicAdd(0, 0) < g.staticGroupCount()) Thread.onSpinWait();
                g.ops(Op.INT, 10);
            })).build();

    @Test
    @Timeout(60)
    void aSpinWaitEndsNoEarlierInModelledTimeThanTheReleasingAtomic() {
        long[] modelled = new long[2];
        for (int rep = 0; rep < 2; rep++) {
            try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(LATE_ARRIVAL); DeviceBuffer a = s.allocate(ElemType.INT, 1)) {
                LaunchStats st = s.launch(k, StaticGroups.of(6, 1, TaskMapping.BLOCKED, 0), a);
                for (int u = 0; u < 6; u++) {
                    long cy = st.counters().get("modelledCycles.spe" + u);
                    assertTrue(cy >= 6_000_000, "spe" + u + " left the barrier at " + cy + " cycles, before spe0 arrived");
                }
                assertTrue(st.counters().get(CellCounters.SPIN_POLLS) >= 6, "every group polled at least once");
                modelled[rep] = st.modelledNanos();
            }
        }
        assertEquals(modelled[0], modelled[1], "polls are not charged, so host timing does not change the model");
    }
}
