package dev.perfport.cli.report;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * One workload's part of {@code perfport report seed-004}: the cases it measures, the points of its
 * knob space on one device (saved as they are), and how a case's points become the rows of the
 * paper's Table 4 (the untuned portable kernel, each knob alone, all knobs tuned). The report
 * renders every study the same way, so a new study (the FFT's) only implements this
 * and joins {@link Seed004Report#STUDIES}.
 */
public interface Seed004Study {

    /** The workload, e.g. {@code spmv}; also the prefix of its sweeps ({@code spmv/<case>}). */
    String workload();

    /** The section's title, e.g. {@code SpMV}. */
    String title();

    /** What the rate is and what peak it is compared with, for the section's text. */
    String about();

    /** The report parameters this study reads (beside the report's own: reps, seed, peakn). */
    List<String> params();

    /** The cases (matrices, sizes) this run measures, from the report's options. */
    List<String> cases(Params options);

    /** Measures every point of one case on one device; never throws for a failing point (its row carries the error). */
    List<Point> measure(DeviceSession s, String kase, Params options, PrintStream err);

    /** The case's reference (a library or host code measured in the same run), or null where there is none. */
    Point reference(String kase, Params options, PrintStream err);

    /** The Table 4 rows of one case from its measured points: untuned first, then each knob, then all tuned. */
    List<KnobRow> table(List<Point> points);

    /**
     * One measured point.
     *
     * @param variant   the workload's variant
     * @param knobs     the knob values that define the point
     * @param verified  the result matched the reference
     * @param error     why it failed, or null
     * @param rate      the study's rate, proportional to 1/time (SpMV: effective GB/s, 12 B per non-zero; FFT: GFLOP/s);
     *                  modelled on emulators; 0 when failed
     * @param metric    the rate's name
     * @param gflops    GFLOP/s of the same time
     * @param bandwidth GB/s of the bytes the kernel really moves (0 where not counted), compared with the streaming peak
     * @param ms        the time the rates come from, ms
     */
    record Point(String variant, Map<String, String> knobs, boolean verified, String error, double rate, String metric,
                 double gflops, double bandwidth, double ms) {
        public Point {
            knobs = Map.copyOf(knobs);
        }

        public boolean ok() {
            return verified && rate > 0;
        }

        /** Whether the rates are modelled (an emulator's cost model) rather than measured. */
        public boolean modelled() {
            return metric.startsWith("modelled ");
        }

        /**
         * A point from a workload's row, with its modelled rates where the device has a cost model.
         *
         * @param rateMetric      the row's metric that is the rate (e.g. {@code effective GB/s})
         * @param bandwidthMetric the row's metric of bytes really moved, or null
         */
        public static Point of(RunResult r, Map<String, String> knobs, String rateMetric, String bandwidthMetric) {
            boolean modelled = r.metrics().containsKey("modelled " + rateMetric);
            String pre = modelled ? "modelled " : "";
            double rate = r.verified() ? r.metrics().getOrDefault(pre + rateMetric, 0.0) : 0;
            double bw = r.verified() && bandwidthMetric != null ? r.metrics().getOrDefault(pre + bandwidthMetric, 0.0) : 0;
            long nanos = modelled && r.modelledNanos() != null ? r.modelledNanos() : r.kernelNanos();
            return new Point(r.variant(), knobs, r.verified(), r.error(), rate, pre + rateMetric,
                    r.verified() ? r.metrics().getOrDefault(pre + "GFLOP/s", 0.0) : 0, bw, nanos / 1e6);
        }

        public String setting() {
            StringBuilder b = new StringBuilder(variant);
            knobs.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> b.append(' ').append(e.getKey()).append('=').append(e.getValue()));
            return b.toString();
        }
    }

    /**
     * A row of Table 4.
     *
     * @param knob  the knob ({@code untuned}, a knob's name, or {@code all tuned})
     * @param what  what the row sets, in words
     * @param point its best point, or null where the knob has none on this case
     */
    record KnobRow(String knob, String what, Point point) {
    }
}
