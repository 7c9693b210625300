package dev.perfport.core.tune.model;

import org.hipparchus.exception.MathIllegalArgumentException;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.QRDecomposition;
import org.hipparchus.stat.StatUtils;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Least-squares fits of the models of seed 000 §4 (see {@link Fit.Kind}). Inputs are parallel
 * arrays of the swept quantity and the measured time; at least as many points as constants,
 * positive finite times, or an {@link IllegalArgumentException} that says which rule failed.
 * Each model is linear in its constants once its knee (vwidth_max, n_CU) is fixed: the linear
 * least squares are Hipparchus's QR solver, and the knee is searched over its candidates.
 */
public final class Models {
    private Models() {
    }

    /** Eq. 3, by linear least squares of t against x = npos/posbs. */
    public static Fit latency(double[] nTransfer, double[] t) {
        check(nTransfer, t, 2, "Eq. 3");
        double[] coef = solve(new double[][]{ones(t.length), nTransfer}, t);
        Map<String, Double> c = new LinkedHashMap<>();
        c.put("t_const", coef[0]);
        c.put("t_lat", coef[1]);
        return finish(Fit.Kind.LATENCY, c, nTransfer, t);
    }

    /**
     * Eq. 5. For each candidate vwidth_max the model is linear in A = t1·r_seq and B = t1·(1 − r_seq)
     * (t = A·x + B·x/min(vwidth_max, x)); r_seq is kept in [0, 1] (a solution outside is replaced by the
     * better boundary fit), and the candidate with the highest R² is kept (the smaller on ties).
     */
    public static Fit vectorisation(double[] vwidth, double[] t, int[] vwidthMaxCandidates) {
        check(vwidth, t, 2, "Eq. 5");
        if (vwidthMaxCandidates.length == 0) throw new IllegalArgumentException("Eq. 5 needs at least one vwidth_max candidate");
        Fit best = null;
        for (int vmax : vwidthMaxCandidates) {
            if (vmax < 1) throw new IllegalArgumentException("vwidth_max candidates must be >= 1, got " + vmax);
            double[] a = vwidth.clone();
            double[] b = new double[vwidth.length];
            for (int i = 0; i < b.length; i++) b[i] = vwidth[i] / Math.min(vmax, vwidth[i]);
            double t1, r;
            boolean collinear = Arrays.equals(a, b) || vmax == 1;
            double[] ab = collinear ? null : solveOrNull(new double[][]{a, b}, t);
            if (ab != null && ab[0] + ab[1] > 0 && ab[0] / (ab[0] + ab[1]) >= 0 && ab[0] / (ab[0] + ab[1]) <= 1) {
                t1 = ab[0] + ab[1];
                r = ab[0] / t1;
            } else {
                // boundaries: r = 1 (t = t1·x, nothing vectorised) or r = 0 (t = t1·x/min(vmax, x))
                double t1a = solve(new double[][]{a}, t)[0];
                double t1b = solve(new double[][]{b}, t)[0];
                if (collinear || ssRes(a, t1a, t) <= ssRes(b, t1b, t)) {
                    t1 = t1a;
                    r = 1;
                } else {
                    t1 = t1b;
                    r = 0;
                }
            }
            Map<String, Double> c = new LinkedHashMap<>();
            c.put("t1", t1);
            c.put("r_seq", r);
            c.put("vwidth_max", (double) vmax);
            Fit f = finish(Fit.Kind.VECTORISATION, c, vwidth, t);
            if (best == null || f.r2() > best.r2() + 1e-12) best = f;
        }
        return best;
    }

    /**
     * Eq. 8: for each candidate n_CU from 1 to the largest ngroup measured, t1 by least squares;
     * the candidate with the highest R² is kept (the smaller on ties). n_CU is the knee of the curve:
     * beyond it, time grows with ngroup.
     */
    public static Fit computeUnits(double[] ngroup, double[] t) {
        return knee(ngroup, t, false);
    }

    /**
     * Eq. 8 with whole rounds, t = t1·⌈ngroup/n_CU⌉ (the tail effect when ngroup is just above a
     * multiple of n_CU, seed 000 footnote 24), fitted like {@link #computeUnits}.
     */
    public static Fit computeUnitRounds(double[] ngroup, double[] t) {
        return knee(ngroup, t, true);
    }

    private static Fit knee(double[] ngroup, double[] t, boolean rounds) {
        check(ngroup, t, 2, "Eq. 8");
        int max = 1;
        for (double g : ngroup) max = Math.max(max, (int) Math.round(g));
        Fit best = null;
        for (int n = 1; n <= max; n++) {
            double[] x = new double[ngroup.length];
            for (int i = 0; i < x.length; i++) x[i] = rounds ? Math.ceil(ngroup[i] / n - 1e-9) : ngroup[i] / Math.min(ngroup[i], n);
            double t1 = solve(new double[][]{x}, t)[0];
            Map<String, Double> c = new LinkedHashMap<>();
            c.put("t1", t1);
            c.put("n_CU", (double) n);
            Fit f = finish(rounds ? Fit.Kind.COMPUTE_UNIT_ROUNDS : Fit.Kind.COMPUTE_UNITS, c, ngroup, t);
            if (best == null || f.r2() > best.r2() + 1e-12) best = f;
        }
        return best;
    }

    /** R² = 1 − SS_res/SS_tot; a flat series counts as fitted perfectly only when the model is exact. */
    public static double r2(double[] measured, double[] predicted) {
        double res = StatUtils.sumSq(residuals(measured, predicted));
        double tot = StatUtils.populationVariance(measured) * measured.length;
        if (tot == 0) return res == 0 ? 1 : 0;
        return 1 - res / tot;
    }

    private static double[] residuals(double[] measured, double[] predicted) {
        double[] r = new double[measured.length];
        for (int i = 0; i < r.length; i++) r[i] = measured[i] - predicted[i];
        return r;
    }

    private static Fit finish(Fit.Kind kind, Map<String, Double> c, double[] x, double[] t) {
        Fit provisional = new Fit(kind, c, 0, t.length);
        double[] p = new double[t.length];
        for (int i = 0; i < t.length; i++) p[i] = provisional.predict(x[i]);
        return new Fit(kind, c, r2(t, p), t.length);
    }

    private static void check(double[] x, double[] t, int constants, String model) {
        if (x.length != t.length) throw new IllegalArgumentException(model + ": " + x.length + " x values but " + t.length + " times");
        if (t.length < constants) {
            throw new IllegalArgumentException(model + " fits " + constants + " constants and needs at least " + constants + " points, got " + t.length);
        }
        for (int i = 0; i < t.length; i++) {
            if (!(t[i] > 0) || Double.isInfinite(t[i])) throw new IllegalArgumentException(model + ": time " + t[i] + " at point " + i + " is not positive and finite");
            if (!(x[i] > 0) || Double.isInfinite(x[i])) throw new IllegalArgumentException(model + ": x " + x[i] + " at point " + i + " is not positive and finite");
        }
    }

    private static double[] ones(int n) {
        double[] o = new double[n];
        Arrays.fill(o, 1);
        return o;
    }

    private static double ssRes(double[] x, double k, double[] t) {
        double[] p = new double[t.length];
        for (int i = 0; i < t.length; i++) p[i] = k * x[i];
        return StatUtils.sumSq(residuals(t, p));
    }

    private static double[] solve(double[][] cols, double[] y) {
        double[] c = solveOrNull(cols, y);
        if (c == null) throw new IllegalArgumentException("the regressors are linearly dependent (e.g. every point has the same x)");
        return c;
    }

    /**
     * Least squares for y ≈ Σ c_j·cols[j] by QR decomposition, or null when the columns are
     * linearly dependent: a diagonal element of R below 1e-10 of the largest column's norm, so
     * that collinear columns (a pivot of rounding noise) count as singular.
     */
    private static double[] solveOrNull(double[][] cols, double[] y) {
        int n = y.length, k = cols.length;
        double[][] a = new double[n][k];
        double norm = 0;
        for (int j = 0; j < k; j++) {
            for (int i = 0; i < n; i++) a[i][j] = cols[j][i];
            norm = Math.max(norm, Math.sqrt(StatUtils.sumSq(cols[j])));
        }
        try {
            return new QRDecomposition(new Array2DRowRealMatrix(a, false), 1e-10 * norm).getSolver()
                    .solve(new ArrayRealVector(y, false)).toArray();
        } catch (MathIllegalArgumentException singular) {
            return null;
        }
    }
}
