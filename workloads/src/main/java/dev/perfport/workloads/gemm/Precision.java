package dev.perfport.workloads.gemm;

import dev.perfport.core.memory.ElemType;

/** Single or double precision: the element type and the OpenCL source's PRECISION macro. */
public enum Precision {
    FLOAT("float", ElemType.FLOAT, 32, 0x1p-24),
    DOUBLE("double", ElemType.DOUBLE, 64, 0x1p-53);

    /** Name on the command line ({@code type=float}). */
    public final String label;
    public final ElemType elem;
    /** Value of the PRECISION macro. */
    public final int bits;
    /** Unit roundoff u. */
    public final double unitRoundoff;

    Precision(String label, ElemType elem, int bits, double unitRoundoff) {
        this.label = label;
        this.elem = elem;
        this.bits = bits;
        this.unitRoundoff = unitRoundoff;
    }

    public int bytes() {
        return elem.bytes();
    }

    /** Rounds to this precision (the Java kernels compute in double and round every result). */
    public double round(double x) {
        return this == FLOAT ? (float) x : x;
    }

    /** A host array of this precision (float[] or double[], a copy) holding {@code x}, to upload. */
    public Object array(double[] x) {
        if (this == DOUBLE) return x.clone();
        float[] f = new float[x.length];
        for (int i = 0; i < x.length; i++) f[i] = (float) x[i];
        return f;
    }

    /** A float[] or double[] read back from a device, as doubles. */
    public static double[] doubles(Object a) {
        if (a instanceof double[] d) return d;
        float[] f = (float[]) a;
        double[] d = new double[f.length];
        for (int i = 0; i < f.length; i++) d[i] = f[i];
        return d;
    }

    public static Precision of(String label) {
        for (Precision p : values()) if (p.label.equals(label)) return p;
        return null;
    }
}
