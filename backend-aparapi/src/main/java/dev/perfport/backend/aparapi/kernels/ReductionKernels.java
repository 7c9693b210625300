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
                KernelSpec.of("reduction.tuned.int", TunedInt.class, c -> checked(pairs(c), 0, Specialiser.of(TunedInt.class, new int[]{c.getInt("VW"), c.getInt("IPT")})),
                        "in", "partial", "out", "ticket", "n", "scratch"),
                KernelSpec.of("reduction.tuned.float", TunedFloat.class, c -> checked(pairs(c), 1, Specialiser.of(TunedFloat.class, new int[]{c.getInt("VW"), c.getInt("IPT")})),
                        "in", "partial", "out", "ticket", "n", "scratch"));
    }

    /** {@code c}, after refusing a group reduction other than by pairs (FANIN 2), the one the Aparapi kernel is written with. */
    static Constants pairs(Constants c) {
        if (c.has("FANIN") && c.getInt("FANIN") != 2) {
            throw new dev.perfport.core.error.UnsupportedFeatureException("Aparapi's tuned reduction reduces a group by pairs; fanin="
                    + c.getInt("FANIN") + " is not expressed");
        }
        return c;
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
}
