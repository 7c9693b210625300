package dev.perfport.backend.aparapi.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;
import dev.perfport.core.kernel.Constants;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.perfport.backend.aparapi.kernels.ReductionKernelClasses.*;

/**
 * The reduction study of seed 003 (§3.3) as Aparapi kernels: the algorithms of the workloads
 * module's {@code reduction.cl}, one class per kernel and element type (Aparapi has no
 * preprocessor: the {@code FLOAT} constant of the definitions selects the class, and the
 * factories check that it agrees). Arguments bind in the definitions' order: input, output, n,
 * scratch (local) [, slm (static local)]; the two-kernel variant's second kernel takes partial,
 * out, m, scratch.
 *
 * <p>Every work-item loads one element (zero past n) into {@code scratch}, the group reduces it
 * with a tree of {@code localBarrier()}-separated steps, and work-item 0 combines the group's sum:
 * one global atomic per group (local-atomic), into static local memory and one global atomic per
 * persistent group (static-local), or into its slot of the partial sums (two-kernel).
 */
@AutoService(KernelLibrary.class)
public final class ReductionKernels implements KernelLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public ReductionKernels() {
    }

    @Override
    public List<KernelSpec> kernels() {
        return List.of(
                KernelSpec.of("reduction.local_atomic.int", LocalAtomicInt.class, c -> checked(c, 0, new LocalAtomicInt()),
                        "in", "out", "n", "scratch"),
                KernelSpec.of("reduction.local_atomic.float", LocalAtomicFloat.class, c -> checked(c, 1, new LocalAtomicFloat()),
                        "in", "out", "n", "scratch"),
                KernelSpec.of("reduction.static_local.int", StaticLocalInt.class, c -> checked(c, 0, new StaticLocalInt()),
                        "in", "out", "n", "scratch", "slm"),
                KernelSpec.of("reduction.static_local.float", StaticLocalFloat.class, c -> checked(c, 1, new StaticLocalFloat()),
                        "in", "out", "n", "scratch", "slm"),
                KernelSpec.of("reduction.partials.int", PartialsInt.class, c -> checked(c, 0, new PartialsInt()),
                        "in", "partial", "n", "scratch"),
                KernelSpec.of("reduction.partials.float", PartialsFloat.class, c -> checked(c, 1, new PartialsFloat()),
                        "in", "partial", "n", "scratch"),
                KernelSpec.of("reduction.final.int", FinalInt.class, c -> checked(c, 0, new FinalInt()),
                        "partial", "out", "m", "scratch"),
                KernelSpec.of("reduction.final.float", FinalFloat.class, c -> checked(c, 1, new FinalFloat()),
                        "partial", "out", "m", "scratch"),
                KernelSpec.of("reduction.tuned.int", TunedInt.class, c -> checked(c, 0, new TunedInt(c.getInt("VW"), c.getInt("IPT"))),
                        "in", "partial", "out", "ticket", "n", "scratch"),
                KernelSpec.of("reduction.tuned.float", TunedFloat.class, c -> checked(c, 1, new TunedFloat(c.getInt("VW"), c.getInt("IPT"))),
                        "in", "partial", "out", "ticket", "n", "scratch"));
    }

    /** The kernel, after checking that the definition's FLOAT constant names its element type. */
    static <K extends PerfportKernel> K checked(Constants c, int expectedFloat, K kernel) {
        if (c.has("FLOAT") && c.getInt("FLOAT") != expectedFloat) {
            throw new IllegalArgumentException("constant FLOAT=" + c.getInt("FLOAT") + " does not match the "
                    + (expectedFloat == 1 ? "float" : "int") + " kernel " + kernel.getClass().getSimpleName()
                    + "; the element type is part of the kernel name");
        }
        return kernel;
    }

    /**
     * Why the float kernels accumulate into a private {@code AtomicInteger[]} and hand the sum to
     * {@code out} from the last group: Aparapi offers compare-and-swap only on {@code AtomicInteger},
     * and in explicit buffer mode it never copies an {@code AtomicInteger[]} back from a device with
     * memory of its own (on an NVIDIA GPU the sum read back as 0.0, while PoCL, sharing host memory,
     * hid it). The ticket is one more global atomic per group, not counted in {@code globalAtomics},
     * which counts the accumulating atomics that the variant is about.
     */
    public static final String TICKET_NOTE = "float sums: CAS into a private AtomicInteger[], last group (ticket atomic) writes out";

    /**
     * The {@code tuned} variant (issue 16) in Aparapi's Java: the grid-stride loop over persistent
     * groups of {@code reduce_tuned}, one partial per group, the last group (a ticket atomic)
     * adding them. Aparapi has no vector types, so a "vector" of vw elements is vw scalar loads
     * of consecutive elements (the route cannot ask for 16-byte loads), and the ipt loads per
     * sweep are a loop the translator does not unroll. The partials are an {@code AtomicInteger[]}
     * of values (float bits for float) written and read with atomics: Aparapi cannot declare the
     * volatile loads that make other groups' partials visible to the last group.
     */
    public static final class TunedInt extends PerfportKernel {
        int[] in;
        AtomicInteger[] partial;
        int[] out;
        int[] ticket;
        int n;
        @Local int[] scratch;
        final int vw;
        final int ipt;

        TunedInt(int vw, int ipt) {
            this.vw = vw;
            this.ipt = ipt;
        }

        @Override
        public void run() {
            int lid = getLocalId();
            int L = getLocalSize();
            int g = getGroupId();
            int groups = getNumGroups();
            int stride = groups * L;
            int nv = n / vw;
            int acc = 0;
            int i = g * L + lid;
            int full = nv - (ipt - 1) * stride;
            for (; i < full; i += ipt * stride) {
                for (int u = 0; u < ipt; u++) {
                    int b = (i + u * stride) * vw;
                    for (int w = 0; w < vw; w++) acc += in[b + w];
                }
            }
            for (; i < nv; i += stride) {
                for (int w = 0; w < vw; w++) acc += in[i * vw + w];
            }
            int t = nv * vw + g * L + lid;
            if (t < n) acc += in[t];
            scratch[lid] = acc;
            for (int s = L / 2; s > 0; s >>= 1) {
                localBarrier();
                if (lid < s) scratch[lid] += scratch[lid + s];
            }
            localBarrier();
            if (lid == 0) {
                atomicXchg(partial[g], scratch[0]);
                scratch[0] = atomicAdd(ticket, 0, 1) == groups - 1 ? 1 : 0;
                countGlobalAtomic();
            }
            localBarrier();
            int last = scratch[0];
            localBarrier();
            if (last == 1) {
                int a = 0;
                for (int j = lid; j < groups; j += L) a += atomicAdd(partial[j], 0);
                scratch[lid] = a;
                for (int s = L / 2; s > 0; s >>= 1) {
                    localBarrier();
                    if (lid < s) scratch[lid] += scratch[lid + s];
                }
                localBarrier();
                if (lid == 0) {
                    out[0] = scratch[0];
                    atomicAdd(ticket, 0, -groups);   // back to 0 for the next launch
                }
            }
        }
    }

    /** {@link TunedInt} for float32: the partials travel as float bits. */
    public static final class TunedFloat extends PerfportKernel {
        float[] in;
        AtomicInteger[] partial;
        float[] out;
        int[] ticket;
        int n;
        @Local float[] scratch;
        final int vw;
        final int ipt;

        TunedFloat(int vw, int ipt) {
            this.vw = vw;
            this.ipt = ipt;
        }

        @Override
        public void run() {
            int lid = getLocalId();
            int L = getLocalSize();
            int g = getGroupId();
            int groups = getNumGroups();
            int stride = groups * L;
            int nv = n / vw;
            float acc = 0f;
            int i = g * L + lid;
            int full = nv - (ipt - 1) * stride;
            for (; i < full; i += ipt * stride) {
                for (int u = 0; u < ipt; u++) {
                    int b = (i + u * stride) * vw;
                    for (int w = 0; w < vw; w++) acc += in[b + w];
                }
            }
            for (; i < nv; i += stride) {
                for (int w = 0; w < vw; w++) acc += in[i * vw + w];
            }
            int t = nv * vw + g * L + lid;
            if (t < n) acc += in[t];
            scratch[lid] = acc;
            for (int s = L / 2; s > 0; s >>= 1) {
                localBarrier();
                if (lid < s) scratch[lid] += scratch[lid + s];
            }
            localBarrier();
            if (lid == 0) {
                atomicXchg(partial[g], Float.floatToRawIntBits(scratch[0]));
                scratch[0] = atomicAdd(ticket, 0, 1) == groups - 1 ? 1f : 0f;
                countGlobalAtomic();
            }
            localBarrier();
            float last = scratch[0];
            localBarrier();
            if (last == 1f) {
                float a = 0f;
                for (int j = lid; j < groups; j += L) a += Float.intBitsToFloat(atomicAdd(partial[j], 0));
                scratch[lid] = a;
                for (int s = L / 2; s > 0; s >>= 1) {
                    localBarrier();
                    if (lid < s) scratch[lid] += scratch[lid + s];
                }
                localBarrier();
                if (lid == 0) {
                    out[0] = scratch[0];
                    atomicAdd(ticket, 0, -groups);   // back to 0 for the next launch
                }
            }
        }
    }
}
