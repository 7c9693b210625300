package dev.perfport.backend.cell.spe;

import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.kernel.ArgDef;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.wg.WorkGroupKernel;

import java.util.List;
import java.util.Objects;

/**
 * A kernel with its arguments, as the workers need them. {@code args} follow {@code argDefs}: the
 * backing Java array (int[], long[], float[], double[]) of a GLOBAL or CONSTANT buffer, a
 * {@link LocalSize} for LOCAL and STATIC_LOCAL, the boxed value for a PRIVATE scalar.
 *
 * @param name                kernel name, for messages
 * @param kernel              the instance shared by all workers (kernels keep no per-group state in fields)
 * @param constants           tuning constants
 * @param argDefs             the declared arguments
 * @param args                the resolved arguments
 * @param privateBytesPerItem the kernel's declared private bytes per work-item
 * @param addresses           modelled main-memory address of each GLOBAL or CONSTANT argument's buffer (0 for
 *                            other arguments), for the DMA rules and the software cache
 */
public record KernelCall(String name, WorkGroupKernel kernel, Constants constants, List<ArgDef> argDefs,
                         Object[] args, long privateBytesPerItem, long[] addresses) {

    /** Largest Java array the emulator creates (the usual VM limit). */
    public static final long MAX_ARRAY_ELEMENTS = Integer.MAX_VALUE - 8;

    public KernelCall {
        Objects.requireNonNull(name);
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(constants);
        argDefs = List.copyOf(argDefs);
        args = args.clone();
        addresses = addresses == null ? new long[args.length] : addresses.clone();
        if (args.length != argDefs.size() || addresses.length != args.length) {
            throw new IllegalArgumentException("kernel '" + name + "' takes " + argDefs.size() + " arguments, got " + args.length);
        }
        if (privateBytesPerItem < 0) {
            throw new IllegalArgumentException("kernel '" + name + "' declares negative private memory: " + privateBytesPerItem + " B");
        }
        // The session resolves arguments after core validation; a mismatch here is a bug, so fail loudly.
        for (int i = 0; i < args.length; i++) {
            ArgDef a = argDefs.get(i);
            Object v = args[i];
            boolean ok = switch (a.level()) {
                case GLOBAL, CONSTANT -> a.type().arrayClass().isInstance(v);
                case LOCAL, STATIC_LOCAL -> v instanceof LocalSize s && s.elements() <= MAX_ARRAY_ELEMENTS;
                case PRIVATE -> a.type().boxClass().isInstance(v);
            };
            if (!ok) {
                throw new IllegalArgumentException("kernel '" + name + "', argument " + i + " '" + a + "': unexpected value "
                        + (v == null ? "null" : v.getClass().getSimpleName()));
            }
        }
    }

    /** A call whose buffers all start at address 0 (128-byte aligned). */
    public KernelCall(String name, WorkGroupKernel kernel, Constants constants, List<ArgDef> argDefs,
                      Object[] args, long privateBytesPerItem) {
        this(name, kernel, constants, argDefs, args, privateBytesPerItem, null);
    }

    /** Whether some argument lives in static local memory. */
    public boolean usesStaticLocal() {
        return argDefs.stream().anyMatch(a -> a.level() == MemoryLevel.STATIC_LOCAL);
    }
}
