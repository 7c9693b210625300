package dev.perfport.backend.cell.model;

import dev.perfport.backend.cell.mfc.DmaCosts;
import dev.perfport.core.backend.Settings;
import dev.perfport.core.error.ConfigException;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

/**
 * The values of every {@link Cost} for one backend instance: the defaults of {@code COST_MODEL.md}
 * overridden by {@code perfport.cell-emulation.cost.*} keys. Immutable.
 */
public final class CostModel {
    public static final CostModel DEFAULT = new CostModel(Map.of());

    private final double[] values = new double[Cost.values().length];

    /** The defaults with {@code overrides}; each value is range-checked. */
    public CostModel(Map<Cost, Double> overrides) {
        for (Cost c : Cost.values()) values[c.ordinal()] = c.defaultValue();
        overrides.forEach((c, v) -> values[c.ordinal()] = check(c, v));
    }

    /**
     * Reads every {@code perfport.cell-emulation.cost.*} key present; a value that is not a number
     * or out of range is a {@link ConfigException} naming the key and the range.
     */
    public static CostModel from(Settings config) {
        Map<Cost, Double> m = new EnumMap<>(Cost.class);
        for (Cost c : Cost.values()) {
            if (config.get(c.key()).isPresent()) m.put(c, config.getDouble(c.key(), c.defaultValue()));
        }
        return m.isEmpty() ? DEFAULT : new CostModel(m);
    }

    private static double check(Cost c, double v) {
        if (!(v >= c.min() && v <= c.max())) {
            throw new ConfigException(c.key() + " must be in [" + fmt(c.min()) + ", " + fmt(c.max()) + "], got " + fmt(v));
        }
        if (c.integral() && v != Math.rint(v)) {
            throw new ConfigException(c.key() + " must be a whole number, got " + fmt(v));
        }
        return v;
    }

    private static String fmt(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    public double get(Cost c) {
        return values[c.ordinal()];
    }

    /** A whole-number constant (cycles or bytes). */
    public long cycles(Cost c) {
        return (long) values[c.ordinal()];
    }

    /** Bytes per SPU cycle of a bandwidth given in GB/s. */
    public double bytesPerCycle(Cost gbs) {
        return get(gbs) / get(Cost.CLOCK_GHZ);
    }

    /** The MFC timing of an SPE. */
    public DmaCosts dma() {
        return new DmaCosts(cycles(Cost.DMA_ISSUE_CYCLES), cycles(Cost.DMA_LATENCY_CYCLES), bytesPerCycle(Cost.SPE_GBS),
                cycles(Cost.DMA_LIST_ELEMENT_CYCLES), get(Cost.UNALIGNED_FACTOR));
    }

    /** Modelled cycles to nanoseconds. */
    public long nanos(long cycles) {
        return (long) Math.ceil(cycles / get(Cost.CLOCK_GHZ));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CostModel m && Arrays.equals(m.values, values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("CostModel{");
        for (Cost c : Cost.values()) sb.append(c.ordinal() == 0 ? "" : ", ").append(c.shortName()).append('=').append(fmt(get(c)));
        return sb.append('}').toString();
    }
}
