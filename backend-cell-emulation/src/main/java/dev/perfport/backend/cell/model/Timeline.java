package dev.perfport.backend.cell.model;

import dev.perfport.backend.cell.mfc.DmaOrder;
import dev.perfport.backend.cell.mfc.MfcTimer;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * The modelled timeline of one SPE: its SPU clock and MFC ({@link MfcTimer}), and the work-groups
 * it has in progress.
 *
 * <p>With one group in flight (the default) events are applied as they happen: compute advances
 * the clock, a DMA is issued into the MFC, a wait moves the clock to the command's completion.
 *
 * <p>With {@code slots} > 1 (version ε, seed 003 §2.3) groups still execute one after another for
 * real (they are independent), but each records a {@link GroupTrace}; the timeline replays the
 * traces round-robin over the slots, sharing one MFC: a group that reaches a wait whose DMA has
 * not completed is suspended and the next slot runs (a new group if the slot is free), and when
 * the turn comes back to a suspended group it waits for its transfer and continues. So when the
 * fourth group starts accessing memory, the first resumes. Blocking waits (software-cache misses)
 * never switch. A switch costs {@code switchCycles}. The replay runs as far as the traces already
 * recorded allow, so the clock lags behind real execution by at most {@code slots} groups;
 * {@link #finish()} drains it.
 */
public final class Timeline {
    /** Tag class of asynchronous copies: one tag per slot. */
    public static final int COPY = 0;
    /** Tag class of software-cache transfers: tag 31. */
    public static final int CACHE = 1;
    static final int CACHE_TAG = 31;

    private final MfcTimer mfc;
    private final int slots;
    private final long switchCycles;
    private final boolean eager;
    private int seq;
    private long switches;

    // one group in flight: completions of the current group's commands
    private long[] comp = new long[16];
    private int commands;

    // several groups in flight
    private GroupTrace recording;
    private final GroupTrace[] ring;
    private final ArrayDeque<GroupTrace> queued = new ArrayDeque<>();
    private final ArrayDeque<GroupTrace> free = new ArrayDeque<>();
    private int cur;
    private int inFlight;
    private boolean open = true;
    private GroupTrace suspendedFrom;

    public Timeline(MfcTimer mfc, int slots, long switchCycles) {
        if (slots < 1) throw new IllegalArgumentException("slots must be >= 1, got " + slots);
        this.mfc = mfc;
        this.slots = slots;
        this.switchCycles = switchCycles;
        this.eager = slots == 1;
        this.ring = new GroupTrace[slots];
    }

    public MfcTimer mfc() {
        return mfc;
    }

    public int slots() {
        return slots;
    }

    /** The modelled clock: exact with one group in flight, else how far the replay has got (a lower bound). */
    public long now() {
        return mfc.now();
    }

    /** Changes whenever a DMA is issued or awaited (lets callers tell that something happened in between). */
    public int seq() {
        return seq;
    }

    /** Switches between work-groups made by the replay. */
    public long switches() {
        return switches;
    }

    public void beginGroup() {
        if (eager) {
            commands = 0;
        } else {
            recording = free.isEmpty() ? new GroupTrace() : free.pop();
            recording.reset();
        }
    }

    public void compute(long cycles) {
        if (eager) mfc.advance(cycles);
        else recording.compute(cycles);
    }

    /** Issues (or records) a command; returns its index within the current group. */
    public int issue(int tagClass, DmaOrder order, long transferCycles) {
        seq++;
        if (!eager) return recording.issue(tagClass, order, transferCycles);
        if (commands == comp.length) comp = Arrays.copyOf(comp, commands * 2);
        comp[commands] = mfc.issue(tag(tagClass, 0), order, transferCycles);
        return commands++;
    }

    /** Commands issued so far by the current group. */
    public int commands() {
        return eager ? commands : recording.commands;
    }

    /**
     * Waits for command {@code index} of the current group. {@code switchable} waits (asynchronous
     * copies) may suspend the group when several are in flight.
     */
    public void await(int index, boolean switchable) {
        seq++;
        if (eager) mfc.advanceTo(comp[index]);
        else recording.await(index, switchable);
    }

    public void endGroup() {
        if (eager) return;
        queued.add(recording);
        recording = null;
        run();
    }

    /** No more groups: replays whatever is left. */
    public void finish() {
        if (eager) return;
        open = false;
        run();
    }

    private static int tag(int tagClass, int slot) {
        return tagClass == CACHE ? CACHE_TAG : slot;
    }

    private void run() {
        while (true) {
            GroupTrace t = ring[cur];
            if (t == null) {
                GroupTrace next = queued.poll();
                if (next != null) {
                    t = next;
                    t.slot = cur;
                    ring[cur] = t;
                    inFlight++;
                } else if (open) {
                    return;               // the next group has not been recorded yet
                } else if (inFlight == 0) {
                    return;               // all done
                } else {
                    cur = (cur + 1) % slots;
                    continue;             // no more groups: skip free slots
                }
            }
            if (suspendedFrom != null && suspendedFrom != t) {
                mfc.advance(switchCycles);
                switches++;
            }
            suspendedFrom = null;
            if (replay(t)) {
                ring[cur] = null;
                inFlight--;
                free.push(t);
            } else {
                suspendedFrom = t;
            }
            cur = (cur + 1) % slots;
        }
    }

    /** Replays {@code t} until it ends (true) or suspends at a wait (false). */
    private boolean replay(GroupTrace t) {
        while (t.pos < t.n) {
            int aux = t.aux(t.pos);
            long v = t.ev[t.pos + 1];
            switch (t.kind(t.pos)) {
                case GroupTrace.COMPUTE -> mfc.advance(v);
                case GroupTrace.ISSUE -> t.comp[t.replayed++] =
                        mfc.issue(tag(GroupTrace.tagClass(aux), t.slot), GroupTrace.order(aux), v);
                case GroupTrace.WAIT -> {
                    long done = t.comp[(int) v];
                    if (done > mfc.now()) {
                        if (aux == 1 && t.suspendedAt != t.pos) {
                            t.suspendedAt = t.pos;
                            return false;
                        }
                        mfc.advanceTo(done);
                    }
                    t.suspendedAt = -1;
                }
                default -> throw new IllegalStateException("bad trace event " + t.kind(t.pos));
            }
            t.pos += 2;
        }
        return true;
    }
}
