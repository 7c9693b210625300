package dev.perfport.backend.cell.mfc;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The MFC engine used directly: copies, the queue, tag groups, ordering, lists. */
class MfcTest {
    /** 20 cycles to issue, 500 to first data, 8 B per cycle (a 128-byte line in 16), 4 per list element, unaligned ×5. */
    static final DmaCosts COSTS = new DmaCosts(20, 500, 8, 4, 5);

    private static Area ls(int bytes) {
        return new Area(new int[bytes / 4], 0);
    }

    private static Area main(int ints) {
        int[] a = new int[ints];
        for (int i = 0; i < a.length; i++) a[i] = i * 3 + 1;
        return new Area(a, 1 << 20);
    }

    @Test
    void getAndPutCopyBytesBetweenMainMemoryAndTheLocalStore() {
        Mfc mfc = new Mfc(COSTS);
        Area m = main(1024);
        Area l = ls(4096);
        long done = mfc.get(l, 64, m, 256, 512, 3);     // ints 64.. of main into ints 16.. of the local store
        assertEquals(20 + 500 + 4 * 16, done, "issue + latency + 4 lines");
        assertEquals(20, mfc.now(), "the SPU only paid the issue");
        mfc.waitAll(1 << 3);
        assertEquals(done, mfc.now());
        int[] lsa = (int[]) l.array();
        for (int i = 0; i < 128; i++) assertEquals((64 + i) * 3 + 1, lsa[16 + i], "ls int " + (16 + i));
        lsa[16] = -7;
        mfc.put(l, 64, m, 0, 16, 3);
        assertEquals(-7, ((int[]) m.array())[0]);
        assertEquals(2, mfc.commands());
        assertEquals(528, mfc.bytes());
        assertEquals(5 * 128, mfc.busBytes(), "the 16-byte put still moves one whole line request");
        // another element type: bytes move as they are
        float[] f = new float[4];
        mfc.get(new Area(f, 0), 0, m, 0, 16, 0);
        assertEquals(Float.intBitsToFloat(-7), f[0]);
    }

    @Test
    void anIllegalCommandCopiesNothing() {
        Mfc mfc = new Mfc(COSTS);
        Area m = main(8192);
        Area l = ls(32768);
        DmaException big = assertThrows(DmaException.class, () -> mfc.get(l, 0, m, 0, 16400, 0));
        assertTrue(big.getMessage().contains("16 KiB rule"), big.getMessage());
        DmaException odd = assertThrows(DmaException.class, () -> mfc.get(l, 4, m, 0, 32, 0));
        assertTrue(odd.getMessage().contains("alignment rule"), odd.getMessage());
        assertEquals(0, ((int[]) l.array())[1], "nothing copied");
        assertEquals(0, mfc.commands());
        assertEquals(0, mfc.now(), "nothing issued");
        IllegalArgumentException out = assertThrows(IllegalArgumentException.class, () -> mfc.get(l, 0, m, 32768, 16, 0));
        assertTrue(out.getMessage().contains("outside its 32768 B array"), out.getMessage());
    }

    @Test
    void theSeventeenthCommandStallsUntilTheFirstCompletes() {
        Mfc mfc = new Mfc(COSTS);
        Area m = main(4096 * 17);
        Area l = ls(16384);
        long first = mfc.get(l, 0, m, 0, 16384, 0);            // 128 lines: 2048 port cycles
        for (int i = 1; i < 16; i++) mfc.get(l, 0, m, 16384L * i, 16384, i % 32);
        assertEquals(16 * 20, mfc.now(), "16 commands fit the queue: the SPU only paid their issue");
        assertEquals(0, mfc.timer().stallCycles());
        mfc.get(l, 0, m, 16384L * 16, 16384, 16);
        assertEquals(first, mfc.now(), "the 17th issue waits for the first command to leave the queue");
        assertEquals(first - 17 * 20, mfc.timer().stallCycles());
    }

    @Test
    void waitAnyReturnsWhenOneTagIsCompleteAndWaitAllWhenEveryTagIs() {
        Mfc mfc = new Mfc(COSTS);
        Area m = main(8192);
        Area l = ls(32768);
        long big = mfc.get(l, 0, m, 0, 16384, 2);      // issued first, long
        long small = mfc.get(l, 16384, m, 16384, 128, 1);
        assertTrue(small > big, "one port: completions follow issue order");
        int status = mfc.waitAny((1 << 1) | (1 << 2));
        assertEquals(big, mfc.now(), "tag 2 completes first");
        assertEquals(1 << 2, status, "only tag 2 is complete then");
        status = mfc.waitAll((1 << 1) | (1 << 2));
        assertEquals(small, mfc.now());
        assertEquals((1 << 1) | (1 << 2), status);
        assertEquals(1 << 5, mfc.waitAny(1 << 5), "a tag with nothing outstanding is complete at once");
        assertEquals(small, mfc.now());
    }

    @Test
    void aFenceWaitsForEarlierCommandsOfItsTagOnly() {
        long plain = secondCompletion(DmaOrder.NONE, 7);
        long fenced = secondCompletion(DmaOrder.FENCE, 7);
        long fencedOtherTag = secondCompletion(DmaOrder.FENCE, 8);
        Mfc probe = new Mfc(COSTS);
        long first = probe.get(ls(256), 0, main(64), 0, 128, 7);
        assertEquals(first, 20 + 500 + 16);
        assertEquals(40 + 500 + 16, plain, "unfenced: issued at 40, its latency overlaps the first command's transfer");
        assertEquals(first + 500 + 16, fenced, "fenced: starts after the first completes");
        assertEquals(plain, fencedOtherTag, "a fence does not look at other tags");
    }

    private static long secondCompletion(DmaOrder order, int tag) {
        Mfc mfc = new Mfc(COSTS);
        Area m = main(64);
        Area l = ls(256);
        mfc.get(l, 0, m, 0, 128, 7);
        return mfc.transfer(true, order, l, 128, m, 128, 128, tag);
    }

    @Test
    void aBarrierAlsoHoldsBackLaterCommandsOfItsTag() {
        Mfc mfc = new Mfc(COSTS);
        Area m = main(256);
        Area l = ls(1024);
        long first = mfc.get(l, 0, m, 0, 128, 4);
        long barrier = mfc.getb(l, 128, m, 128, 128, 4);
        assertEquals(first + 500 + 16, barrier, "the barrier waits like a fence");
        long later = mfc.get(l, 256, m, 256, 128, 4);
        assertEquals(barrier + 500 + 16, later, "a plain command after the barrier starts once it completes");
        long otherTag = mfc.put(l, 384, m, 384, 128, 5);
        assertEquals(later + 16, otherTag, "other tags are not held back (only the shared port orders them)");
    }

    @Test
    void listsMoveEveryElementAsOneQueueEntryAndAreLimited() {
        Mfc mfc = new Mfc(COSTS);
        Area m = main(1 << 16);
        Area l = ls(1 << 16);
        long[] eas = {0, 4096, 65536, 131072};
        int[] sizes = {16384, 128, 16, 4096};
        long done = mfc.getList(l, 0, m, eas, sizes, 9, DmaOrder.NONE);
        assertEquals(1, mfc.commands());
        assertEquals(4, mfc.listElements());
        assertEquals(20 + 500 + 16 * (128 + 1 + 1 + 32) + 4 * 4, done);
        int[] lsa = (int[]) l.array();
        assertEquals(((int[]) m.array())[1024], lsa[4096], "second element lands right after the first");
        assertEquals(((int[]) m.array())[16384], lsa[4096 + 32]);

        long[] tooMany = new long[2049];
        int[] tooManySizes = new int[2049];
        java.util.Arrays.fill(tooManySizes, 16);
        for (int i = 0; i < tooMany.length; i++) tooMany[i] = 16L * i;
        DmaException e = assertThrows(DmaException.class, () -> mfc.getList(l, 0, m, tooMany, tooManySizes, 0, DmaOrder.NONE));
        assertTrue(e.getMessage().contains("2049"), e.getMessage());
        DmaException element = assertThrows(DmaException.class,
                () -> mfc.getList(l, 0, m, new long[]{0, 4096}, new int[]{128, 20000}, 0, DmaOrder.NONE));
        assertTrue(element.getMessage().startsWith("DMA list element 1: 16 KiB rule"), element.getMessage());
        assertEquals(1, mfc.commands(), "refused lists issue nothing");
    }

    @Test
    void theModelledTimeOfComputeAndTransfersOverlaps() {
        Mfc mfc = new Mfc(COSTS);
        Area m = main(4096);
        Area l = ls(16384);
        long done = mfc.get(l, 0, m, 0, 16384, 0);
        mfc.compute(1000);
        mfc.waitAll(1);
        assertEquals(done, mfc.now(), "1000 cycles of compute hid that much of the transfer");
        assertArrayEquals(java.util.Arrays.copyOf((int[]) m.array(), 4096), (int[]) l.array());
    }
}
