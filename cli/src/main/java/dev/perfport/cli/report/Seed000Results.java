package dev.perfport.cli.report;

import dev.perfport.cli.report.Seed000Report.DeviceRow;
import dev.perfport.cli.report.Seed000Report.Options;
import dev.perfport.cli.report.Seed000Report.Point;
import dev.perfport.cli.report.Seed000Report.PointRow;
import dev.perfport.cli.report.Seed000Report.TuneRow;
import dev.perfport.core.tune.model.Fit;
import dev.perfport.core.tune.model.Models;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Report seed-000's saved data read back per device, with the model fits computed from it (what the plots and the Markdown show). */
final class Seed000Results {
    private Seed000Results() {
    }

    /** What one device gave, rebuilt from the saved data. */
    static final class Result {
        final DeviceRow device;
        Map<String, Point> variants = new LinkedHashMap<>();
        List<Point> posbs = new ArrayList<>();
        Fit eq3;
        int posbsChoice;
        List<Point> vwidth = new ArrayList<>();
        Fit eq5;
        Map<Integer, List<Point>> wg = new TreeMap<>();
        List<Point> knee = new ArrayList<>();
        Fit eq8;
        Fit eq8Rounds;
        TuneRow tuned;
        boolean tuneSaved;

        Result(DeviceRow d) {
            this.device = d;
        }

        String error() {
            return device.error();
        }
    }

    /** Each device's sweeps as saved, with the fits computed from them. */
    static List<Result> results(ReportData data, Options o) {
        List<Result> out = new ArrayList<>();
        for (String sel : data.devices()) {
            List<DeviceRow> dev = data.rows("device", sel, DeviceRow.class);
            if (dev == null || dev.isEmpty()) continue;
            DeviceRow d = dev.getLast();
            // the name under which the data holds it: selector@N when runs of several machines were assembled
            Result r = new Result(new DeviceRow(sel, d.name(), d.type(), d.computeUnits(), d.localMemory(), d.driverVersion(), d.deviceVersion(),
                    d.timeBasis(), d.error()));
            List<Point> variants = points(data, "variants", sel);
            for (Point p : variants) r.variants.put(p.variant(), p);
            r.posbs = points(data, "posbs", sel);
            List<Point> okP = r.posbs.stream().filter(Point::ok).toList();
            if (okP.size() >= 2) {
                r.eq3 = Models.latency(okP.stream().mapToDouble(p -> o.npos() / p.x()).toArray(), okP.stream().mapToDouble(Point::seconds).toArray());
            }
            r.posbsChoice = Seed000Report.posbsChoice(r.posbs);
            r.vwidth = points(data, "vwidth", sel);
            List<Point> okV = r.vwidth.stream().filter(Point::ok).toList();
            if (okV.size() >= 2) {
                r.eq5 = Models.vectorisation(okV.stream().mapToDouble(Point::x).toArray(), okV.stream().mapToDouble(Point::seconds).toArray(),
                        new int[]{1, 2, 4, 8, 16});
            }
            List<Point> grid = points(data, "wgsize-ngroup", sel);
            if (data.rows("wgsize-ngroup", sel, PointRow.class) != null) {
                for (int ng : o.ngroups()) {
                    r.wg.put(ng, grid.stream().filter(p -> Integer.toString(ng).equals(p.params().get("ngroup"))).toList());
                }
            }
            r.knee = points(data, "ngroup", sel);
            List<Point> okK = r.knee.stream().filter(Point::ok).toList();
            if (okK.size() >= 2) {
                double[] kx = okK.stream().mapToDouble(Point::x).toArray(), kt = okK.stream().mapToDouble(Point::seconds).toArray();
                r.eq8 = Models.computeUnits(kx, kt);
                r.eq8Rounds = Models.computeUnitRounds(kx, kt);
            }
            List<TuneRow> t = data.rows("tune", sel, TuneRow.class);
            r.tuneSaved = t != null && !t.isEmpty();
            r.tuned = r.tuneSaved ? t.getFirst() : null;
            out.add(r);
        }
        return out;
    }

    private static List<Point> points(ReportData data, String sweep, String device) {
        List<PointRow> l = data.rows(sweep, device, PointRow.class);
        return l == null ? new ArrayList<>() : new ArrayList<>(l.stream().map(PointRow::point).toList());
    }

    /** A device as the tables and legends name it: selector and (shortened) name. */
    static String name(Result r) {
        return r.device.selector() + " " + shortName(r.device.name());
    }

    private static String shortName(String n) {
        return n.length() > 28 ? n.substring(0, 27) + "…" : n;
    }
}
