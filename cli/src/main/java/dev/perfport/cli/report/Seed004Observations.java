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
}
