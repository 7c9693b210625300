package dev.perfport.backend.cell.mfc;

/**
 * The timing half of one SPE's memory flow controller, in SPU cycles. It holds the SPU clock,
 * the 16-entry command queue, the EIB port and the state of the 32 tag groups. It copies nothing:
 * {@link Mfc} and the emulator's work-groups do the copies and tell the timer what they cost.
 *
 * <p>A command issued at SPU time {@code t} costs the SPU {@code issueCycles}. It waits for a
 * queue entry (with 16 commands in flight the SPU stalls until the oldest completes), then for its
 * ordering (a fence waits for the earlier commands of its tag, a barrier also holds back the later
 * ones), then takes {@code latencyCycles} to reach main memory; its data then occupy the port,
 * which serves one transfer at a time:
 * <pre>completion = max(start + latency, port free) + transfer cycles</pre>
 * so latencies of commands in flight overlap while their bandwidth adds up. Completion times are
 * therefore increasing in issue order, and the oldest command is always the first to leave the
 * queue. Used by one thread; all state is plain fields.
 */
public final class MfcTimer {
    private final DmaCosts costs;
    private long clock;
    private long portFree;
    private final long[] ring = new long[DmaRules.QUEUE_DEPTH];
    private long issued;
    private final long[] tagDone = new long[DmaRules.TAGS];
    private final long[] tagFloor = new long[DmaRules.TAGS];
    private long stallCycles;

    public MfcTimer(DmaCosts costs) {
        this.costs = costs;
    }

    public DmaCosts costs() {
        return costs;
    }

    /** The SPU's clock. */
    public long now() {
        return clock;
    }

    /** The SPU computes for {@code cycles}. */
    public void advance(long cycles) {
        clock += cycles;
    }

    /** The SPU waits until {@code time} (no effect if that has passed). */
    public void advanceTo(long time) {
        if (time > clock) clock = time;
    }

    /** Commands issued so far. */
    public long issued() {
        return issued;
    }

    /** Cycles the SPU spent stalled on a full command queue. */
    public long stallCycles() {
        return stallCycles;
    }

    /**
     * Issues a command of tag {@code tag} whose data occupy the port for {@code transferCycles};
     * returns its modelled completion time. The SPU clock advances by the issue cost and any
     * queue stall.
     */
    public long issue(int tag, DmaOrder order, long transferCycles) {
        DmaRules.checkTag(tag);
        clock += costs.issueCycles();
        if (issued >= DmaRules.QUEUE_DEPTH) {
            // the entry frees when the command issued 16 before this one completes
            long free = ring[(int) (issued % DmaRules.QUEUE_DEPTH)];
            if (free > clock) {
                stallCycles += free - clock;
                clock = free;
            }
        }
        long start = Math.max(clock, tagFloor[tag]);
        if (order != DmaOrder.NONE) start = Math.max(start, tagDone[tag]);
        long done = Math.max(start + costs.latencyCycles(), portFree) + transferCycles;
        portFree = done;
        ring[(int) (issued % DmaRules.QUEUE_DEPTH)] = done;
        issued++;
        if (done > tagDone[tag]) tagDone[tag] = done;
        if (order == DmaOrder.BARRIER) tagFloor[tag] = done;
        return done;
    }

    /** When every command issued so far in {@code tag} is complete (0 if none was issued). */
    public long tagCompletion(int tag) {
        DmaRules.checkTag(tag);
        return tagDone[tag];
    }

    /**
     * {@code mfc_read_tag_status_all}: waits until every tag group in {@code mask} is complete;
     * returns the mask.
     */
    public int waitAll(int mask) {
        long until = clock;
        for (int t = 0; t < DmaRules.TAGS; t++) {
            if ((mask & (1 << t)) != 0 && tagDone[t] > until) until = tagDone[t];
        }
        clock = until;
        return mask;
    }

    /**
     * {@code mfc_read_tag_status_any}: waits until at least one tag group in {@code mask} is
     * complete (at once if one already is); returns the tag groups of {@code mask} complete then.
     * An empty mask returns 0 at once.
     */
    public int waitAny(int mask) {
        if (mask == 0) return 0;
        long first = Long.MAX_VALUE;
        for (int t = 0; t < DmaRules.TAGS; t++) {
            if ((mask & (1 << t)) != 0) first = Math.min(first, tagDone[t]);
        }
        if (first > clock) clock = first;
        int status = 0;
        for (int t = 0; t < DmaRules.TAGS; t++) {
            if ((mask & (1 << t)) != 0 && tagDone[t] <= clock) status |= 1 << t;
        }
        return status;
    }

    /** Back to time 0 with an empty queue (a new launch). */
    public void reset() {
        clock = 0;
        portFree = 0;
        issued = 0;
        stallCycles = 0;
        java.util.Arrays.fill(ring, 0);
        java.util.Arrays.fill(tagDone, 0);
        java.util.Arrays.fill(tagFloor, 0);
    }
}
