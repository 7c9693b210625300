package dev.perfport.backend.cell.model;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Combines the units of a launch into its modelled time and counters (see {@code COST_MODEL.md}):
 *
 * <pre>
 * modelled = launchCycles + max( max over units (busy time + contended-atomic extra),
 *                                memory bytes / main-memory bandwidth,
 *                                memory bytes / EIB bandwidth,
 *                                max over lock lines (serialised atomic time) )
 * </pre>
 *
 * <p>Atomic contention: for a lock line used by several units, the model assumes their atomics
 * interleave at random, so the chance that the previous atomic on the line came from another unit
 * is {@code f = 1 − Σ (n_u / N)²}. Each unit pays {@code f × (contended − uncontended)} more per
 * atomic on that line, and the line itself is busy {@code N × (f × contended + (1 − f) ×
 * uncontended)} cycles, which bounds the launch (atomics on one line are serialised). With one unit
 * {@code f = 0}; with k units sharing evenly {@code f = 1 − 1/k}: contended atomics cost more as
 * units are added. When units use a shared line often enough to wait for each other, the line is
 * solved as a queue instead ({@link LineQueue}): every success makes each waiting unit lose its
 * reservation and fetch the line again, so attempts and line time grow with the contenders. This
 * uses only per-unit counts and busy times, so it is deterministic.
 */
public final class LaunchModel {

    /** @param cycles modelled cycles, @param nanos the same in nanoseconds, @param counters the launch's model counters */
    public record Result(long cycles, long nanos, Map<String, Long> counters) {
    }

    private LaunchModel() {
    }

    /** @param units every unit that took part, in unit order; {@link UnitModel#finish()} already called */
    public static Result combine(CostModel m, List<UnitModel> units) {
        long[] groups = new long[units.size()];
        for (int i = 0; i < groups.length; i++) groups[i] = units.get(i).groups();
        return combine(m, units, groups);
    }

    /**
     * @param units  every unit that took part, in unit order; {@link UnitModel#finish()} already called
     * @param groups logical work-groups each unit ran (for static work-groups: the tasks it took)
     */
    public static Result combine(CostModel m, List<UnitModel> units, long[] groups) {
        long uncontended = m.cycles(Cost.ATOMIC_CYCLES);
        long contended = m.cycles(Cost.ATOMIC_CONTENDED_CYCLES);
        double retry = m.get(Cost.ATOMIC_RETRY_FACTOR);
        int nu = units.size();
        long[] busyBase = new long[nu];
        long longest = 1;
        for (int ui = 0; ui < nu; ui++) {
            busyBase[ui] = units.get(ui).timeline().now();
            longest = Math.max(longest, busyBase[ui]);
        }
        // per line: {N, Σ n², units using it}
        Map<Long, long[]> lines = new HashMap<>();
        for (UnitModel u : units) {
            u.forEachLine((line, n) -> {
                long[] a = lines.computeIfAbsent(line, k -> new long[3]);
                a[0] += n;
                a[1] += n * n;
                a[2]++;
            });
        }
        // lines shared by several units with a load worth queueing for: their per-unit counts
        Map<Long, long[]> loaded = new HashMap<>();
        for (Map.Entry<Long, long[]> e : lines.entrySet()) {
            long[] a = e.getValue();
            if (a[2] >= 2 && a[0] * lineTime(share(a), contended, uncontended) >= QUEUE_THRESHOLD * longest) {
                loaded.put(e.getKey(), new long[nu]);
            }
        }
        if (!loaded.isEmpty()) {
            for (int ui = 0; ui < nu; ui++) {
                int i = ui;
                units.get(ui).forEachLine((line, n) -> {
                    long[] per = loaded.get(line);
                    if (per != null) per[i] = n;
                });
            }
        }
        double[] extra = new double[nu];
        double atomicBound = 0;
        double contendedCount = 0;
        double retries = 0;
        for (Map.Entry<Long, long[]> e : lines.entrySet()) {
            long[] a = e.getValue();
            double f = share(a);
            double s0 = lineTime(f, contended, uncontended);
            contendedCount += a[0] * f;
            long[] per = loaded.get(e.getKey());
            if (per == null) {
                // light load: nobody queues; each atomic pays the share of contended transfers
                // (charged to the units below)
                atomicBound = Math.max(atomicBound, a[0] * s0);
                continue;
            }
            LineQueue q = LineQueue.solve(per, busyBase, s0, uncontended, retry);
            atomicBound = Math.max(atomicBound, q.occupancy());
            retries += q.retries();
            for (int ui = 0; ui < nu; ui++) extra[ui] += q.extra(ui);
        }
        for (int ui = 0; ui < nu; ui++) {
            int i = ui;
            units.get(ui).forEachLine((line, n) -> {
                if (!loaded.containsKey(line)) extra[i] += n * share(lines.get(line)) * (contended - uncontended);
            });
        }

        Map<String, Long> c = new LinkedHashMap<>();
        long busy = 0;
        long busBytes = 0, linkIn = 0, linkOut = 0;
        long[] totals = new long[13];
        for (int ui = 0; ui < units.size(); ui++) {
            UnitModel u = units.get(ui);
            long t = busyBase[ui] + Math.round(extra[ui]);
            busy = Math.max(busy, t);
            busBytes += u.busBytes();
            linkIn += u.linkIn();
            linkOut += u.linkOut();
            c.put(CellCounters.WORK_GROUPS_PREFIX + u.name(), groups[ui]);
            c.put(CellCounters.UNIT_CYCLES_PREFIX + u.name(), t);
            totals[0] += u.dmaCommands();
            totals[1] += u.dmaBytes();
            totals[2] += u.dmaUnaligned();
            totals[3] += u.dmaListElements();
            totals[4] += u.dmaStallCycles();
            if (u.isPpe()) {
                totals[5] += u.cacheHits();
                totals[6] += u.cacheMisses();
            } else {
                totals[7] += u.cacheHits();
                totals[8] += u.cacheMisses();
                totals[9] += u.cacheWriteBacks();
            }
            totals[10] += u.switches();
            totals[11] += u.spinPolls();
            totals[12] += u.sharedCounterTakes();
        }
        double memory = busBytes / m.bytesPerCycle(Cost.MEMORY_GBS);
        double eib = busBytes / m.bytesPerCycle(Cost.EIB_GBS);
        long critical = (long) Math.ceil(Math.max(Math.max(busy, atomicBound), Math.max(memory, eib)));
        long cycles = m.cycles(Cost.LAUNCH_CYCLES) + critical;

        c.put(CellCounters.DMA_COMMANDS, totals[0]);
        c.put(CellCounters.DMA_BYTES, totals[1]);
        c.put(CellCounters.DMA_UNALIGNED, totals[2]);
        c.put(CellCounters.DMA_LIST_ELEMENTS, totals[3]);
        c.put(CellCounters.DMA_STALL_CYCLES, totals[4]);
        c.put(CellCounters.MEMORY_BYTES, busBytes);
        c.put(CellCounters.CACHE_HITS, totals[7]);
        c.put(CellCounters.CACHE_MISSES, totals[8]);
        c.put(CellCounters.CACHE_WRITE_BACKS, totals[9]);
        c.put(CellCounters.PPE_CACHE_HITS, totals[5]);
        c.put(CellCounters.PPE_CACHE_MISSES, totals[6]);
        c.put(CellCounters.GLOBAL_ATOMICS_CONTENDED, Math.round(contendedCount));
        c.put(CellCounters.GLOBAL_ATOMIC_RETRIES, Math.round(retries));
        c.put(CellCounters.SPIN_POLLS, totals[11]);
        c.put(CellCounters.GROUP_SWITCHES, totals[10]);
        c.put(CellCounters.SCHEDULE_CHUNKS, totals[12]);
        c.put(CellCounters.MEMORY_BOUND_CYCLES, (long) Math.ceil(memory));
        c.put(CellCounters.ATOMIC_BOUND_CYCLES, (long) Math.ceil(atomicBound));
        c.put(CellCounters.MODELLED_CYCLES, cycles);
        if (linkIn + linkOut > 0) {
            c.put(CellCounters.LINK_IN_BYTES, linkIn);
            c.put(CellCounters.LINK_OUT_BYTES, linkOut);
        }
        return new Result(cycles, m.nanos(cycles), c);
    }

    /**
     * A line whose atomics would keep it busy for less than this share of the longest unit's time
     * is taken as unqueued (the queueing model would change its cost by less than that share).
     */
    static final double QUEUE_THRESHOLD = 1e-3;

    /** Mean line time of one successful atomic without queueing: f contended transfers, 1 − f local. */
    static double lineTime(double f, long contended, long uncontended) {
        return f * contended + (1 - f) * uncontended;
    }

    /** Chance that an atomic on the line found it last used by another unit: 1 − Σ (n_u / N)². */
    private static double share(long[] a) {
        if (a == null || a[0] == 0) return 0;
        return 1 - (double) a[1] / ((double) a[0] * a[0]);
    }
}
