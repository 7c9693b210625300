package dev.perfport.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Why this machine has no usable OpenCL, if it has none (CI's second run hides it): the cluster
 * tests that need jocl rows or OpenCL devices for GPU discovery then skip with the reason.
 */
final class OpenClCheck {
    private OpenClCheck() {
    }

    static Optional<String> missing() {
        for (String lib : List.of("libOpenCL.so", "libOpenCL.so.1")) {
            if (!loadable(lib)) return Optional.of("no OpenCL: the library " + lib + " cannot be loaded (install ocl-icd-opencl-dev and pocl-opencl-icd)");
        }
        String env = System.getenv("OCL_ICD_VENDORS");
        Path vendors = Path.of(env != null && !env.isBlank() ? env : "/etc/OpenCL/vendors");
        if (Files.isRegularFile(vendors)) return Optional.empty();
        try (Stream<Path> s = Files.isDirectory(vendors) ? Files.list(vendors) : Stream.empty()) {
            boolean any = s.anyMatch(p -> p.toString().endsWith(".icd") && p.toFile().length() > 0);
            return any ? Optional.empty() : Optional.of("no OpenCL platform: no ICD file in " + vendors + " (install pocl-opencl-icd)");
        } catch (IOException e) {
            return Optional.of("no OpenCL platform: cannot list " + vendors + ": " + e.getMessage());
        }
    }

    @SuppressWarnings("restricted")
    private static boolean loadable(String name) {
        try (java.lang.foreign.Arena a = java.lang.foreign.Arena.ofConfined()) {
            java.lang.foreign.SymbolLookup.libraryLookup(name, a);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
