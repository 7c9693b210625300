package dev.perfport.backend.cell.mfc;

import java.lang.foreign.MemorySegment;

/**
 * One SPE's memory flow controller as a usable engine: {@code get}/{@code put} between main
 * memory and the local store, their fenced ({@code getf}/{@code putf}) and barrier
 * ({@code getb}/{@code putb}) forms, DMA lists, tag-group waits, with the rules of
 * {@link DmaRules} and the timing of {@link MfcTimer}.
 *
 * <p>Copies happen when a command is issued, in program order, so the data after a wait are what
 * the hardware would deliver; a program must still wait before it reads a destination, as on the
 * hardware. What is asynchronous is the modelled time: {@link #now()} advances by issue costs and
 * queue stalls, and by waits up to the completion of the awaited commands. Not thread-safe: one
 * MFC belongs to one SPU.
 */
public final class Mfc {
    private final MfcTimer timer;
    private long commands;
    private long listElements;
    private long bytes;
    private long busBytes;

    public Mfc(DmaCosts costs) {
        this.timer = new MfcTimer(costs);
    }

    public MfcTimer timer() {
        return timer;
    }

    /** The SPU clock in cycles. */
    public long now() {
        return timer.now();
    }

    /** The SPU computes for {@code cycles} while transfers proceed. */
    public void compute(long cycles) {
        if (cycles < 0) throw new IllegalArgumentException("cycles must be >= 0, got " + cycles);
        timer.advance(cycles);
    }

    public long get(Area ls, long lsOffset, Area main, long eaOffset, long size, int tag) {
        return transfer(true, DmaOrder.NONE, ls, lsOffset, main, eaOffset, size, tag);
    }

    public long getf(Area ls, long lsOffset, Area main, long eaOffset, long size, int tag) {
        return transfer(true, DmaOrder.FENCE, ls, lsOffset, main, eaOffset, size, tag);
    }

    public long getb(Area ls, long lsOffset, Area main, long eaOffset, long size, int tag) {
        return transfer(true, DmaOrder.BARRIER, ls, lsOffset, main, eaOffset, size, tag);
    }

    public long put(Area ls, long lsOffset, Area main, long eaOffset, long size, int tag) {
        return transfer(false, DmaOrder.NONE, ls, lsOffset, main, eaOffset, size, tag);
    }

    public long putf(Area ls, long lsOffset, Area main, long eaOffset, long size, int tag) {
        return transfer(false, DmaOrder.FENCE, ls, lsOffset, main, eaOffset, size, tag);
    }

    public long putb(Area ls, long lsOffset, Area main, long eaOffset, long size, int tag) {
        return transfer(false, DmaOrder.BARRIER, ls, lsOffset, main, eaOffset, size, tag);
    }

    /**
     * One command: {@code size} bytes between {@code ls} at byte offset {@code lsOffset} and
     * {@code main} at byte offset {@code eaOffset}; {@code get} moves main memory into the local
     * store. Returns the modelled completion time.
     *
     * @throws DmaException when the command breaks a rule (nothing is copied)
     */
    public long transfer(boolean get, DmaOrder order, Area ls, long lsOffset, Area main, long eaOffset, long size, int tag) {
        DmaRules.checkTag(tag);
        long lsa = ls.address() + lsOffset;
        long ea = main.address() + eaOffset;
        DmaRules.checkCommand(lsa, ea, size);
        checkBounds(ls, lsOffset, size, "local-store");
        checkBounds(main, eaOffset, size, "main-memory");
        copy(get, ls, lsOffset, main, eaOffset, size);
        commands++;
        bytes += size;
        busBytes += DmaRules.busRequests(ea, size) * DmaRules.LINE_BYTES;
        return timer.issue(tag, order, timer.costs().commandCycles(ea, size));
    }

    /** {@code mfc_getl}: a list of transfers into consecutive local-store bytes from {@code lsOffset}. */
    public long getList(Area ls, long lsOffset, Area main, long[] eaOffsets, int[] sizes, int tag, DmaOrder order) {
        return list(true, ls, lsOffset, main, eaOffsets, sizes, tag, order);
    }

    /** {@code mfc_putl}: consecutive local-store bytes from {@code lsOffset} out to a list of main-memory places. */
    public long putList(Area ls, long lsOffset, Area main, long[] eaOffsets, int[] sizes, int tag, DmaOrder order) {
        return list(false, ls, lsOffset, main, eaOffsets, sizes, tag, order);
    }

    private long list(boolean get, Area ls, long lsOffset, Area main, long[] eaOffsets, int[] sizes, int tag, DmaOrder order) {
        DmaRules.checkTag(tag);
        if (eaOffsets.length != sizes.length) {
            throw new IllegalArgumentException("a DMA list needs one size per element: " + eaOffsets.length
                    + " addresses, " + sizes.length + " sizes");
        }
        DmaRules.checkListLength(sizes.length);
        // check every element before copying anything, as the MFC validates before it transfers
        long lsOff = lsOffset;
        for (int i = 0; i < sizes.length; i++) {
            try {
                DmaRules.checkCommand(ls.address() + lsOff, main.address() + eaOffsets[i], sizes[i]);
            } catch (DmaException e) {
                throw new DmaException("DMA list element " + i + ": " + e.getMessage());
            }
            checkBounds(ls, lsOff, sizes[i], "local-store");
            checkBounds(main, eaOffsets[i], sizes[i], "main-memory");
            lsOff += sizes[i];
        }
        DmaCosts c = timer.costs();
        long cycles = 0;
        lsOff = lsOffset;
        for (int i = 0; i < sizes.length; i++) {
            copy(get, ls, lsOff, main, eaOffsets[i], sizes[i]);
            long ea = main.address() + eaOffsets[i];
            cycles += c.commandCycles(ea, sizes[i]) + c.listElementCycles();
            bytes += sizes[i];
            busBytes += DmaRules.busRequests(ea, sizes[i]) * DmaRules.LINE_BYTES;
            lsOff += sizes[i];
        }
        commands++;
        listElements += sizes.length;
        return timer.issue(tag, order, cycles);
    }

    /** Waits for every tag group in {@code mask}; returns the mask. */
    public int waitAll(int mask) {
        return timer.waitAll(mask);
    }

    /** Waits for any tag group in {@code mask}; returns the completed ones. */
    public int waitAny(int mask) {
        return timer.waitAny(mask);
    }

    /** Commands issued (a list counts once, as it takes one queue entry). */
    public long commands() {
        return commands;
    }

    public long listElements() {
        return listElements;
    }

    /** Bytes requested. */
    public long bytes() {
        return bytes;
    }

    /** Bytes on the bus: whole 128-byte lines, partial ones included. */
    public long busBytes() {
        return busBytes;
    }

    /** A heap segment over any primitive array, so that bytes move between arrays of different types. */
    private static MemorySegment segment(Object array) {
        return switch (array) {
            case byte[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case char[] a -> MemorySegment.ofArray(a);
            case int[] a -> MemorySegment.ofArray(a);
            case float[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            default -> throw new IllegalArgumentException("not a primitive numeric array: " + array.getClass().getSimpleName());
        };
    }

    private static void checkBounds(Area a, long offset, long size, String side) {
        if (offset < 0 || offset + size > a.bytes()) {
            throw new IllegalArgumentException("DMA " + side + " range [" + offset + ", " + (offset + size)
                    + ") is outside its " + a.bytes() + " B array");
        }
    }

    private static void copy(boolean get, Area ls, long lsOffset, Area main, long eaOffset, long size) {
        MemorySegment l = segment(ls.array());
        MemorySegment m = segment(main.array());
        if (get) MemorySegment.copy(m, eaOffset, l, lsOffset, size);
        else MemorySegment.copy(l, lsOffset, m, eaOffset, size);
    }
}
