package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed002Report.StrategyRow;
import dev.perfport.workloads.transfer.TransferModel;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** POP's choice per function: the thesis's strategy against the best measured, and why they differ. */
class PopChoiceTest {
    private static StrategyRow row(String kernel, String strategy, double ms, double spread) {
        return new StrategyRow("dev", 0, 0, strategy, 16, ms, ms, 1, spread, true, true, null, kernel, "64×32×16", 0, 0, 1);
    }

    @Test
    void theThesisChoiceAsBestTieOrDifference() {
        StrategyRow mapped = row("state", "mapped", 10, 0);
        assertEquals("same", new PopChoice("d", "state", mapped, mapped, mapped, TransferModel.Category.NO_SYNC_2CE).verdict());
        StrategyRow hybrid = row("buoydiff", "hybrid", 10, 0), streams = row("buoydiff", "streams", 10.15, 0);
        PopChoice close = new PopChoice("d", "buoydiff", hybrid, streams, streams, TransferModel.Category.NO_SYNC_2CE);
        assertEquals("tie", close.verdict(), "1.5% apart");
        PopChoice noisy = new PopChoice("d", "buoydiff", row("buoydiff", "mapped", 1, 500), row("buoydiff", "streams", 3, 50), null,
                TransferModel.Category.SHARED_MEMORY);
        assertEquals("differs", noisy.verdict(), "200% behind: beyond the quieter row's 50% spread");
        StrategyRow slow = row("buoydiff", "streams", 18, 0);
        PopChoice oneEngine = new PopChoice("d", "buoydiff", hybrid, slow, hybrid, TransferModel.Category.IMPLICIT_SYNC_1CE);
        assertEquals("differs", oneEngine.verdict());
        assertTrue(oneEngine.reason().contains("one copy engine") && oneEngine.reason().contains("implicit synchronisation"), oneEngine.reason());
        assertTrue(oneEngine.reason().startsWith("hybrid is 80.0% faster than streams"), oneEngine.reason());
        PopChoice cpu = new PopChoice("d", "buoydiff", row("buoydiff", "mapped", 1, 0), row("buoydiff", "streams", 3, 0), null,
                TransferModel.Category.SHARED_MEMORY);
        assertTrue(cpu.reason().contains("CPU device shares the host's memory"), cpu.reason());
        PopChoice explicitOnly = new PopChoice("d", "ddmix", row("ddmix", "explicit", 1, 0), null, null, null);
        assertEquals("not run", explicitOnly.verdict());
        assertTrue(explicitOnly.reason().contains("explicit only"), explicitOnly.reason());
    }
}
