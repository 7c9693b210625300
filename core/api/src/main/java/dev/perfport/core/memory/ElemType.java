package dev.perfport.core.memory;

/** Element types of buffers, local allocations and scalar arguments. */
public enum ElemType {
    /** 32-bit signed integer ({@code int}). */
    INT(4, "int", int[].class, Integer.class),
    /** 64-bit signed integer ({@code long}). */
    LONG(8, "long", long[].class, Long.class),
    /** 32-bit IEEE 754 floating point ({@code float}). */
    FLOAT(4, "float", float[].class, Float.class),
    /** 64-bit IEEE 754 floating point ({@code double}); needs the device's double-precision feature. */
    DOUBLE(8, "double", double[].class, Double.class);

    private final int bytes;
    private final String clName;
    private final Class<?> arrayClass;
    private final Class<?> boxClass;

    ElemType(int bytes, String clName, Class<?> arrayClass, Class<?> boxClass) {
        this.bytes = bytes;
        this.clName = clName;
        this.arrayClass = arrayClass;
        this.boxClass = boxClass;
    }

    /** {@return the size of one element in bytes} */
    public int bytes() {
        return bytes;
    }

    /** {@return the OpenCL C type name} */
    public String clName() {
        return clName;
    }

    /** {@return the Java primitive array class holding this type on the host} */
    public Class<?> arrayClass() {
        return arrayClass;
    }

    /** {@return the boxed class accepted as a scalar argument of this type} */
    public Class<?> boxClass() {
        return boxClass;
    }

    /**
     * {@return the element type of a host array, or null if it is not int[], long[], float[] or double[]}
     *
     * @param array a host array, or anything
     */
    public static ElemType ofArray(Object array) {
        for (ElemType t : values()) if (t.arrayClass.isInstance(array)) return t;
        return null;
    }

    /**
     * {@return the length of a host array of any supported type}
     *
     * @param array an int[], long[], float[] or double[]
     */
    public static int arrayLength(Object array) {
        return java.lang.reflect.Array.getLength(array);
    }
}
