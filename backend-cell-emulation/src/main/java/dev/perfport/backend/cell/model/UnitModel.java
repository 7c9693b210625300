package dev.perfport.backend.cell.model;

import dev.perfport.backend.cell.cache.SoftwareCache;
import dev.perfport.backend.cell.mfc.DmaCosts;
import dev.perfport.backend.cell.mfc.DmaOrder;
import dev.perfport.backend.cell.mfc.DmaPlanner;
import dev.perfport.backend.cell.mfc.MfcTimer;
import dev.perfport.core.wg.Op;

/**
 * The cost accounting of one compute unit (an SPE, or the PPE) for one launch. The work-group
 * context calls it for everything a kernel does that costs time: declared operations, barrier
 * phases, plain global loads and stores (when the cache is modelled), asynchronous copies and
 * their waits, global atomics, work-group starts.
 *
 * <p>Cheap charges (operations, cache hits) add to a plain {@code pending} field; they reach the
 * {@link Timeline} as one compute segment before the next DMA event. Nothing here locks or
 * allocates per access; the only shared state is the {@link LineClock}, touched by atomics.
 *
 * <p>Global atomics use lock-line reservation (getllar/putllc on a 128-byte line): each charged
 * atomic costs {@code atomicCycles} here; whether it was contended is decided for the whole launch
 * in {@link LaunchModel} from how many units used the line. Back-to-back atomics on one line with
 * nothing charged in between are a spin-wait: only the first is charged, and when the spin ends
 * the clock moves to the latest atomic any unit made on that line plus one contended transfer
 * (the waiter cannot have seen the releasing value earlier).
 */
public final class UnitModel {
    /** Lock lines (and bus requests) are 128 bytes. */
    public static final int LOCK_LINE_SHIFT = 7;

    private final String name;
    private final UnitCosts c;
    private final DmaCosts dma;
    private final Timeline timeline;
    private final SoftwareCache cache;
    private final boolean ppe;
    private final LineClock lineClock;
    private final LineCounts lineCounts = new LineCounts();
    private final int lineBytes;
    private final long lineCycles;

    private long pending;
    private long groupSeq;

    // spin-wait detection
    private long lastAtomicLine = -1;
    private long atomicPendingMark = -1;
    private int atomicSeqMark;
    private long atomicGroupMark = -1;
    private boolean spinning;
    private long spinLine;

    // counters
    private long groups;
    private long dmaCommands;
    private long dmaBytes;
    private long dmaUnaligned;
    private long dmaListElements;
    private long busBytes;
    private long linkIn;
    private long linkOut;
    private LinkWindows link = LinkWindows.NONE;
    private long atomicsCharged;
    private long spinPolls;
    private long chunks;

    private int lastIssued;
    private final DmaPlanner.Sink sink;

    /**
     * @param name           the unit's name in counters ({@code spe0}, {@code ppe})
     * @param costs          the unit's cycle costs
     * @param dma            MFC timing (an SPE's; the PPE has no MFC but keeps its clock in one)
     * @param cache          the software cache (SPE) or hardware L2 (PPE) that plain global
     *                       accesses go through, or null when the cache is not modelled: then
     *                       loads and stores are not traced and cost nothing
     * @param groupsInFlight work-groups in progress at once (ε); 1 on the PPE
     * @param lineClock      the launch's shared lock-line clock, or null where units cannot wait for each other
     *                       (NDRange groups must not): then a spin-wait ends without moving the clock, and
     *                       atomics touch no shared model state
     */
    public UnitModel(String name, UnitCosts costs, DmaCosts dma, SoftwareCache cache, int groupsInFlight, LineClock lineClock) {
        this.name = name;
        this.c = costs;
        this.dma = dma;
        this.ppe = costs.isPpe();
        this.cache = cache;
        this.timeline = new Timeline(new MfcTimer(dma), ppe ? 1 : groupsInFlight, costs.switchCycles);
        this.lineClock = lineClock;
        this.lineBytes = cache == null ? 0 : cache.lineBytes();
        this.lineCycles = cache == null ? 0 : dma.commandCycles(0, cache.lineBytes());
        this.sink = (cycles, bus, elements, unaligned) -> {
            lastIssued = timeline.issue(Timeline.COPY, DmaOrder.NONE, cycles);
            dmaCommands++;
            busBytes += bus;
            dmaListElements += elements;
            if (unaligned) dmaUnaligned++;
        };
    }

    public String name() {
        return name;
    }

    /** Counts this launch's traffic to these ranges as crossing the host link (mapped buffers). */
    public void link(LinkWindows windows) {
        this.link = windows == null ? LinkWindows.NONE : windows;
    }

    private void crossing(long ea, long bytes, boolean read) {
        if (link.isEmpty()) return;
        long b = link.crossing(ea, bytes, read);
        if (read) linkIn += b;
        else linkOut += b;
    }

    public boolean isPpe() {
        return ppe;
    }

    /** Whether plain global loads and stores must be reported (a cache is modelled). */
    public boolean tracesLoads() {
        return cache != null;
    }

    public Timeline timeline() {
        return timeline;
    }

    // ---- compute ----------------------------------------------------------------------

    public void ops(Op op, long count) {
        if (count < 0) throw new IllegalArgumentException("ops(" + op + ", " + count + "): the count must be >= 0");
        pending += count * c.opCycles[op.ordinal()];
    }

    /** One barrier-separated phase over {@code items} work-items (a START/END loop). */
    public void phase(int items) {
        pending += c.phaseCycles + items * c.itemCycles;
    }

    public void beginGroup() {
        timeline.beginGroup();
        pending += c.groupCycles;
        groups++;
    }

    public void endGroup() {
        flush();
        timeline.endGroup();
        groupSeq++;
    }

    /** A chunk taken from a shared work counter (guided schedule, DYNAMIC tasks): one contended atomic. */
    public void sharedCounter() {
        pending += c.contendedCycles;
        chunks++;
    }

    // ---- plain global accesses (only when traced) -------------------------------------

    public void load(long ea, int bytes) {
        int r = cache.access(ea, false);
        if (r == SoftwareCache.HIT) {
            pending += c.hitCycles;
            return;
        }
        miss(ea, bytes, r, false);
    }

    public void store(long ea, int bytes) {
        int r = cache.access(ea, true);
        if (r == SoftwareCache.HIT) {
            pending += c.writeHitCycles;
            return;
        }
        miss(ea, bytes, r, true);
    }

    private void miss(long ea, int bytes, int result, boolean write) {
        if (ppe) {
            // hardware cache: the core stalls for main memory; write-backs drain in the background
            crossing(cache.lineStart(ea), lineBytes, true);
            if (result == SoftwareCache.MISS_WRITE_BACK) crossing(cache.victim(), lineBytes, false);
            pending += c.missCycles;
            busBytes += lineBytes;
            if (result == SoftwareCache.MISS_WRITE_BACK) busBytes += lineBytes;
            return;
        }
        pending += c.hitCycles + c.missCycles;   // the failed lookup, then the miss handler
        flush();
        if (cache.sets() == 0) {
            // no room for a cache: every access is its own small DMA (seed 000 §5.4)
            long cycles = dma.commandCycles(ea, bytes);
            int i = timeline.issue(Timeline.CACHE, DmaOrder.NONE, cycles);
            countDma(bytes, ea, bytes);
            crossing(ea, bytes, !write);
            if (!write) timeline.await(i, false);
            return;
        }
        long line = cache.lineStart(ea);
        DmaOrder fill = DmaOrder.NONE;
        if (result == SoftwareCache.MISS_WRITE_BACK) {
            timeline.issue(Timeline.CACHE, DmaOrder.NONE, lineCycles);
            countDma(lineBytes, cache.victim(), lineBytes);
            crossing(cache.victim(), lineBytes, false);
            fill = DmaOrder.FENCE;   // the fill reuses the victim's buffer: it must follow the write-back
        }
        int i = timeline.issue(Timeline.CACHE, fill, lineCycles);
        countDma(lineBytes, line, lineBytes);
        crossing(line, lineBytes, true);
        timeline.await(i, false);
    }

    private void countDma(long bytes, long ea, long size) {
        dmaCommands++;
        dmaBytes += bytes;
        busBytes += dev.perfport.backend.cell.mfc.DmaRules.busRequests(ea, size) * dev.perfport.backend.cell.mfc.DmaRules.LINE_BYTES;
    }

    // ---- asynchronous copies ------------------------------------------------------------

    /**
     * An {@code async_work_group_copy} of {@code bytes} between local-store address {@code ls}
     * and effective address {@code ea} (the caller has already copied the data). Returns the
     * event id: the group-local index of its last command plus one; 0 on the PPE, whose copy is a
     * synchronous memcpy through its caches.
     */
    public long copy(long ls, long ea, long bytes, boolean get) {
        if (bytes == 0) return 0;
        crossing(ea, bytes, get);
        if (ppe) {
            pending += c.ppeMemoryCycles + (long) Math.ceil(bytes / c.ppeCopyBytesPerCycle);
            busBytes += bytes;
            return 0;
        }
        flush();
        DmaPlanner.plan(ls, ea, bytes, dma, sink);
        dmaBytes += bytes;
        return lastIssued + 1L;
    }

    /** Throws when {@code event} was not returned by {@link #copy} in the current group (0 is always fine). */
    public void checkEvent(long event) {
        if (event == 0) return;
        int n = ppe ? 0 : timeline.commands();
        if (event < 0 || event > n) {
            throw new IllegalArgumentException("waitEvents: event " + event + " was not returned by asyncCopy in this work-group"
                    + (ppe ? " (on the PPE copies complete at once and return event 0)" : " (it has issued " + n + " DMA commands)"));
        }
    }

    /**
     * {@code wait_group_events} for one event id of the current group: the group waits until that
     * command (and so every earlier one: an SPE's commands complete in issue order) is complete;
     * with several groups in flight it is suspended meanwhile.
     */
    public void waitEvent(long event) {
        checkEvent(event);
        if (event == 0) return;
        flush();
        timeline.await((int) (event - 1), true);
    }

    // ---- global atomics -------------------------------------------------------------------

    public void atomic(long ea) {
        long line = ea >>> LOCK_LINE_SHIFT;
        if (line == lastAtomicLine && pending == atomicPendingMark && timeline.seq() == atomicSeqMark
                && groupSeq == atomicGroupMark) {
            spinning = true;        // a poll of a spin-wait: the release is charged when the spin ends
            spinLine = line;
            spinPolls++;
            return;
        }
        flush();
        atomicsCharged++;
        lineCounts.add(line);
        if (lineClock != null) lineClock.record(line, timeline.now() + c.atomicCycles);
        pending = c.atomicCycles;
        lastAtomicLine = line;
        atomicPendingMark = pending;
        atomicSeqMark = timeline.seq();
        atomicGroupMark = groupSeq;
    }

    /** Moves pending compute into the timeline, settling a finished spin-wait first. */
    private void flush() {
        if (spinning) {
            spinning = false;
            timeline.compute(atomicPendingMark);   // the atomic that started the spin
            pending -= atomicPendingMark;
            // with several groups in flight the clock is the replay's; NDRange groups must not spin anyway
            if (lineClock != null && timeline.slots() == 1) timeline.mfc().advanceTo(lineClock.get(spinLine));
            timeline.compute(c.contendedCycles);  // the poll that saw the release moved the line here
            atomicsCharged++;
            lineCounts.add(spinLine);
            lastAtomicLine = -1;
        }
        if (pending != 0) {
            timeline.compute(pending);
            pending = 0;
        }
    }

    /** The modelled clock now (a lower bound while several groups are in flight). */
    public long now() {
        flush();
        return timeline.now();
    }

    /** Ends the unit's work: replays what is left and writes back dirty cache lines. Returns the end time. */
    public long finish() {
        flush();
        timeline.finish();
        if (cache != null) {
            int dirty = cache.flush(link.isEmpty() ? null : line -> crossing(line, lineBytes, false));
            if (ppe) {
                busBytes += (long) dirty * lineBytes;
            } else if (dirty > 0) {
                MfcTimer m = timeline.mfc();
                for (int i = 0; i < dirty; i++) {
                    m.issue(Timeline.CACHE_TAG, DmaOrder.NONE, lineCycles);
                    dmaCommands++;
                    dmaBytes += lineBytes;
                    busBytes += (long) lineBytes;
                }
                m.waitAll(1 << Timeline.CACHE_TAG);
            }
        }
        return timeline.now();
    }

    // ---- results ----------------------------------------------------------------------------

    void forEachLine(LineCounts.Visitor v) {
        lineCounts.forEach(v);
    }

    public long groups() {
        return groups;
    }

    public long dmaCommands() {
        return dmaCommands;
    }

    public long dmaBytes() {
        return dmaBytes;
    }

    public long dmaUnaligned() {
        return dmaUnaligned;
    }

    public long dmaListElements() {
        return dmaListElements;
    }

    /** Bytes moved on the memory bus (whole lines; unaligned transfers times the factor). */
    public long busBytes() {
        return busBytes;
    }

    /** Bytes read across the host link (see {@link #link}). */
    public long linkIn() {
        return linkIn;
    }

    /** Bytes written across the host link. */
    public long linkOut() {
        return linkOut;
    }

    public long dmaStallCycles() {
        return timeline.mfc().stallCycles();
    }

    public long cacheHits() {
        return cache == null ? 0 : cache.hits();
    }

    public long cacheMisses() {
        return cache == null ? 0 : cache.misses();
    }

    public long cacheWriteBacks() {
        return cache == null ? 0 : cache.writeBacks();
    }

    public long atomicsCharged() {
        return atomicsCharged;
    }

    public long spinPolls() {
        return spinPolls;
    }

    public long sharedCounterTakes() {
        return chunks;
    }

    public long switches() {
        return timeline.switches();
    }
}
