package dev.perfport.workloads.pop;

/**
 * POP's MWJF equation of state (state_mod, McDougall, Wright, Jackett and Feistel 2003) in double
 * precision, with its reference pressure per depth: the reference the kernels are checked against,
 * and the host's per-level coefficients that the kernels read. CGS units: T in degrees C, S in g/g,
 * density in g/cm^3; the pressure in dbar is 10 x POP's pressz (bar).
 */
final class Mwjf {
    /** Coefficients per level in the kernels' {@code coef} array. */
    static final int PER_LEVEL = 6;

    // numerator, carrying state_mod's factor 0.001
    private static final double NP0S0T0 = 9.99843699e+2 * 1e-3, NP0S0T1 = 7.35212840e+0 * 1e-3, NP0S0T2 = -5.45928211e-2 * 1e-3,
            NP0S0T3 = 3.98476704e-4 * 1e-3, NP0S1T0 = 2.96938239e+0 * 1e-3, NP0S1T1 = -7.23268813e-3 * 1e-3,
            NP0S2T0 = 2.12382341e-3 * 1e-3, NP1S0T0 = 1.04004591e-2 * 1e-3, NP1S0T2 = 1.03970529e-7 * 1e-3,
            NP1S1T0 = 5.18761880e-6 * 1e-3, NP2S0T0 = -3.24041825e-8 * 1e-3, NP2S0T2 = -1.23869360e-11 * 1e-3;
    // denominator
    private static final double DP0S0T0 = 1.0, DP0S0T1 = 7.28606739e-3, DP0S0T2 = -4.60835542e-5, DP0S0T3 = 3.68390573e-7,
            DP0S0T4 = 1.80809186e-10, DP0S1T0 = 2.14691708e-3, DP0S1T1 = -9.27062484e-6, DP0S1T3 = -1.78343643e-10,
            DP0SQT0 = 4.76534122e-6, DP0SQT2 = 1.63410736e-9, DP1S0T0 = 5.30848875e-6, DP2S0T3 = -3.03175128e-16,
            DP3S0T1 = -1.27934137e-17;
    /** Gravity, cm/s^2. */
    static final double GRAV = 980.6;

    private Mwjf() {
    }

    /** POP's ref_pressure: bar at a depth in metres. */
    static double pressure(double depthMetres) {
        return 0.059808 * (Math.exp(-0.025 * depthMetres) - 1) + 0.100766 * depthMetres + 2.28405e-7 * depthMetres * depthMetres;
    }

    /**
     * The mid-depths (m) of km levels whose thickness grows linearly from 10 m at the top to 250 m
     * at the bottom (POP's R0.1 grid: 42 levels, 10 m to 250 m thick; its own spacing only moves the
     * pressure of each level).
     */
    static double[] depths(int km) {
        double[] z = new double[km];
        double top = 0;
        for (int k = 0; k < km; k++) {
            double dz = km == 1 ? 10 : 10 + 240.0 * k / (km - 1);
            z[k] = top + dz / 2;
            top += dz;
        }
        return z;
    }

    /** The six pressure-dependent coefficients of each level (nums0t0, nums0t2, nums1t0, dens0t0, dens0t1, dens0t3). */
    static double[] coefficients(int km) {
        double[] z = depths(km), c = new double[PER_LEVEL * km];
        for (int k = 0; k < km; k++) level(10 * pressure(z[k]), c, PER_LEVEL * k);
        return c;
    }

    /** The coefficients at pressure p (dbar) into c from index at. */
    static void level(double p, double[] c, int at) {
        c[at] = NP0S0T0 + p * (NP1S0T0 + p * NP2S0T0);
        c[at + 1] = NP0S0T2 + p * (NP1S0T2 + p * NP2S0T2);
        c[at + 2] = NP0S1T0 + p * NP1S1T0;
        c[at + 3] = DP0S0T0 + p * DP1S0T0;
        c[at + 4] = DP0S0T1 + p * p * p * DP3S0T1;
        c[at + 5] = DP0S0T3 + p * p * DP2S0T3;
    }

    /**
     * The state at (t, s) with the coefficients at {@code c[at..]}: {density, drho/dT, drho/dS}
     * (drho/dS per model salinity unit, g/g), as state_mod computes them.
     */
    static double[] state(double t, double s, double[] c, int at) {
        double tq = Math.min(Math.max(t, -2), 999), sq = 1000 * Math.min(Math.max(s, 0), 0.999), sqr = Math.sqrt(sq);
        double w1 = c[at] + tq * (NP0S0T1 + tq * (c[at + 1] + NP0S0T3 * tq)) + sq * (c[at + 2] + NP0S1T1 * tq + NP0S2T0 * sq);
        double w2 = c[at + 3] + tq * (c[at + 4] + tq * (DP0S0T2 + tq * (c[at + 5] + DP0S0T4 * tq)))
                + sq * (DP0S1T0 + tq * (DP0S1T1 + tq * tq * DP0S1T3) + sqr * (DP0SQT0 + tq * tq * DP0SQT2));
        double rho = w1 / w2;
        double dp1dt = NP0S0T1 + tq * (2 * c[at + 1] + 3 * NP0S0T3 * tq) + NP0S1T1 * sq;
        double dp2dt = c[at + 4] + sq * DP0S1T1 + tq * (2 * (DP0S0T2 + sq * sqr * DP0SQT2) + tq * (3 * (c[at + 5] + sq * DP0S1T3) + tq * 4 * DP0S0T4));
        double dp1ds = c[at + 2] + NP0S1T1 * tq + 2 * NP0S2T0 * sq;
        double dp2ds = DP0S1T0 + tq * (DP0S1T1 + tq * tq * DP0S1T3) + 1.5 * sqr * (DP0SQT0 + tq * tq * DP0SQT2);
        return new double[]{rho, (dp1dt - rho * dp2dt) / w2, (dp1ds - rho * dp2ds) / w2 * 1000};
    }
}
