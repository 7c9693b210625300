package dev.perfport.backend.aparapi.kernels;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The Aparapi classes of the reduction kernels, one per kernel and element type, from one source
 * each (tools/KernelGen.java expands the template); {@link ReductionKernels} registers them.
 *
 * <p>Every work-item loads one element (zero past n) into {@code scratch}, the group reduces it
 * with a tree of {@code localBarrier()}-separated steps, and work-item 0 combines the group's sum.
 * Int sums use Aparapi's {@code atomicAdd}; float sums a compare-and-swap loop on the bits of the
 * sum (see {@link ReductionKernels#TICKET_NOTE}).
 */
public final class ReductionKernelClasses {
    private ReductionKernelClasses() {
    }

//#def arrays
        $T$[] $a$;
        $T$[] $b$;
        int $len$;
//#end
//#def atomicArgs
//#use arrays a=in b=out len=n
//#if T=float
        /** The running sum's bits and the finished-group ticket; see {@link ReductionKernels#TICKET_NOTE}. */
        AtomicInteger[] acc = {new AtomicInteger(), new AtomicInteger()};
//#end
        @Local $T$[] scratch;
//#end
//#def treeSum
            for (int s = $size$ / 2; s > 0; s >>= 1) {
                localBarrier();
                if (lid < s) scratch[lid] += scratch[lid + s];
            }
            localBarrier();
//#end
//#def groupTree
            int lid = getLocalId();
            int gid = getGlobalId();
            scratch[lid] = gid < n ? in[gid] : $zero$;
//#use treeSum size=getLocalSize()
//#end
//#def addToOut
//#if T=float
                float v = $sum$;
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
//#else
                atomicAdd(out, 0, $sum$);
                countGlobalAtomic();
//#end
//#end
//#def lidAndSize
            int lid = getLocalId();
            int size = getLocalSize();
//#end
//#for T=int,float  Ty=Int,Float  zero=0,0f
    /** Local memory plus one global atomic per work-group, $T$32. */
    public static final class LocalAtomic$Ty$ extends PerfportKernel {
//#use atomicArgs

        @Override
        public void run() {
//#use groupTree
            if (lid == 0) {
//#use addToOut sum=scratch[0]
            }
        }
    }

    /**
     * Static local memory plus one global atomic per persistent group, $T$32. The session runs it
     * on k persistent groups (the residency query), each taking a contiguous block of the logical
     * work-groups; {@code slm} is the group's {@code @Local} memory, alive across its tasks.
     */
    public static final class StaticLocal$Ty$ extends PerfportKernel {
//#use atomicArgs
        @Local $T$[] slm;

        @Override
        public void run() {
//#use lidAndSize
            if (lid == 0) slm[0] = $zero$;                          // first group on this unit
            for (int t = taskBegin(); t >= 0; t = taskNext(t)) {
                int gid = t * size + lid;
                scratch[lid] = gid < n ? in[gid] : $zero$;
//#use treeSum size=size
                if (lid == 0) slm[0] += scratch[0];           // a unit runs its groups in turn: no atomic
                localBarrier();
            }
            if (lid == 0) {                                   // last group on this unit
//#use addToOut sum=slm[0]
            }
        }
    }

    /** Two kernels, first: one partial sum per work-group, $T$32. */
    public static final class Partials$Ty$ extends PerfportKernel {
//#use arrays a=in b=partial len=n
        @Local $T$[] scratch;

        @Override
        public void run() {
//#use groupTree
            if (lid == 0) partial[getGroupId()] = scratch[0];
        }
    }

    /** Two kernels, second: all m partial sums in one work-group, $T$32. */
    public static final class Final$Ty$ extends PerfportKernel {
//#use arrays a=partial b=out len=m
        @Local $T$[] scratch;

        @Override
        public void run() {
//#use lidAndSize
            $T$ acc = $zero$;
            for (int i = lid; i < m; i += size) acc += partial[i];
            scratch[lid] = acc;
//#use treeSum size=size
            if (lid == 0) out[0] = scratch[0];
        }
    }

//#end

    /**
     * The {@code tuned} variant (issue 16) in Aparapi's Java: the grid-stride loop over persistent
     * groups of {@code reduce_tuned}, one partial per group, the last group (a ticket atomic)
     * adding them. Aparapi has no vector types, so a "vector" of vw elements is vw scalar loads
     * of consecutive elements (the route cannot ask for 16-byte loads), and the ipt loads per
     * sweep are a loop over a constant: {@link Specialiser} folds vw and ipt (as arguments they
     * left the loops to run time, 1.39-1.44x jocl's kernel time at vw 1, ipt 1 on the H100). The partials are written and read with
     * atomics (Aparapi cannot declare the volatile loads that make other groups' partials visible
     * to the last group): int partials are an {@code int[]}, set by adding to the 0 the last group
     * of the launch before left there (Aparapi's only atomic on an array is {@code atomicAdd}),
     * which keeps them on the device between launches; float partials are bits in an
     * {@code AtomicInteger[]}, which Aparapi copies in and out on every execute (a float buffer has
     * no int[] view here).
     */
//#for T=int,float  Ty=Int,Float  zero=0,0f  one=1,1f
    public static class Tuned$Ty$ extends PerfportKernel {
        $T$[] in;
//#if T=float
        AtomicInteger[] partial;
//#else
        int[] partial;
//#end
        $T$[] out;
        int[] ticket;
        int n;
        @Local $T$[] scratch;
        final int vw;
        final int ipt;

        /** {vw, ipt}; {@link Specialiser} makes them constants of the class (not final: it subclasses this). */
        Tuned$Ty$(int[] v) {
            this.vw = v[0];
            this.ipt = v[1];
        }

        @Override
        public void run() {
            int lid = getLocalId();
            int L = getLocalSize();
            int g = getGroupId();
            int groups = getNumGroups();
            int stride = groups * L;
            int nv = n / vw;
            $T$ acc = $zero$;
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
//#use treeSum size=L
            if (lid == 0) {
//#if T=float
                atomicXchg(partial[g], Float.floatToRawIntBits(scratch[0]));
//#else
                atomicAdd(partial, g, scratch[0]);
//#end
                scratch[0] = atomicAdd(ticket, 0, 1) == groups - 1 ? $one$ : $zero$;
                countGlobalAtomic();
            }
            localBarrier();
            $T$ last = scratch[0];
            localBarrier();
            if (last == $one$) {
                $T$ a = $zero$;
//#if T=float
                for (int j = lid; j < groups; j += L) a += Float.intBitsToFloat(atomicAdd(partial[j], 0));
//#else
                for (int j = lid; j < groups; j += L) {
                    a += atomicAdd(partial, j, 0);
                    partial[j] = 0;   // the next launch's group j adds to 0
                }
//#end
                scratch[lid] = a;
//#use treeSum size=L
                if (lid == 0) {
                    out[0] = scratch[0];
                    atomicAdd(ticket, 0, -groups);   // back to 0 for the next launch
                }
            }
        }
    }
//#end
}
