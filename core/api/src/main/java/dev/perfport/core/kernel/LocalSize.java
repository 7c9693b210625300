package dev.perfport.core.kernel;

/**
 * The size of a local or static-local argument, in elements of the argument's type; the
 * launch allocates it (like {@code clSetKernelArg(k, i, bytes, NULL)}).
 */
public record LocalSize(long elements) {
    public LocalSize {
        if (elements < 1) throw new IllegalArgumentException("local allocation needs at least 1 element, got " + elements);
    }

    public static LocalSize of(long elements) {
        return new LocalSize(elements);
    }
}
