package dev.perfport.workloads.transfer;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.result.Spread;
import dev.perfport.core.result.Timing;
import dev.perfport.core.transfer.ExplicitTransfers;
import dev.perfport.core.transfer.StagedJob;
import dev.perfport.core.transfer.TransferCapable;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.core.transfer.TransferTiming;
import dev.perfport.workloads.Measurement;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Runs a {@link StagedJob} in one transfer strategy the way the transfer study compares it with
 * its model: warm-up runs untimed, then the fastest of {@code reps}; and where the session can run
 * every strategy, the fitted {@link TransferModel}'s prediction for that run (its kernel time tE
 * and bytes measured in it, as in the thesis).
 */
public final class StagedRuns {
    /** Metric: host-to-host time measured. */
    public static final String MEASURED = "measured ms";
    /** Metric: host-to-host time in an emulator's cost model. */
    public static final String MODELLED = "modelled ms";
    /** Metric: the model's prediction. */
    public static final String PREDICTED = "predicted ms";
    /** Metric: (predicted − measured) / measured, in %. */
    public static final String ERROR = "error %";
    /** Metric: (slowest − fastest repetition) / fastest, in %. */
    public static final String SPREAD = "spread %";
    /** Metric: the stream count (up to 128) for which the model predicts streams fastest (Fig. 5.8), on streams rows. */
    public static final String OPTIMUM_N = "model n*";
    /** Metric: the model's prediction at that count. */
    public static final String OPTIMUM_MS = "model n* ms";

    private StagedRuns() {
    }

    /**
     * What the runs gave.
     *
     * @param best      the fastest run's timing
     * @param job       the last run's job (its host arrays hold the result)
     * @param wallNanos the fastest wall time
     * @param timing    the repetitions' spread
     * @param predicted the model's prediction for the fastest run in nanoseconds, or -1 where the session has no model
     * @param optimum   for streams, the model's best stream count for this job, else null
     */
    public record Result(TransferTiming best, StagedJob job, long wallNanos, Timing timing, double predicted, OverlapModel.Optimum optimum) {
        /** {@return the metrics a row shows: time, kernel time, bytes, stages, spread, and the prediction with its error} */
        public Map<String, Double> metrics(int reps) {
            Map<String, Double> m = new java.util.LinkedHashMap<>();
            m.put(best.modelled() ? MODELLED : MEASURED, best.totalNanos() / 1e6);
            m.put("kernel ms", best.kernelNanos() / 1e6);
            m.put("copied MB", (best.bytesIn() + best.bytesOut()) / 1e6);
            m.put("stages", (double) best.chunks());
            Spread t = best.modelled() ? timing.modelled() : timing.kernel();
            if (reps > 1 && t != null) m.put(SPREAD, 100.0 * (t.max() - t.min()) / Math.max(1, t.min()));
            if (predicted >= 0) {
                m.put(PREDICTED, predicted / 1e6);
                m.put(ERROR, 100.0 * (predicted - best.totalNanos()) / best.totalNanos());
            }
            if (optimum != null) {
                m.put(OPTIMUM_N, (double) optimum.n());
                m.put(OPTIMUM_MS, optimum.time() / 1e6);
            }
            return m;
        }
    }

    /**
     * Runs fresh jobs in a strategy.
     *
     * @param s      the session
     * @param jobs   makes a fresh job (outputs reset) per run
     * @param st     the strategy
     * @param queues queues of streams and hybrid
     * @param reps   timed repetitions
     * @return the fastest run and its prediction
     */
    public static Result run(DeviceSession s, Supplier<StagedJob> jobs, TransferStrategy st, int queues, int reps) {
        if (st != TransferStrategy.EXPLICIT) {
            String why = s instanceof TransferCapable t ? t.cannotRun(st).orElse(null)
                    : s.backendId() + " cannot run the " + st.id() + " strategy: its session offers only the session API's"
                    + " blocking copies on one queue (no host-visible buffers, no second queue)";
            if (why != null) throw new UnsupportedFeatureException(why);
        }
        TransferTiming best = null;
        long wall = Long.MAX_VALUE;
        List<Long> walls = new ArrayList<>(), totals = new ArrayList<>();
        int warmup = Measurement.current().warmup();
        StagedJob job = null;
        for (int r = 0; r < warmup + reps; r++) {
            job = jobs.get();
            long t0 = System.nanoTime();
            TransferTiming t = s instanceof TransferCapable tc ? tc.run(job, st, queues) : ExplicitTransfers.run(s, job);
            long w = System.nanoTime() - t0;
            if (r < warmup) continue;   // the kernels' first launch and the strategy's buffers are not timed
            walls.add(w);
            totals.add(t.totalNanos());
            wall = Math.min(wall, w);
            if (best == null || t.totalNanos() < best.totalNanos()) best = t;
        }
        Spread spread = Spread.of(totals.stream().mapToLong(Long::longValue).toArray());
        Timing timing = new Timing(warmup, Spread.of(walls.stream().mapToLong(Long::longValue).toArray()),
                best.modelled() ? null : spread, best.modelled() ? spread : null, Timing.BEST, "reps=" + reps);
        double predicted = -1;
        OverlapModel.Optimum optimum = null;
        if (s instanceof TransferCapable t) {
            TransferModel m = TransferModel.of(s, t);
            OverlapModel.Job shape = shape(job, best);
            predicted = m.predict(st, shape, best.queues(), best.issueNanos());
            if (st == TransferStrategy.STREAMS) optimum = m.optimum(shape, OverlapModel.MAX_STREAMS);
        }
        return new Result(best, job, wall, timing, predicted, optimum);
    }

    /**
     * The model's view of a run of a staged job: its bytes each way (as the run counted them:
     * copied, or for mapped buffers the traffic across the link), tE, and its streams. Leading stages
     * that only copy in what every later stage waits for (matmul's B) are a sequential prefix; the
     * other stages are the streams, each as large as the largest of them. (A stage with kernels of
     * its own, buoydiff's surface level, is a stream: its own kernel and output need not wait.)
     *
     * @param job the job
     * @param t   a run of it
     * @return the shape
     */
    public static OverlapModel.Job shape(StagedJob job, TransferTiming t) {
        List<StagedJob.Stage> stages = job.stages();
        int n = stages.size();
        if (n == 1) return OverlapModel.Job.even(t.bytesIn(), t.bytesOut(), t.kernelNanos(), 1);
        long prefix = 0, streamIn = 0, streamOut = 0, declaredOut = 0;
        int streams = 0;
        boolean leading = true;
        for (int j = 0; j < n; j++) {
            long in = bytes(job, stages.get(j).in()), out = bytes(job, stages.get(j).out());
            declaredOut += out;
            streamOut = Math.max(streamOut, out);
            leading &= j < n - 1 && stages.get(j).kernels().isEmpty();
            for (int i = j + 1; i < n && leading; i++) leading = stages.get(i).waitCopies().contains(j);
            if (leading) {
                prefix += in;
            } else {
                streams++;
                streamIn = Math.max(streamIn, in);
            }
        }
        // the output's bytes as the run counted them (a mapped output's traffic), each stream's in proportion
        double outScale = declaredOut > 0 ? (double) t.bytesOut() / declaredOut : 1;
        long bhd = Math.max(t.bytesIn(), prefix);
        return new OverlapModel.Job(bhd, t.bytesOut(), t.kernelNanos(), Math.max(1, streams), streamIn, streamOut * outScale,
                Math.min(prefix, bhd));
    }

    private static long bytes(StagedJob job, List<StagedJob.Range> ranges) {
        long b = 0;
        for (StagedJob.Range r : ranges) b += job.arrays().get(r.array()).bytes(r.count());
        return b;
    }
}
