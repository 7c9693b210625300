package dev.perfport.core.tune;

import java.util.Objects;

/**
 * One configuration the tuner looked at during a run.
 *
 * @param config     the configuration
 * @param evaluation its value, or why it is invalid (a constraint refusal included)
 * @param fromCache  the result was read from the cache, not measured in this run
 */
public record TuneRecord(Config config, Evaluation evaluation, boolean fromCache) {
    public TuneRecord {
        Objects.requireNonNull(config);
        Objects.requireNonNull(evaluation);
    }

    /** Whether the evaluator ran (or ran in an earlier run): not refused before running (a constraint, the route). */
    public boolean evaluated() {
        return !evaluation.status().refusedBeforeRunning();
    }
}
