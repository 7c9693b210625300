package dev.perfport.workloads.pop;

import dev.perfport.workloads.gemm.Precision;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * The double-precision reference of POP's three functions, following state_mod and vmix_kpp (the
 * same inputs the kernels read, widened to double), and the check of a kernel's outputs against it.
 *
 * <p>Tolerance: each output field passes when every point lies within {@link #ULPS} units of
 * roundoff of the run's precision times the field's scale: density and its derivatives, the largest
 * magnitude of the field; buoyancy differences, gravity (they are g·(1 − ρ/ρ_k), whose error is
 * gravity times the ratio's); diffusivities, the largest magnitude or 1. ddmix's two regimes switch
 * where α·ΔT = β·ΔS (and diffusive convection where α·ΔT = 0); a point that lies within
 * {@link #ULPS} units of roundoff of a switch may take either side, so it is not compared (the row
 * counts them).
 *
 * @param p    the run's precision
 * @param nxy  points of a level
 * @param km   levels
 * @param t    temperature, km·nxy, as the kernels read it
 * @param s    salinity, likewise
 * @param coef the equation of state's coefficients per level ({@link Mwjf#coefficients})
 */
record PopReference(Precision p, int nxy, int km, double[] t, double[] s, double[] coef) {
    /** Units of roundoff a point may lie from the reference, times its field's scale. */
    static final double ULPS = 4096;

    private double[] state(int at, int level) {
        return Mwjf.state(t[at], s[at], coef, Mwjf.PER_LEVEL * level);
    }

    /** {rho, drho/dT, drho/dS}, each km·nxy. */
    double[][] state() {
        double[][] r = new double[3][km * nxy];
        // levels in parallel: each writes its own points (at the thesis's domain, 44 M states a check)
        IntStream.range(0, km).parallel().forEach(k -> {
            for (int q = 0; q < nxy; q++) {
                int i = k * nxy + q;
                double[] v = state(i, k);
                r[0][i] = v[0];
                r[1][i] = v[1];
                r[2][i] = v[2];
            }
        });
        return r;
    }

    /** {dbsfc, dbloc}: buoydiff as vmix_kpp computes it, every density with level k's pressure. */
    double[][] buoydiff(int[] kmt) {
        double[] dbsfc = new double[km * nxy], dbloc = new double[km * nxy];
        // levels in parallel: level k writes dbsfc's level k and dbloc's level k - 1
        IntStream.range(1, km).parallel().forEach(k -> {
            for (int q = 0; q < nxy; q++) {
                int i = k * nxy + q;
                double rho1 = state(q, k)[0], rhokm = state(i - nxy, k)[0], rhok = state(i, k)[0];
                dbsfc[i] = Mwjf.GRAV * (1 - rho1 / rhok);
                dbloc[i - nxy] = k >= kmt[q] ? 0 : Mwjf.GRAV * (1 - rhokm / rhok);
            }
        });
        return new double[][]{dbsfc, dbloc};
    }

    /**
     * {vdc1, vdc2} after ddmix adds to the given ones; {@code ambiguous[i]} marks the points within
     * roundoff of a regime's switch.
     */
    double[][] ddmix(double[] vdc1, double[] vdc2, boolean[] ambiguous) {
        double[] v1 = vdc1.clone(), v2 = vdc2.clone();
        double margin = ULPS * p.unitRoundoff;
        // levels in parallel: each writes its own points
        IntStream.range(0, km - 1).parallel().forEach(k -> {
            for (int q = 0; q < nxy; q++) {
                int i = k * nxy + q;
                double[] a = state(i, k), b = state(i + nxy, k + 1);
                double alphadt = -0.5 * (a[1] + b[1]) * (t[i] - t[i + nxy]);
                double betads = 0.5 * (a[2] + b[2]) * (s[i] - s[i + nxy]);
                double size = Math.abs(alphadt) + Math.abs(betads);
                ambiguous[i] = Math.abs(alphadt - betads) <= margin * size || (betads < 0 && Math.abs(alphadt) <= margin * size);
                if (alphadt > betads && betads > 0) {
                    double rr = Math.min(alphadt / betads, 2.55);
                    double dd = Math.pow(1 - (rr - 1) / (2.55 - 1), 3);
                    v1[i] += 0.7 * dd;
                    v2[i] += dd;
                }
                double rrho = 0, diffdd = 0, prandtl = 0;
                if (alphadt < 0 && betads < 0 && alphadt > betads) {
                    rrho = alphadt / betads;
                    diffdd = 1.5e-2 * 0.909 * Math.exp(4.6 * Math.exp(-0.54 * (1 / rrho - 1)));
                    prandtl = 0.15 * rrho;
                }
                if (rrho > 0.5) prandtl = (1.85 - 0.85 / rrho) * rrho;
                v1[i] += diffdd;
                v2[i] += prandtl * diffdd;
            }
        });
        return new double[][]{v1, v2};
    }

    /** One output field to check: its name, the device's values, the reference, its scale (0: the reference's largest magnitude). */
    record Field(String name, double[] got, double[] want, double scale) {
    }

    /**
     * The first mismatch (null for none), the worst error of all fields in units of roundoff times the field's
     * scale, and the points not compared for lying within that of ddmix's regime switch (-1 where none were skipped).
     */
    record Verdict(String mismatch, double worstUlps, int switchPoints) {
    }

    /** Checks the fields, skipping the points marked in {@code skip} (or none when null). */
    Verdict check(List<Field> fields, boolean[] skip) {
        double worst = 0;
        List<String> bad = new ArrayList<>();
        for (Field f : fields) {
            double scale = f.scale();
            if (scale == 0) {
                for (double w : f.want()) scale = Math.max(scale, Math.abs(w));
                if (scale == 0) scale = 1;
            }
            double unit = p.unitRoundoff * scale;
            for (int i = 0; i < f.want().length; i++) {
                if (skip != null && skip[i]) continue;
                double e = Math.abs(f.got()[i] - f.want()[i]) / unit;
                if (!(e <= ULPS)) {
                    if (bad.isEmpty()) {
                        bad.add(String.format(Locale.ROOT, "%s[level %d, point %d] = %s, reference %s (%.3g units of roundoff x %.3g; limit %.0f)",
                                f.name(), i / nxy, i % nxy, f.got()[i], f.want()[i], e, scale, ULPS));
                    }
                    worst = Double.isNaN(e) ? Double.POSITIVE_INFINITY : Math.max(worst, e);
                } else {
                    worst = Math.max(worst, e);
                }
            }
        }
        int skipped = -1;
        if (skip != null) {
            skipped = 0;
            for (boolean x : skip) if (x) skipped++;
        }
        return new Verdict(bad.isEmpty() ? null : bad.getFirst(), worst, skipped);
    }
}
