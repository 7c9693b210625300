package dev.perfport.cli.report;

/**
 * The numbers of seed 003 (Breitbart &amp; Fohry) that the report puts beside its measurements:
 * Tables 2–5, in seconds, as the digest {@code shared/research/seed-003.md} §5 lists them. Index
 * {@code i} of the per-SPE arrays is {@code i + 1} SPEs.
 */
final class Seed003Paper {
    private Seed003Paper() {
    }

    /** Table 2: matmul 2048² single precision on 6 SPEs, seconds. */
    static final double MM_PPE = 1682, MM_GTX = 0.9, MM_ALPHA = 767, MM_BETA = 37.3, MM_GAMMA = 15.9, MM_DELTA = 2.3,
            MM_EPSILON = 2.5, MM_ZETA = 0.2, MM_DELTA64 = 2.7;
    /** Matrix size of Table 2. */
    static final int MM_N = 2048;

    /** Table 3: Einstein@Home short test case, seconds at 1–6 SPEs. */
    static final double[] EAH_NATIVE = {172, 111, 91, 81, 76, 73};
    static final double[] EAH_LOCAL = {189, 122, 99, 88, 83, 79};
    static final double[] EAH_SLM = {169, 111, 90, 83, 78, 75};
    static final double[] EAH_SLM_PPE = {116, 95, 85, 79, 75, 72};

    /** Table 4: reduction of 2^25 elements, seconds; the PPE alone ran the local-memory variant. */
    static final double RED_PPE_LOCAL = 10.1;
    static final double[] RED_LOCAL = {21.9, 8.0, 3.6, 2.6, 2.0, 1.8};
    static final double[] RED_SLM = {17.5, 5.3, 1.0, 0.4, 0.28, 0.25};
    static final int RED_N = 1 << 25;

    /** Table 5: scan of 2^23 elements, seconds at 1–6 SPEs. */
    static final double[] SCAN_HARRIS = {2.62, 1.04, 0.69, 0.52, 0.42, 0.35};
    static final double[] SCAN_V1 = {2.18, 0.94, 0.63, 0.47, 0.38, 0.32};
    static final double[] SCAN_PLUS = {1.80, 0.76, 0.51, 0.38, 0.31, 0.26};
    static final int SCAN_N = 1 << 23;

    /** Table 6: GTX 280 reduction throughput, GB/s, at N = 2^17, 2^19, 2^21, 2^22, 2^25 (element type not stated). */
    static final int[] T6_N = {1 << 17, 1 << 19, 1 << 21, 1 << 22, 1 << 25};
    static final double[] T6_SLM = {10.1, 33.1, 75.5, 112.5, 126.5};
    static final double[] T6_LOCAL = {2.2, 8.7, 34.0, 109.1, 105.3};
    static final double[] T6_TWO = {2.1, 8.5, 33.0, 106.4, 104.7};
    /** The GTX 280's compute units (Fig. 9's static matmul scales linearly to 30 static work-groups). */
    static final int GTX_CUS = 30;
}
