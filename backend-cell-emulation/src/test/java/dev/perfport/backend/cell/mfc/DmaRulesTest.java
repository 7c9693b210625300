package dev.perfport.backend.cell.mfc;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The MFC's size and alignment rules (anchors §7): every illegal command names the rule and its numbers. */
class DmaRulesTest {

    @ParameterizedTest(name = "ls {0}, ea {1}, {2} B")
    @CsvSource(delimiter = '|', value = {
            "0|0|0|size rule|got 0",
            "0|0|3|size rule|must be 1, 2, 4 or 8 B, got 3 B",
            "0|0|12|size rule|must be 1, 2, 4 or 8 B, got 12 B",
            "0|0|40|size rule|multiple of 16 B, got 40 B",
            "0|0|16400|16 KiB rule|at most 16384 B, got 16400 B",
            "0|2|4|alignment rule|naturally aligned (4-byte) on both sides, got local-store address 0 and effective address 2",
            "8|8|16|alignment rule|16-byte aligned on both sides, got local-store address 8 (offset 8) and effective address 8 (offset 8)",
            "0|48|32|alignment rule|16-byte aligned on both sides",     // legal: passes (see legalCommands)
            "16|8|32|alignment rule|effective address 8 (offset 8)",
            "4|8|4|alignment rule|same offset within a quadword on both sides, got local-store offset 4 and effective-address offset 8",
    })
    void illegalCommandsNameTheRuleAndTheNumbers(long ls, long ea, long size, String rule, String detail) {
        if (DmaRules.legal(ls, ea, size)) {
            assertDoesNotThrow(() -> DmaRules.checkCommand(ls, ea, size));
            return;
        }
        DmaException e = assertThrows(DmaException.class, () -> DmaRules.checkCommand(ls, ea, size));
        assertTrue(e.getMessage().startsWith(rule), e.getMessage());
        assertTrue(e.getMessage().contains(detail), e.getMessage());
    }

    @Test
    void legalCommands() {
        for (int s : new int[]{1, 2, 4, 8}) {
            assertDoesNotThrow(() -> DmaRules.checkCommand(s * 3L, s * 3L + 4096, s), s + " B naturally aligned, same quadword offset");
        }
        assertDoesNotThrow(() -> DmaRules.checkCommand(0, 48, 32));
        assertDoesNotThrow(() -> DmaRules.checkCommand(16, 4096, 16384));
        assertTrue(DmaRules.legal(128, 256, 128));
        assertFalse(DmaRules.legal(0, 0, 16384 + 16));
    }

    @Test
    void listsHoldAtMost2048ElementsAndTagsAre0To31() {
        assertDoesNotThrow(() -> DmaRules.checkListLength(2048));
        DmaException e = assertThrows(DmaException.class, () -> DmaRules.checkListLength(2049));
        assertEquals("list rule: a DMA list holds 1 to 2048 elements, got 2049", e.getMessage());
        assertThrows(DmaException.class, () -> DmaRules.checkListLength(0));
        DmaException t = assertThrows(DmaException.class, () -> DmaRules.checkTag(32));
        assertEquals("tag rule: DMA tags are 0 to 31, got 32", t.getMessage());
    }

    @Test
    void busRequestsCountTheLinesATransferTouches() {
        assertEquals(1, DmaRules.busRequests(0, 128));
        assertEquals(2, DmaRules.busRequests(64, 128), "a misplaced line needs two requests");
        assertEquals(1, DmaRules.busRequests(16, 16), "a partial line still costs a request");
        assertEquals(128, DmaRules.busRequests(0, 16384));
        assertTrue(DmaRules.fullLines(256, 512));
        assertFalse(DmaRules.fullLines(16, 128));
    }
}
