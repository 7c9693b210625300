package dev.perfport.workloads.gemm;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GroupShape;
import dev.perfport.core.wg.KernelCost;
import dev.perfport.core.wg.Op;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The GEMM kernels: the fast tiled kernel of the indirect path ({@code gemm_xgemm}), the pad and
 * unpad copies around it, and the direct single kernel, each defined once per {@link Precision}
 * with an OpenCL C implementation ({@code gemm.cl}, one source, specialised by {@code -D}) and a
 * Java work-group implementation of the same algorithm with the same tiling parameters (for the
 * emulator). The Java kernels of every route come from the shared template
 * workloads/src/main/kernels/gemm/Gemm.java (GemmGroups here; {@code GemmKernels} of
 * backend-aparapi and {@code GemmTornado} of backend-tornado, found by name through
 * {@code KernelLibrary}), which says which parameters each route cannot make compile-time constants.
 *
 * <p>The Java kernels compute in double and round each result to the precision (so float rows
 * round like float FMAs); their private accumulators are double arrays (8 B per value, declared as
 * such to the emulator's local store). Work they charge to the emulator's cost model: one FLOAT
 * (DOUBLE) operation per 128-bit vector FMA (4 floats or 2 doubles per instruction, as an SPU
 * issues them) on the critical path, LOCAL_MEM for tile loads from local memory and for the
 * accumulators saved across barriers; tiles staged in local memory (SA, SB) arrive by DMA, one
 * transfer per tile row (Ap and Bp keep a tile row contiguous); unstaged operands are read through
 * the global path (the emulator's software cache).
 */
public final class GemmKernels {
    static final String SOURCE = Sources.load(GemmKernels.class, "gemm.cl");

    private static final Map<Precision, KernelDef> XGEMM = new EnumMap<>(Precision.class);
    private static final Map<Precision, KernelDef> PAD = new EnumMap<>(Precision.class);
    private static final Map<Precision, KernelDef> UNPAD = new EnumMap<>(Precision.class);
    private static final Map<Precision, KernelDef> DIRECT = new EnumMap<>(Precision.class);
    private static final Map<Precision, KernelDef> KSUM = new EnumMap<>(Precision.class);

    static {
        for (Precision p : Precision.values()) {
            XGEMM.put(p, xgemmDef(p));
            PAD.put(p, copyDef(p, "pad", "gemm_pad", false));
            UNPAD.put(p, copyDef(p, "unpad", "gemm_unpad", true));
            DIRECT.put(p, directDef(p));
            KSUM.put(p, ksumDef(p));
        }
    }

    private GemmKernels() {
    }

    public static KernelDef xgemm(Precision p) {
        return XGEMM.get(p);
    }

    public static KernelDef pad(Precision p) {
        return PAD.get(p);
    }

    public static KernelDef unpad(Precision p) {
        return UNPAD.get(p);
    }

    public static KernelDef direct(Precision p) {
        return DIRECT.get(p);
    }

    /** Split k's sum of the planes: {@code gemm_ksum}. */
    public static KernelDef ksum(Precision p) {
        return KSUM.get(p);
    }

    /** Args: 0 w (ks planes of mn), 1 c, 2 mn, 3 ks, 4 beta. */
    private static KernelDef ksumDef(Precision p) {
        return KernelDef.builder("gemm.ksum." + p.label)
                .global("w", p.elem, Access.READ).global("c", p.elem, Access.READ_WRITE)
                .scalar("mn", ElemType.INT).scalar("ks", ElemType.INT).scalar("beta", p.elem)
                .defaults(Constants.of("PRECISION", p.bits))
                .impl(new KernelImpl.OpenClSource(SOURCE, "gemm_ksum"))
                .impl(KernelImpl.JavaWorkGroup.of(c -> g -> GemmGroups.ksumGroup(g, p), 0)
                        .withCost(KernelCost.of(op(p), g -> (long) g.localItems() * g.intArg(3))))
                .build();
    }

    /** Args: 0 A(p), 1 B(p), 2 C(p), 3 Mp, 4 Np, 5 Kp, 6 alpha, 7 beta, 8 alm, 9 blm. */
    private static KernelDef xgemmDef(Precision p) {
        return KernelDef.builder("gemm.xgemm." + p.label)
                .global("A", p.elem, Access.READ).global("B", p.elem, Access.READ).global("C", p.elem, Access.READ_WRITE)
                .scalar("Mp", ElemType.INT).scalar("Np", ElemType.INT).scalar("Kp", ElemType.INT)
                .scalar("alpha", p.elem).scalar("beta", p.elem)
                .local("alm", p.elem).local("blm", p.elem)
                .defaults(Constants.of("PRECISION", p.bits))
                .impl(new KernelImpl.OpenClSource(SOURCE, "gemm_xgemm"))
                .impl(new KernelImpl.JavaWorkGroup(c -> {
                    GemmConfig cfg = GemmConfig.of(c);
                    return g -> GemmGroups.xgemmGroup(g, cfg, p);
                }, c -> 8L * (GemmConfig.of(c).mwg() / GemmConfig.of(c).mdimc()) * (GemmConfig.of(c).nwg() / GemmConfig.of(c).ndimc()))
                        .withCost(c -> storeCost(p, (GemmConfig.of(c).mwg() / GemmConfig.of(c).mdimc()) * (GemmConfig.of(c).nwg() / GemmConfig.of(c).ndimc()),
                                16 / p.bytes())))
                .build();
    }

    /** Args: 0 src, 1 dst, 2 off, 3 sx, 4 sy, 5 X, 6 Y, 7 W, 8 H. */
    private static KernelDef copyDef(Precision p, String what, String entry, boolean unpad) {
        return KernelDef.builder("gemm." + what + "." + p.label)
                .global("src", p.elem, Access.READ).global("dst", p.elem, Access.WRITE)
                .scalar("off", ElemType.INT).scalar("sx", ElemType.INT).scalar("sy", ElemType.INT)
                .scalar("X", ElemType.INT).scalar("Y", ElemType.INT).scalar("W", ElemType.INT).scalar("H", ElemType.INT)
                .defaults(Constants.of("PRECISION", p.bits))
                .impl(new KernelImpl.OpenClSource(SOURCE, entry))
                .impl(KernelImpl.JavaWorkGroup.of(c -> g -> GemmGroups.copyGroup(g, p, unpad), 0)
                        .withCost(KernelCost.of(Op.INT, g -> 6L * copied(g, unpad))))
                .build();
    }

    /** Args: 0 a, 1 b, 2 c, 3 M, 4 N, 5 K, 6 alpha, 7 beta, 8 ao, 9 asi, 10 ask, 11 bo, 12 bsk, 13 bsj, 14 co, 15 csi, 16 csj, 17 als, 18 bls. */
    private static KernelDef directDef(Precision p) {
        KernelDef.Builder b = KernelDef.builder("gemm.direct." + p.label)
                .global("a", p.elem, Access.READ).global("b", p.elem, Access.READ).global("c", p.elem, Access.READ_WRITE)
                .scalar("M", ElemType.INT).scalar("N", ElemType.INT).scalar("K", ElemType.INT)
                .scalar("alpha", p.elem).scalar("beta", p.elem);
        for (String s : new String[]{"ao", "asi", "ask", "bo", "bsk", "bsj", "co", "csi", "csj"}) b.scalar(s, ElemType.INT);
        return b.local("als", p.elem).local("bls", p.elem)
                .defaults(Constants.of("PRECISION", p.bits))
                .impl(new KernelImpl.OpenClSource(SOURCE, "gemm_direct"))
                .impl(new KernelImpl.JavaWorkGroup(c -> {
                    int wgd = GemmSpec.DIRECT_KERNEL.get(0).in(c), md = GemmSpec.DIRECT_KERNEL.get(1).in(c), nd = GemmSpec.DIRECT_KERNEL.get(2).in(c);
                    return g -> GemmGroups.directGroup(g, p, wgd, md, nd);
                }, c -> 8L * (GemmSpec.DIRECT_KERNEL.get(0).in(c) / GemmSpec.DIRECT_KERNEL.get(1).in(c)) * (GemmSpec.DIRECT_KERNEL.get(0).in(c) / GemmSpec.DIRECT_KERNEL.get(2).in(c)))
                        .withCost(c -> storeCost(p, (GemmSpec.DIRECT_KERNEL.get(0).in(c) / GemmSpec.DIRECT_KERNEL.get(1).in(c)) * (GemmSpec.DIRECT_KERNEL.get(0).in(c) / GemmSpec.DIRECT_KERNEL.get(2).in(c)), 1)))
                .build();
    }

    // ---- the Java work-group implementations' costs (the kernels: GemmGroups, from the shared template) ----

    /**
     * Phase 3 of xgemm and direct (C = alpha·acc + beta·C), charged after the group: per work-item
     * 2·per results' multiply-adds (per results each, in vectors of {@code lanes}) and 8 index operations.
     */
    private static KernelCost storeCost(Precision p, int per, int lanes) {
        return KernelCost.of(op(p), g -> 2L * g.localItems() * per / lanes).andPerItem(Op.INT, 8);
    }

    /** Elements a pad (unpad = false: inside W×H) or unpad (inside X×Y) group copies: its part of that rectangle. */
    static long copied(GroupShape g, boolean unpad) {
        int xs = g.intArg(unpad ? 5 : 7), ys = g.intArg(unpad ? 6 : 8);
        return inside(g, 0, xs) * inside(g, 1, ys);
    }

    private static long inside(GroupShape g, int d, int limit) {
        long first = g.groupId(d) * g.localSize(d);
        return Math.max(0, Math.min(g.localSize(d), limit - first));
    }

    /** The emulator's operation of the precision's arithmetic. */
    static Op op(Precision p) {
        return p == Precision.FLOAT ? Op.FLOAT : Op.DOUBLE;
    }

    /** {@return every definition gemm launches, both precisions} */
    static List<KernelDef> all() {
        List<KernelDef> l = new ArrayList<>();
        for (Precision p : Precision.values()) l.addAll(List.of(pad(p), xgemm(p), unpad(p), direct(p), ksum(p)));
        return l;
    }
}
