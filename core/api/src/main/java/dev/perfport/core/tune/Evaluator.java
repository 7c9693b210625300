package dev.perfport.core.tune;

/**
 * Runs the workload with one configuration and says how good it was, e.g. the best of several
 * repetitions' throughput, or why the configuration is invalid. An exception counts as a
 * {@link Status#RUNTIME_ERROR} of that configuration; an {@link Error} stops the tuning run.
 */
@FunctionalInterface
public interface Evaluator {
    /**
     * {@return the objective's value for {@code config}, or why it is invalid}
     *
     * @param config the configuration to measure
     * @throws Exception counted as a {@link Status#RUNTIME_ERROR} of that configuration
     */
    Evaluation evaluate(Config config) throws Exception;
}
