package dev.perfport.workloads.fft;

import dev.perfport.core.error.ConfigException;
import dev.perfport.core.kernel.Constants;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The FFT's knobs (seed 004 §2.3, Table 3) as the kernels' compile-time constants.
 *
 * @param radix    Stockham pass radix 2, 4 or 8 (a last pass of 2 or 4 where N is not a power of it)
 * @param soa      true: all real parts then all imaginary parts (SoA); false: interleaved (AoS, SHOC's layout)
 * @param local    fused path: passes exchange through local memory (scratchpad); false: through global memory
 * @param table    twiddles from a table of N values computed on the host; false: sin/cos in the kernel
 * @param share    fused path: a work-item takes the butterflies that share twiddles one after another
 *                 and makes their twiddles once (the paper's shared sin/cos, +68 % on Ivy Bridge)
 */
public record FftConfig(int radix, boolean soa, boolean local, boolean table, boolean share) {
    public static final List<Integer> RADICES = List.of(2, 4, 8);

    public FftConfig {
        if (!RADICES.contains(radix)) throw new ConfigException("radix must be 2, 4 or 8, got " + radix);
    }

    /** The portable default: SHOC's kernel (radix 8, AoS, local exchange, sin/cos, no sharing). */
    public static final FftConfig PORTABLE = new FftConfig(8, false, true, false, false);

    /** The math parameter's constant (0 precise, 1 fused multiply-adds, 2 also native sin/cos): OpenCL C only. */
    public static final String MATH = "FFT_MATH";
    /** The math parameter's values, in the order of their constant. */
    public static final List<String> MATHS = List.of("precise", "fma", "relaxed");

    /**
     * Refuses math other than precise on a Java route: Java rounds every product and has no native
     * sin/cos, so the row would claim math that did not run.
     */
    public static void requirePreciseMath(Constants c, String route) {
        int m = c.has(MATH) ? c.getInt(MATH) : 0;
        if (m != 0) {
            throw new dev.perfport.core.error.UnsupportedFeatureException("fft math=" + MATHS.get(m) + " is OpenCL C only (FP_CONTRACT, native_sin/native_cos); "
                    + route + " rounds as Java does: use math=precise");
        }
    }

    /** The kernels' -D constants. */
    public Constants constants() {
        return Constants.of(FftSpec.RADIX.macroName(), radix, FftSpec.LAYOUT.macroName(), soa ? 1 : 0, FftSpec.EXCHANGE.macroName(),
                local ? 1 : 0, FftSpec.TWIDDLE.macroName(), table ? 1 : 0, FftSpec.SHARE.macroName(), share ? 1 : 0, MATH, 0);
    }

    /** The knobs as the rows show them. */
    public Map<String, String> shown() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("radix", Integer.toString(radix));
        m.put("layout", soa ? "soa" : "aos");
        m.put("exchange", local ? "local" : "global");
        m.put("twiddle", table ? "table" : "computed");
        m.put("share", share ? "on" : "off");
        return m;
    }

    /** The knobs as the tuner's integers. */
    public Map<String, Integer> values() {
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put("radix", radix);
        m.put("layout", soa ? 1 : 0);
        m.put("exchange", local ? 1 : 0);
        m.put("twiddle", table ? 1 : 0);
        m.put("share", share ? 1 : 0);
        return m;
    }

    /** The knobs from the tuner's integers. */
    public static FftConfig of(Map<String, Integer> v) {
        return new FftConfig(v.get(FftSpec.RADIX.name()), v.get(FftSpec.LAYOUT.name()) == 1, v.get(FftSpec.EXCHANGE.name()) == 1,
                v.get(FftSpec.TWIDDLE.name()) == 1, v.get(FftSpec.SHARE.name()) == 1);
    }

    /** Radices of the passes for an N-point transform: this radix while it divides what is left, then 2 or 4. */
    public static List<Integer> passes(int n, int radix) {
        List<Integer> l = new ArrayList<>();
        int rest = n;
        while (rest >= radix) {
            rest /= radix;
            l.add(radix);
        }
        if (rest > 1) l.add(rest);
        return l;
    }
}
