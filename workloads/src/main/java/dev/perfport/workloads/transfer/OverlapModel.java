package dev.perfport.workloads.transfer;

/**
 * The thesis's overlap models (seed 002 §6.5, Eqs. 5.1–5.6) and its bounds on the number of streams
 * (§6.6), as formulas: any time unit, as long as latencies, gaps, the time per byte and tE agree.
 * {@link TransferModel} fills them with a device's fitted parameters.
 *
 * <p>Each direction is a {@link Side}: one transfer of k bytes takes L+o + k·G, and n consecutive
 * transfers of a total of k bytes take L+o + k·G + g·(n−1) (§6.4). A job moves Bhd bytes in and Bdh
 * out in n streams with kernel time tE over all of them ({@link Job}); a stream's own share is the
 * largest per-stream amount (B/n for an even split), and a sequential prefix of the input (all of
 * matmul's B, the levels every buoydiff stream reads) is sent before the streams start.
 */
public final class OverlapModel {
    /** The practical cap on the number of streams (§6.6). */
    public static final int MAX_STREAMS = 128;

    private OverlapModel() {
    }

    /**
     * One direction of the link.
     *
     * @param latency L+o
     * @param perByte G
     * @param gap     g, between consecutive transfers
     */
    public record Side(double latency, double perByte, double gap) {
        /** {@return one transfer of {@code bytes}} */
        public double time(double bytes) {
            return latency + bytes * perByte;
        }

        /** {@return {@code n} consecutive transfers of {@code bytes} in all} */
        public double time(double bytes, int n) {
            return time(bytes) + gap * (n - 1);
        }

        /** {@return this side with another time per byte (the contended G of Table 5.2)} */
        public Side withPerByte(double g) {
            return new Side(latency, g, gap);
        }
    }

    /**
     * What a job moves and computes.
     *
     * @param bhd      bytes in over all streams (the prefix included)
     * @param bdh      bytes out over all streams
     * @param tE       kernel time over all streams
     * @param n        streams
     * @param streamHd the largest stream's bytes in (prefix excluded)
     * @param streamDh the largest stream's bytes out
     * @param prefixHd bytes in sent before the streams (0 for none)
     */
    public record Job(double bhd, double bdh, double tE, int n, double streamHd, double streamDh, double prefixHd) {
        /** Checks the counts. */
        public Job {
            if (n < 1) throw new IllegalArgumentException("a job needs at least one stream, got " + n);
            if (prefixHd < 0 || prefixHd > bhd) throw new IllegalArgumentException("prefix " + prefixHd + " outside [0, " + bhd + "]");
        }

        /** {@return a job split evenly over n streams, no prefix} */
        public static Job even(double bhd, double bdh, double tE, int n) {
            return new Job(bhd, bdh, tE, n, bhd / n, bdh / n, 0);
        }

        /** {@return the same job in {@code m} even streams (for the stream-count search)} */
        public Job split(int m) {
            double streamed = bhd - prefixHd;
            return new Job(bhd, bdh, tE, m, streamed / m, bdh / m, prefixHd);
        }

        double streamed() {
            return bhd - prefixHd;
        }
    }

    /** {@return no overlap: copy in, kernel, copy out} */
    public static double explicit(Side hd, Side dh, Job j) {
        return hd.time(j.bhd) + j.tE + dh.time(j.bdh);
    }

    /** {@return the prefix's own time, 0 without one} */
    private static double prefix(Side hd, Job j) {
        return j.prefixHd > 0 ? hd.time(j.prefixHd) : 0;
    }

    /** {@return Eq. 5.1: implicit synchronisation, one copy engine, the kernel dominant} */
    public static double eq51(Side hd, Side dh, Job j) {
        return prefix(hd, j) + hd.time(j.streamHd) + j.tE + dh.time(j.bdh, j.n);
    }

    /** {@return Eq. 5.2: implicit synchronisation, one copy engine, the transfers dominant} */
    public static double eq52(Side hd, Side dh, Job j) {
        return prefix(hd, j) + hd.time(j.streamed(), j.n) + j.tE / j.n + dh.time(j.bdh, j.n);
    }

    /** {@return Eq. 5.3: no implicit synchronisation, one copy engine, the kernel dominant} */
    public static double eq53(Side hd, Side dh, Job j) {
        return prefix(hd, j) + hd.time(j.streamHd) + j.tE + dh.time(j.streamDh);
    }

    /**
     * {@return Eq. 5.4: no implicit synchronisation, one copy engine, the transfers dominant: both
     * directions in full one after the other, or one in full beside a stream's worth of the rest}
     */
    public static double eq54(Side hd, Side dh, Job j) {
        double p = prefix(hd, j), in = hd.time(j.streamed(), j.n), out = dh.time(j.bdh, j.n);
        return p + Math.max(in + out, Math.max(in + j.tE / j.n + dh.time(j.streamDh), hd.time(j.streamHd) + j.tE / j.n + out));
    }

    /** {@return Eq. 5.5: no implicit synchronisation, two copy engines: the dominant part overlaps all others but a stream's worth} */
    public static double eq55(Side hd, Side dh, Job j) {
        double p = prefix(hd, j), in = hd.time(j.streamed(), j.n), out = dh.time(j.bdh, j.n);
        double sIn = hd.time(j.streamHd), sOut = dh.time(j.streamDh);
        return p + Math.max(in + j.tE / j.n + sOut, Math.max(sIn + j.tE + sOut, sIn + j.tE / j.n + out));
    }

    /**
     * {@return Eq. 5.6: device-mapped host memory, any category: the longest of the bytes in, the
     * kernel and the bytes out, plus the latencies of the two it overlaps} The bytes are those that
     * cross the link (inflated by re-reads).
     */
    public static double eq56(Side hd, Side dh, Job j) {
        return Math.max(hd.time(j.bhd) + hd.latency, Math.max(hd.latency + j.tE + dh.latency, hd.latency + dh.time(j.bdh)));
    }

    /**
     * {@return streams on a device of the thesis's category (1, 2 or 3): the larger of its
     * kernel-dominant and transfer-dominant estimates, as the thesis takes them in practice}
     */
    public static double streams(int category, Side hd, Side dh, Job j) {
        return switch (category) {
            case 1 -> Math.max(eq51(hd, dh, j), eq52(hd, dh, j));
            case 2 -> Math.max(eq53(hd, dh, j), eq54(hd, dh, j));
            case 3 -> eq55(hd, dh, j);
            default -> throw new IllegalArgumentException("no device category " + category + " (1, 2 or 3)");
        };
    }

    /**
     * The bounds on the number of streams of §6.6, from d/dn of the equations (a continuous n), or
     * NaN where the thesis derives none (the kernel dominant without implicit synchronisation: tE's
     * dependence on n would be needed).
     *
     * @param category the device category
     * @param hd       in
     * @param dh       out
     * @param j        the job
     * @param kernelDominant which scenario
     * @return n_max
     */
    public static double nMax(int category, Side hd, Side dh, Job j, boolean kernelDominant) {
        double tThd = hd.perByte * j.streamed(), tTdh = dh.perByte * j.bdh;
        if (category == 1) {
            return kernelDominant ? Math.sqrt(tThd / dh.gap) : Math.sqrt(j.tE / (hd.gap + dh.gap));
        }
        if (kernelDominant) return Double.NaN;
        if (category == 3) return tThd > tTdh ? Math.sqrt((tTdh + j.tE) / hd.gap) : Math.sqrt((tThd + j.tE) / dh.gap);
        return Double.NaN;   // category 2: the optimum is where the top two clauses of Eq. 5.4 meet (optimum)
    }

    /**
     * The best stream count.
     *
     * @param n    streams
     * @param time its predicted time
     */
    public record Optimum(int n, double time) {
    }

    /**
     * {@return the stream count in 1..cap that minimises the category's estimate (Fig. 5.8: for
     * category 2 where the top two clauses of Eq. 5.4 meet), the job split evenly}
     */
    public static Optimum optimum(int category, Side hd, Side dh, Job j, int cap) {
        Optimum best = null;
        for (int n = 1; n <= cap; n++) {
            double t = streams(category, hd, dh, j.split(n));
            if (best == null || t < best.time()) best = new Optimum(n, t);
        }
        return best;
    }
}
