package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed000Report.Point;
import dev.perfport.cli.report.Seed000Report.PointRow;
import dev.perfport.cli.report.Seed000Results.Result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static dev.perfport.cli.report.Seed000Page.fmt;
import static dev.perfport.cli.report.Seed000Results.name;

/**
 * Seed 000's static studies from the saved sweeps {@code layout} (AoS against SoA, §4.9), {@code form} (tasks against NDRange,
 * §5) and {@code align} (the portfolio misaligned by an offset, §4.9): their tables and the observations their data allows. Each
 * observation says what the device measured and, where the device counts what a kernel did (the emulator), which counters moved;
 * elsewhere it says that the cause was not found and what was tried.
 */
final class Seed000Studies {
    static final String LAYOUT = "layout", FORM = "form", ALIGN = "align";
    static final List<String> LAYOUTS = List.of("soa", "aos");
    static final List<String> FORMS = List.of("ndrange", "task");
    static final List<String> FORM_VARIANTS = List.of("loadstore", "singlebuffer");
    /** Offsets of position 0 in elements (4 B each): aligned, misaligned by 4, 8 and 12 bytes, then 16 to 128 bytes. */
    static final List<Integer> OFFSETS = List.of(0, 1, 2, 3, 4, 8, 16, 32);
    /** The counters a study keeps, where the device has them (the emulator's). */
    static final List<String> COUNTERS = List.of("unitsUsed", "workGroups", "modelledCycles", "modelledCycles.memoryBound", "dmaCommands",
            "dmaBytes", "dmaUnaligned", "dmaStallCycles", "cacheHits", "cacheMisses", "memoryBytes");
    /** Counters an observation names when they differ (of those kept). */
    private static final List<String> TOLD = List.of("unitsUsed", "dmaCommands", "dmaBytes", "dmaUnaligned", "dmaStallCycles", "cacheMisses",
            "modelledCycles.memoryBound");

    private Seed000Studies() {
    }


    /** The kept counters of one run. */
    static Map<String, Long> kept(Map<String, Long> counters) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (String k : COUNTERS) if (counters.containsKey(k)) m.put(k, counters.get(k));
        return m;
    }

    static List<Point> points(ReportData data, String sweep, String device) {
        List<PointRow> l = data.rows(sweep, device, PointRow.class);
        return l == null ? List.of() : l.stream().map(PointRow::point).toList();
    }

    /** mpps as the tables show it: mean ± sd where the runs' spread was saved. */
    static String cell(Point p) {
        if (p == null) return "-";
        if (!p.ok()) return "failed: " + Markdown.cell(p.error());
        return p.hasSd() ? fmt(p.mpps()) + " ± " + fmt(sd(p.mppsSd(), p.mpps())) : fmt(p.mpps());
    }

    /** An sd as shown: 0 where it is a rounding residue of equal runs (below 1e-9 of the mean: modelled times), else as saved. */
    static double sd(double sd, double mean) {
        return sd < 1e-9 * Math.abs(mean) ? 0 : sd;
    }

    private static Point find(List<Point> pts, String variant, String key, String value) {
        for (Point p : pts) if (p.variant().equals(variant) && value.equals(p.params().getOrDefault(key, dflt(key)))) return p;
        return null;
    }

    private static String dflt(String key) {
        return switch (key) {
            case "layout" -> "soa";
            case "form" -> "ndrange";
            case "offset" -> "0";
            default -> "";
        };
    }

    /**
     * Whether b differs from a beyond the runs' noise: by more than twice their combined relative sd, and by more than 3 %
     * (one run's spread understates a shared machine's drift).
     */
    static boolean differs(Point a, Point b) {
        double r = b.mpps() / a.mpps();
        double noise = a.hasSd() && b.hasSd() ? Math.hypot(a.mppsSd() / a.mpps(), b.mppsSd() / b.mpps()) : 0;
        return Math.abs(r - 1) > Math.max(2 * noise, 0.03);
    }

    private static String pct(double v) {
        if (v > 0 && 100 * v < 0.05) return "under 0.1 %";
        return String.format(Locale.ROOT, 100 * v < 9.95 ? "%.1f %%" : "%.0f %%", 100 * v);
    }

    private static String ratio(double v) {
        return String.format(Locale.ROOT, v >= 10 ? "%.0f×" : "%.2f×", v);
    }

    /** The kept counters that differ between a and b by more than 5 %, as "name x → y". */
    static List<String> moved(Point a, Point b) {
        List<String> l = new ArrayList<>();
        for (String k : TOLD) {
            Long x = a.counters().get(k), y = b.counters().get(k);
            if (x == null || y == null) continue;
            if (Math.abs(y - x) > 0.05 * Math.max(Math.abs(x), Math.abs(y))) l.add(k + " " + x + " → " + y);
        }
        return l;
    }

    /** Whether both runs carry the emulator's DMA and cache counters (PoCL reports only a group count). */
    private static boolean counted(Point a, Point b) {
        return a.counters().containsKey("dmaCommands") && b.counters().containsKey("dmaCommands");
    }

    // ---- AoS against SoA ----------------------------------------------------------------------

    static String layoutTable(ReportData data, List<Result> ok) {
        return Markdown.block(md -> {
            Markdown.Table t = md.table("device", "variant", "SoA mpps", "AoS mpps", "AoS / SoA", "counters that moved (SoA → AoS)");
            for (Result r : ok) {
                List<Point> pts = points(data, LAYOUT, r.device.selector());
                for (String v : variants(pts)) {
                    Point soa = find(pts, v, "layout", "soa"), aos = find(pts, v, "layout", "aos");
                    boolean both = soa != null && aos != null && soa.ok() && aos.ok();
                    t.row(name(r), v, cell(soa), cell(aos), both ? String.format(Locale.ROOT, "%.3f", aos.mpps() / soa.mpps()) : "-",
                            both && counted(soa, aos) ? orNone(moved(soa, aos)) : "-");
                }
            }
            t.end();
        });
    }

    static List<String> layoutObservations(ReportData data, List<Result> ok) {
        List<String> out = new ArrayList<>();
        for (Result r : ok) {
            List<Point> pts = points(data, LAYOUT, r.device.selector());
            List<String> parts = new ArrayList<>();
            boolean anyDiffers = false, anyCounted = false;
            double share = 0;
            for (String v : variants(pts)) {
                Point soa = find(pts, v, "layout", "soa"), aos = find(pts, v, "layout", "aos");
                if (soa == null || aos == null || !soa.ok() || !aos.ok()) continue;
                boolean d = differs(soa, aos);
                anyDiffers |= d;
                String s = v + " AoS at " + pct(aos.mpps() / soa.mpps()) + " of SoA" + (d ? "" : " (within the noise)");
                if (counted(soa, aos)) {
                    anyCounted = true;
                    share = Math.max(share, memoryShare(soa));
                    List<String> m = moved(soa, aos);
                    s += m.isEmpty() ? ", no counter moved" : ", " + String.join(", ", m);
                }
                parts.add(s);
            }
            if (parts.isEmpty()) continue;
            String line = name(r) + ": " + String.join("; ", parts) + ".";
            if (anyCounted) {
                line += " The emulator's counters are its cost model's own account of each run: what moved is named above. Its memory "
                        + "bound (modelledCycles.memoryBound) is " + (pct(share).startsWith("under") ? "" : "at most ") + pct(share)
                        + " of the modelled cycles here, so a change in the copies reaches mpps only where the computation does not hide it.";
            } else if (anyDiffers) {
                line += " Cause not found: this device reports no counters of what a kernel reads; tried: both layouts at the same "
                        + "configuration, each over the same timed runs. Both read 12 bytes per position (three fields of 4 B), so the "
                        + "difference lies in the access pattern (one stride-3 stream against three unit-stride streams), not in the bytes.";
            } else {
                line += " No difference beyond the noise of the runs.";
            }
            out.add(line);
        }
        return out;
    }

    /** The memory bound's share of the modelled cycles of a counted run. */
    private static double memoryShare(Point p) {
        Long mem = p.counters().get("modelledCycles.memoryBound"), all = p.counters().get("modelledCycles");
        return mem == null || all == null || all == 0 ? 0 : (double) mem / all;
    }

    // ---- tasks against NDRange ---------------------------------------------------------------

    static String formTable(ReportData data, List<Result> ok) {
        return Markdown.block(md -> {
            Markdown.Table t = md.table("device", "variant", "NDRange mpps", "task mpps", "NDRange / task", "CUs reported", "units used (NDRange → task)");
            for (Result r : ok) {
                List<Point> pts = points(data, FORM, r.device.selector());
                for (String v : variants(pts)) {
                    Point nd = find(pts, v, "form", "ndrange"), task = find(pts, v, "form", "task");
                    boolean both = nd != null && task != null && nd.ok() && task.ok();
                    Long un = both ? nd.counters().get("unitsUsed") : null, ut = both ? task.counters().get("unitsUsed") : null;
                    t.row(name(r), v, cell(nd), cell(task), both ? ratio(nd.mpps() / task.mpps()) : "-", r.device.computeUnits(),
                            un != null && ut != null ? un + " → " + ut : "-");
                }
            }
            t.end();
        });
    }

    static List<String> formObservations(ReportData data, List<Result> ok) {
        List<String> out = new ArrayList<>();
        for (Result r : ok) {
            List<Point> pts = points(data, FORM, r.device.selector());
            List<String> parts = new ArrayList<>();
            boolean counted = false;
            int items = 0;
            for (String v : variants(pts)) {
                Point nd = find(pts, v, "form", "ndrange"), task = find(pts, v, "form", "task");
                if (nd == null || task == null || !nd.ok() || !task.ok()) continue;
                items = Integer.parseInt(nd.params().get("wgsize")) * Integer.parseInt(nd.params().get("ngroup"));
                String s = v + ": NDRange " + ratio(nd.mpps() / task.mpps()) + " the task";
                if (counted(nd, task)) {
                    counted = true;
                    List<String> m = moved(nd, task);
                    if (!m.isEmpty()) s += " (" + String.join(", ", m) + ")";
                }
                parts.add(s);
            }
            if (parts.isEmpty()) continue;
            String line = name(r) + ": " + String.join("; ", parts) + ". The task runs the " + items + " work-items' simulations on one "
                    + "work-item, so on one processing element; the NDRange spreads them over the device's " + r.device.computeUnits()
                    + " reported compute units and, within a unit, over its lanes or threads.";
            if (r.eq8 != null) {
                int nCu = (int) r.eq8.constant("n_CU");
                line += " Eq. 8 on this device in the same run (the ngroup sweep above) finds " + nCu + " effective compute unit"
                        + (nCu == 1 ? "" : "s");
                line += nCu == 1 && r.device.computeUnits() > 1 ? ": the NDRange had no more cores to spread over than the task while this "
                        + "run measured, which bounds the gap here." : ".";
            }
            if (counted) {
                line += " Measured on the emulator: unitsUsed gives the SPEs that ran work; where the task also moves more DMA bytes, "
                        + "that is its buffered variant copying every block again for each work-item it loops over (a group of one "
                        + "shares no block).";
            } else {
                line += " Beyond that count the cause was not measured (this device reports no counters): the ratio against the "
                        + "compute units shows how much of the gap the units alone explain.";
            }
            out.add(line);
        }
        return out;
    }

    // ---- alignment -----------------------------------------------------------------------------

    static String alignTable(ReportData data, List<Result> ok) {
        return Markdown.block(md -> {
            List<String> head = new ArrayList<>(List.of("device", "variant", "offset 0 mpps"));
            for (int off : OFFSETS) if (off != 0) head.add("+" + 4 * off + " B");
            Markdown.Table t = md.table(head);
            for (Result r : ok) {
                List<Point> pts = points(data, ALIGN, r.device.selector());
                for (String v : variants(pts)) {
                    Point base = find(pts, v, "offset", "0");
                    List<String> cells = new ArrayList<>(List.of(name(r), v, cell(base)));
                    for (int off : OFFSETS) {
                        if (off == 0) continue;
                        Point p = find(pts, v, "offset", Integer.toString(off));
                        cells.add(p == null ? "-" : !p.ok() ? "failed" : base == null || !base.ok() ? cell(p)
                                : String.format(Locale.ROOT, "%.3f", p.mpps() / base.mpps()));
                    }
                    t.row(cells);
                }
            }
            t.end();
            md.details("measured points (offset), with the emulator's DMA counters", m -> {
                Markdown.Table d = m.table("device", "variant", "offset (elements)", "bytes off", "mpps", "dmaCommands", "dmaUnaligned", "dmaBytes",
                        "memory bound (cycles)", "modelled cycles");
                for (Result r : ok) {
                    for (Point p : points(data, ALIGN, r.device.selector())) {
                        int off = Integer.parseInt(p.params().getOrDefault("offset", "0"));
                        d.row(name(r), p.variant(), off, 4 * off, cell(p), counter(p, "dmaCommands"), counter(p, "dmaUnaligned"), counter(p, "dmaBytes"),
                                counter(p, "modelledCycles.memoryBound"), counter(p, "modelledCycles"));
                    }
                }
                d.end();
            });
        });
    }

    static List<String> alignObservations(ReportData data, List<Result> ok) {
        List<String> out = new ArrayList<>();
        for (Result r : ok) {
            List<Point> pts = points(data, ALIGN, r.device.selector());
            List<String> parts = new ArrayList<>();
            boolean anyDiffers = false, counted = false;
            for (String v : variants(pts)) {
                Point base = find(pts, v, "offset", "0");
                if (base == null || !base.ok()) continue;
                Point worst = null, best = null;
                for (Point p : pts) {
                    if (!p.variant().equals(v) || !p.ok() || p == base) continue;
                    if (worst == null || p.mpps() < worst.mpps()) worst = p;
                    if (best == null || p.mpps() > best.mpps()) best = p;
                }
                if (worst == null) continue;
                boolean d = differs(base, worst);
                anyDiffers |= d;
                String s = v + ": slowest offset +" + 4 * Integer.parseInt(worst.params().get("offset")) + " B at "
                        + pct(worst.mpps() / base.mpps()) + " of aligned" + (d ? "" : " (within the noise)");
                if (best.mpps() > base.mpps() && differs(base, best)) {
                    anyDiffers = true;
                    s += ", fastest +" + 4 * Integer.parseInt(best.params().get("offset")) + " B at " + pct(best.mpps() / base.mpps());
                }
                Point bounced = mostUnaligned(pts, v);
                if (counted(base, base) && bounced != null) {
                    counted = true;
                    long mem0 = base.counters().getOrDefault("modelledCycles.memoryBound", 0L);
                    long mem1 = bounced.counters().getOrDefault("modelledCycles.memoryBound", 0L);
                    s += "; at +" + 4 * Integer.parseInt(bounced.params().get("offset")) + " B " + bounced.counters().get("dmaUnaligned") + " of "
                            + bounced.counters().get("dmaCommands") + " DMA commands went through the bounce buffer, the memory bound rose "
                            + (mem0 > 0 ? ratio((double) mem1 / mem0) : "from 0") + " (" + mem0 + " → " + mem1 + " cycles, "
                            + pct(memoryShare(bounced)) + " of the modelled cycles)";
                } else if (counted(base, base)) {
                    counted = true;
                    s += "; no copy was unaligned (dmaUnaligned 0 at every offset)";
                }
                parts.add(s);
            }
            if (parts.isEmpty()) continue;
            String line = name(r) + ": " + String.join("; ", parts) + ".";
            if (counted) {
                line += " Measured on the emulator: a DMA command whose main-memory address or size is not a multiple of 16 bytes goes "
                        + "through a bounce buffer at the configured unaligned factor, so its bus time grows by that factor (the thesis "
                        + "measured 5× less bandwidth); VaR's mpps follows only as far as that time is on the critical path, which the "
                        + "memory bound's share of the modelled cycles bounds.";
            } else if (anyDiffers) {
                line += " Cause not found: this device reports no counters of its memory transactions; tried: the same kernel with the "
                        + "portfolio moved by 4 to 128 bytes, each over the same timed runs (a cause in the offset would repeat at the same "
                        + "offsets in both variants, and a slow or fast aligned run moves every ratio of its row alike; compare the rows).";
            } else {
                line += " The device absorbs the misalignment: no offset moved mpps beyond the noise.";
            }
            out.add(line);
        }
        return out;
    }

    /** The run of {@code variant} with the most unaligned DMA commands, or null where none had one. */
    private static Point mostUnaligned(List<Point> pts, String variant) {
        Point best = null;
        for (Point p : pts) {
            if (!p.variant().equals(variant) || !p.ok()) continue;
            long u = p.counters().getOrDefault("dmaUnaligned", 0L);
            if (u > 0 && (best == null || u > best.counters().get("dmaUnaligned"))) best = p;
        }
        return best;
    }

    private static String counter(Point p, String k) {
        Long v = p.counters().get(k);
        return v == null ? "-" : Long.toString(v);
    }

    private static String orNone(List<String> l) {
        return l.isEmpty() ? "none" : String.join(", ", l);
    }

    private static List<String> variants(List<Point> pts) {
        List<String> l = new ArrayList<>();
        for (Point p : pts) if (!l.contains(p.variant())) l.add(p.variant());
        return l;
    }
}
