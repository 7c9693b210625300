package dev.perfport.backend.cell.mfc;

/**
 * The MFC's rules for one DMA command and one DMA list (Cell SDK 3.0, "DMA transfers" and "DMA
 * lists"; anchors §7), and the bus-request arithmetic of the cost model.
 *
 * <ul>
 *   <li>a command moves 1, 2, 4 or 8 bytes, naturally aligned, with the same offset within a
 *       quadword on both sides; or a multiple of 16 bytes, 16-byte aligned on both sides;</li>
 *   <li>at most {@value #MAX_COMMAND_BYTES} bytes per command (and per list element);</li>
 *   <li>a list holds at most {@value #MAX_LIST_ELEMENTS} elements;</li>
 *   <li>tags are 0..{@value #TAGS}−1.</li>
 * </ul>
 *
 * Transfers move in 128-byte bus requests: a transfer that starts or ends inside a 128-byte line
 * still costs a whole request for that line, so 128-byte aligned, 128-byte-multiple transfers are
 * the fast case.
 */
public final class DmaRules {
    public static final int MAX_COMMAND_BYTES = 16 * 1024;
    public static final int MAX_LIST_ELEMENTS = 2048;
    public static final int TAGS = 32;
    public static final int QUEUE_DEPTH = 16;
    public static final int QUADWORD = 16;
    /** Size of one bus request (an EIB / memory cache line). */
    public static final int LINE_BYTES = 128;

    private DmaRules() {
    }

    /** Throws a {@link DmaException} naming the rule when {@code size} bytes between these addresses is not one legal command. */
    public static void checkCommand(long lsAddress, long effectiveAddress, long size) {
        String why = violation(lsAddress, effectiveAddress, size);
        if (why != null) throw new DmaException(why);
    }

    /** Whether the transfer is one legal command. */
    public static boolean legal(long lsAddress, long effectiveAddress, long size) {
        return violation(lsAddress, effectiveAddress, size) == null;
    }

    private static String violation(long ls, long ea, long size) {
        if (size < 1) return "size rule: a DMA transfer moves at least 1 byte, got " + size;
        if (size > MAX_COMMAND_BYTES) {
            return "16 KiB rule: a DMA command moves at most " + MAX_COMMAND_BYTES + " B, got " + size
                    + " B (split it into several commands or use a DMA list)";
        }
        if (size < QUADWORD) {
            if (size != 1 && size != 2 && size != 4 && size != 8) {
                return "size rule: a DMA transfer under 16 B must be 1, 2, 4 or 8 B, got " + size + " B";
            }
            if (ls % size != 0 || ea % size != 0) {
                return "alignment rule: a " + size + " B DMA transfer must be naturally aligned (" + size
                        + "-byte) on both sides, got local-store address " + ls + " and effective address " + ea;
            }
            if ((ls & (QUADWORD - 1)) != (ea & (QUADWORD - 1))) {
                return "alignment rule: a DMA transfer under 16 B needs the same offset within a quadword on both sides,"
                        + " got local-store offset " + (ls & (QUADWORD - 1)) + " and effective-address offset " + (ea & (QUADWORD - 1));
            }
            return null;
        }
        if (size % QUADWORD != 0) {
            return "size rule: a DMA transfer of 16 B or more must be a multiple of 16 B, got " + size + " B";
        }
        if (ls % QUADWORD != 0 || ea % QUADWORD != 0) {
            return "alignment rule: a DMA transfer of 16 B or more must be 16-byte aligned on both sides, got local-store address "
                    + ls + " (offset " + (ls % QUADWORD) + ") and effective address " + ea + " (offset " + (ea % QUADWORD) + ")";
        }
        return null;
    }

    /** Throws when a list has more than {@value #MAX_LIST_ELEMENTS} elements (or none). */
    public static void checkListLength(int elements) {
        if (elements < 1 || elements > MAX_LIST_ELEMENTS) {
            throw new DmaException("list rule: a DMA list holds 1 to " + MAX_LIST_ELEMENTS + " elements, got " + elements);
        }
    }

    /** Throws when {@code tag} is not a tag group 0..31. */
    public static void checkTag(int tag) {
        if (tag < 0 || tag >= TAGS) throw new DmaException("tag rule: DMA tags are 0 to " + (TAGS - 1) + ", got " + tag);
    }

    /** 128-byte bus requests a transfer of {@code size} bytes at {@code effectiveAddress} needs (lines it touches). */
    public static long busRequests(long effectiveAddress, long size) {
        if (size <= 0) return 0;
        return ((effectiveAddress + size - 1) / LINE_BYTES) - (effectiveAddress / LINE_BYTES) + 1;
    }

    /** 128-byte aligned and a 128-byte multiple: every bus request carries a full line. */
    public static boolean fullLines(long effectiveAddress, long size) {
        return effectiveAddress % LINE_BYTES == 0 && size % LINE_BYTES == 0;
    }
}
