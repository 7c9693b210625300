package dev.perfport.workloads.transfer;

import dev.perfport.core.transfer.TransferStrategy;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** The combined models of seed 002 §6.5 on fixed links (no device): the numbers follow from the formulas. */
class TransferModelTest {
    private static final double NS_PER_BYTE = 1.0 / 50;   // 50 GB/s
    private static final long MB64 = 64L << 20;

    private static TransferModel model(TransferModel.Category c, double gap) {
        Map<TransferModel.Direction, TransferModel.Link> links = new EnumMap<>(TransferModel.Direction.class);
        for (TransferModel.Direction d : TransferModel.Direction.values()) links.put(d, new TransferModel.Link(10_000, NS_PER_BYTE, 1));
        TransferModel.Gap g = new TransferModel.Gap(0, gap, 1);
        return new TransferModel("test", c, links, g, g, 5_000);
    }

    @Test
    void explicitAndMappedAreTheSumOfTheirParts() {
        TransferModel m = model(TransferModel.Category.NO_SYNC_2CE, 20_000);
        double copy = 10_000 + MB64 * NS_PER_BYTE;
        assertEquals(2 * copy + 1e6, m.predict(TransferStrategy.EXPLICIT, MB64, MB64, 1e6, 1), 1e-6);
        assertEquals(2 * copy + 1e6, m.predict(TransferStrategy.MAPPED, MB64, MB64, 1e6, 1), 1e-6);
    }

    @Test
    void twoCopyEnginesOverlapTheDirectionsAndTheKernel() {
        TransferModel m = model(TransferModel.Category.NO_SYNC_2CE, 20_000);
        double explicit = m.predict(TransferStrategy.EXPLICIT, MB64, MB64, 1e6, 1);
        double streams = m.predict(TransferStrategy.STREAMS, MB64, MB64, 1e6, 16, 16);
        // input dominant: all of the input, 15 gaps, one chunk's kernel and output
        double g = 20_000 - 4096 * NS_PER_BYTE;   // the fitted per-chunk slope less its 4 KiB chunk's bytes
        assertEquals(g, m.perTransferGap(false), 1e-9);
        double expected = 10_000 + MB64 * NS_PER_BYTE + g * 15 + 1e6 / 16 + 10_000 + MB64 * NS_PER_BYTE / 16;
        assertEquals(expected, streams, 1e-6);
        assertTrue(streams < 0.6 * explicit, streams + " vs " + explicit);
    }

    @Test
    void manyTinyChunksPayTheirGapsAndAQueueRunsItsChunksInOrder() {
        TransferModel m = model(TransferModel.Category.NO_SYNC_2CE, 50_000);
        long small = 1 << 16;
        assertTrue(m.predict(TransferStrategy.STREAMS, small, small, 0, 64, 64) >= 64 * m.perTransferGap(false), "64 gaps at least");
        // a kernel-dominant job on 2 queues: each queue runs 8 of the 16 chunks one after another
        double tE = 16e6;
        double twoQueues = m.predict(TransferStrategy.STREAMS, MB64, MB64, tE, 16, 2);
        double chunk = 10_000 + MB64 * NS_PER_BYTE / 16 + tE / 16 + 10_000 + MB64 * NS_PER_BYTE / 16;
        assertTrue(twoQueues >= 8 * chunk - 1e-6, twoQueues + " < " + 8 * chunk);
        assertTrue(m.predict(TransferStrategy.STREAMS, MB64, MB64, tE, 16, 16) <= twoQueues);
    }

    @Test
    void aKernelThatTakesLongerToIssueWidensTheGap() {
        TransferModel m = model(TransferModel.Category.NO_SYNC_2CE, 20_000);
        long small = 1 << 16;
        double plain = m.predict(TransferStrategy.STREAMS, small, small, 0, 64, 64, 5_000);
        double heavy = m.predict(TransferStrategy.STREAMS, small, small, 0, 64, 64, 35_000);
        assertTrue(heavy >= 64 * (m.perTransferGap(false) + 30_000), "64 gaps of 20 + 30 us at least: " + heavy);
        assertTrue(heavy - plain >= 63 * 30_000, "each chunk 30 us more to issue: " + plain + " -> " + heavy);
        assertEquals(plain, m.predict(TransferStrategy.STREAMS, small, small, 0, 64, 64, -1), 1e-6, "unknown: the fitted gap");
    }

    @Test
    void onSharedMemoryNothingOverlaps() {
        TransferModel m = model(TransferModel.Category.SHARED_MEMORY, 20_000);
        double copies = 2 * MB64 * NS_PER_BYTE;
        assertEquals(4 * 10_000 + copies + 1e6 + 4 * 10_000, m.predict(TransferStrategy.STREAMS, MB64, MB64, 1e6, 4, 2), 1e-6);
    }
}
