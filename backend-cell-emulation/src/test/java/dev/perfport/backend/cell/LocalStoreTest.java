package dev.perfport.backend.cell;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.launch.TaskMapping;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Seed 003 §8 item 10 and §2.5: what a work-group needs must fit one SPE's 256 KiB local store. */
class LocalStoreTest {

    /**
     * The γ/δ shape of the matmul study: 128 × 128 work-items staging two 64 KiB float tiles, plus
     * {@code privateBytes} of private state per work-item. Computes c = 2a + b through the tiles.
     */
    static KernelDef tiles(long privateBytes) {
        return Cells.kernel("tiles-" + privateBytes)
                .global("a", ElemType.FLOAT, Access.READ).global("b", ElemType.FLOAT, Access.READ)
                .global("c", ElemType.FLOAT, Access.WRITE)
                .local("tileA", ElemType.FLOAT).local("tileB", ElemType.FLOAT)
                .impl(Cells.java(privateBytes, g -> {
                    float[] ta = g.localFloats(3);
                    float[] tb = g.localFloats(4);
                    float[] twice = g.privateFloats(1);
                    var a = g.floats(0);
                    var b = g.floats(1);
                    int width = (int) g.globalSize(0);
                    g.forEachItem(lid -> {
                        int i = (int) (g.globalId(1, lid) * width + g.globalId(0, lid));
                        ta[lid] = a.get(i);
                        tb[lid] = b.get(i);
                        twice[lid] = 2 * ta[lid];
                    });
                    var c = g.floats(2);
                    g.forEachItem(lid -> {
                        int i = (int) (g.globalId(1, lid) * width + g.globalId(0, lid));
                        c.set(i, twice[lid] + tb[lid]);
                    });
                })).build();
    }

    private static final LocalSize TILE = LocalSize.of(128 * 128);   // 64 KiB of floats
    private static final NDRange FOUR_GROUPS = NDRange.of(256, 256, 128, 128);

    @Test
    void twoTilesAndFourBytesOfPrivateStateFit() {
        int n = 256 * 256;
        float[] a = new float[n];
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 1000;
            b[i] = -(i % 7);
        }
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(tiles(4));
             DeviceBuffer da = s.upload(a); DeviceBuffer db = s.upload(b); DeviceBuffer dc = s.allocate(ElemType.FLOAT, n)) {
            // 131072 local + 65536 private + 16384 reserved = 212992 B <= 262144 B
            s.launch(k, FOUR_GROUPS, da, db, dc, TILE, TILE);
            float[] c = new float[n];
            dc.read(c);
            for (int i = 0; i < n; i++) assertEquals(2 * a[i] + b[i], c[i], "c[" + i + "]");
        }
    }

    @Test
    void eightBytesOfPrivateStateDoNotFitAndTheErrorGivesEveryNumber() {
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(tiles(8));
             DeviceBuffer da = s.allocate(ElemType.FLOAT, 65536); DeviceBuffer db = s.allocate(ElemType.FLOAT, 65536);
             DeviceBuffer dc = s.allocate(ElemType.FLOAT, 65536)) {
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class,
                    () -> s.launch(k, FOUR_GROUPS, da, db, dc, TILE, TILE));
            assertTrue(e.getMessage().contains("work-group does not fit the 262144 B local store of an SPE: "
                    + "131072 B local + 131072 B private (16384 work-items × 8 B) + 0 B static local + 16384 B reserved = 278528 B"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("test.tiles-8"), e.getMessage());
            float[] c = new float[65536];
            dc.read(c);
            for (float x : c) assertEquals(0f, x, "nothing ran");
        }
        // without the reservation the same launch needs exactly 262144 B, which fits
        try (DeviceSession s = Cells.open("reservedBytes", "0"); CompiledKernel k = s.compile(tiles(8));
             DeviceBuffer da = s.upload(new float[65536]); DeviceBuffer db = s.upload(new float[65536]);
             DeviceBuffer dc = s.allocate(ElemType.FLOAT, 65536)) {
            s.launch(k, FOUR_GROUPS, da, db, dc, TILE, TILE);
        }
    }

    @Test
    void staticLocalMemoryCountsOncePerSpe() {
        KernelDef def = Cells.kernel("slm-big").global("x", ElemType.INT, Access.READ)
                .local("l", ElemType.INT).staticLocal("s", ElemType.INT)
                .impl(Cells.java(1000, g -> { })).build();
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(def); DeviceBuffer x = s.allocate(ElemType.INT, 1)) {
            // 100000 local + 100000 static local pass core's 245760 B local check; 64 × 1000 B private breaks the store
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class,
                    () -> s.launch(k, NDRange.of(640, 64), x, LocalSize.of(25000), LocalSize.of(25000)));
            assertTrue(e.getMessage().contains("100000 B local + 64000 B private (64 work-items × 1000 B) + 100000 B static local"
                    + " + 16384 B reserved = 280384 B"), e.getMessage());
            // 32 work-items: 248384 B fits
            s.launch(k, NDRange.of(640, 32), x, LocalSize.of(25000), LocalSize.of(25000));
        }
    }

    @Test
    void staticGroupsThatDoNotFitHaveNoResidency() {
        KernelDef def = Cells.kernel("static-big").form(LaunchForm.STATIC_GROUPS).global("x", ElemType.INT, Access.READ)
                .local("l", ElemType.FLOAT)
                .impl(Cells.java(8, g -> { })).build();
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(def); DeviceBuffer x = s.allocate(ElemType.INT, 1)) {
            assertEquals(6, s.maxResidentGroups(k, new long[]{128, 128}, 65536));
            assertEquals(0, s.maxResidentGroups(k, new long[]{128, 128}, 131072));
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class, () -> s.launch(k,
                    new StaticGroups(1, new long[]{128, 128}, TaskMapping.BLOCKED, 4), x, LocalSize.of(32768)));
            assertTrue(e.getMessage().contains("k = 1 exceeds the 0"), e.getMessage());
            s.launch(k, new StaticGroups(6, new long[]{128, 128}, TaskMapping.BLOCKED, 4), x, LocalSize.of(16384));
        }
    }
}
