package dev.perfport.cluster;

import dev.perfport.core.result.Profile;
import dev.perfport.core.result.RowStatus;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.result.Timing;
import dev.perfport.core.tune.DeviceFingerprint;
import dev.perfport.core.tune.Evaluation;
import dev.perfport.core.tune.Status;

import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What travels between the driver and the executors, as plain serializable values: core's records
 * stay free of {@link Serializable} and of Spark.
 */
final class Wire {
    private Wire() {
    }

    /** A device fingerprint's fields. */
    record Fingerprint(String name, String vendor, String driver, String version, int computeUnits, long localMemBytes,
                       String properties) implements Serializable {
        static Fingerprint of(DeviceFingerprint f) {
            return new Fingerprint(f.name(), f.vendor(), f.driver(), f.version(), f.computeUnits(), f.localMemBytes(), f.properties());
        }

        DeviceFingerprint toCore() {
            return new DeviceFingerprint(name, vendor, driver, version, computeUnits, localMemBytes, properties);
        }
    }

    /**
     * A device an executor has.
     *
     * @param backend     backend id
     * @param index       its index in the backend's list on that machine
     * @param name        device name
     * @param fingerprint what identifies it for tuning results and for routing work to it
     * @param host        the executor's host
     */
    record Device(String backend, int index, String name, Fingerprint fingerprint, String host) implements Serializable {
        /** Devices with the same key are interchangeable: the same backend and fingerprint. */
        String key() {
            return backend + "|" + fingerprint;
        }

        String selector() {
            return backend + ":" + index;
        }
    }

    /**
     * What one executor has: its id and host as the scheduler names them, and its devices that
     * the selectors pick.
     */
    record Probe(String executorId, String host, List<Device> devices) implements Serializable {
    }

    /**
     * Where a task ran, as the task itself saw it: the executor (Spark's id, host, process), the GPU
     * addresses Spark's scheduling gave it (empty without GPU scheduling) and the device it opened.
     *
     * @param nanos how long the task's work took on the executor
     */
    record Ran(String executorId, String host, long pid, List<String> gpus, String selector, String device, long nanos)
            implements Serializable {
        /** "host/pid (gpu 0)", for progress lines. */
        String where() {
            return host + "/" + pid + (gpus.isEmpty() ? "" : " (gpu " + String.join(",", gpus) + ")");
        }

        Ran took(long n) {
            return new Ran(executorId, host, pid, gpus, selector, device, n);
        }
    }

    /** A task's evaluations and where they ran. */
    record Evals(Ran ran, List<Eval> evals) implements Serializable {
    }

    /**
     * The settings and workload that every task of a job needs.
     *
     * @param sessions which executor sessions it runs on: jobs of another name open sessions of their own (the
     *                 speed-up's baseline starts as cold as the run it is measured against)
     */
    record Job(Map<String, String> settings, String workload, String variant, Map<String, String> fixed,
               Map<String, List<Integer>> grid, String sessions) implements Serializable {
        Job withSessions(String name) {
            return new Job(settings, workload, variant, fixed, grid, name);
        }
    }

    /**
     * One evaluation's result, with where it ran.
     *
     * @param index   the configuration's position in the tuner's batch
     * @param status  {@link Status#label()}
     * @param value   the objective's value when valid
     * @param message why it is invalid, or null
     */
    record Eval(int index, String status, double value, String message) implements Serializable {
        static Eval of(int index, Evaluation e) {
            return new Eval(index, e.status().label(), e.valid() ? e.value() : Double.NaN, e.message());
        }

        Evaluation toCore() {
            Status s = Status.ofLabel(status);
            return s == Status.OK ? Evaluation.ok(value) : Evaluation.invalid(s, message);
        }
    }

    /** One configuration of a batch: its position and its values. */
    record Item(int index, LinkedHashMap<String, Integer> values) implements Serializable {
    }

    /** A comparison row's coordinates: device, variant and case. */
    record RowTask(int index, Device device, String variant, Map<String, String> params) implements Serializable {
    }

    /** One result row. */
    record Row(int index, String selector, String backend, String device, String workload, String variant,
               Map<String, String> params, boolean verified, String error, long wallNanos, long kernelNanos, Long modelledNanos,
               Map<String, Double> metrics, Map<String, Long> counters, long[] profile, Timing timing, RowStatus status,
               Map<String, String> environment, Ran ran) implements Serializable {

        static Row of(int index, String selector, RunResult r, Map<String, String> environment, Ran ran) {
            Profile p = r.profile();
            return new Row(index, selector, r.backend(), r.device(), r.workload(), r.variant(), new LinkedHashMap<>(r.params()),
                    r.verified(), r.error(), r.wallNanos(), r.kernelNanos(), r.modelledNanos(), new LinkedHashMap<>(r.metrics()),
                    new LinkedHashMap<>(r.counters()), new long[]{p.compileNanos(), p.transferNanos(), p.kernelNanos(),
                            p.modelledNanos(), p.bytesToDevice(), p.bytesToHost(), p.launches()}, r.timing(), r.status(),
                    new LinkedHashMap<>(environment), ran);
        }

        RunResult toCore() {
            Profile p = new Profile(profile[0], profile[1], profile[2], profile[3], profile[4], profile[5], profile[6]);
            return new RunResult(backend, device, workload, variant, params, verified, error, wallNanos, kernelNanos, modelledNanos, metrics,
                    counters, p, timing, status);
        }
    }

    /**
     * A tuning problem as the device's executor sees it, for a driver that may have no such
     * device: the grid, which points the device's constraints refuse and why, the objective, the
     * workload's hierarchy and the cache key's parts.
     *
     * @param reasons  the distinct refusals: constraint name and why
     * @param verdicts per grid point (the index of {@code Space.at}), the index of its refusal in {@code reasons}, or -1
     */
    record Problem(List<String> paramNames, List<List<Integer>> values, List<String> constraintNames,
                   List<String[]> reasons, int[] verdicts, String metric, boolean maximize, Map<String, Integer> start,
                   List<Stage> stages, Review review, String kernelHash, Map<String, String> fixed, String error)
            implements Serializable {
    }

    record Stage(String name, List<String> params, double smallestWithin) implements Serializable {
    }

    record Review(List<String> params, int maxRounds, double minImprovement, int confirmRounds) implements Serializable {
    }
}
