package dev.perfport.backend.cell.mfc;

/**
 * Ordering of a DMA command within its tag group (Cell SDK {@code mfc_getf}/{@code mfc_getb} and
 * the put forms). The copies themselves happen in program order in the emulator; the ordering
 * shapes only the modelled start times.
 */
public enum DmaOrder {
    /** Plain {@code mfc_get}/{@code mfc_put}: may start as soon as it is issued (and any earlier barrier of its tag is done). */
    NONE,
    /** Fenced ({@code getf}/{@code putf}): starts only after every earlier command of the same tag has completed. */
    FENCE,
    /**
     * Barrier ({@code getb}/{@code putb}): like a fence, and in addition every later command of
     * the same tag starts only after this one has completed.
     */
    BARRIER
}
