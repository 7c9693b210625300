package dev.perfport.backend.cell.model;

import dev.perfport.backend.cell.mfc.DmaOrder;

import java.util.Arrays;

/**
 * What one work-group did, in the order it did it, for the several-groups-in-flight replay
 * ({@link Timeline}): compute segments, DMA issues and DMA waits. Consecutive compute merges
 * into one segment. Buffers are reused from group to group.
 */
final class GroupTrace {
    static final int COMPUTE = 0;
    static final int ISSUE = 1;
    static final int WAIT = 2;

    private static final DmaOrder[] ORDERS = DmaOrder.values();

    /** Two longs per event: (kind << 32 | aux), value. */
    long[] ev = new long[64];
    int n;
    /** Modelled completion per command, filled in by the replay. */
    long[] comp = new long[16];
    int commands;
    /** Replay state: next event, slot, and the event at which the group was suspended (-1 if not). */
    int pos;
    int replayed;
    int slot;
    int suspendedAt = -1;

    void reset() {
        n = 0;
        commands = 0;
        pos = 0;
        replayed = 0;
        suspendedAt = -1;
    }

    void compute(long cycles) {
        if (cycles == 0) return;
        if (n > 0 && kind(n - 2) == COMPUTE) {
            ev[n - 1] += cycles;
            return;
        }
        add(COMPUTE, 0, cycles);
    }

    /** Returns the command index. */
    int issue(int tagClass, DmaOrder order, long transferCycles) {
        add(ISSUE, tagClass | (order.ordinal() << 8), transferCycles);
        if (commands == comp.length) comp = Arrays.copyOf(comp, commands * 2);
        return commands++;
    }

    void await(int command, boolean switchable) {
        add(WAIT, switchable ? 1 : 0, command);
    }

    private void add(int kind, int aux, long value) {
        if (n + 2 > ev.length) ev = Arrays.copyOf(ev, ev.length * 2);
        ev[n++] = ((long) kind << 32) | (aux & 0xFFFFFFFFL);
        ev[n++] = value;
    }

    int kind(int i) {
        return (int) (ev[i] >>> 32);
    }

    int aux(int i) {
        return (int) ev[i];
    }

    static DmaOrder order(int aux) {
        return ORDERS[(aux >>> 8) & 0xFF];
    }

    static int tagClass(int aux) {
        return aux & 0xFF;
    }
}
