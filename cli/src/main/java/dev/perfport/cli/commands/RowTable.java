package dev.perfport.cli.commands;

import dev.perfport.cli.Labels;
import dev.perfport.cli.Records.Row;
import dev.perfport.cli.format.Table;
import dev.perfport.core.result.RowStatus;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.result.Spread;
import dev.perfport.core.result.Timing;
import dev.perfport.workloads.Workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The readable form of rows: a line with the parameters every row shares, a table with the
 * parameters that differ between rows, and the full text of each error below, numbered.
 */
final class RowTable {
    private static final int ERROR_WIDTH = 48;
    private static final int COUNTERS_WIDTH = 64;

    private RowTable() {
    }

    static String render(Workload w, List<Row> rows) {
        // parameters with one value in every row go to the heading, the others into a column
        Set<String> keys = new LinkedHashSet<>();
        for (Row r : rows) keys.addAll(r.result().params().keySet());
        Map<String, String> common = new LinkedHashMap<>();
        List<String> varying = new ArrayList<>();
        for (String k : keys) {
            String first = rows.getFirst().result().params().get(k);
            boolean same = rows.stream().allMatch(r -> Objects.equals(r.result().params().get(k), first));
            if (same && first != null) common.put(k, first); else varying.add(k);
        }
        StringBuilder sb = new StringBuilder();
        StringBuilder head = new StringBuilder(w.name() + " (seed " + w.seed() + "), " + rows.size() + " row" + (rows.size() == 1 ? "" : "s"));
        if (!common.isEmpty()) {
            head.append("; every row:");
            common.forEach((k, v) -> head.append(' ').append(k).append('=').append(v));
        }
        sb.append(head).append('\n');
        Map<String, String> env = rows.getFirst().environment();
        if (!env.isEmpty()) {
            sb.append("measured with perfport ").append(env.get("perfport")).append(" (commit ").append(env.get("commit"))
                    .append("), Java ").append(env.get("java")).append(", ").append(env.get("os"))
                    .append("; each device's driver and clocks: --format json\n");
        }
        sb.append('\n');

        List<String> cols = new ArrayList<>(List.of("BACKEND", "DEVICE", "WORKLOAD", "VARIANT"));
        if (!varying.isEmpty()) cols.add("PARAMS");
        cols.addAll(List.of("VERIFIED", "WALL (ms)", "KERNEL (ms) [min-max]", "REPS", "VS FIRST", "MODELLED (ms)", "METRIC", "COUNTERS", "ERROR"));
        Table t = new Table(cols.toArray(String[]::new));
        int timeCol = cols.indexOf("WALL (ms)");
        t.right(timeCol, timeCol + 1, timeCol + 2, timeCol + 3, timeCol + 4, timeCol + 5).limit(cols.indexOf("COUNTERS"), COUNTERS_WIDTH)
                .limit(cols.indexOf("DEVICE"), 40);
        List<String> errors = new ArrayList<>();
        Map<String, RunResult> firstOfCase = new LinkedHashMap<>();
        for (Row row : rows) {
            if (row.ok() && row.result().timing() != null) firstOfCase.putIfAbsent(caseKey(row.result()), row.result());
        }
        for (Row row : rows) {
            RunResult r = row.result();
            List<String> c = new ArrayList<>(List.of(r.backend(), r.device(), r.workload(), r.variant()));
            if (!varying.isEmpty()) {
                StringBuilder ps = new StringBuilder();
                for (String k : varying) {
                    String v = r.params().get(k);
                    if (v != null) ps.append(ps.isEmpty() ? "" : " ").append(k).append('=').append(v);
                }
                c.add(ps.toString());
            }
            c.add(switch (r.status()) {
                case VERIFIED -> "yes";
                case FAILED -> "NO";
                case UNSUPPORTED -> "unsupported";
            });
            boolean ran = r.wallNanos() > 0;
            c.add(ran ? Labels.millis(r.wallNanos()) : "-");
            Timing tm = r.timing();
            c.add(tm == null || tm.kernel() == null ? (r.kernelNanos() > 0 ? Labels.millis(r.kernelNanos()) : "-")
                    : Labels.millis(r.kernelNanos()) + " [" + Labels.millis(tm.kernel().min()) + "-" + Labels.millis(tm.kernel().max()) + "]");
            c.add(tm == null ? "-" : Integer.toString(tm.wall().count()));
            c.add(versus(r, firstOfCase.get(caseKey(r))));
            c.add(r.modelledNanos() == null ? "-" : Labels.millis(r.modelledNanos()));
            c.add(mainMetric(r));
            StringBuilder cs = new StringBuilder();
            r.counters().forEach((k, v) -> cs.append(cs.isEmpty() ? "" : " ").append(k).append('=').append(v));
            c.add(cs.isEmpty() ? "-" : cs.toString());
            if (r.error() == null) {
                c.add("");
            } else {
                errors.add(r.error());
                c.add(Table.cut("[" + errors.size() + "] " + r.error(), ERROR_WIDTH));
            }
            t.add(c.toArray(String[]::new));
        }
        sb.append(t.render());
        if (!errors.isEmpty()) {
            sb.append("\nErrors:\n");
            for (int i = 0; i < errors.size(); i++) {
                String label = "[" + (i + 1) + "] ";
                String wrapped = Table.wrap(errors.get(i), 100, " ".repeat(label.length() + 2));
                sb.append("  ").append(label).append(wrapped.substring(label.length() + 2));
            }
        }
        if (rows.stream().anyMatch(r -> r.result().timing() != null)) {
            Timing any = rows.stream().map(r -> r.result().timing()).filter(Objects::nonNull).findFirst().orElseThrow();
            sb.append("\nTimes are the ").append(any.stat().equals(Timing.BEST) ? "fastest" : "median")
                    .append(" of the timed repetitions (REPS), after ").append(any.warmup())
                    .append(" untimed warm-up; rates come from them. VS FIRST compares the kernel time (else wall) with the first "
                            + "verified row of the same case: \u2248 where their [min-max] ranges overlap (within the noise), else "
                            + "the ratio of this row's time to that row's.\n");
        }
        long ok = rows.stream().filter(Row::ok).count();
        long unsupported = rows.stream().filter(r -> r.result().status() == RowStatus.UNSUPPORTED).count();
        sb.append('\n').append(rows.size()).append(rows.size() == 1 ? " row: " : " rows: ").append(ok).append(" verified, ")
                .append(rows.size() - ok - unsupported).append(" failed");
        if (unsupported > 0) sb.append(", ").append(unsupported).append(" unsupported (the route cannot run it: see Errors)");
        sb.append('\n');
        return sb.toString();
    }

    /** Rows of one case: the same variant and parameters, on any backend or device. */
    private static String caseKey(RunResult r) {
        return r.variant() + " " + r.params();
    }

    /**
     * How a row compares with the first verified row of its case: {@code first} for that row, \u2248 where
     * the two ranges of times overlap, else this row's time over that row's (e.g. {@code 1.84x}).
     */
    static String versus(RunResult r, RunResult first) {
        if (first == null || !r.ok() || r.timing() == null) return "-";
        if (first == r) return "first";
        Spread a = r.timing().compared(), b = first.timing().compared();
        boolean sameKind = (r.timing().kernel() != null) == (first.timing().kernel() != null);
        if (!sameKind || b.median() <= 0) return "-";
        if (a.overlaps(b)) return "\u2248";
        return Labels.number(a.median() / (double) b.median()) + "x";
    }

    /** The workload's first metric, e.g. "12.345 GB/s", or "-". */
    static String mainMetric(RunResult r) {
        if (r.metrics().isEmpty()) return "-";
        Map.Entry<String, Double> e = r.metrics().entrySet().iterator().next();
        return Labels.number(e.getValue()) + " " + e.getKey();
    }
}
