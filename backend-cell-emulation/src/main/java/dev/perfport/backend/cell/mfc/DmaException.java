package dev.perfport.backend.cell.mfc;

/**
 * A DMA command that breaks one of the MFC's rules (size, alignment, 16 KiB limit, list length,
 * tag range). On a real SPE such a command raises an alignment or DMA-error interrupt and
 * suspends the queue; here it fails before anything is copied, naming the rule and the numbers.
 */
public final class DmaException extends IllegalArgumentException {
    public DmaException(String message) {
        super(message);
    }
}
