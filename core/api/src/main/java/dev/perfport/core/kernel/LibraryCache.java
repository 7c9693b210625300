package dev.perfport.core.kernel;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.WeakHashMap;

/** The {@link KernelLibrary} services of each class loader, loaded once: a library is a constant list. */
final class LibraryCache {
    private static final Map<ClassLoader, List<KernelLibrary>> CACHE = new WeakHashMap<>();

    private LibraryCache() {
    }

    static synchronized List<KernelLibrary> of(ClassLoader loader) {
        return CACHE.computeIfAbsent(loader, l -> ServiceLoader.load(KernelLibrary.class, l).stream()
                .map(ServiceLoader.Provider::get).toList());
    }
}
