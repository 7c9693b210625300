package dev.perfport.backend.cell;

import dev.perfport.backend.cell.spe.Poison;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.core.wg.GlobalInts;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Seed 003 §8 items 2 and 3: loop fission at barriers, private state, local isolation; plus geometry. */
class WorkGroupSemanticsTest {

    /** WI i writes local[i]; after the barrier every WI reads local[(i+1)%L] and its own private value. */
    @Test
    void barrierSeparatedPhasesSeeEachOthersWritesAndPrivateStateSurvives() {
        KernelDef def = Cells.kernel("rotate")
                .global("out", ElemType.INT, Access.WRITE).global("kept", ElemType.INT, Access.WRITE)
                .local("tile", ElemType.INT)
                .impl(Cells.java(4, g -> {
                    int[] tile = g.localInts(2);
                    int[] mine = g.privateInts(1);
                    GlobalInts out = g.ints(0);
                    GlobalInts kept = g.ints(1);
                    int l = g.localItems();
                    g.forEachItem(lid -> {
                        int gid = (int) g.globalId(0, lid);
                        tile[lid] = 10 * gid;
                        mine[lid] = gid + 7;                       // lives across the barrier
                    });
                    // barrier
                    g.forEachItem(lid -> {
                        int gid = (int) g.globalId(0, lid);
                        out.set(gid, tile[(lid + 1) % l]);
                        kept.set(gid, mine[lid]);
                    });
                })).build();
        int n = 64 * 37;
        try (DeviceSession s = Cells.open("poison", "true", "workers", "4");
             CompiledKernel k = s.compile(def);
             DeviceBuffer out = s.allocate(ElemType.INT, n);
             DeviceBuffer kept = s.allocate(ElemType.INT, n)) {
            LaunchStats st = s.launch(k, NDRange.of(n, 64), out, kept, LocalSize.of(64));
            int[] o = new int[n];
            int[] p = new int[n];
            out.read(o);
            kept.read(p);
            for (int i = 0; i < n; i++) {
                int base = i / 64 * 64;
                assertEquals(10 * (base + (i - base + 1) % 64), o[i], "out[" + i + "]");
                assertEquals(i + 7, p[i], "kept[" + i + "]");
            }
            assertEquals(37, st.counters().get(Counters.WORK_GROUPS));
            assertEquals(4, st.counters().get(Counters.UNITS_USED));
            assertEquals(0, st.counters().get(Counters.GLOBAL_ATOMICS));
            assertEquals(0, st.counters().get(Counters.STATIC_LOCAL_INITS));
            assertTrue(st.modelledNanos() > 0, "modelled time " + st.modelledNanos());
            assertTrue(st.kernelNanos() > 0);
        }
    }

    /** A new group that reads its local memory before writing sees the poison, never the previous group's data. */
    @Test
    void localMemoryIsANewInstancePerGroup() {
        KernelDef def = Cells.kernel("read-before-write")
                .global("seen", ElemType.INT, Access.WRITE).global("seenF", ElemType.FLOAT, Access.WRITE)
                .local("l", ElemType.INT).local("lf", ElemType.FLOAT)
                .impl(Cells.java(0, g -> {
                    int[] l = g.localInts(2);
                    float[] lf = g.localFloats(3);
                    int grp = (int) g.groupLinearId();
                    g.ints(0).set(grp, l[grp % l.length]);          // read before any write
                    g.floats(1).set(grp, lf[0]);
                    g.forEachItem(lid -> {
                        l[lid] = grp + 1;
                        lf[lid] = grp + 1;
                    });
                })).build();
        int groups = 60;
        try (DeviceSession s = Cells.open("poison", "true", "workers", "3");
             CompiledKernel k = s.compile(def);
             DeviceBuffer seen = s.allocate(ElemType.INT, groups);
             DeviceBuffer seenF = s.allocate(ElemType.FLOAT, groups)) {
            s.launch(k, NDRange.of(groups * 16L, 16), seen, seenF, LocalSize.of(16), LocalSize.of(16));
            int[] v = new int[groups];
            float[] f = new float[groups];
            seen.read(v);
            seenF.read(f);
            int[] poison = new int[groups];
            Arrays.fill(poison, Poison.INT);
            assertArrayEquals(poison, v);
            for (float x : f) assertEquals(Poison.FLOAT_BITS, Float.floatToRawIntBits(x));
        }
    }

    @Test
    void privateMemoryIsPoisonedAndRequestsGetDistinctArrays() {
        KernelDef def = Cells.kernel("private")
                .global("out", ElemType.LONG, Access.WRITE)
                .impl(Cells.java(4 + 8 + 4 + 8 + 4, g -> {
                    int[] a = g.privateInts(1);
                    long[] b = g.privateLongs(1);
                    float[] c = g.privateFloats(1);
                    double[] d = g.privateDoubles(1);
                    int[] e = g.privateInts(1);
                    int grp = (int) g.groupLinearId();
                    int base = grp * 6;
                    // read before write: poison in every group, also where arrays are reused
                    g.longs(0).set(base, a[0]);
                    g.longs(0).set(base + 1, b[0]);
                    g.longs(0).set(base + 2, Float.floatToRawIntBits(c[0]));
                    g.longs(0).set(base + 3, Double.doubleToRawLongBits(d[0]));
                    g.forEachItem(lid -> {
                        a[lid] = 1;
                        e[lid] = 2;   // a and e are distinct arrays
                    });
                    g.longs(0).set(base + 4, a[g.localItems() - 1]);
                    g.longs(0).set(base + 5, a.length);
                })).build();
        try (DeviceSession s = Cells.open("poison", "true", "workers", "2");
             CompiledKernel k = s.compile(def);
             DeviceBuffer out = s.allocate(ElemType.LONG, 6 * 8)) {
            s.launch(k, NDRange.of(8 * 32, 32), out);
            long[] v = new long[6 * 8];
            out.read(v);
            for (int grp = 0; grp < 8; grp++) {
                int b = grp * 6;
                assertEquals(Poison.INT, v[b], "int poison, group " + grp);
                assertEquals(Poison.LONG, v[b + 1], "long poison, group " + grp);
                assertEquals(Poison.FLOAT_BITS, v[b + 2], "float poison, group " + grp);
                assertEquals(Poison.DOUBLE_BITS, v[b + 3], "double poison, group " + grp);
                assertEquals(1, v[b + 4], "privateInts calls alias each other");
                assertEquals(32, v[b + 5], "localItems × perItem");
            }
        }
    }

    @Test
    void askingForMorePrivateMemoryThanDeclaredFailsNamingBothNumbers() {
        KernelDef def = Cells.kernel("greedy").global("x", ElemType.INT, Access.READ)
                .impl(Cells.java(4, g -> g.privateInts(2))).build();
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(def); DeviceBuffer x = s.allocate(ElemType.INT, 1)) {
            DeviceExecutionException e = assertThrows(DeviceExecutionException.class, () -> s.launch(k, NDRange.of(64, 64), x));
            assertTrue(e.getMessage().contains("8 B of private memory per work-item"), e.getMessage());
            assertTrue(e.getMessage().contains("the 4 B per work-item it declares"), e.getMessage());
            assertTrue(e.getMessage().contains("test.greedy"), e.getMessage());
        }
    }

    /** Group ids come from the linear id with x fastest; unused dimensions read as size 1, id 0. */
    @Test
    void threeDimensionalGeometry() {
        KernelDef def = Cells.kernel("geometry").global("out", ElemType.LONG, Access.WRITE).global("shape", ElemType.LONG, Access.WRITE)
                .impl(Cells.java(0, g -> {
                    long gx = g.groupId(0), gy = g.groupId(1), gz = g.groupId(2);
                    if (g.groupLinearId() != gx + g.numGroups(0) * (gy + g.numGroups(1) * gz)) {
                        throw new AssertionError("linear id " + g.groupLinearId() + " vs (" + gx + ", " + gy + ", " + gz + ")");
                    }
                    g.forEachItem(lid -> {
                        long x = g.globalId(0, lid), y = g.globalId(1, lid), z = g.globalId(2, lid);
                        long idx = x + g.globalSize(0) * (y + g.globalSize(1) * z);
                        g.longs(0).set((int) idx, gx * 1_000_000 + gy * 10_000 + gz * 100
                                + g.localId(0, lid) * 10 + g.localId(1, lid) + g.localId(2, lid) * 1000);
                    });
                    if (g.groupLinearId() == 0) {
                        GlobalLongsWriter w = new GlobalLongsWriter(g.longs(1));
                        w.put(g.dims(), g.numGroups(0), g.numGroups(1), g.numGroups(2), g.localSize(0), g.localSize(1),
                                g.localSize(2), g.globalSize(0), g.globalSize(1), g.globalSize(2), g.localItems(),
                                g.staticGroupCount(), g.taskCount());
                    }
                })).build();
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(def);
             DeviceBuffer out = s.allocate(ElemType.LONG, 8 * 6 * 4); DeviceBuffer shape = s.allocate(ElemType.LONG, 13)) {
            LaunchStats st = s.launch(k, NDRange.of(8, 6, 4, 2, 3, 2), out, shape);
            long[] v = new long[8 * 6 * 4];
            out.read(v);
            for (int z = 0; z < 4; z++) {
                for (int y = 0; y < 6; y++) {
                    for (int x = 0; x < 8; x++) {
                        long want = (x / 2) * 1_000_000L + (y / 3) * 10_000L + (z / 2) * 100L + (x % 2) * 10L + (y % 3) + (z % 2) * 1000L;
                        assertEquals(want, v[x + 8 * (y + 6 * z)], "(" + x + ", " + y + ", " + z + ")");
                    }
                }
            }
            long[] sh = new long[13];
            shape.read(sh);
            assertArrayEquals(new long[]{3, 4, 2, 2, 2, 3, 2, 8, 6, 4, 12, 16, 16}, sh);
            assertEquals(16, st.counters().get(Counters.WORK_GROUPS));
            assertEquals(6, st.counters().get(Counters.UNITS_USED));
        }
        // one dimension: y and z read as one group of one item
        KernelDef one = Cells.kernel("one-d").global("out", ElemType.LONG, Access.WRITE)
                .impl(Cells.java(0, g -> {
                    if (g.groupLinearId() == 0) {
                        new GlobalLongsWriter(g.longs(0)).put(g.dims(), g.groupId(1), g.groupId(2), g.numGroups(1), g.localSize(2), g.globalSize(1));
                    }
                })).build();
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(one); DeviceBuffer out = s.allocate(ElemType.LONG, 6)) {
            s.launch(k, NDRange.of(32, 8), out);
            long[] v = new long[6];
            out.read(v);
            assertArrayEquals(new long[]{1, 0, 0, 1, 1, 1}, v);
        }
    }

    @Test
    void argumentsByIndexScalarsAndConstants() {
        KernelDef def = Cells.kernel("args")
                .global("out", ElemType.DOUBLE, Access.WRITE).constantBuffer("table", ElemType.DOUBLE)
                .scalar("i", ElemType.INT).scalar("l", ElemType.LONG).scalar("f", ElemType.FLOAT).scalar("d", ElemType.DOUBLE)
                .defaults(Constants.of("SCALE", 3))
                .impl(KernelImpl.JavaWorkGroup.of(c -> {
                    int scale = c.getInt("SCALE");                // constants arrive at "compile" time
                    return g -> {
                        if (g.groupLinearId() != 0) return;
                        var out = g.doubles(0);
                        out.set(0, g.intArg(2) * scale);
                        out.set(1, g.longArg(3));
                        out.set(2, g.floatArg(4));
                        out.set(3, g.doubleArg(5));
                        out.set(4, g.doubles(1).get(1));
                        out.set(5, g.constants().getInt("SCALE"));
                    };
                }, 0)).build();
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(def, Constants.of("SCALE", 5));
             DeviceBuffer out = s.allocate(ElemType.DOUBLE, 6); DeviceBuffer table = s.upload(new double[]{1, 2.5})) {
            s.launch(k, NDRange.of(4, 2), out, table, 7, 1L << 40, 0.5f, -2.25);
            double[] v = new double[6];
            out.read(v);
            assertArrayEquals(new double[]{35, 1L << 40, 0.5, -2.25, 2.5, 5}, v);
        }
    }

    @Test
    void askingForAnArgumentAsTheWrongKindFailsNamingIt() {
        KernelDef def = Cells.kernel("confused").global("out", ElemType.INT, Access.WRITE).local("tile", ElemType.INT)
                .impl(Cells.java(0, g -> g.ints(1))).build();
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(def); DeviceBuffer out = s.allocate(ElemType.INT, 4)) {
            DeviceExecutionException e = assertThrows(DeviceExecutionException.class,
                    () -> s.launch(k, NDRange.of(4, 4), out, LocalSize.of(4)));
            assertTrue(e.getMessage().contains("ints(1)") && e.getMessage().contains("local int tile"), e.getMessage());
        }
        KernelDef tasks = Cells.kernel("tasks-in-ndrange").global("out", ElemType.INT, Access.WRITE)
                .impl(Cells.java(0, g -> g.nextTask())).build();
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(tasks); DeviceBuffer out = s.allocate(ElemType.INT, 4)) {
            DeviceExecutionException e = assertThrows(DeviceExecutionException.class, () -> s.launch(k, NDRange.of(4, 4), out));
            assertTrue(e.getMessage().contains("nextTask()") && e.getMessage().contains("static work-group"), e.getMessage());
        }
    }

    /** Writes consecutive values to a global long buffer (keeps the geometry checks readable). */
    private record GlobalLongsWriter(dev.perfport.core.wg.GlobalLongs out) {
        void put(long... values) {
            for (int i = 0; i < values.length; i++) out.set(i, values[i]);
        }
    }
}
