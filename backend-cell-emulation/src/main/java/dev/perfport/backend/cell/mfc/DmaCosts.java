package dev.perfport.backend.cell.mfc;

/**
 * The timing parameters of one MFC. See {@code COST_MODEL.md} for the values and their sources.
 *
 * @param issueCycles       SPU cycles to issue one command (writing the MFC channels); the SPU is busy meanwhile
 * @param latencyCycles     from the start of a command to its first data: MFC processing, EIB arbitration and
 *                          the main-memory access; commands in flight overlap their latencies
 * @param bytesPerCycle     bandwidth of the SPE's EIB port (25.6 GB/s at 3.2 GHz = 8 B per cycle); transfers
 *                          through the port are serialised
 * @param listElementCycles extra cycles per element of a DMA list (the MFC reads the 8-byte element from the local store)
 * @param unalignedFactor   how much longer a transfer takes when the runtime must bounce it through an aligned
 *                          buffer because it breaks the 16-byte rules (seed 000 §2.6: about 5× less bandwidth)
 */
public record DmaCosts(long issueCycles, long latencyCycles, double bytesPerCycle, long listElementCycles,
                       double unalignedFactor) {

    public DmaCosts {
        if (issueCycles < 0 || latencyCycles < 0 || listElementCycles < 0) {
            throw new IllegalArgumentException("DMA cycle costs must be >= 0: issue " + issueCycles + ", latency "
                    + latencyCycles + ", list element " + listElementCycles);
        }
        if (!(bytesPerCycle > 0) || Double.isInfinite(bytesPerCycle)) {
            throw new IllegalArgumentException("DMA bandwidth must be > 0 bytes per cycle, got " + bytesPerCycle);
        }
        if (!(unalignedFactor >= 1) || Double.isInfinite(unalignedFactor)) {
            throw new IllegalArgumentException("unaligned DMA factor must be >= 1, got " + unalignedFactor);
        }
    }

    /** Port cycles for {@code busRequests} 128-byte requests, times {@code factor}. */
    public long transferCycles(long busRequests, double factor) {
        return (long) Math.ceil(busRequests * (double) DmaRules.LINE_BYTES / bytesPerCycle * factor);
    }

    /** Port cycles of one command of {@code size} bytes at {@code effectiveAddress}. */
    public long commandCycles(long effectiveAddress, long size) {
        return transferCycles(DmaRules.busRequests(effectiveAddress, size), 1.0);
    }
}
