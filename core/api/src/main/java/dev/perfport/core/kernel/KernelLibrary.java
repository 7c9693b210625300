package dev.perfport.core.kernel;

import java.util.ArrayList;
import java.util.List;
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
