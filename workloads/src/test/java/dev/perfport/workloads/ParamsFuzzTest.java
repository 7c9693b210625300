package dev.perfport.workloads;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.perfport.core.error.ConfigException;
import org.junit.jupiter.api.Tag;

import java.math.BigInteger;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The parameter parser on any text: {@code name=value} items, sizes written {@code 1048576},
 * {@code 1_000}, {@code 2^20}, {@code 1M} ({@link Params#parseLong}), and the int range check of
 * {@link Params#getInt}. A value is the one a plain big-integer reading of the same grammar gives,
 * or one {@link ConfigException} line naming the parameter; anything else (a wrong value, another
 * exception, a hang) is a defect. Inputs that found one are in {@code ParamsFuzzTestInputs/}.
 */
@Tag("fuzz-params")
class ParamsFuzzTest {
    private static final Pattern POWER = Pattern.compile("([+-]?[0-9]+)[ \\t]*\\^[ \\t]*([+-]?[0-9]+)");
    private static final Pattern SCALED = Pattern.compile("([+-]?[0-9]+)([kKmMgG]?)");
    private static final BigInteger MIN = BigInteger.valueOf(Long.MIN_VALUE), MAX = BigInteger.valueOf(Long.MAX_VALUE);

    @DictionaryEntries({"=", "^", "2^", "K", "M", "G", "_", "n=", "2^63", "-1^", "1^"})
    @FuzzTest(maxDuration = "5s")
    void sizesParseToTheirValueOrOneLineNamingTheParameter(FuzzedDataProvider in) {
        String item = in.consumeString(64);
        String text = in.consumeRemainingAsString();
        try {
            Params p = Params.parse(List.of(item));
            assertTrue(item.indexOf('=') > 0, "parsed an item without a name: '" + item + "'");
            p.asMap().keySet().forEach(k -> p.get(k));
        } catch (ConfigException e) {
            assertTrue(item.indexOf('=') <= 0 && e.getMessage().contains("name=value") && e.getMessage().lines().count() == 1, e.getMessage());
        }

        BigInteger expected = reference(text);
        long got;
        try {
            got = Params.parseLong("n", text);
        } catch (ConfigException e) {
            assertTrue(e.getMessage().startsWith("parameter n ") && e.getMessage().lines().count() == 1, e.getMessage());
            if (expected != null && expected.compareTo(MIN) >= 0 && expected.compareTo(MAX) <= 0) {
                fail("'" + text + "' is " + expected + " but was refused: " + e.getMessage());
            }
            return;
        }
        if (expected == null) fail("'" + text + "' is no size but parsed as " + got);
        assertEquals(expected, BigInteger.valueOf(got), "'" + text + "'");
        try {
            int i = Params.of("n", text).getInt("n");
            assertEquals(got, i);
        } catch (ConfigException e) {
            assertTrue(got > Integer.MAX_VALUE || got < Integer.MIN_VALUE, e.getMessage());
            assertTrue(e.getMessage().contains("does not fit an int"), e.getMessage());
        }
    }

    /** The value of {@code text} in the documented grammar, or null when it is none (then it must be refused). */
    private static BigInteger reference(String text) {
        String s = text.replace("_", "").trim();
        Matcher pow = POWER.matcher(s);
        if (pow.matches()) {
            BigInteger base = new BigInteger(pow.group(1));
            BigInteger exp = new BigInteger(pow.group(2));
            // no fractions (2^-1); base and exponent are longs
            if (exp.signum() < 0 || exp.bitLength() > 63 || base.bitLength() > 63) return null;
            if (base.abs().compareTo(BigInteger.ONE) <= 0) {
                return base.signum() == 0 ? (exp.signum() == 0 ? BigInteger.ONE : BigInteger.ZERO)
                        : base.signum() > 0 || !exp.testBit(0) ? BigInteger.ONE : BigInteger.ONE.negate();
            }
            return exp.compareTo(BigInteger.valueOf(64)) > 0 ? MAX.add(BigInteger.ONE) : base.pow(exp.intValue());
        }
        Matcher m = SCALED.matcher(s);
        if (!m.matches()) return null;
        int shift = switch (m.group(2).toUpperCase()) {
            case "K" -> 10;
            case "M" -> 20;
            case "G" -> 30;
            default -> 0;
        };
        BigInteger v = new BigInteger(m.group(1));
        return v.bitLength() > 63 ? null : v.shiftLeft(shift);   // the number is a long before it is scaled
    }
}
