package dev.perfport.backend.cell.mfc;

/**
 * How an OpenCL runtime on the Cell turns one {@code async_work_group_copy} of any size and
 * alignment into MFC work, for the cost model:
 *
 * <ul>
 *   <li>a transfer that is one legal command (see {@link DmaRules}) is one command;</li>
 *   <li>a legal 16-byte-aligned transfer over 16 KiB becomes DMA lists of up to 2048 elements of
 *       16 KiB each, one queue entry per list;</li>
 *   <li>anything else (an offset that is not a multiple of 16 bytes on either side, or a size
 *       that is neither 1/2/4/8 bytes nor a multiple of 16) goes through an aligned bounce
 *       buffer: the 16-byte-aligned cover of the main-memory range is moved as above, and the
 *       port time and bus bytes are multiplied by the unaligned factor (seed 000 §2.6 measured
 *       about 5× less bandwidth for unaligned buffers).</li>
 * </ul>
 */
public final class DmaPlanner {

    /** Receives the queue entries of a plan, in issue order. */
    public interface Sink {
        /**
         * @param transferCycles port cycles of the entry
         * @param busBytes       bytes it moves on the bus (whole lines, times the unaligned factor)
         * @param listElements   elements if it is a DMA list, else 0
         * @param unaligned      whether it goes through the bounce buffer
         */
        void entry(long transferCycles, long busBytes, int listElements, boolean unaligned);
    }

    private DmaPlanner() {
    }

    /** Plans {@code size} bytes between local-store address {@code ls} and effective address {@code ea}. */
    public static void plan(long ls, long ea, long size, DmaCosts costs, Sink sink) {
        if (size <= 0) throw new IllegalArgumentException("transfer size must be >= 1 B, got " + size);
        if (size <= DmaRules.MAX_COMMAND_BYTES && DmaRules.legal(ls, ea, size)) {
            sink.entry(costs.commandCycles(ea, size), DmaRules.busRequests(ea, size) * DmaRules.LINE_BYTES, 0, false);
            return;
        }
        boolean aligned = ls % DmaRules.QUADWORD == 0 && ea % DmaRules.QUADWORD == 0 && size % DmaRules.QUADWORD == 0;
        if (aligned) {
            lists(ea, size, 1.0, false, costs, sink);
        } else {
            long start = ea & ~(long) (DmaRules.QUADWORD - 1);
            long end = (ea + size + DmaRules.QUADWORD - 1) & ~(long) (DmaRules.QUADWORD - 1);
            long cover = end - start;
            if (cover <= DmaRules.MAX_COMMAND_BYTES) {
                long lines = DmaRules.busRequests(start, cover);
                sink.entry(costs.transferCycles(lines, costs.unalignedFactor()),
                        (long) Math.ceil(lines * DmaRules.LINE_BYTES * costs.unalignedFactor()), 0, true);
            } else {
                lists(start, cover, costs.unalignedFactor(), true, costs, sink);
            }
        }
    }

    private static void lists(long ea, long size, double factor, boolean unaligned, DmaCosts costs, Sink sink) {
        long perList = (long) DmaRules.MAX_LIST_ELEMENTS * DmaRules.MAX_COMMAND_BYTES;
        for (long off = 0; off < size; off += perList) {
            long n = Math.min(perList, size - off);
            int elements = (int) ((n + DmaRules.MAX_COMMAND_BYTES - 1) / DmaRules.MAX_COMMAND_BYTES);
            long lines = 0;
            for (int e = 0; e < elements; e++) {
                long eo = off + (long) e * DmaRules.MAX_COMMAND_BYTES;
                lines += DmaRules.busRequests(ea + eo, Math.min(DmaRules.MAX_COMMAND_BYTES, size - eo));
            }
            sink.entry(costs.transferCycles(lines, factor) + elements * costs.listElementCycles(),
                    (long) Math.ceil(lines * DmaRules.LINE_BYTES * factor), elements, unaligned);
        }
    }
}
