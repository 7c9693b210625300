package dev.perfport.backend.cell.mfc;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How asyncCopy requests of any size and alignment become MFC commands, lists and bounce transfers. */
class DmaPlannerTest {
    record Entry(long cycles, long bus, int elements, boolean unaligned) {
    }

    static List<Entry> plan(long ls, long ea, long size, DmaCosts c) {
        List<Entry> out = new ArrayList<>();
        DmaPlanner.plan(ls, ea, size, c, (cy, bus, el, un) -> out.add(new Entry(cy, bus, el, un)));
        return out;
    }

    @Test
    void aLegalTransferIsOneCommand() {
        List<Entry> p = plan(0, 4096, 512, MfcTest.COSTS);
        assertEquals(List.of(new Entry(64, 512, 0, false)), p);
        assertEquals(List.of(new Entry(16, 128, 0, false)), plan(4, 4100, 4, MfcTest.COSTS), "4 bytes, naturally aligned");
    }

    @Test
    void largeTransfersBecomeListsOf16KiBElements() {
        List<Entry> p = plan(0, 0, 40960, MfcTest.COSTS);    // 2.5 × 16 KiB
        assertEquals(1, p.size());
        assertEquals(3, p.getFirst().elements());
        assertEquals(320 * 16 + 3 * 4, p.getFirst().cycles());
        // more than 2048 × 16 KiB needs a second list
        List<Entry> huge = plan(0, 0, 2049L * 16384, MfcTest.COSTS);
        assertEquals(2, huge.size());
        assertEquals(2048, huge.get(0).elements());
        assertEquals(1, huge.get(1).elements());
    }

    @Test
    void unalignedTransfersCostAboutTheConfiguredFactorMore() {
        for (double factor : new double[]{5, 3}) {
            DmaCosts c = new DmaCosts(20, 500, 8, 4, factor);
            Entry aligned = plan(0, 4096, 4096, c).getFirst();
            Entry shifted = plan(4, 4100, 4096, c).getFirst();    // a host buffer 4 bytes off
            assertFalse(aligned.unaligned());
            assertTrue(shifted.unaligned());
            double ratio = (double) shifted.cycles() / aligned.cycles();
            // the 16-byte cover is one line longer, so a little over the factor
            assertTrue(ratio >= factor && ratio <= factor * 33 / 32 + 1e-9, "factor " + factor + ": ratio " + ratio);
            assertEquals((long) Math.ceil(33 * 128 * factor), shifted.bus());
        }
        assertTrue(plan(0, 0, 40, MfcTest.COSTS).getFirst().unaligned(), "40 bytes is not a legal size");
    }
}
