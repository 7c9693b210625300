package dev.perfport.workloads.var;

/**
 * The lower Cholesky factor L of a symmetric positive semi-definite 3×3 (or n×n) matrix, Σ = L·Lᵀ:
 * multiplying it with a vector of independent standard normals gives normals with covariance Σ
 * (seed 000 §2.1: the thesis multiplies by "the covariance matrix"; a square root is what makes
 * the covariance right). Semi-definite matrices are allowed (a zero variance gives a zero column),
 * so that a deterministic market (Σ = 0) can be simulated.
 */
public final class Cholesky {
    private Cholesky() {
    }

    /** L with Σ = L·Lᵀ; an asymmetric or indefinite Σ is an {@link IllegalArgumentException} naming the entry. */
    public static double[][] factor(double[][] sigma) {
        int n = sigma.length;
        double scale = 0;
        for (double[] row : sigma) {
            if (row.length != n) throw new IllegalArgumentException("covariance must be " + n + "x" + n + ", a row has " + row.length + " entries");
            for (double v : row) {
                if (!Double.isFinite(v)) throw new IllegalArgumentException("covariance has a non-finite entry " + v);
                scale = Math.max(scale, Math.abs(v));
            }
        }
        double tol = 1e-12 * Math.max(scale, Double.MIN_NORMAL);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                if (Math.abs(sigma[i][j] - sigma[j][i]) > tol) {
                    throw new IllegalArgumentException("covariance is not symmetric: [" + i + "][" + j + "] = " + sigma[i][j]
                            + " but [" + j + "][" + i + "] = " + sigma[j][i]);
                }
            }
        }
        double[][] l = new double[n][n];
        for (int j = 0; j < n; j++) {
            double d = sigma[j][j];
            for (int k = 0; k < j; k++) d -= l[j][k] * l[j][k];
            if (d < -tol) throw new IllegalArgumentException("covariance is not positive semi-definite (pivot " + j + " is " + d + ")");
            double ljj = d > tol ? Math.sqrt(d) : 0;
            l[j][j] = ljj;
            for (int i = j + 1; i < n; i++) {
                double v = sigma[i][j];
                for (int k = 0; k < j; k++) v -= l[i][k] * l[j][k];
                if (ljj == 0) {
                    // a zero variance: the column must vanish too, or the matrix is indefinite
                    if (Math.abs(v) > tol) {
                        throw new IllegalArgumentException("covariance is not positive semi-definite: variance " + j
                                + " is 0 but its covariance with " + i + " is " + sigma[i][j]);
                    }
                    l[i][j] = 0;
                } else {
                    l[i][j] = v / ljj;
                }
            }
        }
        return l;
    }
}
