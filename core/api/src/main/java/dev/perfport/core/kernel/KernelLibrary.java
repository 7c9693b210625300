package dev.perfport.core.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Route-native implementations of kernel definitions kept apart from the definitions, found with
 * {@link ServiceLoader}: a class that implements this interface, has a public no-argument
 * constructor, and is listed in {@code META-INF/services/dev.perfport.core.kernel.KernelLibrary}
 * (perfport's own libraries generate that file with {@code @AutoService}).
 *
 * <p>This is how perfport's workloads get their Aparapi and TornadoVM kernels, since a workload
 * cannot see a route library: each backend keeps one library per workload beside that workload's
 * kernels. A library user's kernels are found the same way; a user may instead hand the
 * implementation to the definition ({@link KernelDef.Builder#impl(KernelImpl)}), which wins over
 * every library.
 */
public interface KernelLibrary {

    /** {@return this library's implementations, each naming the definition it implements ({@link KernelImpl.Native#name()})} */
    List<? extends KernelImpl.Native> kernels();

    /**
     * A kernel that a route knowingly does not implement, and why: a limit of the route (e.g. no
     * coherent load to spin on), which a row that asks for the kernel states instead of the advice
     * to write an implementation.
     *
     * @param route  the route's implementation type, e.g. the TornadoVM backend's kernel type
     * @param name   the kernel definition's name
     * @param reason why the route has no implementation, one clause
     */
    record Declined(Class<? extends KernelImpl.Native> route, String name, String reason) {
        /**
         * Checks the parts.
         *
         * @param route  the route's implementation type
         * @param name   the kernel definition's name
         * @param reason why the route has no implementation
         */
        public Declined {
            Objects.requireNonNull(route);
            Objects.requireNonNull(name);
            Objects.requireNonNull(reason);
        }
    }

    /** {@return the kernels this library's route knowingly does not implement (none by default)} */
    default List<Declined> declined() {
        return List.of();
    }

    /**
     * {@return why the route of {@code type} has no implementation of the kernel {@code name}, if
     * a library visible to {@code loader} declines it}
     *
     * @param name   a kernel definition's name
     * @param type   the route's implementation type
     * @param loader the class loader whose services to read
     */
    static Optional<String> declined(String name, Class<? extends KernelImpl.Native> type, ClassLoader loader) {
        for (KernelLibrary lib : LibraryCache.of(loader)) {
            for (Declined d : lib.declined()) {
                if (d.route().equals(type) && d.name().equals(name)) return Optional.of(d.reason());
            }
        }
        return Optional.empty();
    }

    /**
     * {@return the implementation of {@code def} of the given type, if any} The definition's own if
     * it carries one, else the first library's (libraries in {@link ServiceLoader} order) whose
     * kernel of that type has the definition's name.
     *
     * @param def    the kernel definition
     * @param type   the backend's route-native implementation type
     * @param <T>    that type
     * @param loader the class loader whose services to read: the backend's own, so that a plugin
     *               sees the libraries in its jar and those on the application class path
     */
    static <T extends KernelImpl.Native> Optional<T> find(KernelDef def, Class<T> type, ClassLoader loader) {
        Optional<T> own = def.impl(type);
        if (own.isPresent()) return own;
        for (T k : all(type, loader)) {
            if (k.name().equals(def.name())) return Optional.of(k);
        }
        return Optional.empty();
    }

    /**
     * {@return every implementation of the given type that the libraries visible to {@code loader} hold}
     *
     * @param type   a route-native implementation type
     * @param <T>    that type
     * @param loader the class loader whose services to read
     */
    static <T extends KernelImpl.Native> List<T> all(Class<T> type, ClassLoader loader) {
        List<T> found = new ArrayList<>();
        for (KernelLibrary lib : LibraryCache.of(loader)) {
            for (KernelImpl.Native k : lib.kernels()) {
                if (type.isInstance(k)) found.add(type.cast(k));
            }
        }
        return found;
    }
}
