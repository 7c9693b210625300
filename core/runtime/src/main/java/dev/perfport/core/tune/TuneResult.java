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
 * @param rejected       unique configurations refused by a constraint, or by the backend before it ran them
 *                       (an evaluation of status {@link Status#CONSTRAINT}, e.g. a point its route cannot express)
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
