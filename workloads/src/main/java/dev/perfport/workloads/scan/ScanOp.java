package dev.perfport.workloads.scan;


import java.util.Locale;

/**
 * The associative operators the scan study can use, with their identities per element type. The
 * OpenCL kernels receive the choice as the constant {@code OP_MAX} (0 or 1); the Java kernels
 * combine with {@link #combine(int, int)} / {@link #combine(float, float)}.
 */
public enum ScanOp {
    /** Addition; identity 0. int32 wraps on overflow (the inputs are kept small enough that it never does). */
    ADD,
    /** Maximum; identity {@link Integer#MIN_VALUE} for int32 and −∞ for float32. */
    MAX;

    /** The value of the {@code OP_MAX} kernel constant. */
    public int constant() {
        return this == MAX ? 1 : 0;
    }

    public int identityInt() {
        return this == MAX ? Integer.MIN_VALUE : 0;
    }

    public float identityFloat() {
        return this == MAX ? Float.NEGATIVE_INFINITY : 0f;
    }

    public int combine(int a, int b) {
        return this == MAX ? (a > b ? a : b) : a + b;
    }

    /** The same expression as the OpenCL macro: {@code a > b ? a : b} for max, so ties keep b. */
    public float combine(float a, float b) {
        return this == MAX ? (a > b ? a : b) : a + b;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code add} or {@code max}; anything else is an IllegalArgumentException. */
    public static ScanOp parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "add" -> ADD;
            case "max" -> MAX;
            // the spec's op knob takes add and max only
            default -> throw new IllegalArgumentException("scan op must be add or max, got '" + text + "'");
        };
    }
}
