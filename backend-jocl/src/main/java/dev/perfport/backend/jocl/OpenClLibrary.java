package dev.perfport.backend.jocl;

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether the OpenCL library JOCL binds to can be loaded, asked before JOCL is touched. JOCL's
 * native code prints "Could not load libOpenCL.so ..." on stderr and throws when the library is
 * missing; a machine without OpenCL is an ordinary case (jocl is an optional backend), so it is
 * detected here, quietly, and becomes the backend's reason instead.
 */
// SymbolLookup.libraryLookup is restricted: perfport runs with --enable-native-access
@SuppressWarnings("restricted")
final class OpenClLibrary {
    /** The name JOCL 2.0.5 loads on Linux (LibInitializer: mapLibraryName("OpenCL")). */
    static final String NAME = System.mapLibraryName("OpenCL");

    private OpenClLibrary() {
    }

    /** Why the library cannot be loaded, or empty when it can (or where the check does not apply). */
    static Optional<String> missing() {
        // macOS and Windows load OpenCL by other names and paths; there JOCL itself decides
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) return Optional.empty();
        try (Arena arena = Arena.ofConfined()) {
            SymbolLookup.libraryLookup(NAME, arena);   // dlopen; closing the arena dlcloses it again
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(dev.perfport.core.device.OpenClAdvice.noLibrary(NAME));
        }
    }
}
