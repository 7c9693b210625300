package dev.perfport.workloads.var;

import dev.perfport.core.kernel.Sources;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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
            throw InputMember.problem("cannot read VaR input file " + p + ": " + e.getClass().getSimpleName() + " " + e.getMessage());
        }
        return parse(text, p.toString());
    }

    // the members of the class comment's format, each declared once
    private static final InputMember<Integer> TODAY = InputMember.integer("today");
    private static final InputMember<double[]> MARKET = InputMember.numbers("market", FACTORS);
    private static final InputMember<double[]> MEAN_CHANGE = InputMember.numbers("meanChange", FACTORS);
    private static final InputMember<double[][]> COVARIANCE = InputMember.matrix("covariance", 3);
    private static final InputMember<String> PATTERN = InputMember.choice("pattern", "alternating", "stock", "bond");
    private static final InputMember<int[]> STOCK_AMOUNT = InputMember.range("stockAmount");
    private static final InputMember<int[]> BOND_AMOUNT = InputMember.range("bondAmount");
    private static final InputMember<int[]> MATURITY_DAYS = InputMember.range("maturityDays");
    private static final InputMember<InputMember.Obj> GENERATE = InputMember.object("generate", PATTERN, STOCK_AMOUNT, BOND_AMOUNT, MATURITY_DAYS);
    private static final InputMember<List<?>> POSITIONS = InputMember.array("positions");
    private static final InputMember<InputMember.Obj> PORTFOLIO = InputMember.object("portfolio", GENERATE, POSITIONS);
    private static final InputMember<String> TYPE = InputMember.choice("type", "STOCK", "FBOND");
    private static final InputMember<Double> AMOUNT = InputMember.number("amount");
    private static final InputMember<Integer> DAY_OF_MATURITY = InputMember.integer("dayOfMaturity");
    private static final InputMember<?>[] ROOT = {TODAY, MARKET, MEAN_CHANGE, COVARIANCE, PORTFOLIO, InputMember.ignored("description")};

    /** Parses the JSON text of the class comment; {@code source} names it in errors. */
    public static VarInput parse(String text, String source) {
        String where = "VaR input " + source;
        Object root;
        try {
            root = JSON.readValue(text, Object.class);
        } catch (JacksonException e) {
            throw InputMember.problem(where + " is not valid JSON: " + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")"));
        }
        InputMember.Obj m = InputMember.Obj.of(root, where, ROOT);
        int today = TODAY.in(m);
        double[] market = MARKET.in(m), mean = MEAN_CHANGE.in(m);
        double[][] cov = COVARIANCE.in(m);
        try {
            Cholesky.factor(cov);
        } catch (IllegalArgumentException e) {
            throw InputMember.problem(where + ": " + e.getMessage());
        }
        InputMember.Obj pf = PORTFOLIO.in(m);
        if (GENERATE.givenIn(pf) == POSITIONS.givenIn(pf)) {
            throw InputMember.problem(pf.path() + " needs exactly one of 'generate' and 'positions'");
        }
        if (GENERATE.givenIn(pf)) {
            InputMember.Obj g = GENERATE.in(pf);
            int[] sa = STOCK_AMOUNT.in(g), ba = BOND_AMOUNT.in(g), md = MATURITY_DAYS.in(g);
            return new VarInput(source, today, market, mean, cov, new Generated(PATTERN.in(g), sa[0], sa[1], ba[0], ba[1], md[0], md[1]), null);
        }
        List<?> ps = POSITIONS.in(pf);
        if (ps.isEmpty() || ps.size() > MAX_NPOS) {
            throw InputMember.problem(pf.pathOf("positions") + " must list 1 to " + MAX_NPOS + " positions, got " + ps.size());
        }
        int n = ps.size();
        int[] type = new int[n], day = new int[n];
        float[] amount = new float[n];
        for (int i = 0; i < n; i++) {
            InputMember.Obj p = InputMember.Obj.of(ps.get(i), pf.pathOf("positions") + "[" + i + "]", TYPE, AMOUNT, DAY_OF_MATURITY);
            type[i] = TYPE.in(p).equals("STOCK") ? VarKernels.STOCK : VarKernels.FBOND;
            amount[i] = (float) (double) AMOUNT.in(p);
            day[i] = DAY_OF_MATURITY.givenIn(p) ? DAY_OF_MATURITY.in(p) : 0;
        }
        return new VarInput(source, today, market, mean, cov, null, new Portfolio(type, amount, day));
    }

    /** The portfolio of {@code npos} positions (0: the default count, 2^17 or every listed position). */
    public Portfolio portfolio(int npos) {
        // the spec's npos knob holds its limits; 0 is the default count
        if (npos < 0 || npos > MAX_NPOS) throw new IllegalArgumentException("npos must be in [0, " + MAX_NPOS + "], got " + npos);
        if (listed != null) {
            if (npos == 0) return listed;
            if (npos > listed.size()) {
                throw InputMember.problem("npos=" + npos + " exceeds the " + listed.size() + " positions listed in VaR input " + source);
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
}
