package dev.perfport.core.tune.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A fitted performance model: its fitted constants, R² over the points it was fitted to, and the
 * curve for overlays.
 *
 * @param kind      which model
 * @param constants the fitted constants by name (see {@link Kind})
 * @param r2        coefficient of determination, 1 − SS_res/SS_tot (1 for a perfect fit)
 * @param points    number of measurements fitted
 */
public record Fit(Kind kind, Map<String, Double> constants, double r2, int points) {

    /** The models of seed 000 §4; x is the swept quantity, t the time. */
    public enum Kind {
        /** Eq. 3: t = t_const + t_lat · x, x = n_transfer = npos/posbs. Constants t_const, t_lat. */
        LATENCY("t = t_const + t_lat * npos/posbs"),
        /**
         * Eq. 5: t = t1 · x · (r_seq + (1 − r_seq)/min(vwidth_max, x)), x = vwidth (work grows with
         * vwidth). Constants t1, r_seq, vwidth_max.
         */
        VECTORISATION("t = t1 * vwidth * (r_seq + (1 - r_seq)/min(vwidth_max, vwidth))"),
        /** Eq. 8: t = t1 · x / min(x, n_CU), x = ngroup. Constants t1, n_CU. */
        COMPUTE_UNITS("t = t1 * ngroup / min(ngroup, n_CU)"),
        /**
         * Eq. 8 with the tail effect of the thesis's footnote 24: groups run in rounds of n_CU, so
         * t = t1 · ⌈x / n_CU⌉. Constants t1, n_CU.
         */
        COMPUTE_UNIT_ROUNDS("t = t1 * ceil(ngroup / n_CU)");

        private final String formula;

        Kind(String formula) {
            this.formula = formula;
        }

        public String formula() {
            return formula;
        }
    }

    public Fit {
        Objects.requireNonNull(kind);
        constants = Collections.unmodifiableMap(new LinkedHashMap<>(constants));
    }

    public double constant(String name) {
        Double v = constants.get(name);
        if (v == null) throw new IllegalArgumentException(kind + " has no constant '" + name + "'; constants: " + constants.keySet());
        return v;
    }

    /** The model's time at {@code x}. */
    public double predict(double x) {
        return switch (kind) {
            case LATENCY -> constant("t_const") + constant("t_lat") * x;
            case VECTORISATION -> {
                double r = constant("r_seq");
                yield constant("t1") * x * (r + (1 - r) / Math.min(constant("vwidth_max"), x));
            }
            case COMPUTE_UNITS -> constant("t1") * x / Math.min(x, constant("n_CU"));
            case COMPUTE_UNIT_ROUNDS -> constant("t1") * Math.ceil(x / constant("n_CU") - 1e-9);
        };
    }

    /** One line: formula, constants and R². */
    public String describe() {
        StringBuilder b = new StringBuilder(kind.formula()).append(":");
        constants.forEach((k, v) -> b.append(' ').append(k).append(" = ").append(String.format(Locale.ROOT, "%.4g", v)));
        return b.append(String.format(Locale.ROOT, ", R² = %.4f (%d points)", r2, points)).toString();
    }
}
