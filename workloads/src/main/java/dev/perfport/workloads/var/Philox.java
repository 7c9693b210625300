package dev.perfport.workloads.var;

/**
 * Philox4x32-10, the counter-based generator of Salmon et al., "Parallel random numbers: as easy
 * as 1, 2, 3" (SC 2011): 10 rounds of two 32×32→64-bit multiplications with the key bumped by
 * the Weyl constants between rounds. Output depends only on (counter, key), so simulation i gets
 * the same random numbers whatever the decomposition: the decomposition-invariant option of the
 * VaR workload (counter = simulation index, key = seed). Checked against Random123's published
 * known-answer vectors.
 */
public final class Philox {
    static final int M0 = 0xD2511F53, M1 = 0xCD9E8D57;
    static final int W0 = 0x9E3779B9, W1 = 0xBB67AE85;

    private Philox() {
    }

    /** The 4 output words for counter {@code c0..c3} and key {@code k0, k1}, written to {@code out}. */
    public static void philox4x32x10(int c0, int c1, int c2, int c3, int k0, int k1, int[] out) {
        for (int r = 0; r < 10; r++) {
            if (r > 0) {
                k0 += W0;
                k1 += W1;
            }
            long p0 = (M0 & 0xFFFFFFFFL) * (c0 & 0xFFFFFFFFL);
            long p1 = (M1 & 0xFFFFFFFFL) * (c2 & 0xFFFFFFFFL);
            int n0 = (int) (p1 >>> 32) ^ c1 ^ k0;
            int n1 = (int) p1;
            int n2 = (int) (p0 >>> 32) ^ c3 ^ k1;
            int n3 = (int) p0;
            c0 = n0;
            c1 = n1;
            c2 = n2;
            c3 = n3;
        }
        out[0] = c0;
        out[1] = c1;
        out[2] = c2;
        out[3] = c3;
    }
}
