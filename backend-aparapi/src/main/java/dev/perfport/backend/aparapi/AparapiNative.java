package dev.perfport.backend.aparapi;

import dev.perfport.core.files.UserFiles;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;

/**
 * Loads Aparapi's JNI library the way perfport wants it, before Aparapi would.
 *
 * <ul>
 *   <li>The OpenCL library it links against ({@code libOpenCL.so.1}) is probed first, quietly:
 *       without it the backend is unavailable with that reason, and Aparapi's loader, which logs
 *       a SEVERE message, never runs.</li>
 *   <li>Aparapi's own loader extracts the library into a new {@code /tmp/Aparapi*} folder in every
 *       process and leaves it behind whenever the JVM does not exit normally (a signal, a kill).
 *       Here it is extracted once into a cache, {@code $XDG_CACHE_HOME/perfport/aparapi/<sha-256>/}
 *       (default {@code ~/.cache}), named by its content and written atomically, so concurrent
 *       processes agree; where the cache cannot be written, into a temporary file that is deleted
 *       as soon as it is loaded. Aparapi is then told the library is already there
 *       ({@code com.aparapi.useAgent}, which does nothing else in Aparapi 3.0.2).</li>
 * </ul>
 */
// restricted FFM and System.load: perfport runs with --enable-native-access
@SuppressWarnings("restricted")
final class AparapiNative {
    /** Aparapi's switch that skips its own loader ({@code OpenCLLoader}): the library is loaded already. */
    static final String PRELOADED_PROPERTY = "com.aparapi.useAgent";
    /** The OpenCL library libaparapi is linked against. */
    static final String OPENCL = "libOpenCL.so.1";
    /** Where the cache goes instead of the default (tests). */
    static final String CACHE_PROPERTY = "perfport.aparapi.nativeCache";

    private AparapiNative() {
    }

    static boolean linux() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
    }

    /** Why the OpenCL library cannot be loaded, or empty when it can (or off Linux, where Aparapi decides). */
    static Optional<String> openClMissing() {
        if (!linux()) return Optional.empty();
        try (Arena arena = Arena.ofConfined()) {
            SymbolLookup.libraryLookup(OPENCL, arena);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(dev.perfport.core.device.OpenClAdvice.noLibrary(OPENCL));
        }
    }

    /** The resource of aparapi-jni for this machine, or null where perfport leaves loading to Aparapi. */
    static String resource() {
        if (!linux()) return null;
        return switch (System.getProperty("os.arch", "")) {
            case "amd64", "x86_64" -> "/linux/libaparapi_x86_64.so";
            case "aarch64" -> "/linux/libaparapi_aarch64.so";
            default -> null;
        };
    }

    /** The cache folder: {@value #CACHE_PROPERTY}, else {@code $XDG_CACHE_HOME} or {@code ~/.cache}, then {@code perfport/aparapi}. */
    static Path cacheDir() {
        String p = System.getProperty(CACHE_PROPERTY);
        if (p != null && !p.isBlank()) return Path.of(p);
        return UserFiles.cacheFolder("aparapi");
    }

    /**
     * Loads the JNI library from the cache (extracting it first if needed) and tells Aparapi so.
     * Returns where it was loaded from, or empty where loading is left to Aparapi (another OS
     * or architecture). A library that cannot be loaded throws {@link UnsatisfiedLinkError}.
     * Called once per class loader (a second copy of the plugin gets a temporary copy, because
     * the JVM binds one library file to one class loader).
     */
    static Optional<Path> load() throws IOException {
        String resource = resource();
        if (resource == null) return Optional.empty();
        byte[] bytes;
        try (InputStream in = com.aparapi.natives.NativeLoader.class.getResourceAsStream(resource)) {
            if (in == null) return Optional.empty();
            bytes = in.readAllBytes();
        }
        Path loaded;
        try {
            Path file = cacheDir().resolve(sha256(bytes)).resolve("libaparapi.so");
            if (!Files.isRegularFile(file) || Files.size(file) != bytes.length) UserFiles.write(file, bytes);
            System.load(file.toAbsolutePath().toString());
            loaded = file;
        } catch (UnsatisfiedLinkError e) {
            if (e.getMessage() == null || !e.getMessage().contains("another classloader")) throw e;
            loaded = loadTemporaryCopy(bytes);
        } catch (IOException | SecurityException e) {
            loaded = loadTemporaryCopy(bytes);   // no cache (e.g. a read-only home)
        }
        System.setProperty(PRELOADED_PROPERTY, "true");
        return Optional.of(loaded);
    }

    /** Loads a temporary copy, removed as soon as it is mapped. */
    private static Path loadTemporaryCopy(byte[] bytes) throws IOException {
        Path tmp = Files.createTempFile("perfport-libaparapi", ".so");
        try {
            Files.write(tmp, bytes);
            System.load(tmp.toAbsolutePath().toString());
        } finally {
            Files.deleteIfExists(tmp);
        }
        return tmp;
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
