package dev.perfport.workloads.var;

import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.Sources;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The market and the portfolio of a VaR run, read from a JSON file ({@code --param input=path}) or
 * the built-in default ({@code input=builtin}, the resource {@code default-input.json}).
 *
 * <p>Format (every member required unless marked optional):
 * <pre>{@code
 * {
 *   "today": 0,                                     // day number of today (integer)
 *   "market":     {"stockIndex": 1000.0, "foreignRate": 0.05, "exchangeRate": 1.2},
 *   "meanChange": {"stockIndex": 2.0,    "foreignRate": 0.0,  "exchangeRate": 0.0},
 *   "covariance": [[1600.0, -0.016, 0.36],          // of the changes over the horizon, in the
 *                  [-0.016, 4.0e-6, 6.0e-6],         // order stockIndex, foreignRate, exchangeRate;
 *                  [0.36,   6.0e-6, 9.0e-4]],        // symmetric, positive semi-definite
 *   "portfolio": {
 *     "generate": {                                 // either generated ...
 *       "pattern": "alternating",                   //   alternating (even FBOND, odd STOCK), stock or bond
 *       "stockAmount":  [1, 10],                    //   integer ranges [min, max]
 *       "bondAmount":   [1000, 10000],
 *       "maturityDays": [30, 3650]                  //   days after today
 *     }
 *     // ... or listed: "positions": [{"type": "STOCK", "amount": 5, "dayOfMaturity": 0}, ...]
 *   }
 * }
 * }</pre>
 * A generated position i gets, with h = (i·2654435761) mod 2^32, the amount
 * {@code min + h mod (max − min + 1)} of its type's range and the maturity
 * {@code today + min + (h >>> 16) mod (max − min + 1)} (bonds; stocks get 0). Generated portfolios
 * have {@code npos} positions (default 2^17); listed ones their own count, or the first npos.
 *
 * @param source      "builtin" or the file's path
 * @param today       today's day number
 * @param market      today's stock index, foreign interest rate, exchange rate
 * @param meanChange  mean change of each over the horizon
 * @param covariance  3×3 covariance of the changes
 * @param generated   the generation rule, or null for a listed portfolio
 * @param listed      the listed portfolio, or null
 */
public record VarInput(String source, int today, double[] market, double[] meanChange, double[][] covariance,
                       Generated generated, Portfolio listed) {

    /** Number of positions of a generated portfolio when npos is not given (the thesis: 2^17). */
    public static final int DEFAULT_NPOS = 1 << 17;
    /** Upper limit on positions (int indices, float sums). */
    public static final int MAX_NPOS = 1 << 24;
    static final List<String> FACTORS = List.of("stockIndex", "foreignRate", "exchangeRate");

    /** A generation rule; ranges are inclusive. */
    public record Generated(String pattern, int stockMin, int stockMax, int bondMin, int bondMax, int maturityMin, int maturityMax) {
    }

    /**
     * A portfolio as structure of arrays.
     *
     * @param type          {@link VarKernels#FBOND} or {@link VarKernels#STOCK}
     * @param amount        units of the index (STOCK) or face value in foreign currency (FBOND)
     * @param dayOfMaturity day number of a bond's maturity (0 for stocks)
     */
    public record Portfolio(int[] type, float[] amount, int[] dayOfMaturity) {
        public int size() {
            return type.length;
        }
    }

    private static VarInput builtin;

    /**
     * Reads JSON into maps, lists, strings, Longs (integers) and Doubles, which the checks below
     * take apart member by member so that every error names the member. A member given twice is an
     * error, not a silent overwrite.
     */
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_LONG_FOR_INTS)
            .build();

    /** The built-in default input. */
    public static synchronized VarInput builtin() {
        if (builtin == null) builtin = parse(Sources.load(VarInput.class, "default-input.json"), "builtin");
        return builtin;
    }

    /** "builtin" or a path to a JSON file; errors are ConfigExceptions naming the file and the problem. */
    public static VarInput load(String spec) {
        if (spec.equals("builtin")) return builtin();
        Path p = Path.of(spec);
        String text;
        try {
            text = Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException("cannot read VaR input file " + p + ": " + e.getClass().getSimpleName() + " " + e.getMessage());
        }
        return parse(text, p.toString());
    }

    /** Parses the JSON text of the class comment; {@code source} names it in errors. */
    public static VarInput parse(String text, String source) {
        String where = "VaR input " + source;
        Object root;
        try {
            root = JSON.readValue(text, Object.class);
        } catch (JacksonException e) {
            throw new ConfigException(where + " is not valid JSON: " + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")"));
        }
        Map<?, ?> m = object(root, where);
        known(m, Set.of("today", "market", "meanChange", "covariance", "portfolio", "description"), where);
        int today = integer(m.get("today"), where + ": today");
        double[] market = factors(m.get("market"), where + ": market");
        double[] mean = factors(m.get("meanChange"), where + ": meanChange");
        double[][] cov = matrix(m.get("covariance"), where + ": covariance");
        try {
            Cholesky.factor(cov);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(where + ": " + e.getMessage());
        }
        Map<?, ?> pf = object(m.get("portfolio"), where + ": portfolio");
        known(pf, Set.of("generate", "positions"), where + ": portfolio");
        if (pf.containsKey("generate") == pf.containsKey("positions")) {
            throw new ConfigException(where + ": portfolio needs exactly one of 'generate' and 'positions'");
        }
        if (pf.containsKey("generate")) {
            String w = where + ": portfolio.generate";
            Map<?, ?> g = object(pf.get("generate"), w);
            known(g, Set.of("pattern", "stockAmount", "bondAmount", "maturityDays"), w);
            String pattern = g.get("pattern") instanceof String s ? s : null;
            if (pattern == null || !List.of("alternating", "stock", "bond").contains(pattern)) {
                throw new ConfigException(w + ": pattern must be \"alternating\", \"stock\" or \"bond\", got " + g.get("pattern"));
            }
            int[] sa = range(g.get("stockAmount"), w + ".stockAmount", 0);
            int[] ba = range(g.get("bondAmount"), w + ".bondAmount", 0);
            int[] md = range(g.get("maturityDays"), w + ".maturityDays", 0);
            return new VarInput(source, today, market, mean, cov, new Generated(pattern, sa[0], sa[1], ba[0], ba[1], md[0], md[1]), null);
        }
        List<?> ps = g(pf.get("positions"), where + ": portfolio.positions");
        if (ps.isEmpty() || ps.size() > MAX_NPOS) {
            throw new ConfigException(where + ": portfolio.positions must list 1 to " + MAX_NPOS + " positions, got " + ps.size());
        }
        int n = ps.size();
        int[] type = new int[n], day = new int[n];
        float[] amount = new float[n];
        for (int i = 0; i < n; i++) {
            String w = where + ": portfolio.positions[" + i + "]";
            Map<?, ?> p = object(ps.get(i), w);
            known(p, Set.of("type", "amount", "dayOfMaturity"), w);
            Object t = p.get("type");
            if ("STOCK".equals(t)) type[i] = VarKernels.STOCK;
            else if ("FBOND".equals(t)) type[i] = VarKernels.FBOND;
            else throw new ConfigException(w + ": type must be \"STOCK\" or \"FBOND\", got " + t);
            amount[i] = (float) number(p.get("amount"), w + ".amount");
            day[i] = p.containsKey("dayOfMaturity") ? integer(p.get("dayOfMaturity"), w + ".dayOfMaturity") : 0;
        }
        return new VarInput(source, today, market, mean, cov, null, new Portfolio(type, amount, day));
    }

    /** The portfolio of {@code npos} positions (0: the default count, 2^17 or every listed position). */
    public Portfolio portfolio(int npos) {
        if (npos < 0 || npos > MAX_NPOS) throw new ConfigException("npos must be in [1, " + MAX_NPOS + "], got " + npos);
        if (listed != null) {
            if (npos == 0) return listed;
            if (npos > listed.size()) {
                throw new ConfigException("npos=" + npos + " exceeds the " + listed.size() + " positions listed in VaR input " + source);
            }
            return new Portfolio(java.util.Arrays.copyOf(listed.type(), npos), java.util.Arrays.copyOf(listed.amount(), npos),
                    java.util.Arrays.copyOf(listed.dayOfMaturity(), npos));
        }
        int n = npos == 0 ? DEFAULT_NPOS : npos;
        int[] type = new int[n], day = new int[n];
        float[] amount = new float[n];
        Generated g = generated;
        for (int i = 0; i < n; i++) {
            long h = (i * 2654435761L) & 0xFFFFFFFFL;
            boolean stock = switch (g.pattern()) {
                case "stock" -> true;
                case "bond" -> false;
                default -> (i & 1) == 1;
            };
            if (stock) {
                type[i] = VarKernels.STOCK;
                amount[i] = g.stockMin() + (int) (h % (g.stockMax() - g.stockMin() + 1L));
            } else {
                type[i] = VarKernels.FBOND;
                amount[i] = g.bondMin() + (int) (h % (g.bondMax() - g.bondMin() + 1L));
                day[i] = today + g.maturityMin() + (int) ((h >>> 16) % (g.maturityMax() - g.maturityMin() + 1L));
            }
        }
        return new Portfolio(type, amount, day);
    }

    /** The lower Cholesky factor of the covariance. */
    public double[][] cholesky() {
        return Cholesky.factor(covariance);
    }

    /** The device's market array: S0 r0 X0, mean changes, L00 L10 L11 L20 L21 L22, as floats. */
    public float[] marketArray() {
        double[][] l = cholesky();
        return new float[]{(float) market[0], (float) market[1], (float) market[2],
                (float) meanChange[0], (float) meanChange[1], (float) meanChange[2],
                (float) l[0][0], (float) l[1][0], (float) l[1][1], (float) l[2][0], (float) l[2][1], (float) l[2][2]};
    }

    // ---- reading helpers: every error names the member and what was expected -----------------

    private static Map<?, ?> object(Object o, String what) {
        if (o instanceof Map<?, ?> m) return m;
        throw new ConfigException(what + " must be a JSON object, got " + describe(o));
    }

    private static List<?> g(Object o, String what) {
        if (o instanceof List<?> l) return l;
        throw new ConfigException(what + " must be a JSON array, got " + describe(o));
    }

    private static void known(Map<?, ?> m, Set<String> names, String what) {
        for (Object k : m.keySet()) {
            if (!names.contains(k)) throw new ConfigException(what + ": unknown member '" + k + "'; members: " + names.stream().sorted().toList());
        }
    }

    private static double number(Object o, String what) {
        if (o instanceof Number n && Double.isFinite(n.doubleValue())) return n.doubleValue();
        throw new ConfigException(what + " must be a number, got " + describe(o));
    }

    private static int integer(Object o, String what) {
        if (o instanceof Long l && l >= Integer.MIN_VALUE / 2 && l <= Integer.MAX_VALUE / 2) return (int) (long) l;
        throw new ConfigException(what + " must be an integer within ±" + Integer.MAX_VALUE / 2 + ", got " + describe(o));
    }

    private static double[] factors(Object o, String what) {
        Map<?, ?> m = object(o, what);
        known(m, Set.copyOf(FACTORS), what);
        double[] v = new double[3];
        for (int i = 0; i < 3; i++) v[i] = number(m.get(FACTORS.get(i)), what + "." + FACTORS.get(i));
        return v;
    }

    private static double[][] matrix(Object o, String what) {
        List<?> rows = g(o, what);
        if (rows.size() != 3) throw new ConfigException(what + " must have 3 rows, got " + rows.size());
        double[][] m = new double[3][3];
        for (int i = 0; i < 3; i++) {
            List<?> r = g(rows.get(i), what + "[" + i + "]");
            if (r.size() != 3) throw new ConfigException(what + "[" + i + "] must have 3 entries, got " + r.size());
            for (int j = 0; j < 3; j++) m[i][j] = number(r.get(j), what + "[" + i + "][" + j + "]");
        }
        return m;
    }

    private static int[] range(Object o, String what, int min) {
        List<?> l = g(o, what);
        if (l.size() != 2) throw new ConfigException(what + " must be [min, max], got " + l.size() + " entries");
        int a = integer(l.get(0), what + "[0]"), b = integer(l.get(1), what + "[1]");
        if (a < min || b < a) throw new ConfigException(what + " must satisfy " + min + " <= min <= max, got [" + a + ", " + b + "]");
        return new int[]{a, b};
    }

    private static String describe(Object o) {
        if (o == null) return "nothing (missing or null)";
        if (o instanceof String s) return "the string \"" + s + "\"";
        return o.getClass().getSimpleName().toLowerCase(Locale.ROOT) + " " + o;
    }
}
