package dev.perfport.backend.aparapi.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.KernelLibrary;
import dev.perfport.core.kernel.Constants;

import java.util.List;

import static dev.perfport.backend.aparapi.kernels.ScanKernelClasses.*;

/**
 * The scan study of seed 003 (§3.4) as Aparapi kernels: the algorithms of the workloads module's
 * {@code scan.cl}, exclusive scan of int32 or float32 with add or max on blocks of m = 2·wg
 * elements (the work-efficient tree: up-sweep, down-sweep). One class per kernel and element type;
 * the definitions' {@code OP_MAX} constant becomes the field {@code opMax} and the operator's
 * identity the field {@code identity} (both set by the factory, as Aparapi has no preprocessor;
 * the identity is a kernel argument rather than a literal, so that -inf needs no OpenCL spelling).
 *
 * <ul>
 *   <li>{@code scan.block}, {@code scan.sequential}, {@code scan.add}: Harris' three kernels.</li>
 *   <li>{@code scan.v1}, {@code scan.plus}: one kernel on k static work-groups (BLOCKED tasks of m
 *       elements), ending with the counter protocol: each group publishes its carry in SUM and
 *       decrements the counter the host set to k+1; the group that takes it to 1 scans SUM, counts
 *       itself in counter[1] and takes the counter to 0; all groups but the first wait for 0 and add
 *       their SUM prefix. The three counter updates are counted global atomics, as on jocl.</li>
 *   <li>{@code scan.single_pass}: the decoupled look-back of issue 16 with scan.cl's default
 *       schedule; its status words are int pairs read and written with atomics (see
 *       {@link ScanKernelClasses.SinglePassInt}). Like scan.cl's, its ticket and status atomics
 *       are not counted.</li>
 * </ul>
 *
 * The wait in the protocol is legal only because k never exceeds the residency query. Aparapi
 * cannot declare {@code volatile} pointers, so SUM is bound as an {@code AtomicInteger[]} (values,
 * or float bits) and read and written with atomics ({@code atomicAdd(p, 0)}, {@code atomicXchg}),
 * which go to device-coherent memory; the wait reads the counter with {@code atomicAdd(counter, 0, 0)}.
 * A {@code localGlobalBarrier()} (a barrier with a global-memory fence) orders each group's SUM
 * write before its counter update, where the OpenCL kernel uses {@code mem_fence}.
 */
@AutoService(KernelLibrary.class)
public final class ScanKernels implements KernelLibrary {
    /** The operator constant: 0 add, 1 max. */
    static final String OP_MAX = "OP_MAX";

    /** Made by {@link java.util.ServiceLoader}. */
    public ScanKernels() {
    }

    @Override
    public List<KernelSpec> kernels() {
        return List.of(
                KernelSpec.of("scan.block.int", BlockInt.class, c -> new BlockInt(op(c, 0)), "in", "out", "sums", "n", "x"),
                KernelSpec.of("scan.sequential.int", SequentialInt.class, c -> new SequentialInt(op(c, 0)), "sums", "count"),
                KernelSpec.of("scan.add.int", AddInt.class, c -> new AddInt(op(c, 0)), "out", "sums", "n"),
                KernelSpec.of("scan.v1.int", V1Int.class, c -> new V1Int(op(c, 0)), "in", "out", "sumBits", "counter", "n", "x"),
                KernelSpec.of("scan.plus.int", PlusInt.class, c -> new PlusInt(op(c, 0)), "in", "out", "sumBits", "counter", "n", "x"),
                KernelSpec.of("scan.block.float", BlockFloat.class, c -> new BlockFloat(op(c, 1)), "in", "out", "sums", "n", "x"),
                KernelSpec.of("scan.sequential.float", SequentialFloat.class, c -> new SequentialFloat(op(c, 1)), "sums", "count"),
                KernelSpec.of("scan.add.float", AddFloat.class, c -> new AddFloat(op(c, 1)), "out", "sums", "n"),
                KernelSpec.of("scan.v1.float", V1Float.class, c -> new V1Float(op(c, 1)), "in", "out", "sumBits", "counter", "n", "x"),
                KernelSpec.of("scan.plus.float", PlusFloat.class, c -> new PlusFloat(op(c, 1)), "in", "out", "sumBits", "counter", "n", "x"),
                KernelSpec.of("scan.single_pass.int", SinglePassInt.class, c -> Specialiser.of(SinglePassInt.class, singlePass(c, 0)),
                        SINGLE_PASS_FIELDS),
                KernelSpec.of("scan.single_pass.float", SinglePassFloat.class, c -> Specialiser.of(SinglePassFloat.class, singlePass(c, 1)),
                        SINGLE_PASS_FIELDS));
    }

    private static final String[] SINGLE_PASS_FIELDS = {"in", "out", "status", "next", "n", "epoch", "x"};

    /**
     * The schedule constants of scan.cl's single-pass kernel that the Aparapi kernel does not
     * express, and why: it has the default schedule (each 0), with STRIPED 0 or 1.
     */
    static final java.util.Map<String, String> SINGLE_PASS_UNEXPRESSED = java.util.Map.of(
            "LOOKBACK", "the register window needs a volatile 64-bit load",
            "RAKE", "only the Hillis-Steele scan of the work-items' totals is written",
            "WARP", "Aparapi 3.0.2 has no warp shuffles or ballots",
            "PREFETCH", "not written (it measured slower on jocl)",
            "COALESCE", "Aparapi 3.0.2 has no warp shuffles or vector loads");

    /**
     * {opMax, items, striped} of a single-pass kernel, after refusing what it does not express
     * ({@link UnsupportedFeatureException}: a point the tuner records as refused, not as a build error).
     */
    static int[] singlePass(Constants c, int expectedFloat) {
        int op = op(c, expectedFloat);
        for (var e : SINGLE_PASS_UNEXPRESSED.entrySet()) {
            if (c.has(e.getKey()) && c.getInt(e.getKey()) != 0) {
                throw new UnsupportedFeatureException("Aparapi's single-pass scan has scan.cl's default schedule (and striped) only; "
                        + e.getKey().toLowerCase(java.util.Locale.ROOT) + "=" + c.getInt(e.getKey()) + " is not expressed ("
                        + e.getValue() + ")");
            }
        }
        if (c.has(dev.perfport.core.kernel.KernelImpl.OpenClSource.NVIDIA_MAX_REGISTERS)) {
            throw new UnsupportedFeatureException("Aparapi passes no build options, so a register cap (regs) is not expressed");
        }
        int items = c.has("ITEMS") ? c.getInt("ITEMS") : 8;
        if (items < 1 || items > ScanKernelClasses.SP_MAX_ITEMS) {
            throw new IllegalArgumentException("ITEMS must be in [1, " + ScanKernelClasses.SP_MAX_ITEMS + "], got " + items);
        }
        int striped = c.has("STRIPED") ? c.getInt("STRIPED") : 0;
        if (striped != 0 && striped != 1) throw new IllegalArgumentException("STRIPED must be 0 or 1, got " + striped);
        return new int[]{op, items, striped};
    }

    /** The OP_MAX constant (0 add, 1 max), after checking that FLOAT names the kernel's element type. */
    static int op(Constants c, int expectedFloat) {
        if (c.has("FLOAT") && c.getInt("FLOAT") != expectedFloat) {
            throw new IllegalArgumentException("constant FLOAT=" + c.getInt("FLOAT") + " does not match the "
                    + (expectedFloat == 1 ? "float" : "int") + " kernel; the element type is part of the kernel name");
        }
        int op = c.has(OP_MAX) ? c.getInt(OP_MAX) : 0;
        if (op != 0 && op != 1) throw new IllegalArgumentException(OP_MAX + " must be 0 (add) or 1 (max), got " + op);
        return op;
    }
}
