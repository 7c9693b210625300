package dev.perfport.workloads.transfer;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.transfer.Overlap;
import dev.perfport.core.transfer.TransferCapable;
import dev.perfport.core.transfer.TransferStrategy;
import org.hipparchus.stat.regression.SimpleRegression;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * The transfer model of seed 002 §6, fitted per device: per direction and per mechanism (copy
 * call, mapped buffer) a latency L+o and a time per byte G (t = L+o + k·G, §6.4), fitted by least
 * squares over blocking transfers of 64 KiB to 64 MiB (the range of the report's images), with
 * R²; the per-transfer gap g; the contention of both directions at once (Table 5.2); the device's
 * overlap category (§6.3); and the combined models (§6.5, {@link OverlapModel}) that predict each
 * strategy's time from the bytes in and out, the kernel time tE (an input, as in the thesis:
 * measured) and the number of streams n.
 *
 * <p>Categories: a CPU device shares the host's memory, its copies are memcpy by the cores that
 * also run the kernels, so nothing overlaps and every strategy is the sum of its parts (n chunks
 * pay n latencies per direction). A session that knows its device's copy engines and implicit
 * synchronisation ({@link TransferCapable#overlap}: the emulator, configured) gets the thesis's
 * category from them; another GPU is taken as category 3 (no implicit synchronisation, two copy
 * engines: every NVIDIA GPU since Kepler's K20, the H100 included). Streams follow their category's
 * equations (5.1–5.2, 5.3–5.4, 5.5), hybrid Eq. 5.5 with the mapped output on every device (the
 * thesis's rule), each with the contended G of its two directions where they overlap. The per-chunk
 * gap is fitted from runs of 1 to 64 tiny chunks on two queues, each strategy's own way (copies out
 * for streams, maps for hybrid; the thesis measured g beside L+o), less the chunks' own bytes; a run
 * of n chunks also takes at least n gaps and the last chunk's own share of the work, and an in-order
 * queue runs its chunks one after another. A job's kernel that takes the host longer to issue than
 * the calibration's (measured in the run, like tE) widens g by the difference. Mapped memory is Eq.
 * 5.6 where the kernels read and write it in place (zero-copy, over the link) and otherwise runs as
 * unmap, kernel, map, one after another: the sum with the mapped parameters.
 *
 * @param device    the device's name
 * @param category  overlap category
 * @param links     fitted link per direction and mechanism
 * @param gap       fitted per-chunk gap of streamed chunks (copies out: streams)
 * @param mappedGap fitted per-chunk gap with mapped outputs (hybrid)
 * @param touchIssueNanos the host's time to issue the gap calibration's kernel, which g includes
 * @param contention how much G grows with both directions busy at once
 * @param zeroCopy  mapped buffers are read and written in place by the kernels (Eq. 5.6)
 */
public record TransferModel(String device, Category category, Map<Direction, Link> links, Gap gap, Gap mappedGap,
                            double touchIssueNanos, Contention contention, boolean zeroCopy) {
    static final int[] CHUNKS = {1, 2, 4, 8, 16, 32, 64};
    /** Bytes each way of a gap calibration's chunk (see {@link TransferCapable#timeChunks}). */
    static final long CHUNK_BYTES = 4096;
    /** Queues of the gap's calibration (the strategies' default). */
    public static final int GAP_QUEUES = 2;
    static final long[] SIZES = {1 << 16, 1 << 17, 1 << 18, 1 << 19, 1 << 20, 1 << 21, 1 << 22, 1 << 23, 1 << 24, 1 << 25, 1 << 26};
    /** Sizes each way of the contention's calibration. */
    static final long[] DUPLEX_SIZES = {1 << 20, 1 << 21, 1 << 22, 1 << 23, 1 << 24};
    private static final Map<String, TransferModel> FITTED = new java.util.concurrent.ConcurrentHashMap<>();

    /** A model without contention, its mapped buffers copied at map and unmap. */
    public TransferModel(String device, Category category, Map<Direction, Link> links, Gap gap, Gap mappedGap, double touchIssueNanos) {
        this(device, category, links, gap, mappedGap, touchIssueNanos, Contention.NONE, false);
    }

    /** Fills in no contention. */
    public TransferModel {
        if (contention == null) contention = Contention.NONE;
    }

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
        SHARED_MEMORY(0, 1, "CPU device: copies are memcpy by the cores that run the kernels; nothing overlaps"),
        IMPLICIT_SYNC_1CE(1, 1, "category 1: implicit synchronisation, 1 copy engine (GTX480, GTX680)"),
        IMPLICIT_SYNC_2CE(1, 2, "implicit synchronisation, 2 copy engines: as category 1, since its copies out wait for every kernel"),
        NO_SYNC_1CE(2, 1, "category 2: no implicit synchronisation, 1 copy engine (GTX Titan)"),
        NO_SYNC_2CE(3, 2, "category 3: no implicit synchronisation, 2 copy engines (K20 and later NVIDIA GPUs)");

        /** The thesis's category number (0: none, host-shared memory). */
        public final int thesis;
        /** Copy engines. */
        public final int engines;
        public final String text;

        Category(int thesis, int engines, String text) {
            this.thesis = thesis;
            this.engines = engines;
            this.text = text;
        }

        /** The category of what a session says of its device, else of the device's type. */
        static Category of(DeviceInfo d, Optional<Overlap> o) {
            if (o.isPresent()) {
                Overlap v = o.get();
                if (v.implicitSync()) return v.copyEngines() == 1 ? IMPLICIT_SYNC_1CE : IMPLICIT_SYNC_2CE;
                return v.copyEngines() == 1 ? NO_SYNC_1CE : NO_SYNC_2CE;
            }
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

        double perByte() {
            return Math.max(0, nanosPerByte);
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
     * How much G grows while both directions move at once (Table 5.2): by this factor for copies in
     * both directions (streams on two copy engines) and for copies in beside a mapped output (hybrid).
     * A calibration moves as many bytes each way, so the slower direction ends last: one factor,
     * against the slower direction's own G, stands for both.
     *
     * @param copies copies in and out at once
     * @param mapped copies in and a mapped output at once
     */
    public record Contention(double copies, double mapped) {
        /** No contention: both directions at their own speed. */
        public static final Contention NONE = new Contention(1, 1);
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
        Category c = Category.of(device, t.overlap());
        Contention k = Contention.NONE;
        if (c != Category.SHARED_MEMORY) {
            double slower = Math.max(links.get(Direction.H2D).perByte(), links.get(Direction.D2H).perByte());
            double mappedSlower = Math.max(links.get(Direction.H2D).perByte(), links.get(Direction.MAPPED_D2H).perByte());
            k = new Contention(c.engines == 2 ? duplex(t, false, slower) : 1, duplex(t, true, mappedSlower));
        }
        return new TransferModel(device.name(), c, links, gap(t, false), gap(t, true), t.timeKernelIssue(), k,
                t.overlap().map(Overlap::zeroCopy).orElse(false));
    }

    /** The fitted model of this session's device (fitted on its first use in this process). */
    public static TransferModel of(DeviceSession s, TransferCapable t) {
        return FITTED.computeIfAbsent(s.backendId() + ":" + s.device().name(), k -> fit(t, s.device()));
    }

    private static Gap gap(TransferCapable t, boolean mappedOut) {
        SimpleRegression r = new SimpleRegression();
        t.timeChunks(1, GAP_QUEUES, mappedOut);   // warm-up
        for (int n : CHUNKS) r.addData(n, t.timeChunks(n, GAP_QUEUES, mappedOut));
        return new Gap(r.getIntercept(), r.getSlope(), r.getRSquare());
    }

    /** The duplex slope over the slower direction's G (at least 1), or 1 where the session cannot measure it. */
    private static double duplex(TransferCapable t, boolean mappedOut, double slower) {
        if (t.timeDuplex(DUPLEX_SIZES[0], mappedOut) < 0 || !(slower > 0)) return 1;   // also the warm-up
        SimpleRegression r = new SimpleRegression();
        for (long bytes : DUPLEX_SIZES) r.addData(bytes, t.timeDuplex(bytes, mappedOut));
        return Math.max(1, r.getSlope() / slower);
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
     * The predicted host-to-host time of a strategy, in nanoseconds, with its n even chunks round
     * robin over {@code queues} in-order queues.
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
        return predict(s, OverlapModel.Job.even(bhd, bdh, tE, n), queues, issue);
    }

    /**
     * The predicted host-to-host time of a strategy for a job of any shape (uneven streams, a
     * sequential prefix), in nanoseconds.
     *
     * @param s      the strategy
     * @param j      the job: bytes each way (for mapped, those that cross the link), tE, streams
     * @param queues command queues of streams and hybrid
     * @param issue  the host's time to issue one chunk's kernel (measured, as tE), or -1 if unknown
     * @return the prediction
     */
    public double predict(TransferStrategy s, OverlapModel.Job j, int queues, double issue) {
        Link mhd = links.get(Direction.MAPPED_H2D), mdh = links.get(Direction.MAPPED_D2H);
        return switch (s) {
            case EXPLICIT -> OverlapModel.explicit(side(Direction.H2D, 0), side(Direction.D2H, 0), j);
            case MAPPED -> zeroCopy ? OverlapModel.eq56(side(Direction.MAPPED_H2D, 0), side(Direction.MAPPED_D2H, 0), j)
                    : mhd.time(j.bhd()) + j.tE() + mdh.time(j.bdh());
            case STREAMS -> overlapped(false, j, queues, issue);
            case HYBRID -> overlapped(true, j, queues, issue);
        };
    }

    private OverlapModel.Side side(Direction d, double g) {
        Link l = links.get(d);
        return new OverlapModel.Side(l.latency(), l.perByte(), g);
    }

    /**
     * g per transfer: the fitted per-chunk slope less its chunk's own bytes (with one copy engine a
     * streamed chunk's two copies take turns on it, so the slope holds two gaps), else L+o.
     */
    public double perTransferGap(boolean hybrid) {
        Gap gp = hybrid ? mappedGap : gap;
        Link in = links.get(Direction.H2D), out = links.get(hybrid ? Direction.MAPPED_D2H : Direction.D2H);
        if (gp == null || !(gp.nanosPerChunk() > 0)) return in.latency();
        if (!hybrid && category.engines == 1) return Math.max(0, (gp.nanosPerChunk() - CHUNK_BYTES * (in.perByte() + out.perByte())) / 2);
        return Math.max(0, gp.nanosPerChunk() - CHUNK_BYTES * Math.max(in.perByte(), out.perByte()));
    }

    private double overlapped(boolean hybrid, OverlapModel.Job j, int queues, double issue) {
        Link in = links.get(Direction.H2D), out = links.get(hybrid ? Direction.MAPPED_D2H : Direction.D2H);
        int n = j.n();
        if (category == Category.SHARED_MEMORY) {
            return n * in.latency() + in.perByte() * j.bhd() + j.tE() + n * out.latency() + out.perByte() * j.bdh();
        }
        double g = perTransferGap(hybrid);
        if (issue > touchIssueNanos) g += issue - touchIssueNanos;
        double k = hybrid ? contention.mapped() : category.engines == 2 ? contention.copies() : 1;
        OverlapModel.Side hd = side(Direction.H2D, g).withPerByte(in.perByte() * k);
        OverlapModel.Side dh = side(hybrid ? Direction.MAPPED_D2H : Direction.D2H, g).withPerByte(out.perByte() * k);
        // hybrid's output needs no copy engine: Eq. 5.5 on every device (the thesis)
        double eq = hybrid ? OverlapModel.eq55(hd, dh, j) : OverlapModel.streams(category.thesis, hd, dh, j);
        double sIn = hd.perByte() * j.streamHd(), sOut = dh.perByte() * j.streamDh();
        double chunk = hd.latency() + sIn + j.tE() / n + dh.latency() + sOut;
        // n chunks take n gaps at least, then the last chunk's own work; and an in-order queue
        // runs its ceil(n/queues) chunks one after another (the equations have one stream per chunk)
        int perQueue = (n + Math.max(1, queues) - 1) / Math.max(1, queues);
        return Math.max(eq, Math.max(n * g + sIn + j.tE() / n + sOut, perQueue * chunk));
    }

    /** {@return the number of streams in 1..cap that minimises this device's streams estimate for a job split evenly (Fig. 5.8)} */
    public OverlapModel.Optimum optimum(OverlapModel.Job j, int cap) {
        OverlapModel.Optimum best = null;
        for (int n = 1; n <= cap; n++) {
            double t = predict(TransferStrategy.STREAMS, j.split(n), n, -1);
            if (best == null || t < best.time()) best = new OverlapModel.Optimum(n, t);
        }
        return best;
    }
}
