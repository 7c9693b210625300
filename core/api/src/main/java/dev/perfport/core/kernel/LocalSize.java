package dev.perfport.core.kernel;

/**
 * The size of a local or static-local argument, in elements of the argument's type; the launch
 * allocates it (like {@code clSetKernelArg(k, i, bytes, NULL)}).
 *
 * @param elements elements, at least 1
 */
public record LocalSize(long elements) {
    /** Checks that there is at least one element. */
    public LocalSize {
        if (elements < 1) throw new IllegalArgumentException("local allocation needs at least 1 element, got " + elements);
    }

    /**
     * {@return a local size of {@code elements} elements}
     *
     * @param elements elements, at least 1
     */
    public static LocalSize of(long elements) {
        return new LocalSize(elements);
    }
}
