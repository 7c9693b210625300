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
     * with the reason (a refusal or bad setting CONSTRAINT, a build failure COMPILE_ERROR, a wrong
     * result WRONG_RESULT, anything else RUNTIME_ERROR), else the objective's metric.
     */
    static dev.perfport.core.tune.Evaluation evaluate(java.util.function.Supplier<Outcome> run, String metric) {
        Outcome o;
        try {
            o = run.get();
        } catch (dev.perfport.core.error.ConfigException | dev.perfport.core.error.InvalidLaunchException
                 | dev.perfport.core.error.UnsupportedFeatureException e) {
            return dev.perfport.core.tune.Evaluation.invalid(dev.perfport.core.tune.Status.CONSTRAINT, e.getMessage());
        } catch (dev.perfport.core.error.KernelBuildException e) {
            return dev.perfport.core.tune.Evaluation.invalid(dev.perfport.core.tune.Status.COMPILE_ERROR, e.getMessage());
        } catch (RuntimeException e) {
            return dev.perfport.core.tune.Evaluation.invalid(dev.perfport.core.tune.Status.RUNTIME_ERROR,
                    e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        if (!o.verified()) return dev.perfport.core.tune.Evaluation.invalid(dev.perfport.core.tune.Status.WRONG_RESULT, o.mismatch());
        Double v = o.metrics().get(metric);
        if (v == null || !(v > 0)) return dev.perfport.core.tune.Evaluation.invalid(dev.perfport.core.tune.Status.RUNTIME_ERROR, "no " + metric + " measured");
        return dev.perfport.core.tune.Evaluation.ok(v);
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
