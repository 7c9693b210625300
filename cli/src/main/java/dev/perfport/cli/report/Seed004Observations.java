package dev.perfport.cli.report;

import dev.perfport.workloads.Params;
import dev.perfport.workloads.spmv.Spmv;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The ablations report seed-004's Observations cite, from the knob studies' saved points: each
 * departure from the paper as ratios of two points that differ in one knob, across the knobs the
 * departure could depend on (the tile for the scratchpad, rows per work-item for the mapping and the
 * layout), per device. The prose that reads them is in the template.
 */
final class Seed004Observations {

    private Seed004Observations() {
    }

    /** SGEMM: time with the scratchpad on over time with it off (off's rate / on's), per tile and layout. */
    static String sgemmScratchpad(ReportData data, Params o) {
        SgemmStudy st = new SgemmStudy();
        return Markdown.block(md -> {
            Markdown.Table t = md.table("device", "n", "layout", "tile 16", "tile 32", "tile 64", "tile 128");
            for (String dev : data.devices()) {
                for (String kase : st.cases(o)) {
                    List<Seed004Study.Point> pts = data.rows("gemm/" + kase, dev, Seed004Study.Point.class);
                    if (pts == null) continue;
                    for (String layout : List.of("col", "row")) {
                        String[] cells = new String[4];
                        for (int i = 0; i < 4; i++) {
                            String tile = Integer.toString(SgemmStudy.TILES.get(i));
                            cells[i] = ratio(find(pts, "indirect", Map.of("tile", tile, "layout", layout, "scratchpad", "0")),
                                    find(pts, "indirect", Map.of("tile", tile, "layout", layout, "scratchpad", "1")));
                        }
                        t.row(Markdown.cell(dev), kase, layout, cells[0], cells[1], cells[2], cells[3]);
                    }
                }
            }
            t.end();
        });
    }

    /** SpMV's knob study: ELLPACK blocked over interleaved (wg 128), per rows per work-item and layout. */
    static String spmvMapping(ReportData data, Params o) {
        return spmvRatios(data, o, "layout", (pts, v, rpt) -> ratio(find(pts, v, Map.of("wg", "128", "rpt", rpt, "map", "1")),
                find(pts, v, Map.of("wg", "128", "rpt", rpt, "map", "0"))), List.of(Spmv.ELL_COL, Spmv.ELL_ROW));
    }

    /** SpMV's knob study: ELLPACK row-major over column-major (wg 128), per rows per work-item and mapping. */
    static String spmvLayout(ReportData data, Params o) {
        return spmvRatios(data, o, "mapping", (pts, map, rpt) -> {
            String m = map.equals("interleaved") ? "0" : "1";
            return ratio(find(pts, Spmv.ELL_ROW, Map.of("wg", "128", "rpt", rpt, "map", m)),
                    find(pts, Spmv.ELL_COL, Map.of("wg", "128", "rpt", rpt, "map", m)));
        }, List.of("interleaved", "blocked"));
    }

    private interface Cell {
        String of(List<Seed004Study.Point> pts, String row, String rpt);
    }

    private static String spmvRatios(ReportData data, Params o, String rowName, Cell cell, List<String> rows) {
        SpmvStudy st = new SpmvStudy();
        return Markdown.block(md -> {
            Markdown.Table t = md.table("device", "matrix", rowName, "1 row per work-item", "4 rows", "16 rows");
            for (String dev : data.devices()) {
                for (String kase : st.cases(o)) {
                    List<Seed004Study.Point> pts = data.rows("spmv/" + kase, dev, Seed004Study.Point.class);
                    if (pts == null || pts.stream().noneMatch(p -> p.ok() && p.variant().startsWith("ell"))) continue;
                    for (String r : rows) t.row(Markdown.cell(dev), kase, r, cell.of(pts, r, "1"), cell.of(pts, r, "4"), cell.of(pts, r, "16"));
                }
            }
            t.end();
        });
    }

    static Seed004Study.Point find(List<Seed004Study.Point> pts, String variant, Map<String, String> knobs) {
        for (Seed004Study.Point p : pts) {
            if (p.ok() && p.variant().equals(variant) && knobs.entrySet().stream().allMatch(e -> e.getValue().equals(p.knobs().get(e.getKey())))) {
                return p;
            }
        }
        return null;
    }

    private static String ratio(Seed004Study.Point a, Seed004Study.Point b) {
        return a == null || b == null ? "-" : String.format(Locale.ROOT, "%.2f", a.rate() / b.rate());
    }

    // ---- notes on a GPU, from its own points --------------------------------------------------

    /** The devices of type gpu in the data, in order. */
    static List<String> gpus(ReportData data) {
        return data.devices().stream().filter(dev -> {
            List<Seed004Report.DeviceRow> l = data.rows("device", dev, Seed004Report.DeviceRow.class);
            return l != null && !l.isEmpty() && "gpu".equals(l.getFirst().type());
        }).toList();
    }

    private static String name(ReportData data, String dev) {
        List<Seed004Report.DeviceRow> l = data.rows("device", dev, Seed004Report.DeviceRow.class);
        return dev + " (" + l.getFirst().name() + ")";
    }

    private static String span(List<Double> v) {
        double lo = v.stream().mapToDouble(Double::doubleValue).min().orElseThrow(), hi = v.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        String a = String.format(Locale.ROOT, "%.2f", lo), b = String.format(Locale.ROOT, "%.2f", hi);
        return a.equals(b) ? a : a + "–" + b;
    }

    private static String direction(List<Double> v, String below, String above) {
        boolean allBelow = v.stream().allMatch(x -> x < 0.95), allAbove = v.stream().allMatch(x -> x > 1.05);
        return allBelow ? below : allAbove ? above : "no consistent direction";
    }

    /** SGEMM's scratchpad on each GPU: the range of off's rate over on's, with its direction; empty without GPU points. */
    static List<String> gpuScratchpad(ReportData data, Params o) {
        List<String> out = new java.util.ArrayList<>();
        SgemmStudy st = new SgemmStudy();
        for (String dev : gpus(data)) {
            List<Double> r = new java.util.ArrayList<>();
            for (String kase : st.cases(o)) {
                List<Seed004Study.Point> pts = data.rows("gemm/" + kase, dev, Seed004Study.Point.class);
                if (pts == null) continue;
                for (String layout : List.of("col", "row")) {
                    for (int tile : SgemmStudy.TILES) {
                        Seed004Study.Point off = find(pts, "indirect", Map.of("tile", "" + tile, "layout", layout, "scratchpad", "0"));
                        Seed004Study.Point on = find(pts, "indirect", Map.of("tile", "" + tile, "layout", layout, "scratchpad", "1"));
                        if (off != null && on != null) r.add(off.rate() / on.rate());
                    }
                }
            }
            if (r.isEmpty()) continue;
            out.add(name(data, dev) + ": without the scratchpad SGEMM runs at " + span(r) + " of its rate with it over every tile and layout "
                    + "measured (" + r.size() + " pairs): " + direction(r, "the scratchpad pays on this GPU", "the scratchpad costs on this GPU")
                    + ", where the paper found it insignificant on its CPU. Which loads it saves was not counted: this OpenCL device reports "
                    + "no memory counters.");
        }
        return out;
    }

    /** SpMV's mapping on each GPU: blocked over interleaved at 1 row per work-item (the same kernel) and at 4 and 16. */
    static List<String> gpuMapping(ReportData data, Params o) {
        return gpuSpmv(data, o, (pts, rpt) -> {
            List<Double> r = new java.util.ArrayList<>();
            for (String v : List.of(Spmv.ELL_COL, Spmv.ELL_ROW)) {
                Seed004Study.Point b = find(pts, v, Map.of("wg", "128", "rpt", rpt, "map", "1")), i = find(pts, v, Map.of("wg", "128", "rpt", rpt, "map", "0"));
                if (b != null && i != null) r.add(b.rate() / i.rate());
            }
            return r;
        }, false, "blocked runs at", "of interleaved", "interleaved is faster, as the paper expects of a GPU (adjacent work-items on adjacent rows read "
                + "adjacent addresses); the coalescing itself was not counted", "blocked is faster, against the paper's expectation for GPUs");
    }

    /** SpMV's layout on each GPU: row-major over column-major ELLPACK at 1, 4 and 16 rows per work-item. */
    static List<String> gpuLayout(ReportData data, Params o) {
        return gpuSpmv(data, o, (pts, rpt) -> {
            List<Double> r = new java.util.ArrayList<>();
            for (String m : List.of("0", "1")) {
                Seed004Study.Point row = find(pts, Spmv.ELL_ROW, Map.of("wg", "128", "rpt", rpt, "map", m));
                Seed004Study.Point col = find(pts, Spmv.ELL_COL, Map.of("wg", "128", "rpt", rpt, "map", m));
                if (row != null && col != null) r.add(row.rate() / col.rate());
            }
            return r;
        }, true, "row-major runs at", "of column-major", "column-major is faster, as the paper expects of a GPU", "row-major is faster, against the "
                + "paper's expectation for GPUs (column-major); cause not measured, this OpenCL device reports no memory counters");
    }

    private interface Ratios {
        List<Double> of(List<Seed004Study.Point> pts, String rpt);
    }

    /** {@code withOne}: the direction counts 1 row per work-item too (for the mapping it is the same kernel either way, so it does not). */
    private static List<String> gpuSpmv(ReportData data, Params o, Ratios ratios, boolean withOne, String lead, String against, String below,
                                        String above) {
        List<String> out = new java.util.ArrayList<>();
        SpmvStudy st = new SpmvStudy();
        for (String dev : gpus(data)) {
            for (String kase : st.cases(o)) {
                List<Seed004Study.Point> pts = data.rows("spmv/" + kase, dev, Seed004Study.Point.class);
                if (pts == null) continue;
                List<String> parts = new java.util.ArrayList<>();
                List<Double> many = new java.util.ArrayList<>();
                for (String rpt : List.of("1", "4", "16")) {
                    List<Double> r = ratios.of(pts, rpt);
                    if (r.isEmpty()) continue;
                    parts.add(span(r) + " at " + rpt + (rpt.equals("1") ? " row" : " rows") + " per work-item");
                    if (withOne || !rpt.equals("1")) many.addAll(r);
                }
                if (parts.isEmpty()) continue;
                String s = name(data, dev) + ", " + kase + ": " + lead + " " + String.join(", ", parts) + " " + against;
                if (!many.isEmpty()) s += (withOne ? "; over these points " : "; at several rows per work-item ") + direction(many, below, above);
                out.add(s + ".");
            }
        }
        return out;
    }
}
