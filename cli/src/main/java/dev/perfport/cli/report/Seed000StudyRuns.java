package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed000Report.Point;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The configurations seed 000's static studies measure (AoS/SoA, tasks/NDRange, alignment); {@link Seed000Studies} reads them back. */
final class Seed000StudyRuns {
    private Seed000StudyRuns() {
    }

    /** Measures one configuration of the report (a verified point, mean ± sd over its runs, with the device's counters). */
    interface Measure {
        Point at(String variant, Map<String, String> params, double x, String what);
    }

    /** AoS against SoA (§4.9): each variant in both layouts at Fig. 4's (simbs, vwidth, wgsize, ngroup) = (4, 4, 16, 4). */
    static List<Point> layout(Measure m, List<String> variants, int npos, int posbs, String tag) {
        return sweep(m, variants, cfg(npos, posbs, 4, 4, 16, 4), "layout", Seed000Studies.LAYOUTS, tag + " layout");
    }

    /**
     * Tasks against NDRange (§5): the same simulations by an NDRange of wgsize x ngroup work-items and by one task (one work-item
     * that loops over them), load/store and single-buffer, at Fig. 12's (simbs, vwidth) = (1, 4), wgsize 16, ngroup 16.
     */
    static List<Point> form(Measure m, int npos, int posbs, String tag) {
        return sweep(m, Seed000Studies.FORM_VARIANTS, cfg(npos, posbs, 1, 4, 16, 16), "form", Seed000Studies.FORMS, tag + " form");
    }

    /**
     * Alignment (§4.9): the portfolio from {@link Seed000Studies#OFFSETS} elements after its buffers' base, load/store and
     * single-buffer, one simulation per work-item ((simbs, vwidth) = (1, 1), wgsize 16, ngroup 4), where the copies weigh most.
     */
    static List<Point> align(Measure m, int npos, int posbs, String tag) {
        return sweep(m, Seed000Studies.FORM_VARIANTS, cfg(npos, posbs, 1, 1, 16, 4), "offset", Seed000Studies.OFFSETS, tag + " offset");
    }

    /**
     * Each variant at {@code base} with {@code key} set to each of {@code values}, in turn; a point's x is the value where it
     * is a number (the offset), else its position in {@code values} (the layouts and forms, as the page's tables index them).
     */
    private static List<Point> sweep(Measure m, List<String> variants, Map<String, String> base, String key, List<?> values, String what) {
        List<Point> l = new ArrayList<>();
        for (String v : variants) {
            for (int i = 0; i < values.size(); i++) {
                Map<String, String> c = new LinkedHashMap<>(base);
                c.put(key, String.valueOf(values.get(i)));
                l.add(m.at(v, c, values.get(i) instanceof Integer n ? n : i, what));
            }
        }
        return l;
    }

    static Map<String, String> cfg(int npos, int posbs, int simbs, int vwidth, int wgsize, int ngroup) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("npos", Integer.toString(npos));
        m.put("posbs", Integer.toString(Math.min(posbs, npos)));
        m.put("simbs", Integer.toString(simbs));
        m.put("vwidth", Integer.toString(vwidth));
        m.put("wgsize", Integer.toString(wgsize));
        m.put("ngroup", Integer.toString(ngroup));
        return m;
    }
}
