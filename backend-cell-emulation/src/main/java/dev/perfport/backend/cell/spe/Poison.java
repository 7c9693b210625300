package dev.perfport.backend.cell.spe;

import java.util.Arrays;

/**
 * The patterns that fill local-store memory before use when {@code perfport.cell-emulation.poison}
 * is on, so that a kernel reading memory it has not written sees an unmistakable value instead of
 * a plausible leftover. Floating-point patterns are quiet NaNs, so arithmetic on them stays NaN.
 */
public final class Poison {
    public static final int INT = 0xDEADBEEF;
    public static final long LONG = 0xDEADBEEF_DEADBEEFL;
    /** Raw bits of {@link #FLOAT}: a quiet NaN with a recognisable payload. */
    public static final int FLOAT_BITS = 0x7FDEADBE;
    public static final float FLOAT = Float.intBitsToFloat(FLOAT_BITS);
    /** Raw bits of {@link #DOUBLE}: a quiet NaN with a recognisable payload. */
    public static final long DOUBLE_BITS = 0x7FFDEADB_EEFDEADBL;
    public static final double DOUBLE = Double.longBitsToDouble(DOUBLE_BITS);

    private Poison() {
    }

    /** Fills an int[], long[], float[] or double[] with its pattern. */
    static void fill(Object array) {
        switch (array) {
            case int[] a -> Arrays.fill(a, INT);
            case long[] a -> Arrays.fill(a, LONG);
            case float[] a -> Arrays.fill(a, FLOAT);
            case double[] a -> Arrays.fill(a, DOUBLE);
            default -> throw new IllegalArgumentException("not a primitive array: " + array);
        }
    }
}
