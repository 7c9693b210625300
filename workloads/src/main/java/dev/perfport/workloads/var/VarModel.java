package dev.perfport.workloads.var;

import java.util.List;
import java.util.TreeMap;
import java.util.stream.IntStream;

/**
 * The host side of the VaR model: the random normals every simulation uses (bit-identical to the
 * devices'), and the double-precision reference of {@code simulation[]}.
 */
public final class VarModel {
    private VarModel() {
    }

    /** The random-number options of seed 000 §8.2. */
    public enum Rng {
        /** Philox4x32-10 keyed by the seed, counter = simulation index: the same numbers for any decomposition. */
        PHILOX("philox", 0),
        /** Nvidia-style MT607 with one stream (parameter set) per work-item, as the thesis. */
        MT("mt", 1);

        public final String label;
        public final int code;

        Rng(String label, int code) {
            this.label = label;
            this.code = code;
        }

        public static Rng of(String label) {
            for (Rng r : values()) if (r.label.equals(label)) return r;
            return null;
        }
    }

    /**
     * How simulations map onto the NDRange: {@code simbs·vwidth} per work-item, {@code wgsize}
     * items per group, {@code ngroup} groups; simulation ((gid·simbs + s)·vwidth + v).
     */
    public record Layout(int simbs, int vwidth, int wgsize, int ngroup) {
        public int perItem() {
            return simbs * vwidth;
        }

        public int workItems() {
            return wgsize * ngroup;
        }

        public int nsim() {
            return simbs * vwidth * wgsize * ngroup;
        }
    }

    /**
     * The three standard normals of every simulation, {@code z[3i], z[3i+1], z[3i+2]} for
     * simulation i, exactly as the kernels draw them. Philox: simulation i uses the block of
     * counter (i, 0, 0, 0) and key (seed0, seed1), two Box-Muller pairs, the last normal unused.
     * MT: work-item g draws from stream g (initial word {@code seed ^ seed0}) normals in order,
     * Box-Muller pairs, three per simulation, its simulations in the order s, then v.
     */
    public static float[] normals(Rng rng, int seed0, int seed1, Layout layout, List<Mt607.Params> streams) {
        int nsim = layout.nsim(), k = layout.perItem();
        float[] z = new float[3 * nsim];
        if (rng == Rng.PHILOX) {
            IntStream.range(0, nsim).parallel().forEach(i -> {
                int[] w = new int[4];
                float[] p = new float[2];
                Philox.philox4x32x10(i, 0, 0, 0, seed0, seed1, w);
                FloatMath.boxMuller(FloatMath.uniform(w[0]), FloatMath.uniform(w[1]), p);
                z[3 * i] = p[0];
                z[3 * i + 1] = p[1];
                FloatMath.boxMuller(FloatMath.uniform(w[2]), FloatMath.uniform(w[3]), p);
                z[3 * i + 2] = p[0];
            });
        } else {
            if (streams.size() < layout.workItems()) {
                throw new IllegalArgumentException(layout.workItems() + " work-items need as many MT607 streams, got " + streams.size());
            }
            IntStream.range(0, layout.workItems()).parallel().forEach(g -> {
                VarKernels.MtNormals n = new VarKernels.MtNormals(new Mt607(streams.get(g), seed0));
                for (int j = 0; j < 3 * k; j++) z[3 * g * k + j] = n.next();
            });
        }
        return z;
    }

    /**
     * The double-precision reference.
     *
     * @param values portfolio value of every simulation
     * @param scale  what float rounding is relative to: the sum of the magnitudes of the terms,
     *               with S and X taken as the sum of the magnitudes they are computed from
     *               (|S0| + |μ| + |L·z|: S = 110 − 109.4 loses the digits of 110), and each bond
     *               term widened by τ·(|r0| + |μ_r| + |L·z|), its sensitivity to a rounding of r
     * @param v0     today's portfolio value
     */
    public record Reference(double[] values, double[] scale, double v0) {
    }

    /**
     * Every simulation's portfolio value in double precision, from the same float normals:
     * S, r, X = today's values + mean change + L·z (L in double), then
     * V = S·Σ(stock amounts) + X·Σ(bond amount·exp(−r·(day − today)/365.25)). Bonds of the same
     * maturity share one exp (the sum is regrouped by day; in double that changes nothing that
     * float tolerances could see), so the reference costs O(distinct maturities) per simulation.
     */
    public static Reference reference(VarInput in, VarInput.Portfolio pf, float[] z) {
        int nsim = z.length / 3;
        double stocks = 0, stocksAbs = 0;
        TreeMap<Integer, double[]> byDay = new TreeMap<>();
        for (int i = 0; i < pf.size(); i++) {
            double a = pf.amount()[i];
            if (pf.type()[i] == VarKernels.STOCK) {
                stocks += a;
                stocksAbs += Math.abs(a);
            } else {
                double[] d = byDay.computeIfAbsent(pf.dayOfMaturity()[i], k -> new double[2]);
                d[0] += a;
                d[1] += Math.abs(a);
            }
        }
        int nd = byDay.size();
        double[] tau = new double[nd], amt = new double[nd], amtAbs = new double[nd];
        int j = 0;
        for (var e : byDay.entrySet()) {
            tau[j] = (e.getKey() - (double) in.today()) / 365.25;
            amt[j] = e.getValue()[0];
            amtAbs[j] = e.getValue()[1];
            j++;
        }
        double[][] l = in.cholesky();
        double[] m = in.market(), mu = in.meanChange();
        double[] values = new double[nsim], scale = new double[nsim];
        double sA = stocks, sAbs = stocksAbs;
        IntStream.range(0, nsim).parallel().forEach(i -> {
            double z0 = z[3 * i], z1 = z[3 * i + 1], z2 = z[3 * i + 2];
            double s = m[0] + mu[0] + l[0][0] * z0;
            double r = m[1] + mu[1] + l[1][0] * z0 + l[1][1] * z1;
            double x = m[2] + mu[2] + l[2][0] * z0 + l[2][1] * z1 + l[2][2] * z2;
            double sMag = Math.abs(m[0]) + Math.abs(mu[0]) + Math.abs(l[0][0] * z0);
            double rMag = Math.abs(m[1]) + Math.abs(mu[1]) + Math.abs(l[1][0] * z0) + Math.abs(l[1][1] * z1);
            double xMag = Math.abs(m[2]) + Math.abs(mu[2]) + Math.abs(l[2][0] * z0) + Math.abs(l[2][1] * z1) + Math.abs(l[2][2] * z2);
            double b = 0, bAbs = 0;
            for (int d = 0; d < nd; d++) {
                double e = Math.exp(-r * tau[d]);
                b += amt[d] * e;
                bAbs += amtAbs[d] * e * (1 + Math.abs(tau[d]) * rMag);
            }
            values[i] = s * sA + x * b;
            scale[i] = sMag * sAbs + xMag * bAbs;
        });
        double b0 = 0;
        for (int d = 0; d < nd; d++) b0 += amt[d] * Math.exp(-m[1] * tau[d]);
        return new Reference(values, scale, m[0] * stocks + m[2] * b0);
    }
}
