package dev.perfport.core.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Evaluates a batch of configurations, e.g. on several devices at once or on a cluster. The
 * {@link Tuner} hands every strategy's independent points over as one batch (all of exhaustive's
 * grid, random search's draws, a hierarchical stage's sweep), so that an implementation may run
 * them in parallel; points that depend on earlier results (the review step) come one at a time.
 *
 * <p>An implementation reports each configuration's evaluation through the {@link Sink} as soon as
 * it has it (any order, any thread; the tuner serialises the calls), so that progress shows as
 * results arrive. Each index must be reported once: a second report of an index is refused by
 * the tuner, and an index never reported becomes a {@link Status#RUNTIME_ERROR} of that
 * configuration. An exception thrown by {@link #evaluate} does the same for every configuration
 * not reported yet; an {@link Error} stops the tuning run.
 */
@FunctionalInterface
public interface BatchEvaluator {

    /** Receives one configuration's evaluation. */
    @FunctionalInterface
    interface Sink {
        /** {@code index} is the configuration's position in the batch. */
        void accept(int index, Evaluation evaluation);
    }

    void evaluate(List<Config> batch, Sink sink) throws Exception;

    /** One configuration after another on one {@link Evaluator}: how a single device tunes. */
    static BatchEvaluator sequential(Evaluator evaluator) {
        Objects.requireNonNull(evaluator);
        return (batch, sink) -> {
            for (int i = 0; i < batch.size(); i++) sink.accept(i, evaluateOne(evaluator, batch.get(i)));
        };
    }

    /**
     * Several local evaluators at once (e.g. one per identical device): each takes the next
     * configuration of the batch as soon as it is free. The evaluators must measure the same
     * thing (same device fingerprint), since a configuration's result is cached under one.
     */
    static BatchEvaluator pool(List<Evaluator> evaluators) {
        List<Evaluator> es = List.copyOf(evaluators);
        if (es.isEmpty()) throw new IllegalArgumentException("a pool needs at least one evaluator");
        if (es.size() == 1) return sequential(es.getFirst());
        return (batch, sink) -> {
            AtomicInteger next = new AtomicInteger();
            ExecutorService threads = Executors.newFixedThreadPool(es.size(), r -> {
                Thread t = new Thread(r, "perfport-tune-device");
                t.setDaemon(true);
                return t;
            });
            try {
                List<Future<?>> fs = new ArrayList<>();
                for (Evaluator e : es) {
                    fs.add(threads.submit(() -> {
                        for (int i; (i = next.getAndIncrement()) < batch.size(); ) sink.accept(i, evaluateOne(e, batch.get(i)));
                    }));
                }
                for (Future<?> f : fs) {
                    try {
                        f.get();
                    } catch (ExecutionException ex) {
                        if (ex.getCause() instanceof Error err) throw err;
                        throw ex;
                    }
                }
            } finally {
                threads.shutdownNow();
            }
        };
    }

    /** One evaluation; an exception is that configuration's runtime error, an Error propagates. */
    static Evaluation evaluateOne(Evaluator evaluator, Config c) {
        try {
            return Objects.requireNonNull(evaluator.evaluate(c), "the evaluator returned null");
        } catch (Exception ex) {
            return Evaluation.invalid(Status.RUNTIME_ERROR, ex.getClass().getSimpleName() + ": " + ex.getMessage());
        }
    }
}
