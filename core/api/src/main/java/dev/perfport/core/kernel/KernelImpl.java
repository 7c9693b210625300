package dev.perfport.core.kernel;

import dev.perfport.core.wg.JavaKernelFactory;

import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * An implementation of a kernel definition in one {@link Dialect}. OpenCL C and Java work-group
 * implementations are defined here; route-native ones ({@link Native}) by the backend that owns
 * the route library.
 */
public sealed interface KernelImpl {

    /** The kind of language the implementation is written in. */
    Dialect dialect();

    /**
     * A route-native implementation: Java written against one route library's own kernel API. The
     * backend that runs it defines the concrete type (for example an Aparapi kernel class with the
     * fields its arguments bind to) and finds it with
     * {@link KernelLibrary#find(KernelDef, Class, ClassLoader)}: in the definition first, then in
     * the {@link KernelLibrary} services.
     */
    non-sealed interface Native extends KernelImpl {
        /** The name of the kernel definition this implements. */
        String name();

        @Override
        default Dialect dialect() {
            return Dialect.NATIVE;
        }
    }

    /**
     * OpenCL C source. {@code entryPoint} is the {@code __kernel} function's name. Tuning constants
     * arrive as {@code -D} options; the source should not redefine them.
     */
    record OpenClSource(String source, String entryPoint) implements KernelImpl {
        public OpenClSource {
            Objects.requireNonNull(source);
            Objects.requireNonNull(entryPoint);
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
     */
    record JavaWorkGroup(JavaKernelFactory factory, ToLongFunction<Constants> privateBytesPerItem) implements KernelImpl {
        public JavaWorkGroup {
            Objects.requireNonNull(factory);
            Objects.requireNonNull(privateBytesPerItem);
        }

        /** A kernel with the given fixed private footprint per work-item. */
        public static JavaWorkGroup of(JavaKernelFactory factory, long privateBytesPerItem) {
            return new JavaWorkGroup(factory, c -> privateBytesPerItem);
        }

        @Override
        public Dialect dialect() {
            return Dialect.JAVA_WORKGROUP;
        }
    }
}
