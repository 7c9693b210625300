package dev.perfport.backend.cell;

import dev.perfport.backend.cell.model.CellCounters;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalInts;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seed 003 β/γ versus δ: plain global loads and stores go through the SPE's software cache;
 * asyncCopy is DMA and bypasses it (the vload path).
 */
class CacheAndDmaTest {
    static final int WG = 256;
    static final int N = 6 * WG * 4;

    /** out = 2 · in through a local tile moved by asyncCopy both ways. Args: in, out, tile. */
    static final KernelDef DMA_DOUBLE = Cells.kernel("dma-double")
            .global("in", ElemType.INT, Access.READ).global("out", ElemType.INT, Access.WRITE)
            .local("tile", ElemType.INT)
            .impl(Cells.java(0, g -> {
                int[] tile = g.localInts(2);
                int base = (int) g.groupLinearId() * g.localItems();
                long e = g.asyncCopy(tile, 0, g.ints(0), base, g.localItems());
                g.waitEvents(e);
                g.forEachItem(lid -> tile[lid] *= 2);
                g.waitEvents(g.asyncCopy(g.ints(1), base, tile, 0, g.localItems()));
            })).build();

    /** The same with plain loads and stores, {@code reps} loads per work-item. Args: in, out, reps. */
    static final KernelDef LOAD_DOUBLE = Cells.kernel("load-double")
            .global("in", ElemType.INT, Access.READ).global("out", ElemType.INT, Access.WRITE).scalar("reps", ElemType.INT)
            .impl(Cells.java(0, g -> {
                GlobalInts in = g.ints(0);
                GlobalInts out = g.ints(1);
                int reps = g.intArg(2);
                g.forEachItem(lid -> {
                    int i = (int) g.globalId(0, lid);
                    int v = 0;
                    for (int r = 0; r < reps; r++) v = in.get(i);
                    out.set(i, 2 * v);
                });
            })).build();

    private static int[] input() {
        int[] a = new int[N];
        for (int i = 0; i < N; i++) a[i] = i * 7 - 3;
        return a;
    }

    private static void checkDoubled(DeviceBuffer out) {
        int[] o = new int[N];
        out.read(o);
        for (int i = 0; i < N; i++) assertEquals(2 * (i * 7 - 3), o[i], "out[" + i + "]");
    }

    @Test
    void asyncCopyIsDmaAndBypassesTheCache() {
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(DMA_DOUBLE);
             DeviceBuffer in = s.upload(input()); DeviceBuffer out = s.allocate(ElemType.INT, N)) {
            LaunchStats st = s.launch(k, NDRange.of(N, WG), in, out, LocalSize.of(WG));
            checkDoubled(out);
            Map<String, Long> c = st.counters();
            int groups = N / WG;
            assertEquals(0, c.get(CellCounters.CACHE_HITS) + c.get(CellCounters.CACHE_MISSES), "asyncCopy bypasses the cache");
            assertEquals(2L * groups, c.get(CellCounters.DMA_COMMANDS), "one 1 KiB get and one put per group");
            assertEquals(2L * N * 4, c.get(CellCounters.DMA_BYTES));
            assertEquals(0, c.get(CellCounters.DMA_UNALIGNED), "buffers are 128-byte aligned by default");
            assertEquals(2L * N * 4, c.get(CellCounters.MEMORY_BYTES), "whole lines, nothing more");
        }
    }

    @Test
    void plainAccessesGoThroughTheSoftwareCache() {
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(LOAD_DOUBLE);
             DeviceBuffer in = s.upload(input()); DeviceBuffer out = s.allocate(ElemType.INT, N)) {
            LaunchStats st = s.launch(k, NDRange.of(N, WG), in, out, 3);
            checkDoubled(out);
            Map<String, Long> c = st.counters();
            long lines = N * 4L / 128;
            assertEquals(2 * lines, c.get(CellCounters.CACHE_MISSES), "one miss per line of in and of out (write-allocate)");
            assertEquals(3L * N + N - 2 * lines, c.get(CellCounters.CACHE_HITS));
            assertEquals(lines, c.get(CellCounters.CACHE_WRITE_BACKS), "every line of out is written back");
            assertEquals(3 * lines, c.get(CellCounters.DMA_COMMANDS), "a line DMA per miss and per write-back");
            assertEquals(3 * lines * 128, c.get(CellCounters.DMA_BYTES));
        }
    }

    @Test
    void withTheCacheOffLoadsAreNotTracedAndCostNothing() {
        try (DeviceSession s = Cells.open("cache", "false"); CompiledKernel k = s.compile(LOAD_DOUBLE);
             DeviceBuffer in = s.upload(input()); DeviceBuffer out = s.allocate(ElemType.INT, N)) {
            LaunchStats one = s.launch(k, NDRange.of(N, WG), in, out, 1);
            LaunchStats fifty = s.launch(k, NDRange.of(N, WG), in, out, 50);
            checkDoubled(out);
            assertEquals(0, fifty.counters().get(CellCounters.CACHE_HITS) + fifty.counters().get(CellCounters.CACHE_MISSES));
            assertEquals(0, fifty.counters().get(CellCounters.DMA_COMMANDS));
            assertEquals(one.modelledNanos(), fifty.modelledNanos(), "50× the loads, same modelled time: nothing was traced");
            assertTrue(one.modelledNanos() > 0, "dispatch and phases still cost");
        }
    }

    @Test
    void unalignedHostBuffersPayTheUnalignedFactor() {
        long aligned;
        long unaligned;
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(DMA_DOUBLE);
             DeviceBuffer in = s.upload(input()); DeviceBuffer out = s.allocate(ElemType.INT, N)) {
            aligned = s.launch(k, NDRange.of(N, WG), in, out, LocalSize.of(WG)).counters().get(CellCounters.MEMORY_BYTES);
        }
        try (DeviceSession s = Cells.open("bufferAlignment", "8"); CompiledKernel k = s.compile(DMA_DOUBLE);
             DeviceBuffer in = s.upload(input()); DeviceBuffer out = s.allocate(ElemType.INT, N)) {
            LaunchStats st = s.launch(k, NDRange.of(N, WG), in, out, LocalSize.of(WG));
            checkDoubled(out);
            assertEquals(st.counters().get(CellCounters.DMA_COMMANDS), st.counters().get(CellCounters.DMA_UNALIGNED),
                    "an 8-byte aligned buffer breaks the 16-byte rule: every copy goes through a bounce buffer");
            unaligned = st.counters().get(CellCounters.MEMORY_BYTES);
        }
        double ratio = (double) unaligned / aligned;
        assertTrue(ratio >= 5 && ratio < 5.7, "about 5× the bus traffic, got " + ratio);
    }

    @Test
    void waitingForAnEventThatWasNotIssuedFailsNamingIt() {
        KernelDef bad = Cells.kernel("bad-event").global("x", ElemType.INT, Access.READ)
                .impl(Cells.java(0, g -> g.waitEvents(99))).build();
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(bad); DeviceBuffer x = s.allocate(ElemType.INT, 1)) {
            DeviceExecutionException e = assertThrows(DeviceExecutionException.class, () -> s.launch(k, NDRange.of(1, 1), x));
            assertTrue(e.getMessage().contains("event 99 was not returned by asyncCopy in this work-group"), e.getMessage());
        }
    }
}
