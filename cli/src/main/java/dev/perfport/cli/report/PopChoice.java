package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed002Report.StrategyRow;
import dev.perfport.workloads.transfer.TransferModel;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static dev.perfport.cli.report.Markdown.block;
import static dev.perfport.cli.report.Seed002Report.fmt;

/**
 * POP's choice reproduced (seed 002 §5.6): per device and POP function, the strategy measured best
 * in the study against the thesis's (Implicit, our mapped, for state; Streams for buoydiff and
 * ddmix, chosen on the K20), with the reason wherever they differ, from what the device is and
 * what the runs show.
 *
 * @param device    the device
 * @param function  state, buoydiff or ddmix
 * @param best      the measured best row
 * @param thesis    the row of the thesis's choice, or null where it did not run
 * @param predicted the model's pick, or null without predictions
 * @param category  the device's overlap category as its model names it, or null
 */
record PopChoice(String device, String function, StrategyRow best, StrategyRow thesis, StrategyRow predicted, TransferModel.Category category) {
    /** Strategies within this of each other are a tie (the emulator's runs have no spread). */
    static final double TIE = 0.02;

    static List<PopChoice> of(ReportData data) {
        List<PopChoice> l = new ArrayList<>();
        for (String dev : data.devices()) {
            List<StrategyRow> st = data.rows("study", dev, StrategyRow.class);
            if (st == null) continue;
            TransferModel.Category cat = category(Seed002StudyPage.category(data, dev));
            for (String f : List.of("state", "buoydiff", "ddmix")) {
                List<StrategyRow> rows = st.stream().filter(r -> f.equals(r.kernel()) && r.verified()).toList();
                if (rows.isEmpty()) continue;
                StrategyRow best = rows.stream().min(Comparator.comparingDouble(StrategyRow::measuredMs)).orElseThrow();
                StrategyRow predicted = rows.stream().allMatch(r -> r.predictedMs() > 0)
                        ? rows.stream().min(Comparator.comparingDouble(StrategyRow::predictedMs)).orElseThrow() : null;
                l.add(new PopChoice(dev, f, best, Seed002StudyPage.find(rows, f, Seed002Study.THESIS_CHOICE.get(f)), predicted, cat));
            }
        }
        return l;
    }

    private static TransferModel.Category category(String text) {
        for (TransferModel.Category c : TransferModel.Category.values()) if (c.text.equals(text)) return c;
        return null;
    }

    String thesisChoice() {
        return Seed002Study.THESIS_CHOICE.get(function);
    }

    /** How much slower the thesis's choice ran than the best here (0 when it is the best). */
    double behind() {
        return thesis == null ? Double.NaN : thesis.measuredMs() / best.measuredMs() - 1;
    }

    /** {@return agrees, tie, or differs} */
    String verdict() {
        if (thesis == null) return "not run";
        if (best.strategy().equals(thesisChoice())) return "same";
        // within 2%, or within the smaller of the two rows' spreads (one slow repetition must not make any gap a tie)
        return behind() <= Math.max(TIE, Math.min(best.spreadPct(), thesis.spreadPct()) / 100) ? "tie" : "differs";
    }

    /** Why the best here is not the thesis's choice, in words; empty when it is. */
    String reason() {
        if (thesis == null) {
            return category == null ? "this device runs explicit only (no host-visible buffers, no second queue: see below), so the thesis's "
                    + thesisChoice() + " cannot be expressed" : "the thesis's choice (" + thesisChoice() + ") failed here";
        }
        if (verdict().equals("same")) return "";
        String pct = String.format(Locale.ROOT, "%.1f%%", 100 * behind());
        String b = best.strategy(), t = thesisChoice();
        String lead = b + " is " + pct + " faster than " + t;
        if (verdict().equals("tie")) return lead + ": within 2% or the runs' own spread, a tie";
        if (category == null) return lead + " (no model here: the device cannot run every strategy)";
        if (category == TransferModel.Category.SHARED_MEMORY) {
            return lead + ": a CPU device shares the host's memory, so its copies are memcpy by the cores that compute and nothing overlaps;"
                    + " the strategy that moves least wins, while the thesis's choice rests on a GPU's copy engines";
        }
        if (b.equals("hybrid") && t.equals("streams") && category.engines == 1) {
            return lead + ": with one copy engine streams' copies out queue behind its copies in"
                    + (category.thesis == 1 ? " (and, with implicit synchronisation, behind every kernel)" : "")
                    + ", while hybrid writes the output through mapped memory beside them: the thesis's own finding for one-copy-engine GPUs"
                    + " (Ch. 5: buoydiff's Hybrid best on the GTX480 and Titan); POP's choice was made on the K20, with two";
        }
        if (b.equals("hybrid") && t.equals("streams")) {
            return lead + ": with two copy engines both overlap the directions (both Eq. 5.5 in the model); hybrid's output leaves while"
                    + " each level's kernel runs, streams' after it";
        }
        if (t.equals("mapped")) {
            return lead + ": mapped memory overlaps per access only where the kernel reads and writes it across the link; "
                    + (best.device().contains("emulator") ? "here the link traffic is " + fmt(thesis.copiedMb()) + " MB against "
                    + fmt(best.copiedMb()) + " MB copied" : "an OpenCL driver may copy a host-visible buffer at unmap and map instead, "
                    + "which serialises it with the kernel");
        }
        if (b.equals("mapped")) {
            return lead + ": the re-reads mapped memory pays (" + fmt(best.copiedMb()) + " MB across the link against "
                    + fmt(thesis.copiedMb()) + " MB copied) cost less here than the streams' extra launches and latencies";
        }
        if (b.equals("explicit")) {
            return lead + ": one stage per level costs more launches (kernel time " + fmt(thesis.kernelMs()) + " ms against "
                    + fmt(best.kernelMs()) + ") than overlap saves";
        }
        return lead;
    }

    /** The POP section's table. */
    static Map<String, Object> table(List<PopChoice> l) {
        long same = l.stream().filter(c -> c.verdict().equals("same")).count(), ties = l.stream().filter(c -> c.verdict().equals("tie")).count();
        return ProseTemplate.model("table", block(md -> {
            Markdown.Table t = md.table("device", "function", "best here (ms)", "thesis's choice (ms)", "model's pick", "verdict", "why they differ");
            for (PopChoice c : l) {
                t.row(c.device(), c.function(), c.best().strategy() + " (" + fmt(c.best().measuredMs()) + ")",
                        c.thesisChoice() + (c.thesis() == null ? "" : " (" + fmt(c.thesis().measuredMs()) + ")"),
                        c.predicted() == null ? "-" : c.predicted().strategy(), c.verdict(), c.reason().isEmpty() ? "-" : c.reason());
            }
            t.end();
        }), "same", same, "ties", ties, "total", l.size());
    }
}
