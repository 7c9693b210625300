package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed002Report.StrategyRow;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * How the model did on one device's rows. A case is one image, filter and chunk count n, as
 * in the thesis (which fixes n per kernel): explicit, mapped, and streams and hybrid with n
 * chunks. A case is a hit when the predicted best is the measured best, and a tie when the
 * predicted best measured within the runs' own spread of the measured best (the larger
 * spread of the two rows): the thesis counts such near-equal pairs (Streams and Hybrid on its
 * two-copy-engine K20) as acceptable.
 *
 * @param cases  cases with every strategy verified and predicted
 * @param hits   cases whose predicted best is the measured best
 * @param ties   other cases whose predicted best measured within the spread of the best
 * @param median median |error| over all rows, in %
 * @param worst  largest |error|, in %
 * @param runs   rows counted
 */
record Seed002Verdict(int cases, int hits, int ties, double median, double worst, int runs) {
    /** Predictions this close (in %) are the model's own tie. */
    static final double RESOLUTION_PCT = 2;

    static List<List<StrategyRow>> cases(List<StrategyRow> rows) {
        List<StrategyRow> ok = rows.stream().filter(r -> r.verified() && r.predictedMs() > 0).toList();
        List<List<StrategyRow>> cases = new ArrayList<>();
        for (String c : ok.stream().map(StrategyRow::caseName).distinct().toList()) {
            List<StrategyRow> l = ok.stream().filter(r -> r.caseName().equals(c)).toList();
            List<Integer> ns = l.stream().filter(StrategyRow::chunked).map(StrategyRow::chunks).distinct().toList();
            if (ns.isEmpty()) cases.add(l);
            for (int n : ns) cases.add(l.stream().filter(r -> !r.chunked() || r.chunks() == n).toList());
        }
        return cases;
    }

    /**
     * One case judged.
     *
     * @param measured the measured (or modelled) best
     * @param predicted the predicted best
     */
    record Judged(StrategyRow measured, StrategyRow predicted) {
        static Judged of(List<StrategyRow> l) {
            return new Judged(l.stream().min(Comparator.comparingDouble(StrategyRow::measuredMs)).orElseThrow(),
                    l.stream().min(Comparator.comparingDouble(StrategyRow::predictedMs)).orElseThrow());
        }

        boolean hit() {
            return measured == predicted;
        }

        /**
         * Not a hit, but the pick measured within the larger spread of the two rows, or the model
         * predicted the two within {@value #RESOLUTION_PCT}% of each other: it cannot tell them apart
         * (streams and hybrid on two copy engines, both Eq. 5.5).
         */
        boolean tie() {
            return !hit() && (predicted.measuredMs() <= measured.measuredMs() * (1 + Math.max(measured.spreadPct(), predicted.spreadPct()) / 100)
                    || measured.predictedMs() <= predicted.predictedMs() * (1 + RESOLUTION_PCT / 100));
        }

        /** How much slower the pick measured than the best, in %. */
        double slowerPct() {
            return 100 * (predicted.measuredMs() / measured.measuredMs() - 1);
        }
    }

    static Seed002Verdict of(List<StrategyRow> rows) {
        List<StrategyRow> ok = rows.stream().filter(r -> r.verified() && r.predictedMs() > 0).toList();
        if (ok.isEmpty()) return null;
        int cases = 0, hits = 0, ties = 0;
        for (List<StrategyRow> l : cases(rows)) {
            Judged j = Judged.of(l);
            cases++;
            if (j.hit()) hits++;
            if (j.tie()) ties++;
        }
        double[] errs = ok.stream().mapToDouble(r -> Math.abs(r.errorPct())).sorted().toArray();
        double median = errs.length % 2 == 1 ? errs[errs.length / 2] : (errs[errs.length / 2 - 1] + errs[errs.length / 2]) / 2;
        return new Seed002Verdict(cases, hits, ties, median, errs[errs.length - 1], errs.length);
    }
}
