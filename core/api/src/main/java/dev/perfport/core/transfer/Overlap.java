package dev.perfport.core.transfer;

/**
 * How a device overlaps host–device copies with its kernels (seed 002 §6.3): the thesis's device
 * categories follow from these facts. Category 1 is implicit synchronisation with one copy engine
 * (GTX480), 2 no implicit synchronisation with one (GTX Titan), 3 none with two (K20).
 *
 * @param copyEngines  DMA engines: 1 (one direction at a time) or 2 (both directions at once)
 * @param implicitSync an operation that waits for a kernel waits until every kernel issued before
 *                     it has started all its work-groups (Fermi), so copies out overlap no kernel
 * @param zeroCopy     mapped buffers are read and written in place by the kernels over the link,
 *                     overlapping their arithmetic (Eq. 5.6), rather than copied at map and unmap
 */
public record Overlap(int copyEngines, boolean implicitSync, boolean zeroCopy) {
    /** Checks the engine count. */
    public Overlap {
        if (copyEngines < 1 || copyEngines > 2) throw new IllegalArgumentException("copy engines must be 1 or 2, got " + copyEngines);
    }

    /** {@return the thesis's category (1, 2 or 3); two engines with implicit synchronisation behave as category 1} */
    public int category() {
        if (implicitSync) return 1;
        return copyEngines == 1 ? 2 : 3;
    }

    /** {@return a few words for tables} */
    public String describe() {
        return (implicitSync ? "implicit synchronisation" : "no implicit synchronisation") + ", " + copyEngines + " copy engine"
                + (copyEngines > 1 ? "s" : "");
    }
}
