package dev.perfport.core.tune;

import java.util.List;

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
 *                       (constraint refusals excluded): what budgets count
 * @param measured       of those, measured in this run
 * @param rejected       unique configurations refused by a constraint
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
}
