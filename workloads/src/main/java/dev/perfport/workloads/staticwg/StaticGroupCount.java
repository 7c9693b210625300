package dev.perfport.workloads.staticwg;

import dev.perfport.core.error.ConfigException;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.spec.Knob;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code k} parameter of workloads on static work-groups (seed 003 §4.2): how many static
 * groups to launch. It is written as
 * <ul>
 *   <li>an integer {@code >= 1}: exactly that many (more than the device's residency query allows
 *       fails with the core's error naming both numbers);</li>
 *   <li>{@code res}: the residency query's answer for the kernel, local size and local memory;</li>
 *   <li>{@code res/D}: that answer divided by D (rounded down, at least 1), for sweeps that do
 *       not know the device in advance;</li>
 *   <li>a comma-separated list of the above, in {@code compare} only: one case per entry.</li>
 * </ul>
 * Without a {@code k} from the user, {@code compare} sweeps {@link #SWEEP}: 1, res/4, res/2, res
 * (on a device with a small residency some of them resolve to the same k).
 *
 * @param text the spec as written
 */
public record StaticGroupCount(String text) {
    /** The default: the residency query's answer. */
    public static final String RESIDENCY = "res";
    /** The parameter's name in the workloads that take a count of static work-groups. */
    public static final String K = "k";
    /** What {@code compare} sweeps when the user did not set k. */
    public static final List<String> SWEEP = List.of("1", "res/4", "res/2", "res");

    /**
     * The parameter {@code k}, declared once for the workloads that take it (each adds its help): one count,
     * in one of the accepted forms.
     */
    public static final Knob<String> KNOB = Knob.text(K)
            .must(t -> !t.contains(","), "one count (compare runs one case per entry of a list)")
            .must(StaticGroupCount::accepted, "a static work-group count >= 1, 'res' (the device's residency query) "
                    + "or 'res/D' with an integer D >= 1")
            .byDefault(RESIDENCY);

    /** Parses one spec (no list); a ConfigException names the accepted forms. */
    public static StaticGroupCount parse(String text) {
        return new StaticGroupCount(KNOB.parse(text).trim());
    }

    private static boolean accepted(String text) {
        String s = text.trim();
        if (s.equals(RESIDENCY)) return true;
        return positiveInt(s.startsWith(RESIDENCY + "/") ? s.substring(RESIDENCY.length() + 1) : s);
    }

    private static boolean positiveInt(String s) {
        try {
            long v = Long.parseLong(s.trim());
            return v >= 1 && v <= Integer.MAX_VALUE;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Whether the count depends on the residency query. */
    public boolean usesResidency() {
        return text.startsWith(RESIDENCY);
    }

    /**
     * The count for a device whose residency query answered {@code residency}. A symbolic spec
     * never resolves to more than the residency; an integer is returned as is (the launch
     * validation refuses it when it exceeds the residency).
     */
    public int resolve(int residency) {
        if (text.equals(RESIDENCY)) return residency;
        if (text.startsWith(RESIDENCY + "/")) {
            long d = Long.parseLong(text.substring(RESIDENCY.length() + 1));
            return (int) Math.max(1, residency / d);
        }
        return Integer.parseInt(text);
    }

    /** {@return whether the user's {@code overrides} give k as a list (compare runs one case per entry)} */
    public static boolean isList(Params overrides) {
        return overrides.get(K, "").contains(",");
    }

    /**
     * The cases {@code compare} runs for {@code base} (the defaults with the user's overrides):
     * one per entry of a comma-separated k, the {@link #SWEEP} when the user did not set k,
     * else just {@code base}.
     */
    public static List<Params> expand(Params base, Params overrides) {
        List<String> ks;
        String given = overrides.get(K, null);
        if (given == null) {
            ks = SWEEP;
        } else if (given.contains(",")) {
            ks = new ArrayList<>();
            for (String part : given.split(",")) {
                if (!part.isBlank()) ks.add(parse(part).text());
            }
            if (ks.isEmpty()) throw new ConfigException("k='" + given + "' lists no static work-group count");
        } else {
            parse(given);
            return List.of(base);
        }
        List<Params> out = new ArrayList<>();
        for (String k : ks) out.add(base.with(K, k));
        return out;
    }
}
