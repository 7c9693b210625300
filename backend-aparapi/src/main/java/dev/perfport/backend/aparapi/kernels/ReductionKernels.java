package dev.perfport.backend.aparapi.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;
import dev.perfport.core.kernel.Constants;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

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

    /** Local memory plus one global atomic per work-group, int32. */
    public static final class LocalAtomicInt extends PerfportKernel {
        int[] in;
        int[] out;
        int n;
        @Local int[] scratch;

        @Override
        public void run() {
            int lid = getLocalId();
            int gid = getGlobalId();
            scratch[lid] = gid < n ? in[gid] : 0;
            for (int s = getLocalSize() / 2; s > 0; s >>= 1) {
                localBarrier();
                if (lid < s) scratch[lid] += scratch[lid + s];
            }
            localBarrier();
            if (lid == 0) {
                atomicAdd(out, 0, scratch[0]);
                countGlobalAtomic();
            }
        }
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

    /** Local memory plus one global atomic per work-group, float32: a compare-and-swap loop on the bits of the sum. */
    public static final class LocalAtomicFloat extends PerfportKernel {
        float[] in;
        float[] out;
        int n;
        /** The running sum's bits and the finished-group ticket; see {@link ReductionKernels#TICKET_NOTE}. */
        AtomicInteger[] acc = {new AtomicInteger(), new AtomicInteger()};
        @Local float[] scratch;

        @Override
        public void run() {
            int lid = getLocalId();
            int gid = getGlobalId();
            scratch[lid] = gid < n ? in[gid] : 0f;
            for (int s = getLocalSize() / 2; s > 0; s >>= 1) {
                localBarrier();
                if (lid < s) scratch[lid] += scratch[lid + s];
            }
            localBarrier();
            if (lid == 0) {
                float v = scratch[0];
                int old = atomicGet(acc[0]);
                int seen = atomicCmpXchg(acc[0], old, Float.floatToRawIntBits(Float.intBitsToFloat(old) + v));
                while (seen != old) {
                    old = seen;
                    seen = atomicCmpXchg(acc[0], old, Float.floatToRawIntBits(Float.intBitsToFloat(old) + v));
                }
                countGlobalAtomic();
                // the group that finishes last hands the sum to out and leaves acc at zero for the next launch
                if (atomicAdd(acc[1], 1) == getNumGroups() - 1) {
                    out[0] = out[0] + Float.intBitsToFloat(atomicXchg(acc[0], 0));
                    atomicXchg(acc[1], 0);
                }
            }
        }
    }

    /**
     * Static local memory plus one global atomic per persistent group, int32. The session runs it
     * on k persistent groups (the residency query), each taking a contiguous block of the logical
     * work-groups; {@code slm} is the group's {@code @Local} memory, alive across its tasks.
     */
    public static final class StaticLocalInt extends PerfportKernel {
        int[] in;
        int[] out;
        int n;
        @Local int[] scratch;
        @Local int[] slm;

        @Override
        public void run() {
            int lid = getLocalId();
            int size = getLocalSize();
            if (lid == 0) slm[0] = 0;                          // first group on this unit
            for (int t = taskBegin(); t >= 0; t = taskNext(t)) {
                int gid = t * size + lid;
                scratch[lid] = gid < n ? in[gid] : 0;
                for (int s = size / 2; s > 0; s >>= 1) {
                    localBarrier();
                    if (lid < s) scratch[lid] += scratch[lid + s];
                }
                localBarrier();
                if (lid == 0) slm[0] += scratch[0];           // a unit runs its groups in turn: no atomic
                localBarrier();
            }
            if (lid == 0) {                                   // last group on this unit
                atomicAdd(out, 0, slm[0]);
                countGlobalAtomic();
            }
        }
    }

    /** Static local memory plus one global atomic per persistent group, float32. */
    public static final class StaticLocalFloat extends PerfportKernel {
        float[] in;
        float[] out;
        int n;
        /** The running sum's bits and the finished-group ticket; see {@link ReductionKernels#TICKET_NOTE}. */
        AtomicInteger[] acc = {new AtomicInteger(), new AtomicInteger()};
        @Local float[] scratch;
        @Local float[] slm;

        @Override
        public void run() {
            int lid = getLocalId();
            int size = getLocalSize();
            if (lid == 0) slm[0] = 0f;
            for (int t = taskBegin(); t >= 0; t = taskNext(t)) {
                int gid = t * size + lid;
                scratch[lid] = gid < n ? in[gid] : 0f;
                for (int s = size / 2; s > 0; s >>= 1) {
                    localBarrier();
                    if (lid < s) scratch[lid] += scratch[lid + s];
                }
                localBarrier();
                if (lid == 0) slm[0] += scratch[0];
                localBarrier();
            }
            if (lid == 0) {
                float v = slm[0];
                int old = atomicGet(acc[0]);
                int seen = atomicCmpXchg(acc[0], old, Float.floatToRawIntBits(Float.intBitsToFloat(old) + v));
                while (seen != old) {
                    old = seen;
                    seen = atomicCmpXchg(acc[0], old, Float.floatToRawIntBits(Float.intBitsToFloat(old) + v));
                }
                countGlobalAtomic();
                // the group that finishes last hands the sum to out and leaves acc at zero for the next launch
                if (atomicAdd(acc[1], 1) == getNumGroups() - 1) {
                    out[0] = out[0] + Float.intBitsToFloat(atomicXchg(acc[0], 0));
                    atomicXchg(acc[1], 0);
                }
            }
        }
    }

    /** Two kernels, first: one partial sum per work-group, int32. */
    public static final class PartialsInt extends PerfportKernel {
        int[] in;
        int[] partial;
        int n;
        @Local int[] scratch;

        @Override
        public void run() {
            int lid = getLocalId();
            int gid = getGlobalId();
            scratch[lid] = gid < n ? in[gid] : 0;
            for (int s = getLocalSize() / 2; s > 0; s >>= 1) {
                localBarrier();
                if (lid < s) scratch[lid] += scratch[lid + s];
            }
            localBarrier();
            if (lid == 0) partial[getGroupId()] = scratch[0];
        }
    }

    /** Two kernels, first: one partial sum per work-group, float32. */
    public static final class PartialsFloat extends PerfportKernel {
        float[] in;
        float[] partial;
        int n;
        @Local float[] scratch;

        @Override
        public void run() {
            int lid = getLocalId();
            int gid = getGlobalId();
            scratch[lid] = gid < n ? in[gid] : 0f;
            for (int s = getLocalSize() / 2; s > 0; s >>= 1) {
                localBarrier();
                if (lid < s) scratch[lid] += scratch[lid + s];
            }
            localBarrier();
            if (lid == 0) partial[getGroupId()] = scratch[0];
        }
    }

    /** Two kernels, second: all m partial sums in one work-group, int32. */
    public static final class FinalInt extends PerfportKernel {
        int[] partial;
        int[] out;
        int m;
        @Local int[] scratch;

        @Override
        public void run() {
            int lid = getLocalId();
            int size = getLocalSize();
            int acc = 0;
            for (int i = lid; i < m; i += size) acc += partial[i];
            scratch[lid] = acc;
            for (int s = size / 2; s > 0; s >>= 1) {
                localBarrier();
                if (lid < s) scratch[lid] += scratch[lid + s];
            }
            localBarrier();
            if (lid == 0) out[0] = scratch[0];
        }
    }

    /** Two kernels, second: all m partial sums in one work-group, float32. */
    public static final class FinalFloat extends PerfportKernel {
        float[] partial;
        float[] out;
        int m;
        @Local float[] scratch;

        @Override
        public void run() {
            int lid = getLocalId();
            int size = getLocalSize();
            float acc = 0f;
            for (int i = lid; i < m; i += size) acc += partial[i];
            scratch[lid] = acc;
            for (int s = size / 2; s > 0; s >>= 1) {
                localBarrier();
                if (lid < s) scratch[lid] += scratch[lid + s];
            }
            localBarrier();
            if (lid == 0) out[0] = scratch[0];
        }
    }

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
