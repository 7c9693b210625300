package dev.perfport.conformance;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Whether a test can expect OpenCL on this machine, checked apart from the backends (so that a
 * broken backend fails its tests instead of skipping them): the ICD loader can be loaded under
 * both names JOCL and Aparapi load, and an ICD file names a driver. On a machine without OpenCL,
 * or with it hidden as {@code .ci/run} does, the tests that need it skip with this reason.
 */
public final class OpenClPresence {
    private OpenClPresence() {
    }

    /** {@return why OpenCL cannot be expected here, or empty when it can} */
    public static Optional<String> missing() {
        for (String lib : List.of("libOpenCL.so", "libOpenCL.so.1")) {
            if (!loadable(lib)) return Optional.of("no OpenCL: the library " + lib + " cannot be loaded (install ocl-icd-opencl-dev and pocl-opencl-icd)");
        }
        // the ICD loader reads OCL_ICD_VENDORS (a folder or one .icd file) instead when it is set
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

    /** Whether the dynamic loader can load a library by this name (dlopen, closed again at once). */
    @SuppressWarnings("restricted")
    private static boolean loadable(String name) {
        try (Arena a = Arena.ofConfined()) {
            SymbolLookup.libraryLookup(name, a);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
