package dev.perfport.workloads;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.tune.Evaluator;
import dev.perfport.core.tune.Objective;
import dev.perfport.core.tune.Space;
import dev.perfport.core.tune.Strategy;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A workload that the tuner ({@code perfport tune}) can tune: it supplies, for one device session,
 * the parameter space with its constraints (which may consult the device), the objective, an
 * evaluator that runs and verifies one configuration, and its hierarchy for the hierarchical
 * strategy. The tuner itself ({@link dev.perfport.core.tune}) knows no workload.
 */
public interface Tunable {

    /** The variant tuned when none is named. */
    String defaultTuningVariant();

    /** Parameters {@link #tuning} accepts as value lists (the tuned ones), in hierarchy order. */
    List<String> tunedParams();

    /**
     * The smallest value a tuned parameter's list may hold: 1 by default (sizes, counts), 0 for an
     * on/off knob, so that {@code tune --param sa=0,1} is a grid and {@code posbs=0} a usage error.
     */
    default int minimum(String param) {
        return 1;
    }

    /**
     * The tuning problem.
     *
     * @param session the device
     * @param variant the variant to tune
     * @param fixed   the workload's other parameters (defaults for tuning already applied by the caller
     *                through {@link #tuningDefaults()})
     * @param grid    value lists that replace the default grid of tuned parameters (may be empty)
     */
    Tuning tuning(DeviceSession session, String variant, Params fixed, Map<String, List<Integer>> grid);

    /**
     * Whether {@code perfport tune} without {@code --strategy} takes the hierarchical method however
     * large the space (var: the method of seed 000 is its definition). Otherwise a space of more
     * than a thousand valid points is searched by the genetic strategy, a smaller one by the
     * hierarchical method.
     */
    default boolean hierarchicalByDefault() {
        return false;
    }

    /**
     * Configurations known to be good on {@code device} (by name; e.g. a hand-tuned point on a GPU
     * family), which seed the genetic strategy's first generation beside the hierarchy's start (the
     * workload's default). Points outside the space or its constraints are skipped. None by default.
     */
    default List<Map<String, Integer>> knownGood(dev.perfport.core.device.DeviceInfo device, String variant) {
        return List.of();
    }

    /** Defaults of the fixed parameters when tuning (e.g. a smaller problem than {@code run}'s). */
    Params tuningDefaults();

    /**
     * The parameters {@code run} should use on this session, with tuned values from {@code lookup}
     * where the workload takes them (by default none: the parameters as given).
     */
    default Params withTuned(DeviceSession session, String variant, Params params, TunedLookup lookup) {
        return params;
    }

    /**
     * One configuration's evaluation from a run that verifies it: what went wrong becomes a status
     * with the reason, by kind as {@link #failed} sorts it (a wrong result WRONG_RESULT), else the
     * objective's metric.
     */
    static dev.perfport.core.tune.Evaluation evaluate(java.util.function.Supplier<Outcome> run, String metric) {
        Outcome o;
        try {
            o = run.get();
        } catch (RuntimeException e) {
            return failed(e);
        }
        if (!o.verified()) return dev.perfport.core.tune.Evaluation.invalid(dev.perfport.core.tune.Status.WRONG_RESULT, o.mismatch());
        Double v = o.metrics().get(metric);
        if (v == null || !(v > 0)) return dev.perfport.core.tune.Evaluation.invalid(dev.perfport.core.tune.Status.RUNTIME_ERROR, "no " + metric + " measured");
        return dev.perfport.core.tune.Evaluation.ok(v);
    }

    /**
     * What a configuration's failure is, by kind: the backend's route cannot express it
     * ({@link dev.perfport.core.error.UnsupportedFeatureException}) ROUTE_REFUSED; a limit of the
     * built kernel ({@link dev.perfport.core.error.KernelLimitException}, e.g. its register-bound
     * work-group size) a launch failure, RUNTIME_ERROR; any other refusal before running (a bad
     * setting, a device limit) CONSTRAINT, which the workload's space should have declared; a
     * build failure COMPILE_ERROR; anything else RUNTIME_ERROR.
     */
    static dev.perfport.core.tune.Evaluation failed(RuntimeException e) {
        dev.perfport.core.tune.Status s = switch (e) {
            case dev.perfport.core.error.UnsupportedFeatureException u -> dev.perfport.core.tune.Status.ROUTE_REFUSED;
            case dev.perfport.core.error.KernelLimitException k -> dev.perfport.core.tune.Status.RUNTIME_ERROR;
            case dev.perfport.core.error.ConfigException c -> dev.perfport.core.tune.Status.CONSTRAINT;
            case dev.perfport.core.error.InvalidLaunchException i -> dev.perfport.core.tune.Status.CONSTRAINT;
            case dev.perfport.core.error.KernelBuildException b -> dev.perfport.core.tune.Status.COMPILE_ERROR;
            default -> dev.perfport.core.tune.Status.RUNTIME_ERROR;
        };
        String why = s == dev.perfport.core.tune.Status.RUNTIME_ERROR && !(e instanceof dev.perfport.core.error.KernelLimitException)
                ? e.getClass().getSimpleName() + ": " + e.getMessage() : e.getMessage();
        return dev.perfport.core.tune.Evaluation.invalid(s, why);
    }

    /**
     * One tuning problem.
     *
     * @param space        tuned parameters, their grid and constraints
     * @param objective    what is optimised, e.g. mpps or modelled mpps
     * @param evaluator    runs and verifies one configuration
     * @param hierarchy    the workload's hierarchical strategy over this space
     * @param kernelHash   hash of the kernel code, for the cache key
     * @param fixed        the fixed parameters as text, for the cache key and output
     */
    record Tuning(Space space, Objective objective, Evaluator evaluator, Strategy.Hierarchical hierarchy,
                  String kernelHash, Map<String, String> fixed) {
        public Tuning {
            Objects.requireNonNull(space);
            Objects.requireNonNull(objective);
            Objects.requireNonNull(evaluator);
            Objects.requireNonNull(hierarchy);
            Objects.requireNonNull(kernelHash);
            fixed = Map.copyOf(fixed);
        }
    }
}
