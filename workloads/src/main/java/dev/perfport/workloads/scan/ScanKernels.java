package dev.perfport.workloads.scan;

import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.kernel.Sources;
import dev.perfport.core.memory.ElemType;
import java.util.ArrayList;
import java.util.List;

/**
 * The kernels of the scan study (seed 003 §3.4), one definition per element type (int32, float32)
 * with OpenCL C ({@code scan.cl}) and Java work-group implementations of the same algorithms
 * (ScanGroups, from the shared template workloads/src/main/kernels/scan/Scan.java). The
 * operator is the constant {@code OP_MAX} (0 add, 1 max; see {@link ScanOp}); {@code FLOAT}
 * selects the OpenCL element type.
 *
 * <p>Arguments:
 * <ul>
 *   <li>{@code scan.block}: in, out, sums, n, x (LOCAL, m = 2·wg elements);</li>
 *   <li>{@code scan.sequential}: sums, count (one work-item);</li>
 *   <li>{@code scan.add}: out, sums, n;</li>
 *   <li>{@code scan.v1} and {@code scan.plus} (static work-groups, BLOCKED mapping, tasks = blocks of
 *       m elements): in, out, sums (k elements), counter (int[2]: the k+1 counter and the number
 *       of groups that scanned SUM), n, x (LOCAL: m + 1 elements for V1, 2m + 1 for Scan⁺; the
 *       last is the running carry).</li>
 * </ul>
 */
public final class ScanKernels {
    static final String SOURCE = Sources.load(ScanKernels.class, "scan.cl");
    /** The operator constant: 0 add, 1 max. */
    public static final String OP_MAX = "OP_MAX";

    private ScanKernels() {
    }

    /** Harris, kernel 1: scans each block of m elements and writes its total to sums[group]. */
    public static KernelDef block(ElemType t) {
        return base("scan.block." + t.clName(), t, "scan_block")
                .global("in", t, Access.READ).global("out", t, Access.WRITE).global("sums", t, Access.WRITE)
                .scalar("n", ElemType.INT).local("x", t)
                .impl(KernelImpl.JavaWorkGroup.of(c -> ScanGroups.blockKernel(t, op(c)), 0))
                .build();
    }

    /** Harris, kernel 2 (sequential option): one work-item scans sums[0, count) in place. */
    public static KernelDef sequential(ElemType t) {
        return base("scan.sequential." + t.clName(), t, "scan_seq")
                .global("sums", t, Access.READ_WRITE).scalar("count", ElemType.INT)
                .impl(KernelImpl.JavaWorkGroup.of(c -> ScanGroups.sequentialKernel(t, op(c)), 0))
                .build();
    }

    /** Harris, kernel 3: adds the scanned sums[group] to every element of its block. */
    public static KernelDef add(ElemType t) {
        return base("scan.add." + t.clName(), t, "scan_add")
                .global("out", t, Access.READ_WRITE).global("sums", t, Access.READ).scalar("n", ElemType.INT)
                .impl(KernelImpl.JavaWorkGroup.of(c -> ScanGroups.addKernel(t, op(c)), 0))
                .build();
    }

    /** V1: one kernel on k static work-groups. */
    public static KernelDef v1(ElemType t) {
        return staticBase("scan.v1." + t.clName(), t, "scan_v1")
                .impl(KernelImpl.JavaWorkGroup.of(c -> ScanGroups.v1Kernel(t, op(c)), 0))
                .build();
    }

    /** Scan⁺: V1 with the down-sweep of each task interleaved with the up-sweep of the next. */
    public static KernelDef plus(ElemType t) {
        return staticBase("scan.plus." + t.clName(), t, "scan_plus")
                .impl(KernelImpl.JavaWorkGroup.of(c -> ScanGroups.plusKernel(t, op(c)), 0))
                .build();
    }

    /**
     * Single-pass (not a paper variant): decoupled look-back on k persistent groups
     * that take tiles of wg·ITEMS elements in increasing order from an atomic counter (an NDRange
     * of k groups: a group only ever waits for tiles taken before its own, so k need not respect
     * the residency query). Arguments: in, out, status (long, one word per tile, zero before the
     * first launch), next (int, zero before the first launch; the kernel leaves it at zero), n,
     * epoch (a new value above 0 for every launch), x (LOCAL, wg elements). Constant ITEMS (a
     * multiple of 4).
     */
    public static KernelDef singlePass(ElemType t) {
        return base("scan.single_pass." + t.clName(), t, "scan_single_pass")
                .defaults(Constants.of("FLOAT", t == ElemType.FLOAT ? 1 : 0, OP_MAX, 0, "ITEMS", 8, "STRIPED", 0, "LOOKBACK", 0, "RAKE", 0, "WARP", 0, "PREFETCH", 0, "COALESCE", 0))
                .global("in", t, Access.READ).global("out", t, Access.WRITE).global("status", ElemType.LONG, Access.READ_WRITE)
                .global("next", ElemType.INT, Access.READ_WRITE)
                .scalar("n", ElemType.INT).scalar("epoch", ElemType.INT).local("x", t)
                .declaredLocalBytes(c -> 8L * 32 + 16 + t.bytes())   // look[32], tile, ctrl, prefix
                .impl(KernelImpl.JavaWorkGroup.of(c -> ScanGroups.singlePassKernel(t, op(c)), 0))
                .build();
    }

    private static KernelDef.Builder staticBase(String name, ElemType t, String entry) {
        return base(name, t, entry).form(LaunchForm.STATIC_GROUPS)
                .global("in", t, Access.READ).global("out", t, Access.READ_WRITE).global("sums", t, Access.READ_WRITE)
                .global("counter", ElemType.INT, Access.READ_WRITE).scalar("n", ElemType.INT).local("x", t);
    }

    private static KernelDef.Builder base(String name, ElemType t, String entry) {
        if (t != ElemType.INT && t != ElemType.FLOAT) throw new IllegalArgumentException("scan supports int and float, not " + t);
        return KernelDef.builder(name)
                .defaults(Constants.of("FLOAT", t == ElemType.FLOAT ? 1 : 0, OP_MAX, 0))
                .impl(new KernelImpl.OpenClSource(SOURCE, entry));
    }

    /** Local elements V1 needs for a work-group of wg items: one tree and the carry. */
    public static long v1LocalElements(int wg) {
        return 2L * wg + 1;
    }

    /** Local elements Scan⁺ needs: two trees and the carry. */
    public static long plusLocalElements(int wg) {
        return 4L * wg + 1;
    }

    private static ScanOp op(Constants c) {
        return c.getInt(OP_MAX) != 0 ? ScanOp.MAX : ScanOp.ADD;
    }

    /** {@return every definition scan launches, int and float} */
    static List<KernelDef> all() {
        List<KernelDef> l = new ArrayList<>();
        for (ElemType t : List.of(ElemType.INT, ElemType.FLOAT)) {
            l.addAll(List.of(block(t), sequential(t), add(t), v1(t), plus(t), singlePass(t)));
        }
        return l;
    }
}
