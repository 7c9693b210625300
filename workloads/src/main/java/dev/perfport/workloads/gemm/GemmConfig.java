package dev.perfport.workloads.gemm;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.kernel.Constants;
import dev.perfport.workloads.Params;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parameters of the fast GEMM kernel, CLBlast's Xgemm superset (anchors-wave2 §1.1):
 * work-group tile {@code MWG×NWG} of C and k-tile {@code KWG}; {@code MDIMC×NDIMC} threads, each
 * computing {@code (MWG/MDIMC)×(NWG/NDIMC)}; loader shapes {@code MDIMA}, {@code NDIMB} (the
 * threads re-shaped to load the A and B tiles); k unroll {@code KWI}; vector widths {@code VWM},
 * {@code VWN}; strided thread access {@code STRM}, {@code STRN}; local-memory staging {@code SA},
 * {@code SB}; and split k {@code KS} (cuBLAS's split-K, not CLBlast's): ks slices of k summed by
 * ks groups each into planes of their own, then added by {@code gemm_ksum}, which gives small
 * products (1024³ on a 132-SM GPU) ks times the work-groups; and double-buffered tiles {@code DB}
 * (1: two halves of local memory, the next k-tile read from global memory while this one is
 * multiplied, one barrier a k-tile; needs SA = SB = 1 and twice the local memory). On the command
 * line they are lower case ({@code --param mwg=64}).
 *
 * <p>{@link #violations} checks every constraint before anything is compiled, so that a refused
 * configuration is reported with its reason instead of failing in a compiler.
 */
public record GemmConfig(int mwg, int nwg, int kwg, int mdimc, int ndimc, int mdima, int ndimb, int kwi,
                         int vwm, int vwn, int strm, int strn, int sa, int sb, int ks, int db) {
    /** The most k slices: each is a plane of C in scratch memory. */
    public static final int MAX_KS = 16;

    /** A configuration without split k (ks = 1) and single-buffered (db = 0). */
    public GemmConfig(int mwg, int nwg, int kwg, int mdimc, int ndimc, int mdima, int ndimb, int kwi,
                      int vwm, int vwn, int strm, int strn, int sa, int sb) {
        this(mwg, nwg, kwg, mdimc, ndimc, mdima, ndimb, kwi, vwm, vwn, strm, strn, sa, sb, 1, 0);
    }

    /** A single-buffered configuration (db = 0). */
    public GemmConfig(int mwg, int nwg, int kwg, int mdimc, int ndimc, int mdima, int ndimb, int kwi,
                      int vwm, int vwn, int strm, int strn, int sa, int sb, int ks) {
        this(mwg, nwg, kwg, mdimc, ndimc, mdima, ndimb, kwi, vwm, vwn, strm, strn, sa, sb, ks, 0);
    }

    /** Parameter names, lower case, in the order of the record (also the tuner's hierarchy order). */
    public static final List<String> NAMES = List.of("mwg", "nwg", "kwg", "mdimc", "ndimc", "mdima", "ndimb", "kwi",
            "vwm", "vwn", "strm", "strn", "sa", "sb", "ks", "db");
    static final List<Integer> VECTOR_WIDTHS = List.of(1, 2, 4, 8);
    /** The parameters that are 0 or 1. */
    private static final List<String> FLAGS = List.of("strm", "strn", "sa", "sb", "db");

    /**
     * A configuration from values by lower-case name; every name must be present but {@code ks}
     * (1 when absent: tuning results from before split k) and {@code db} (0 when absent: from
     * before double buffering).
     */
    public static GemmConfig of(Map<String, Integer> v) {
        int[] x = NAMES.stream().mapToInt(n -> value(v, n)).toArray();
        return new GemmConfig(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8], x[9], x[10], x[11], x[12], x[13], x[14], x[15]);
    }

    /** {@code v}'s value of {@code name}, where {@code ks} may be absent (1), and {@code db} (0). */
    public static int value(Map<String, Integer> v, String name) {
        Integer x = v.get(name);
        if (x == null && name.equals("ks")) return 1;
        if (x == null && name.equals("db")) return 0;
        if (x == null) throw new IllegalArgumentException("no value of gemm parameter '" + name + "'");
        return x;
    }

    /** {@code p} with each parameter's value from {@code v} ({@code ks} 1 and {@code db} 0 where absent), as gemm's parameters. */
    public static Params withValues(Params p, Map<String, Integer> v) {
        for (String name : NAMES) p = p.with(name, Integer.toString(value(v, name)));
        return p;
    }

    /** Whether {@code v} has every parameter ({@code ks} and {@code db} may be absent). */
    public static boolean complete(Map<String, Integer> v) {
        return NAMES.stream().allMatch(n -> n.equals("ks") || n.equals("db") || v.containsKey(n));
    }

    /** The values by lower-case name, in {@link #NAMES} order. */
    public Map<String, Integer> values() {
        int[] a = {mwg, nwg, kwg, mdimc, ndimc, mdima, ndimb, kwi, vwm, vwn, strm, strn, sa, sb, ks, db};
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < a.length; i++) m.put(NAMES.get(i), a[i]);
        return m;
    }

    /**
     * The default for a device that was never tuned, by device type. GPUs: 64×64 tiles of 16×16
     * threads, 4×4 results per thread strided by the thread count, A and B staged in local memory
     * (the shape of MAGMA's Fermi DGEMM, seed-001 §3.2; CLBlast's own NVIDIA default, 16×32
     * tiles, is smaller than a modern GPU wants). CPUs: 32×32 tiles of 8×8 threads, float4 along
     * m, no local memory (on a CPU local memory is ordinary cached memory, so staging only adds
     * copies). Accelerators (the Cell emulator): the CPU shape with A and B staged, since a local
     * store filled by DMA beats reads through a software cache (hierarchical tuning on the
     * emulator at 64³: 1.97 modelled GFLOP/s staged against 0.98 unstaged).
     */
    public static GemmConfig defaultFor(DeviceInfo d) {
        int staged = d.type() == DeviceType.CPU ? 0 : 1;
        GemmConfig c = d.type() == DeviceType.GPU
                ? new GemmConfig(64, 64, 16, 16, 16, 16, 16, 2, 1, 1, 1, 1, 1, 1)
                : new GemmConfig(32, 32, 16, 8, 8, 8, 8, 2, 4, 1, 0, 0, staged, staged);
        // a device with small limits (e.g. a work-group limit below 64) gets the smallest valid shape
        return c.violations(d, 8).isEmpty() ? c : new GemmConfig(8, 8, 8, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0);
    }

    public int threads() {
        return mdimc * ndimc;
    }

    /** Elements of local memory that A's staged tiles take: 0 unstaged, two k-tiles where double-buffered. */
    public long aLocalElements() {
        return (1L + db) * sa * kwg * mwg;
    }

    /** Elements of local memory that B's staged tiles take, as {@link #aLocalElements()}. */
    public long bLocalElements() {
        return (1L + db) * sb * kwg * nwg;
    }

    /** Local memory of one work-group in bytes for elements of {@code elemBytes}. */
    public long localBytes(int elemBytes) {
        return elemBytes * (aLocalElements() + bLocalElements());
    }

    /** Every constraint this configuration breaks on {@code d} for elements of {@code elemBytes}; empty when valid. */
    public List<String> violations(DeviceInfo d, int elemBytes) {
        List<String> v = new ArrayList<>();
        Map<String, Integer> all = values();
        all.forEach((k, x) -> {
            if (x < (FLAGS.contains(k) ? 0 : 1)) v.add(k + " = " + x + " is out of range");
        });
        if (!v.isEmpty()) return v;
        for (String k : FLAGS) if (all.get(k) > 1) v.add(k + " must be 0 or 1, got " + all.get(k));
        // the two halves hold staged tiles: without both in local memory there is nothing to double-buffer
        if (db == 1 && (sa == 0 || sb == 0)) v.add("db = 1 double-buffers the staged tiles and needs sa = 1 and sb = 1, got sa = " + sa + ", sb = " + sb);
        if (!VECTOR_WIDTHS.contains(vwm)) v.add("vwm must be 1, 2, 4 or 8, got " + vwm);
        if (!VECTOR_WIDTHS.contains(vwn)) v.add("vwn must be 1, 2, 4 or 8, got " + vwn);
        if (ks > MAX_KS) v.add("ks must be in [1, " + MAX_KS + "], got " + ks);
        if (!v.isEmpty()) return v;
        multiple(v, "mwg", mwg, "mdimc*vwm", mdimc * vwm);
        multiple(v, "nwg", nwg, "ndimc*vwn", ndimc * vwn);
        multiple(v, "mwg", mwg, "mdima*vwm", mdima * vwm);
        multiple(v, "nwg", nwg, "ndimb*vwn", ndimb * vwn);
        multiple(v, "mdimc*ndimc", threads(), "mdima", mdima);
        multiple(v, "mdimc*ndimc", threads(), "ndimb", ndimb);
        if (threads() % mdima == 0) multiple(v, "kwg", kwg, "mdimc*ndimc/mdima", threads() / mdima);
        if (threads() % ndimb == 0) multiple(v, "kwg", kwg, "mdimc*ndimc/ndimb", threads() / ndimb);
        multiple(v, "kwg", kwg, "kwi", kwi);
        if (threads() > d.maxWorkGroupSize()) {
            v.add("mdimc*ndimc = " + threads() + " work-items exceed the device's maximum work-group size " + d.maxWorkGroupSize());
        }
        List<Long> dims = d.maxWorkItemSizes();
        if (!dims.isEmpty() && mdimc > dims.get(0)) v.add("mdimc " + mdimc + " exceeds the device's maximum local size " + dims.get(0) + " in dimension 0");
        if (dims.size() > 1 && ndimc > dims.get(1)) v.add("ndimc " + ndimc + " exceeds the device's maximum local size " + dims.get(1) + " in dimension 1");
        long cap = d.capacity(MemoryLevel.LOCAL);
        long need = localBytes(elemBytes);
        if (need > 0 && need > cap) {
            v.add("local memory " + need + " B (" + elemBytes + " B x (1+db) x (sa*kwg*mwg + sb*kwg*nwg)) exceeds the device's " + cap + " B");
        }
        return v;
    }

    /**
     * {@return why the padded operands of an m×n×k product with this configuration have more
     * elements than the workload indexes, or null when they fit} (A, B and the ks planes of C, each
     * padded to the tiles.)
     */
    public String paddedViolation(int m, int n, int k) {
        long mp = Gemm.roundUp(m, mwg), np = Gemm.roundUp(n, nwg), kp = Gemm.roundUp(k, (long) kwg * ks);
        for (long e : new long[]{mp * kp, kp * np, mp * np * ks}) {
            if (e > GemmProblem.MAX_ELEMENTS) return "padded matrices of " + e + " elements exceed " + GemmProblem.MAX_ELEMENTS;
        }
        return null;
    }

    /**
     * {@return why the largest scratch buffer of an m×n×k product with this configuration (the ks
     * planes of C, or a packed operand) is larger than the device's global memory, or null when it
     * fits} The session refuses such an allocation; checked here, the point is refused before anything
     * is compiled.
     */
    public String globalMemoryViolation(DeviceInfo d, int elemBytes, int m, int n, int k) {
        long cap = d.capacity(MemoryLevel.GLOBAL);
        if (cap <= 0) return null;
        long mp = Gemm.roundUp(m, mwg), np = Gemm.roundUp(n, nwg), kp = Gemm.roundUp(k, (long) kwg * ks);
        long most = Math.max(Math.max(mp * kp, kp * np), mp * np * (ks > 1 ? ks : 1)) * elemBytes;
        return most > cap ? "a padded buffer of " + most + " B (tiles " + mwg + "x" + nwg + "x" + kwg + ", ks " + ks + ") exceeds the "
                + cap + " B of global memory of " + d.name() : null;
    }

    private static void multiple(List<String> v, String name, int x, String byName, int by) {
        if (by <= 0 || x % by != 0) v.add(name + " = " + x + " is not a multiple of " + byName + " = " + by);
    }

    /**
     * The -D constants of the OpenCL source (upper case, as CLBlast spells them); not {@code ks}:
     * the kernels take the slice count from the launch, so one build serves every ks.
     */
    public Constants constants() {
        Map<String, Object> m = new LinkedHashMap<>();
        values().forEach((k, x) -> {
            if (!k.equals("ks")) m.put(k.toUpperCase(java.util.Locale.ROOT), x);
        });
        return Constants.of(m);
    }

    /** From constants as {@link #constants()} writes them (ks = 1). */
    static GemmConfig of(Constants c) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (String k : NAMES) if (!k.equals("ks")) m.put(k, c.getInt(k.toUpperCase(java.util.Locale.ROOT)));
        return of(m);
    }

    /** Kp of a product with k: a multiple of kwg in each of the ks slices. */
    public int paddedK(int k) {
        return (int) Gemm.roundUp(k, (long) kwg * ks);
    }

    @Override
    public String toString() {
        return values().toString();
    }
}
