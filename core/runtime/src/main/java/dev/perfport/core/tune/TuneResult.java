package dev.perfport.core.tune;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The outcome of one tuning run.
 *
 * @param strategy       the strategy's name
 * @param objective      what was optimised
 * @param best           the configuration the strategy chose (for the hierarchical method its
 *                       final point, which need not be the best point it measured), or null when
 *                       no configuration was valid
 * @param bestValue      its value, or NaN
 * @param bestSeen       the best valid configuration among those looked at, or null
 * @param bestSeenValue  its value, or NaN
 * @param evaluations    unique configurations evaluated, measured now or read from the cache
 *                       (refusals excluded): what budgets count
 * @param measured       of those, measured in this run
 * @param rejected       unique configurations refused before they ran: by a constraint ({@link Status#CONSTRAINT})
 *                       or by the backend's route ({@link Status#ROUTE_REFUSED})
 * @param records        every configuration looked at, in order, once each
 * @param trace          what each stage of the strategy decided, one line each
 */
public record TuneResult(String strategy, Objective objective, Config best, double bestValue, Config bestSeen,
                         double bestSeenValue, int evaluations, int measured, int rejected,
                         List<TuneRecord> records, List<String> trace) {
    public TuneResult {
        records = List.copyOf(records);
        trace = List.copyOf(trace);
    }

    /** Evaluations read from the cache. */
    public int fromCache() {
        return evaluations - measured;
    }

    /**
     * {@return how many configurations looked at ended with each status other than OK, in the
     * order of {@link Status} (every kind listed, zeros included): constraint and route refusals,
     * build failures, launch failures, wrong results}
     */
    public Map<Status, Integer> refusals() {
        Map<Status, Integer> m = new LinkedHashMap<>();
        for (Status s : Status.values()) if (s != Status.OK) m.put(s, 0);
        for (TuneRecord r : records) if (!r.evaluation().valid()) m.merge(r.evaluation().status(), 1, Integer::sum);
        return m;
    }

    /**
     * {@return the refusals by kind in one line, each kind that occurred with its most frequent
     * reason} For example {@code refusals by kind: constraint 0, route-refused 2 (gemm indirect cannot
     * run on ...), compile-error 0, runtime-error 0, wrong-result 0}.
     */
    public String refusalSummary() {
        StringBuilder b = new StringBuilder("refusals by kind: ");
        boolean first = true;
        for (Map.Entry<Status, Integer> e : refusals().entrySet()) {
            b.append(first ? "" : ", ").append(e.getKey().label()).append(' ').append(e.getValue());
            first = false;
            if (e.getValue() == 0) continue;
            Map<String, Integer> why = new LinkedHashMap<>();
            for (TuneRecord r : records) if (r.evaluation().status() == e.getKey()) why.merge(r.evaluation().message(), 1, Integer::sum);
            var top = why.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
            String msg = top.getKey().length() > 160 ? top.getKey().substring(0, 157) + "..." : top.getKey();
            b.append(" (").append(top.getValue() == e.getValue() ? "" : top.getValue() + " of them: ").append(msg).append(')');
        }
        return b.toString();
    }

    /**
     * {@return the one line for a run that found no valid configuration: the most frequent reason
     * among its records, with how many points gave it} For example {@code no valid configuration:
     * 12 of 12 points constraint: tornado does not run kernel ...}.
     */
    public String noneValid() {
        Map<String, Integer> count = new LinkedHashMap<>();
        for (TuneRecord r : records) {
            if (r.evaluation().valid()) continue;
            count.merge(r.evaluation().status().label() + ": " + r.evaluation().message(), 1, Integer::sum);
        }
        if (count.isEmpty()) return "no valid configuration (no point was looked at)";
        var top = count.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
        return "no valid configuration: " + top.getValue() + " of " + records.size() + " points " + top.getKey()
                + (count.size() > 1 ? " (" + (count.size() - 1) + " other reasons: --format json)" : "");
    }
}
