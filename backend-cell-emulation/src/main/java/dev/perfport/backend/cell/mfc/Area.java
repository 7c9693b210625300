package dev.perfport.backend.cell.mfc;

import java.util.Objects;

/**
 * A primitive Java array placed at a modelled address: a local-store area or a stretch of main
 * memory. The MFC's rules are about addresses ({@code address} is where element 0 lies), the copy
 * is about the array.
 *
 * @param array   an int[], long[], float[], double[], short[], char[] or byte[]
 * @param address modelled address of the array's first byte (local-store or effective address)
 */
public record Area(Object array, long address) {
    public Area {
        Objects.requireNonNull(array, "array");
        if (!array.getClass().isArray() || !array.getClass().getComponentType().isPrimitive()
                || array.getClass().getComponentType() == boolean.class) {
            throw new IllegalArgumentException("an MFC area must be a primitive numeric array, got " + array.getClass().getSimpleName());
        }
        if (address < 0) throw new IllegalArgumentException("address must be >= 0, got " + address);
    }

    /** Bytes in the array. */
    public long bytes() {
        return (long) java.lang.reflect.Array.getLength(array) * elementBytes(array);
    }

    static int elementBytes(Object array) {
        return switch (array) {
            case byte[] a -> 1;
            case short[] a -> 2;
            case char[] a -> 2;
            case int[] a -> 4;
            case float[] a -> 4;
            case long[] a -> 8;
            case double[] a -> 8;
            default -> throw new IllegalArgumentException("not a primitive numeric array: " + array.getClass().getSimpleName());
        };
    }
}
