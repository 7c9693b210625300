package dev.perfport.workloads.spec;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.tune.Config;
import dev.perfport.workloads.Params;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A workload's parameters parsed by its {@link Spec}: every knob the variant reads as its typed value, and
 * the texts as given (a row shows them as the user wrote them). Immutable.
 */
public final class Values {
    private final Spec spec;
    private final String variant;
    private final Map<String, String> text;
    private final Map<String, Object> typed;

    Values(Spec spec, String variant, Map<String, String> text, Map<String, Object> typed) {
        this.spec = spec;
        this.variant = variant;
        this.text = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(text));
        this.typed = java.util.Collections.unmodifiableMap(new HashMap<>(typed));
    }

    /** {@return the specification these values follow} */
    public Spec spec() {
        return spec;
    }

    /** {@return the variant, or null when parsed for none} */
    public String variant() {
        return variant;
    }

    /**
     * {@return the knob's value}
     *
     * @param k a knob of the spec, read by the variant
     * @throws IllegalStateException when it is at its auto word ({@link #given}) or not read by the variant
     */
    @SuppressWarnings("unchecked")
    public <T> T get(Knob<T> k) {
        T v = (T) typed.get(k.name());
        if (v == null) {
            throw new IllegalStateException(text.containsKey(k.name()) && k.readBy(variant)
                    ? k.name() + " is " + text.get(k.name()) + ": read it with given()" : k.name() + " is not read by " + variant);
        }
        return v;
    }

    /** {@return the knob's value, empty at its auto word} @param k a knob read by the variant */
    @SuppressWarnings("unchecked")
    public <T> Optional<T> given(Knob<T> k) {
        if (!k.readBy(variant)) throw new IllegalStateException(k.name() + " is not read by " + variant);
        return Optional.ofNullable((T) typed.get(k.name()));
    }

    /** {@return the knob's value, {@code fallback} at its auto word} @param k a knob @param fallback the value for auto */
    public <T> T or(Knob<T> k, T fallback) {
        return given(k).orElse(fallback);
    }

    /** {@return the knob's text as given, or its default} @param k a knob */
    public String text(Knob<?> k) {
        return text.get(k.name());
    }

    /** {@return whether the knob is at its default's text} @param k a knob */
    public boolean atDefault(Knob<?> k) {
        return k.defaultText().equals(text.get(k.name()));
    }

    /** {@return every parameter's text: the defaults, overridden by those given, in the spec's order} */
    public Params params() {
        return Params.of(text);
    }

    /** {@return the parameters a row of the variant shows: {@link #params()} less the knobs it does not read} */
    public Map<String, String> shown() {
        Map<String, String> m = new LinkedHashMap<>(text);
        for (Knob<?> k : spec.knobs()) if (!k.readBy(variant)) m.remove(k.name());
        return m;
    }

    /**
     * {@return these values with one knob changed, checked against its limits (not the rules)}
     *
     * @param k     a knob
     * @param value its new value, within its limits
     * @throws ConfigException naming the knob and its limit
     */
    public <T> Values with(Knob<T> k, T value) {
        String why = k.violation(value);
        if (why != null) throw Problem.of(why);
        Map<String, String> t = new LinkedHashMap<>(text);
        Map<String, Object> v = new HashMap<>(typed);
        t.put(k.name(), String.valueOf(value));
        v.put(k.name(), value);
        return new Values(spec, variant, t, v);
    }

    /**
     * {@return these values with the tuner's point in place of the tuned knobs' values, checked against their limits}
     *
     * @param c a point of the spec's tuning space
     * @throws ConfigException naming a knob beyond its limits
     */
    @SuppressWarnings("unchecked")
    public Values with(Config c) {
        Map<String, String> t = new LinkedHashMap<>(text);
        Map<String, Object> v = new HashMap<>(typed);
        for (Map.Entry<String, Integer> e : c.values().entrySet()) {
            String why = ((Knob<Integer>) spec.knob(e.getKey())).violation(e.getValue());
            if (why != null) throw Problem.of(why);
            t.put(e.getKey(), e.getValue().toString());
            v.put(e.getKey(), e.getValue());
        }
        return new Values(spec, variant, t, v);
    }

    /**
     * Refuses these values on {@code device} when they break a rule of the device (work-group size, local memory):
     * called where a row runs, so that the row fails naming the rule and nothing is built.
     *
     * @param device the device
     * @throws InvalidLaunchException naming the values and the device's limit
     */
    public void refuseOn(DeviceInfo device) {
        String why = spec.refusal(this, device);
        // the row names the workload and the device: the reason is enough
        if (why != null) throw new InvalidLaunchException(why);
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
