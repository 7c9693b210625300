package dev.perfport.workloads.transfer;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.transfer.TransferCapable;
import dev.perfport.core.transfer.TransferStrategy;
import org.hipparchus.stat.regression.SimpleRegression;

import java.util.EnumMap;
import java.util.Map;

/**
 * The transfer model of seed 002 §6, fitted per device: per direction and per mechanism (copy
 * call, mapped buffer) a latency L+o and a time per byte G (t = L+o + k·G, §6.4), fitted by least
 * squares over blocking transfers of 64 KiB to 64 MiB (the range of the report's images), with
 * R²; the device's overlap category (§6.3); and the combined models (§6.5) that predict each strategy's time from the bytes in and
 * out, the kernel time tE (an input, as in the thesis: measured) and the number of chunks n.
 *
 * <p>Categories: a CPU device shares the host's memory, its copies are memcpy by the cores that
 * also run the kernels, so nothing overlaps and every strategy is the sum of its parts (n chunks
 * pay n latencies per direction). A GPU is taken as the thesis's category 3 (no implicit
 * synchronisation, two copy engines: every NVIDIA GPU since Kepler's K20, the H100 included), Eq.
 * 5.5 for streams and, with the mapped output, for hybrid, with the per-chunk gap g fitted from
 * runs of 1 to 64 tiny chunks on two queues, each strategy's own way (copies out for streams,
 * maps for hybrid; the thesis measured g beside L+o); a run of n chunks also takes at least n
 * gaps and the last chunk's own share of the work. A job's kernel that takes the host longer to
 * issue than the calibration's (more arguments: measured in the run, like tE) widens g by the
 * difference. Mapped runs as unmap, kernel, map, one after another, so it is the sum with the
 * mapped parameters.
 *
 * @param device    the device's name
 * @param category  overlap category
 * @param links     fitted link per direction and mechanism
 * @param gap       fitted per-chunk gap of streamed chunks (copies out: streams)
 * @param mappedGap fitted per-chunk gap with mapped outputs (hybrid)
 * @param touchIssueNanos the host's time to issue the gap calibration's kernel, which g includes
 */
public record TransferModel(String device, Category category, Map<Direction, Link> links, Gap gap, Gap mappedGap,
                            double touchIssueNanos) {
    static final int[] CHUNKS = {1, 2, 4, 8, 16, 32, 64};
    /** Queues of the gap's calibration (the strategies' default). */
    public static final int GAP_QUEUES = 2;
    static final long[] SIZES = {1 << 16, 1 << 17, 1 << 18, 1 << 19, 1 << 20, 1 << 21, 1 << 22, 1 << 23, 1 << 24, 1 << 25, 1 << 26};

    /** A direction and mechanism. */
    public enum Direction {
        H2D("host to device (copy)"), D2H("device to host (copy)"), MAPPED_H2D("host to device (unmap)"), MAPPED_D2H("device to host (map)");

        public final String text;

        Direction(String text) {
            this.text = text;
        }
    }

    /** The thesis's device categories (§6.3), plus host-shared memory. */
    public enum Category {
        SHARED_MEMORY("CPU device: copies are memcpy by the cores that run the kernels; nothing overlaps"),
        IMPLICIT_SYNC_1CE("implicit synchronisation, 1 copy engine (GTX480, GTX680)"),
        NO_SYNC_1CE("no implicit synchronisation, 1 copy engine (GTX Titan)"),
        NO_SYNC_2CE("no implicit synchronisation, 2 copy engines (K20 and later NVIDIA GPUs)");

        public final String text;

        Category(String text) {
            this.text = text;
        }

        static Category of(DeviceInfo d) {
            return d.type() == DeviceType.GPU || d.type() == DeviceType.ACCELERATOR ? NO_SYNC_2CE : SHARED_MEMORY;
        }
    }

    /**
     * One fitted link: t = latency + bytes · nanosPerByte.
     *
     * @param latencyNanos  L+o, the intercept
     * @param nanosPerByte  G, the slope
     * @param r2            R² of the fit
     */
    public record Link(double latencyNanos, double nanosPerByte, double r2) {
        double time(double bytes) {
            return Math.max(0, latencyNanos) + bytes * nanosPerByte;
        }

        double latency() {
            return Math.max(0, latencyNanos);
        }

        /** {@return the bandwidth 1/G in GB/s} */
        public double gbPerSecond() {
            return nanosPerByte > 0 ? 1 / nanosPerByte : Double.POSITIVE_INFINITY;
        }
    }

    /**
     * The fitted per-chunk gap: t(n) = base + n · g over runs of n tiny chunks.
     *
     * @param baseNanos     the intercept
     * @param nanosPerChunk g, the slope
     * @param r2            R² of the fit
     */
    public record Gap(double baseNanos, double nanosPerChunk, double r2) {
    }

    /**
     * Measures and fits the model on a session that can time transfers.
     *
     * @param t      the session
     * @param device its device
     * @return the fitted model
     */
    public static TransferModel fit(TransferCapable t, DeviceInfo device) {
        Map<Direction, Link> links = new EnumMap<>(Direction.class);
        for (Direction d : Direction.values()) {
            SimpleRegression r = new SimpleRegression();
            boolean toDevice = d == Direction.H2D || d == Direction.MAPPED_H2D;
            boolean mapped = d == Direction.MAPPED_H2D || d == Direction.MAPPED_D2H;
            t.timeCopy(SIZES[0], toDevice, mapped);   // warm-up
            for (long bytes : SIZES) r.addData(bytes, t.timeCopy(bytes, toDevice, mapped));
            links.put(d, new Link(r.getIntercept(), r.getSlope(), r.getRSquare()));
        }
        return new TransferModel(device.name(), Category.of(device), links, gap(t, false), gap(t, true), t.timeKernelIssue());
    }

    private static Gap gap(TransferCapable t, boolean mappedOut) {
        SimpleRegression r = new SimpleRegression();
        t.timeChunks(1, GAP_QUEUES, mappedOut);   // warm-up
        for (int n : CHUNKS) r.addData(n, t.timeChunks(n, GAP_QUEUES, mappedOut));
        return new Gap(r.getIntercept(), r.getSlope(), r.getRSquare());
    }

    /** {@return the link of a direction} @param d the direction */
    public Link link(Direction d) {
        return links.get(d);
    }

    /**
     * The predicted host-to-host time of a strategy, in nanoseconds.
     *
     * @param s     the strategy
     * @param bhd   bytes in (halos counted)
     * @param bdh   bytes out
     * @param tE    kernel time over all chunks (measured)
     * @param n     chunks
     * @return the prediction
     */
    public double predict(TransferStrategy s, long bhd, long bdh, double tE, int n) {
        return predict(s, bhd, bdh, tE, n, GAP_QUEUES, -1);
    }

    /**
     * The predicted host-to-host time of a strategy, in nanoseconds, over {@code queues} queues,
     * its kernel's issue time unknown (the fitted gap as it is).
     *
     * @param s      the strategy
     * @param bhd    bytes in (halos counted)
     * @param bdh    bytes out
     * @param tE     kernel time over all chunks (measured)
     * @param n      chunks
     * @param queues command queues of streams and hybrid
     * @return the prediction
     */
    public double predict(TransferStrategy s, long bhd, long bdh, double tE, int n, int queues) {
        return predict(s, bhd, bdh, tE, n, queues, -1);
    }

    /**
     * The predicted host-to-host time of a strategy, in nanoseconds, with its chunks round robin
     * over {@code queues} in-order queues.
     *
     * @param s      the strategy
     * @param bhd    bytes in (halos counted)
     * @param bdh    bytes out
     * @param tE     kernel time over all chunks (measured)
     * @param n      chunks
     * @param queues command queues of streams and hybrid
     * @param issue  the host's time to issue one chunk's kernel (measured, as tE), or -1 if unknown
     * @return the prediction
     */
    public double predict(TransferStrategy s, long bhd, long bdh, double tE, int n, int queues, double issue) {
        Link hd = links.get(Direction.H2D), dh = links.get(Direction.D2H);
        Link mhd = links.get(Direction.MAPPED_H2D), mdh = links.get(Direction.MAPPED_D2H);
        return switch (s) {
            case EXPLICIT -> hd.time(bhd) + tE + dh.time(bdh);
            case MAPPED -> mhd.time(bhd) + tE + mdh.time(bdh);
            case STREAMS -> overlapped(hd, dh, gap, bhd, bdh, tE, n, queues, issue);
            case HYBRID -> overlapped(hd, mdh, mappedGap, bhd, bdh, tE, n, queues, issue);
        };
    }

    private double overlapped(Link in, Link out, Gap gap, long bhd, long bdh, double tE, int n, int queues, double issue) {
        double lIn = in.latency(), lOut = out.latency();
        double gIn = in.nanosPerByte() * bhd, gOut = out.nanosPerByte() * bdh;
        if (category == Category.SHARED_MEMORY) return n * lIn + gIn + tE + n * lOut + gOut;
        double g = gap != null && gap.nanosPerChunk() > 0 ? gap.nanosPerChunk() : lIn;   // per-stream gap
        if (issue > touchIssueNanos) g += issue - touchIssueNanos;
        // Eq. 5.5: the dominant component overlaps all others but one stream's worth
        double e55 = Math.max(lIn + gIn + g * (n - 1) + tE / n + lOut + gOut / n,
                Math.max(lIn + gIn / n + tE + lOut + gOut / n, lIn + gIn / n + tE / n + lOut + gOut + g * (n - 1)));
        double chunk = lIn + gIn / n + tE / n + lOut + gOut / n;
        // n chunks take n gaps at least, then the last chunk's own work; and an in-order queue
        // runs its ceil(n/queues) chunks one after another (Eq. 5.5 has one stream per chunk)
        int perQueue = (n + Math.max(1, queues) - 1) / Math.max(1, queues);
        return Math.max(e55, Math.max(n * g + gIn / n + tE / n + gOut / n, perQueue * chunk));
    }
}
