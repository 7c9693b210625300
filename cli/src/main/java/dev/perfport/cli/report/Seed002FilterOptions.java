package dev.perfport.cli.report;

import dev.perfport.core.error.ConfigException;
import dev.perfport.workloads.Params;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The study's settings.
 *
 * @param widths    filter widths
 * @param heights   filter heights (every width with every height)
 * @param side      image side (output W = H)
 * @param budget    tuned points per filter size
 * @param space     the declared search space (the convolution's tuning knobs)
 * @param unroll    the last rung's unroll: auto (the workload's: on GPUs), 0 or 1
 * @param reps      timed repetitions per point (after the warm-up)
 * @param checkRows rows of each output checked against the reference
 * @param padSides  image sides of the padding sweep
 * @param ablate    square filter sizes of the ablations
 * @param streamN   stream triad elements (0: by device type)
 * @param deadline  seconds the part may take on one device (0: no limit): the search's budget and the adapt+unroll
 *                  builds give way to it
 */
record Seed002FilterOptions(List<Integer> widths, List<Integer> heights, int side, int budget, Map<String, List<Integer>> space, String unroll,
               int reps, int checkRows, List<Integer> padSides, List<Integer> ablate, long streamN, double deadline) {
    /** The parameters and their defaults: the small grid a CPU runs in seconds. */
    static final Map<String, String> DEFAULTS = defaults();

    private static Map<String, String> defaults() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("filterWidths", "3,7,11");
        m.put("filterHeights", "same");
        m.put("filterImage", "128");
        m.put("filterBudget", "3");
        m.put("filterSpace", "bw=16,32;bh=4,8;tx=1,2,4;ty=1");
        m.put("filterUnroll", "auto");
        m.put("filterReps", "1");
        m.put("filterCheckRows", "16");
        m.put("filterPadSides", "image,image+7");
        m.put("filterAblate", "squares");
        m.put("filterStreamN", "auto");
        m.put("filterDeadline", "0");
        return m;
    }

    static Seed002FilterOptions parse(Params d) {
        List<Integer> w = sizes(d.get("filterWidths"), "filterWidths");
        List<Integer> h = d.get("filterHeights").equals("same") ? w : sizes(d.get("filterHeights"), "filterHeights");
        int side = positive(d.get("filterImage"), "filterImage");
        int budget = positive(d.get("filterBudget"), "filterBudget");
        String unroll = d.get("filterUnroll");
        if (!List.of("auto", "0", "1").contains(unroll)) throw new ConfigException("report seed-002: filterUnroll is auto, 0 or 1, got '" + unroll + "'");
        List<Integer> pads = new ArrayList<>();
        for (String x : d.get("filterPadSides").split(",")) {
            String t = x.trim();
            int v = t.startsWith("image") ? side + (t.length() > 5 ? Integer.parseInt(t.substring(5).replace("+", "")) : 0) : Integer.parseInt(t);
            if (v < 1) throw new ConfigException("report seed-002: filterPadSides must be positive, got '" + t + "'");
            pads.add(v);
        }
        String ab = d.get("filterAblate");
        List<Integer> ablate = ab.equals("squares") ? w.stream().filter(h::contains).toList() : ab.equals("none") ? List.of() : sizes(ab, "filterAblate");
        String sn = d.get("filterStreamN");
        long streamN = sn.equals("auto") ? 0 : Params.parseLong("filterStreamN", sn);
        return new Seed002FilterOptions(w, h, side, budget, space(d.get("filterSpace")), unroll, positive(d.get("filterReps"), "filterReps"),
                positive(d.get("filterCheckRows"), "filterCheckRows"), pads, ablate, streamN, deadline(d.get("filterDeadline")));
    }

    /** The filter sizes, widths first (the thesis's figures' order: width across, height down). */
    List<int[]> filters() {
        List<int[]> l = new ArrayList<>();
        for (int fh : heights) for (int fw : widths) l.add(new int[]{fw, fh});
        return l;
    }

    /** The grid in words, as the page says which one it ran. */
    String gridText() {
        return sizesText(widths) + " (widths) × " + sizesText(heights) + " (heights), " + widths.size() * heights.size() + " filter sizes";
    }

    boolean thesisGrid() {
        return widths.equals(Seed002Filters.THESIS_SIZES) && heights.equals(Seed002Filters.THESIS_SIZES);
    }



    /** "3..43:2", "thesis" or a comma list. */
    static List<Integer> sizes(String s, String key) {
        if (s.trim().equals("thesis")) return Seed002Filters.THESIS_SIZES;
        List<Integer> l = new ArrayList<>();
        for (String x : s.split(",")) {
            String t = x.trim();
            int dots = t.indexOf("..");
            if (dots > 0) {
                String[] hi = t.substring(dots + 2).split(":");
                int step = hi.length > 1 ? Integer.parseInt(hi[1]) : 1;
                if (step < 1) throw new ConfigException("report seed-002: " + key + " step must be >= 1, got " + step);
                l.addAll(range(Integer.parseInt(t.substring(0, dots)), Integer.parseInt(hi[0]), step));
            } else {
                l.add(Integer.parseInt(t));
            }
        }
        for (int v : l) {
            if (v < 1 || v > 128) throw new ConfigException("report seed-002: " + key + " are filter sizes 1..128, got " + v);
        }
        if (l.isEmpty() || l.stream().distinct().count() != l.size()) {
            throw new ConfigException("report seed-002: " + key + " must list distinct sizes, got '" + s + "'");
        }
        return List.copyOf(l);
    }

    static List<Integer> range(int lo, int hi, int step) {
        List<Integer> l = new ArrayList<>();
        for (int v = lo; v <= hi; v += step) l.add(v);
        return List.copyOf(l);
    }

    static String sizesText(List<Integer> l) {
        if (l.size() > 3) {
            int step = l.get(1) - l.get(0);
            boolean even = step > 0;
            for (int i = 2; i < l.size() && even; i++) even = l.get(i) - l.get(i - 1) == step;
            if (even) return l.getFirst() + ".." + l.getLast() + (step == 1 ? "" : " step " + step);
        }
        return String.join(",", l.stream().map(String::valueOf).toList());
    }

    private static double deadline(String s) {
        double v = Double.parseDouble(s.trim());
        if (!(v >= 0)) throw new ConfigException("report seed-002: filterDeadline is seconds >= 0 (0: none), got " + s);
        return v;
    }

    private static int positive(String s, String key) {
        int v = Integer.parseInt(s.trim());
        if (v < 1) throw new ConfigException("report seed-002: " + key + " must be >= 1, got " + v);
        return v;
    }

    /** "bw=16,32;bh=4,8;..." over the convolution's tuning knobs. */
    static Map<String, List<Integer>> space(String s) {
        Map<String, List<Integer>> m = new LinkedHashMap<>();
        for (String part : s.split(";")) {
            String[] kv = part.split("=", 2);
            String k = kv[0].trim();
            if (kv.length != 2 || !List.of("bw", "bh", "tx", "ty").contains(k)) {
                throw new ConfigException("report seed-002: filterSpace items are bw=..;bh=..;tx=..;ty=.. , got '" + part.trim() + "'");
            }
            List<Integer> l = new ArrayList<>();
            for (String v : kv[1].split(",")) l.add(positive(v, "filterSpace " + k));
            m.put(k, List.copyOf(l));
        }
        for (String k : List.of("bw", "bh", "tx", "ty")) m.putIfAbsent(k, List.of(1));
        return m;
    }

    /** 0..n-1 in an order whose every prefix spreads over the range (a stride coprime with n). */
    static List<Integer> spread(int n) {
        List<Integer> l = new ArrayList<>();
        if (n == 0) return l;
        int stride = Math.max(1, (int) Math.round(n * 0.618));
        while (gcd(stride, n) != 1) stride++;
        for (int i = 0, k = 0; i < n; i++, k = (k + stride) % n) l.add(k);
        return l;
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    /** {@code s} as an int, or {@code d} where it is none. */
    static int parseOr(String s, int d) {
        try {
            return s == null ? d : Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return d;
        }
    }
}
