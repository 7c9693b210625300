package dev.perfport.core.kernel;

import dev.perfport.core.wg.JavaKernelFactory;
import dev.perfport.core.wg.KernelCost;

import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * An implementation of a kernel definition in one {@link Dialect}. OpenCL C and Java work-group
 * implementations are defined here; route-native ones ({@link Native}) by the backend that owns
 * the route library.
 */
public sealed interface KernelImpl {

    /** {@return the dialect this implementation is written in} */
    Dialect dialect();

    /**
     * A route-native implementation: Java written against one route library's own kernel API. The
     * backend that runs it defines the concrete type (for example an Aparapi kernel class with the
     * fields its arguments bind to) and finds it with
     * {@link KernelLibrary#find(KernelDef, Class, ClassLoader)}: in the definition first, then in
     * the {@link KernelLibrary} services.
     */
    non-sealed interface Native extends KernelImpl {
        /** {@return the name of the kernel definition this implements} */
        String name();

        @Override
        default Dialect dialect() {
            return Dialect.NATIVE;
        }
    }

    /**
     * OpenCL C source. Tuning constants arrive as {@code -D} options; the source should not
     * redefine them. OpenCL backends build it with, in this order, the constants' {@code -D}
     * options, {@code buildOptions}, and the session's own options (e.g. jocl's
     * {@code perfport.jocl.buildOptions}).
     *
     * @param source       the kernel's OpenCL C text; its parameter list starts with {@code PP_PARAMS}
     * @param entryPoint   the {@code __kernel} function's name
     * @param buildOptions OpenCL build options this kernel always needs, e.g.
     *                     {@code -cl-fp-contract=off} so that {@code a*x+y} is not fused into an FMA
     *                     (and rounds as Java's float arithmetic does); empty for none
     */
    record OpenClSource(String source, String entryPoint, String buildOptions) implements KernelImpl {
        /**
         * A constant with which a configuration caps the registers per work-item on NVIDIA's OpenCL:
         * an OpenCL backend building for an NVIDIA device adds {@code -cl-nv-maxrregcount=N} (another
         * vendor's compiler would refuse the option; there it only arrives as the {@code -D} define every
         * constant becomes). 0 or absent: the compiler's choice. Fewer registers let more groups share a
         * compute unit, which a memory-bound kernel may need more than the registers.
         */
        public static final String NVIDIA_MAX_REGISTERS = "PP_NV_MAX_REGISTERS";

        /**
         * Checks the parts.
         *
         * @param source       the kernel's OpenCL C text
         * @param entryPoint   the {@code __kernel} function's name
         * @param buildOptions build options, or null for none
         */
        public OpenClSource {
            Objects.requireNonNull(source);
            Objects.requireNonNull(entryPoint);
            buildOptions = buildOptions == null ? "" : buildOptions.strip();
        }

        /**
         * OpenCL C source built without options of its own.
         *
         * @param source     the kernel's OpenCL C text
         * @param entryPoint the {@code __kernel} function's name
         */
        public OpenClSource(String source, String entryPoint) {
            this(source, entryPoint, "");
        }

        @Override
        public Dialect dialect() {
            return Dialect.OPENCL_C;
        }
    }

    /**
     * A Java work-group kernel.
     *
     * @param factory              makes the kernel for a set of constants ("compiling" it)
     * @param privateBytesPerItem  private state each work-item keeps across barriers, in bytes, for
     *                             the given constants; emulated devices place it in their local store
     * @param cost                 the compute each group does beyond what the device sees, for the
     *                             given constants; emulated devices charge it after each group
     *                             ({@link KernelCost}: {@link KernelCost#NONE} where the body declares all)
     */
    record JavaWorkGroup(JavaKernelFactory factory, ToLongFunction<Constants> privateBytesPerItem,
                         Function<Constants, KernelCost> cost) implements KernelImpl {
        /**
         * Checks the parts.
         *
         * @param factory             makes the kernel for a set of constants
         * @param privateBytesPerItem private bytes per work-item for a set of constants
         * @param cost                the declared cost per group for a set of constants
         */
        public JavaWorkGroup {
            Objects.requireNonNull(factory);
            Objects.requireNonNull(privateBytesPerItem);
            Objects.requireNonNull(cost);
        }

        /**
         * A kernel whose body declares all its compute.
         *
         * @param factory             makes the kernel for a set of constants
         * @param privateBytesPerItem private bytes per work-item for a set of constants
         */
        public JavaWorkGroup(JavaKernelFactory factory, ToLongFunction<Constants> privateBytesPerItem) {
            this(factory, privateBytesPerItem, c -> KernelCost.NONE);
        }

        /**
         * {@return this implementation with a cost descriptor that does not depend on the constants}
         *
         * @param cost what each group does beyond what the device sees
         */
        public JavaWorkGroup withCost(KernelCost cost) {
            return withCost(c -> cost);
        }

        /**
         * {@return this implementation with a cost descriptor per set of constants}
         *
         * @param cost what each group does beyond what the device sees, for a set of constants
         */
        public JavaWorkGroup withCost(Function<Constants, KernelCost> cost) {
            return new JavaWorkGroup(factory, privateBytesPerItem, cost);
        }

        /**
         * {@return a Java work-group implementation with a fixed private footprint per work-item}
         *
         * @param factory             makes the kernel for a set of constants, e.g.
         *                            {@code constants -> g -> { ... }}
         * @param privateBytesPerItem private state each work-item keeps across barriers
         *                            ({@link dev.perfport.core.wg.WorkGroup#privateInts(int)} and the like),
         *                            in bytes; 0 when it keeps none
         */
        public static JavaWorkGroup of(JavaKernelFactory factory, long privateBytesPerItem) {
            return new JavaWorkGroup(factory, c -> privateBytesPerItem);
        }

        @Override
        public Dialect dialect() {
            return Dialect.JAVA_WORKGROUP;
        }
    }
}
