package dev.perfport.workloads;

import dev.perfport.core.error.ConfigException;
import dev.perfport.core.result.Timing;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How a row is measured, the same for every workload: untimed warm-up repetitions, then the timed ones
 * ({@code reps=N}, or {@code reps=auto}: until the median's 95 % confidence interval is within
 * {@value #AUTO_CI_PERCENT} %, or a cap), and which statistic the row's times and rates come from.
 *
 * <p>A row run through {@link Runs#measured} takes it from its parameters {@code warmup}, {@code stat} and
 * {@code reps}; a workload's repetition loop reads it through {@link Reps}. Code that calls a workload
 * directly gets {@link #DEFAULT}: one warm-up, the median.
 *
 * @param warmup untimed repetitions first, 1 to {@value #MAX_WARMUP}
 * @param stat   {@link Timing#MEDIAN} or {@link Timing#BEST}
 * @param auto   repeat until the median is known within {@value #AUTO_CI_PERCENT} % (or a cap)
 */
public record Measurement(int warmup, String stat, boolean auto) {

    /** Parameters every workload takes beside its own. */
    public static final String WARMUP = "warmup", STAT = "stat", REPS = "reps", AUTO = "auto";
    /** Most warm-up repetitions. */
    public static final int MAX_WARMUP = 100;
    /** Under {@code reps=auto}: at least this many timed repetitions. */
    public static final int AUTO_MIN = 5;
    /** Under {@code reps=auto}: at most this many. */
    public static final int AUTO_MAX = 200;
    /** Under {@code reps=auto}: the timed repetitions' wall time after which it stops anyway. */
    public static final long AUTO_CAP_NANOS = 10_000_000_000L;
    /** Under {@code reps=auto}: the bound on the median's 95 % confidence half-width, in percent of the median. */
    public static final double AUTO_CI_PERCENT = 2.0;

    /** One warm-up repetition, rates from the median. */
    public static final Measurement DEFAULT = new Measurement(1, Timing.MEDIAN, false);

    private static final ScopedValue<Measurement> CURRENT = ScopedValue.newInstance();

    /** Checks the ranges. */
    public Measurement {
        if (warmup < 1 || warmup > MAX_WARMUP) throw badWarmup(Integer.toString(warmup));
        if (!Timing.MEDIAN.equals(stat) && !Timing.BEST.equals(stat)) {
            throw new ConfigException(STAT + " must be median or best, got '" + stat + "'");
        }
    }

    private static ConfigException badWarmup(String got) {
        return new ConfigException(WARMUP + " must be 1.." + MAX_WARMUP + " (at least one untimed repetition, so that a route's "
                + "compile never falls in a timed one), got " + got);
    }

    /** {@return the measurement of the row running on this thread, or {@link #DEFAULT}} */
    public static Measurement current() {
        return CURRENT.orElse(DEFAULT);
    }

    /**
     * {@return the measurement the parameters ask for: {@code warmup}, {@code stat} and {@code reps=auto}}
     * A bad value is a ConfigException naming the parameter and its limit.
     *
     * @param params a row's parameters (other keys are ignored)
     */
    public static Measurement of(Params params) {
        int warmup = DEFAULT.warmup;
        if (params.has(WARMUP)) {
            long w;
            try {
                w = Long.parseLong(params.get(WARMUP).trim());
            } catch (NumberFormatException e) {
                w = -1;
            }
            if (w < 1 || w > MAX_WARMUP) throw badWarmup(params.get(WARMUP));
            warmup = (int) w;
        }
        String stat = params.get(STAT, DEFAULT.stat);
        boolean auto = AUTO.equals(params.get(REPS, ""));
        if (params.has(REPS) && !auto) {
            try {
                Params.parseLong(REPS, params.get(REPS));
            } catch (ConfigException e) {
                throw new ConfigException(REPS + " must be a whole number of timed repetitions or auto, got '" + params.get(REPS) + "'");
            }
        }
        return new Measurement(warmup, stat, auto);
    }

    /**
     * {@return the parameters a workload sees: without {@code warmup} and {@code stat}, and with
     * {@code reps=auto} as {@value #AUTO_MAX}, the most repetitions {@link Reps} may run}
     *
     * @param params a row's parameters
     */
    public Params strip(Params params) {
        Map<String, String> m = new LinkedHashMap<>(params.asMap());
        m.remove(WARMUP);
        m.remove(STAT);
        if (auto) m.put(REPS, Integer.toString(AUTO_MAX));
        return Params.of(m);
    }

    /**
     * {@return the parameters a row shows: those the workload shows, with {@code reps=auto}, and
     * {@code warmup} and {@code stat} where they are not the defaults}
     *
     * @param shown the parameters the workload's row shows
     */
    public Map<String, String> show(Map<String, String> shown) {
        Map<String, String> m = new LinkedHashMap<>(shown);
        if (auto && m.containsKey(REPS)) m.put(REPS, AUTO);
        if (warmup != DEFAULT.warmup) m.put(WARMUP, Integer.toString(warmup));
        if (!stat.equals(DEFAULT.stat)) m.put(STAT, stat);
        return m;
    }

    /**
     * {@return {@code settled} (a row's parameters after a step that saw them {@link #strip stripped}, e.g. a tunable
     * workload taking its tuned knobs) with the measurement's parameters of {@code given} back as they were}
     *
     * @param given   the row's parameters as given
     * @param settled the parameters the step returned
     */
    public static Params restore(Params given, Params settled) {
        Map<String, String> m = new LinkedHashMap<>(settled.asMap());
        for (String k : java.util.List.of(WARMUP, STAT, REPS)) if (given.has(k)) m.put(k, given.get(k));
        return Params.of(m);
    }

    /**
     * Runs {@code body} with this measurement as {@link #current()}.
     *
     * @param body the row's run
     * @param <T>  its result
     * @return what it returned
     */
    public <T> T during(java.util.function.Supplier<T> body) {
        return ScopedValue.where(CURRENT, this).call(body::get);
    }
}
