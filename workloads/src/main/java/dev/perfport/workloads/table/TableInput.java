package dev.perfport.workloads.table;

import dev.perfport.core.error.ConfigException;

import java.util.SplittableRandom;

/**
 * Input and reference of the Einstein@Home proxy for one parameter set: calculation-group sizes
 * drawn uniformly from [1, maxSize], per calculation two table phases a, b (b != 0) and a weight
 * w in [0.5, 1.5), and per group the double-precision sum of its calculations (see
 * {@code table.cl}), computed on the host with a table built the same way (Java's sin and cos).
 *
 * <p>Tolerance: every term lies in [0.5, 2.5] and every weight is positive, so nothing cancels and
 * a relative check is meaningful. The device may differ from the host by the order of the
 * per-group sum (local atomics arrive in any order), fused multiply-adds and the last bits of its
 * sin and cos (OpenCL allows 4 ulp in double); together that stays below about 1e-13 relative for
 * the sizes here, and the check allows {@value #TOLERANCE}.
 *
 * @param offsets   first calculation of each group, and the total at the end (groups + 1)
 * @param ab        phases a and b of each calculation
 * @param w         weight of each calculation
 * @param reference sum of each group
 * @param maxGroup  the largest group: the work-group size
 */
record TableInput(int groups, int maxSize, int iters, int tableSize, long seed,
                  int[] offsets, int[] ab, double[] w, double[] reference, int maxGroup) {
    static final double TOLERANCE = 1e-12;

    static TableInput generate(int groups, int maxSize, int iters, int tableSize, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] offsets = new int[groups + 1];
        int largest = 0;
        for (int g = 0; g < groups; g++) {
            int size = 1 + r.nextInt(maxSize);
            largest = Math.max(largest, size);
            long next = (long) offsets[g] + size;
            if (next > Integer.MAX_VALUE / 2) throw new ConfigException("groups × maxSize is too large: more than 2^30 calculations");
            offsets[g + 1] = (int) next;
        }
        int calcs = offsets[groups];
        int[] ab = new int[2 * calcs];
        double[] w = new double[calcs];
        for (int c = 0; c < calcs; c++) {
            ab[2 * c] = r.nextInt(tableSize);
            ab[2 * c + 1] = 1 + r.nextInt(tableSize - 1);   // a step of 0 would read one entry only
            w[c] = 0.5 + r.nextDouble();
        }
        double[] table = table(tableSize);
        double[] ref = new double[groups];
        for (int g = 0; g < groups; g++) {
            double sum = 0;
            for (int c = offsets[g]; c < offsets[g + 1]; c++) sum += calculation(table, tableSize, ab[2 * c], ab[2 * c + 1], w[c], iters);
            ref[g] = sum;
        }
        return new TableInput(groups, maxSize, iters, tableSize, seed, offsets, ab, w, ref, largest);
    }

    /** The sine entries, then the cosine entries, at 2·pi·i / size (the same expression as the kernels). */
    static double[] table(int size) {
        double[] t = new double[2 * size];
        for (int i = 0; i < size; i++) {
            double phase = 2.0 * Math.PI * i / size;
            t[i] = Math.sin(phase);
            t[size + i] = Math.cos(phase);
        }
        return t;
    }

    static double calculation(double[] table, int size, int a, int b, double w, int iters) {
        int mask = size - 1;
        double s = 0;
        for (int j = 0; j < iters; j++) {
            int p = (a + j * b) & mask;
            int q = (p + j) & mask;
            s += 1.5 + table[p] * table[size + q];
        }
        return w * s;
    }

    int calculations() {
        return offsets[groups];
    }

    /** Null when every group's result is within the tolerance, else the first difference and the count. */
    String check(double[] got) {
        int bad = 0, first = -1;
        double worst = 0;
        for (int g = 0; g < groups; g++) {
            double rel = Math.abs(got[g] - reference[g]) / reference[g];
            if (!(rel <= TOLERANCE)) {   // NaN fails too
                if (first < 0) first = g;
                bad++;
            }
            if (rel > worst || Double.isNaN(rel)) worst = rel;
        }
        if (bad == 0) return null;
        return bad + " of " + groups + " group results differ from the double reference by more than " + TOLERANCE
                + " relative (worst " + String.format("%.3g", worst) + "); first: group " + first + " got " + got[first]
                + ", expected " + reference[first];
    }

    double worstRelativeError(double[] got) {
        double worst = 0;
        for (int g = 0; g < groups; g++) worst = Math.max(worst, Math.abs(got[g] - reference[g]) / reference[g]);
        return worst;
    }

    /** What a table input is made from. */
    record Key(int groups, int maxSize, int iters, int tableSize, long seed) {
    }
}
