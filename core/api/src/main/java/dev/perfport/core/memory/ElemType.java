package dev.perfport.core.memory;

/** Element types of buffers, local allocations and scalar arguments. */
public enum ElemType {
    INT(4, "int", int[].class, Integer.class),
    LONG(8, "long", long[].class, Long.class),
    FLOAT(4, "float", float[].class, Float.class),
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

    public int bytes() {
        return bytes;
    }

    /** The OpenCL C type name. */
    public String clName() {
        return clName;
    }

    /** The Java primitive array class holding this type on the host. */
    public Class<?> arrayClass() {
        return arrayClass;
    }

    /** The boxed class accepted as a scalar argument of this type. */
    public Class<?> boxClass() {
        return boxClass;
    }

    /** The element type of a host array, or null if it is not int[], long[], float[] or double[]. */
    public static ElemType ofArray(Object array) {
        for (ElemType t : values()) if (t.arrayClass.isInstance(array)) return t;
        return null;
    }

    /** Length of a host array of any supported type. */
    public static int arrayLength(Object array) {
        return java.lang.reflect.Array.getLength(array);
    }
}
