package dev.perfport.workloads;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.tune.Constraint;
import dev.perfport.core.tune.Param;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Rule;
import dev.perfport.workloads.spec.Values;

/**
 * What the workloads' tuning problems share: the tuned parameters from a default grid and the
 * user's value lists. One evaluation's status is {@link Tunable#evaluate}.
 */
public final class TuningSupport {
    /**
     * A tunable variant's {@code config} values: the tuning cache's pick while none of its knobs is given
     * (auto), never the cache (default), and the cache's pick required (tuned: an error when the cache has none or
     * a knob is given beside it, never a row that says tuned and ran the defaults). A row filled from the cache
     * shows tuned.
     */
    public static final String AUTO = "auto", DEFAULT = "default", TUNED = "tuned";

    /**
     * What a row's {@code config} shows once its configuration is settled: the user's tuning cache ({@code cache}),
     * the database shipped with perfport ({@code database}), the defaults ({@code default}), or knobs given
     * ({@code given}). A row may be run again with the shown value.
     */
    public static final String CACHE = TunedLookup.CACHE, DATABASE = TunedLookup.DATABASE, GIVEN = "given";

    private TuningSupport() {
    }

    /** The {@code config} knob of a tunable variant: auto, default or tuned (and cache or database, as a row shows them). */
    public static final Knob<String> CONFIG = Knob.text("config").byDefault(AUTO)
            .must(c -> List.of(AUTO, DEFAULT, TUNED, CACHE, DATABASE).contains(c), "auto, default or tuned")
            .help("auto takes the tuning cache's (or the shipped database's) best configuration for this backend, device and "
                    + "type while no tuned knob is given, at any value (the row then shows cache or database); tuned requires "
                    + "the cache's pick (an error without one, or beside a knob given); default never does");

    /**
     * {@return the rule of a work-group size knob: within the device's maximum work-group size}
     *
     * @param wg the knob
     */
    public static Rule workGroupRule(Knob<Integer> wg) {
        return Rule.device("work-group size", (v, d) -> v.get(wg) <= d.maxWorkGroupSize(),
                (v, d) -> wg.name() + " " + v.get(wg) + " exceeds the device's maximum work-group size " + d.maxWorkGroupSize());
    }

    /**
     * {@return whether a row may take the tuning cache's pick: config is not default and each of {@code knobs} is at
     * its default; config=default, or auto beside a knob given, keeps the row's own, and config=tuned beside a knob
     * given is one error line ({@link #givenBeside})} The command line's knobs, given at any value, reach here as
     * config=default (the CLI's ParamCheck.ownKnobs), so a knob at its default's value is only taken for not given
     * where a program builds the parameters itself. A row's recorded source given back (config=cache or database, as
     * a row's parameters are re-run) looks up as auto does, so that the row says again where its knobs really came from
     * and never names a source it did not use.
     *
     * @param v     the row's values
     * @param knobs the knobs the cache's pick sets, in the order their errors are named
     */
    public static boolean takesCache(Values v, List<? extends Knob<?>> knobs) {
        String config = v.get(CONFIG);
        if (config.equals(DEFAULT)) return false;
        for (Knob<?> k : knobs) {
            if (v.atDefault(k)) continue;
            if (required(config)) throw givenBeside(k.name(), v.text(k));
            return false;
        }
        return true;
    }


    /**
     * {@return where a row's configuration came from, for its {@code config}: cache (config=tuned given, or a cache pick),
     * database, or default}
     *
     * @param config the row's config parameter
     */
    public static String source(String config) {
        return switch (config) {
            case TUNED, CACHE -> CACHE;
            case DATABASE -> DATABASE;
            default -> DEFAULT;
        };
    }

    /**
     * {@return {@code params} with {@code pick}'s value of each of {@code names} it has and {@code config} set to where it
     * came from; or, without a pick of any of them, {@code config=default}} A knob the pick lacks keeps its default: it
     * was tuned before the knob was declared (a database entry, a cache of an earlier kernel), and the knob's default is
     * the kernel as it was. With {@code required} (config=tuned given) only the user's cache will do: anything else is
     * one error line naming {@code what} was looked up.
     */
    public static Params withPick(Params params, Optional<TunedLookup.Pick> pick, List<String> names, boolean required, String what) {
        if (pick.isEmpty() || names.stream().noneMatch(pick.get().knobs()::containsKey) || (required && !pick.get().source().equals(CACHE))) {
            if (required) throw noPick(what);
            return params.with("config", DEFAULT);
        }
        Params q = params.with("config", pick.get().source());
        for (String name : names) {
            Integer v = pick.get().knobs().get(name);
            if (v != null) q = q.with(name, Integer.toString(v));
        }
        return q;
    }


    /** {@return whether {@code config} asks for the cache's pick as a requirement (config=tuned)} */
    public static boolean required(String config) {
        return config.equals(TUNED);
    }

    /** {@return the error of config=tuned beside a tuned knob given at another value than its default} */
    public static ConfigException givenBeside(String name, String value) {
        return new ConfigException("config=tuned takes the tuned knobs from the tuning cache, so " + name + "=" + value
                + " cannot be given beside it: drop it, or use config=default (or auto, which takes the cache only when no knob is given)");
    }

    /** {@return the error of config=tuned when the tuning cache has no pick for {@code what}} */
    public static ConfigException noPick(String what) {
        return new ConfigException("config=tuned, but the tuning cache holds no pick for " + what
                + " on this backend and device: run 'perfport tune' for it first, or use config=auto");
    }

    /**
     * {@return the tuned parameters, in {@code names} order, with {@code overrides} replacing default value lists}
     *
     * @param workload    the workload's name, for the error
     * @param names       the tuned parameters
     * @param defaultGrid each one's default values
     * @param overrides   value lists given by the user; a name not tuned is a ConfigException
     */
    public static List<Param> params(String workload, List<String> names, Map<String, List<Integer>> defaultGrid,
                                     Map<String, List<Integer>> overrides) {
        Map<String, List<Integer>> g = new LinkedHashMap<>(defaultGrid);
        for (Map.Entry<String, List<Integer>> e : overrides.entrySet()) {
            if (!names.contains(e.getKey())) {
                throw new ConfigException("'" + e.getKey() + "' is not a tuned parameter of " + workload + "; tuned: " + String.join(", ", names));
            }
            g.put(e.getKey(), e.getValue());
        }
        List<Param> params = new ArrayList<>();
        for (String n : names) {
            try {
                params.add(new Param(n, g.get(n)));
            } catch (IllegalArgumentException e) {
                throw new ConfigException(e.getMessage());
            }
        }
        return params;
    }

    /** {@return the default grid of a work-group size: the powers of two from 64 to the device's maximum (at most 1024)} */
    public static List<Integer> workGroupSizes(DeviceInfo d) {
        long max = Math.min(1024L, d.maxWorkGroupSize());
        List<Integer> wg = new ArrayList<>();
        for (int w = 64; w <= max; w *= 2) wg.add(w);
        if (wg.isEmpty()) wg.add(Integer.highestOneBit((int) max));
        return wg;
    }

}
