package dev.perfport.backend.cell.model;

/**
 * The queue of units at one busy lock line (COST_MODEL.md §6): a closed queueing system solved by
 * mean value analysis with Schweitzer's approximation. Each unit u alternates work of
 * {@code Z_u} cycles (its busy time without this line's atomics, per atomic) with one atomic on
 * the line. A successful atomic needs the line; when {@code q} other units are waiting for it,
 * every success kills the reservations of the waiting units, each of which must fetch the line
 * again ({@code getllar}) before its {@code putllc} can succeed. So a success costs the line
 * {@code D(q) = S0 × (1 + r·q)} transfers' time, and a unit that arrives with {@code q} others
 * waiting makes {@code 1 + r·q} attempts and waits {@code R = D(q) × (1 + q)}: the successes of
 * those ahead of it, then its own. {@code S0} is the unqueued line time
 * ({@code f × contended + (1 − f) × uncontended}), {@code r} the configurable
 * {@code atomicRetryFactor}. Without load ({@code q → 0}) it reduces to the unqueued share model;
 * with one unit nobody waits.
 *
 * <p>Deterministic: the solution depends only on the per-unit counts and busy times.
 *
 * @param counts      charged atomics of each unit on the line (0 for units not on it)
 * @param response    each unit's solved time at the line per atomic, {@code R}
 * @param seen        the others' mean queue each unit's arrival sees, {@code q}
 * @param demand      the line's time per success of each unit, {@code D(q)}
 * @param uncontended cycles each atomic was already charged on its unit
 * @param retry       extra attempts per waiting contender ({@code atomicRetryFactor})
 */
record LineQueue(long[] counts, double[] response, double[] seen, double[] demand, long uncontended, double retry) {
    private static final int MAX_ITERATIONS = 10_000;
    private static final double EPSILON = 1e-9;

    /**
     * @param counts      charged atomics of each unit on the line (0 for units not on it)
     * @param busy        each unit's busy cycles, which already include {@code uncontended} per atomic
     * @param s0          unqueued line time of one atomic
     * @param uncontended cycles each atomic was already charged on its unit
     * @param retry       extra attempts per waiting contender ({@code atomicRetryFactor})
     */
    static LineQueue solve(long[] counts, long[] busy, double s0, long uncontended, double retry) {
        int n = counts.length;
        double[] think = new double[n];
        for (int u = 0; u < n; u++) {
            if (counts[u] > 0) think[u] = Math.max(0, busy[u] - (double) counts[u] * uncontended) / counts[u];
        }
        double[] q = new double[n];        // mean number of units at the line, per unit (≤ 1)
        double[] r = new double[n];
        double[] seen = new double[n];
        double[] d = new double[n];
        for (int it = 0; it < MAX_ITERATIONS; it++) {
            double total = 0;
            for (int u = 0; u < n; u++) total += q[u];
            double change = 0;
            for (int u = 0; u < n; u++) {
                if (counts[u] == 0) continue;
                double others = total - q[u];   // Schweitzer: an arrival sees the others' mean queue
                seen[u] = others;
                d[u] = s0 * (1 + retry * others);
                r[u] = d[u] * (1 + others);
                double next = r[u] / (think[u] + r[u]);
                double damped = 0.5 * q[u] + 0.5 * next;   // damping keeps the iteration from oscillating
                change = Math.max(change, Math.abs(damped - q[u]));
                q[u] = damped;
            }
            if (change < EPSILON) break;
        }
        return new LineQueue(counts, r, seen, d, uncontended, retry);
    }

    /** Cycles unit u spends on this line's atomics beyond what its timeline already charged. */
    double extra(int u) {
        return counts[u] == 0 ? 0 : counts[u] * Math.max(0, response[u] - uncontended);
    }

    /** Expected reservations lost and retried, all units. */
    double retries() {
        double s = 0;
        for (int u = 0; u < counts.length; u++) s += counts[u] * retry * seen[u];
        return s;
    }

    /** The line's busy time: every success with the re-fetches it causes. */
    double occupancy() {
        double s = 0;
        for (int u = 0; u < counts.length; u++) s += counts[u] * demand[u];
        return s;
    }
}
