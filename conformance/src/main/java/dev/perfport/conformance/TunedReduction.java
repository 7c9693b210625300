package dev.perfport.conformance;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.workloads.reduction.ReductionKernels;

/**
 * The tuned int reduction of an {@link IntInput} on a session, as the checks that launch it again and again use it
 * (the kit's repeated launches, a route's own): the kernel, its buffers and its launch. Closing it releases them.
 *
 * @param input   the elements and their exact sum
 * @param groups  persistent groups, one partial sum each
 * @param wg      work-items per group
 * @param kernel  the compiled kernel
 * @param in      the input, uploaded
 * @param out     the one-element sum
 * @param partial the partial sums
 * @param ticket  the last group's ticket, 0
 */
public record TunedReduction(IntInput input, int groups, int wg, CompiledKernel kernel, DeviceBuffer in, DeviceBuffer out,
                             DeviceBuffer partial, DeviceBuffer ticket) implements AutoCloseable {
    /**
     * {@return the kernel compiled with {@code constants} and its buffers, {@code input} uploaded}
     *
     * @param s         the session
     * @param input     the elements and their exact sum
     * @param groups    persistent groups
     * @param wg        work-items per group
     * @param constants the tuning constants (VW, IPT)
     */
    public static TunedReduction open(DeviceSession s, IntInput input, int groups, int wg, Constants constants) {
        CompiledKernel kernel = s.compile(ReductionKernels.tuned(ElemType.INT), constants);
        DeviceBuffer in = null, out = null, partial = null;
        try {
            in = s.upload(input.data());
            out = s.allocate(ElemType.INT, 1);
            partial = s.allocate(ElemType.INT, groups);
            return new TunedReduction(input, groups, wg, kernel, in, out, partial, s.upload(new int[1]));
        } catch (RuntimeException | Error e) {
            // what was made so far, the last first, as try-with-resources releases it
            try (kernel; DeviceBuffer a = in; DeviceBuffer b = out; DeviceBuffer c = partial) {
                throw e;
            }
        }
    }

    /** {@return {@code groups} groups of {@code wg} work-items} */
    public NDRange range() {
        return NDRange.of((long) groups * wg, wg);
    }

    /** {@return the launch's arguments: in, partial, out, ticket, n and the scratch's local size} */
    public Object[] args() {
        return new Object[] {in, partial, out, ticket, input.data().length, LocalSize.of(wg)};
    }

    /** {@return what the output holds now} */
    public int result() {
        int[] got = new int[1];
        out.read(got);
        return got[0];
    }

    /** Releases the buffers and the kernel, the last made first. */
    @Override
    public void close() {
        try (kernel; in; out; partial; ticket) {
            // nothing to do but close them
        }
    }
}
