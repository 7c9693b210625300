package dev.perfport.core.checked;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Oclgrind in this process: its ICD registered with the OpenCL loader and its checks switched on,
 * once, before the loader first lists platforms. Debian's {@code oclgrind} package installs the
 * runtime ({@code liboclgrind-rt-icd.so}) but no ICD file, so where {@code /etc/OpenCL/vendors}
 * names no Oclgrind, {@link #prepare()} points the loader ({@code OCL_ICD_VENDORS}) at a private
 * folder holding the system's ICD files plus one for Oclgrind; routes that are not checked then
 * leave that platform out ({@link #injected()}). Oclgrind reads its settings from the environment
 * when a context is created: memory checks always, {@code OCLGRIND_DATA_RACES},
 * {@code OCLGRIND_BUILD_OPTIONS} ({@code -cl-opt-disable}),
 * {@code OCLGRIND_UNINITIALIZED}, {@code OCLGRIND_CHECK_API}, and {@code OCLGRIND_LOG}, the file
 * its reports go to ({@link OclgrindLog}).
 *
 * <p>Every checked compile, launch and context creation holds {@link #LOCK}, so that the reports
 * read after a launch are that launch's and each context gets a log file of its own.
 */
// restricted FFM (setenv): perfport runs with --enable-native-access
@SuppressWarnings("restricted")
public final class Oclgrind {
    /** The platform name Oclgrind reports. */
    public static final String PLATFORM = "Oclgrind";
    /** Held around every checked compile, launch and context creation. */
    public static final Object LOCK = new Object();
    /** Where Debian, Fedora and source installs put the ICD runtime. */
    static final List<Path> LIBRARIES = Stream.of("/usr/lib/oclgrind", "/usr/lib64/oclgrind", "/usr/local/lib/oclgrind",
            "/usr/lib/x86_64-linux-gnu/oclgrind", "/usr/lib/aarch64-linux-gnu/oclgrind", "/usr/local/lib")
            .map(d -> Path.of(d, "liboclgrind-rt-icd.so")).toList();
    static final Path SYSTEM_VENDORS = Path.of("/etc/OpenCL/vendors");
    /** Why a platform list without Oclgrind has none, after {@link #prepare()} succeeded. */
    public static final String NOT_LISTED = "the OpenCL loader lists no Oclgrind platform: OpenCL was already in use in this"
            + " process before checked mode was asked for (run checked mode in a process of its own, or register Oclgrind's"
            + " ICD: echo " + LIBRARIES.getFirst() + " > " + SYSTEM_VENDORS.resolve("oclgrind.icd") + ")";

    /** Reports a context writes before Oclgrind stops reporting on it ({@code OCLGRIND_MAX_ERRORS}). */
    public static final long MAX_REPORTS = 100_000;

    private static boolean prepared;
    private static String problem;
    private static boolean injected;
    private static OclgrindLog log;

    private Oclgrind() {
    }

    /**
     * Registers Oclgrind with the OpenCL loader (where the system does not) and switches its checks
     * on, once per process; call before the route first lists OpenCL platforms.
     *
     * @return why checked mode cannot run here (Oclgrind not installed, not Linux), or empty
     */
    public static Optional<String> prepare() {
        synchronized (LOCK) {
            if (!prepared) {
                prepared = true;
                problem = setUp();
            }
            return Optional.ofNullable(problem);
        }
    }

    /** {@return whether this process registered Oclgrind itself} Unchecked routes then leave its platform out. */
    public static boolean injected() {
        synchronized (LOCK) {
            return injected;
        }
    }

    /**
     * {@return what Oclgrind reported since the last call} Starts a new log file for the contexts
     * created from now on. Call with {@link #LOCK} held, after a launch has finished.
     */
    public static String drain() {
        synchronized (LOCK) {
            return log == null ? "" : log.drain();
        }
    }

    /**
     * Whether the contexts created from now on check for uninitialised values. Call with
     * {@link #LOCK} held, before creating a context.
     *
     * @param on whether to check
     */
    public static void uninitialized(boolean on) {
        synchronized (LOCK) {
            setenv("OCLGRIND_UNINITIALIZED", on ? "1" : "0");
        }
    }

    /** Gives the context just created its log file to itself: later contexts write to a new one. Call with {@link #LOCK} held. */
    public static void contextCreated() {
        synchronized (LOCK) {
            if (log != null) log.rotate();
        }
    }

    private static String setUp() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            return "Oclgrind is registered with the OpenCL loader here only on Linux";
        }
        String given = System.getenv("OCL_ICD_VENDORS");
        Path vendors = given == null || given.isBlank() ? SYSTEM_VENDORS : Path.of(given);
        try {
            if (!registered(vendors)) {
                Optional<Path> lib = LIBRARIES.stream().filter(Files::isRegularFile).findFirst();
                if (lib.isEmpty()) {
                    return "Oclgrind is not installed: no " + LIBRARIES.getFirst().getFileName() + " in "
                            + LIBRARIES.stream().map(p -> p.getParent().toString()).toList() + " and no Oclgrind ICD in " + vendors
                            + " (Debian/Ubuntu: apt-get install oclgrind)";
                }
                Path dir = Files.createTempDirectory("perfport-oclgrind-icd");
                deleteOnExit(dir);
                if (Files.isDirectory(vendors)) {
                    try (Stream<Path> s = Files.list(vendors)) {
                        for (Path icd : s.filter(p -> p.toString().endsWith(".icd")).toList()) {
                            Files.copy(icd, dir.resolve(icd.getFileName()));
                        }
                    }
                } else if (Files.isRegularFile(vendors)) {
                    Files.copy(vendors, dir.resolve(vendors.getFileName().toString().endsWith(".icd")
                            ? vendors.getFileName().toString() : "given.icd"));
                }
                Files.writeString(dir.resolve("zz-perfport-oclgrind.icd"), lib.get() + "\n");
                setenv("OCL_ICD_VENDORS", dir.toString());
                injected = true;
            }
            setenv("OCLGRIND_CHECK_API", "1");
            setenv("OCLGRIND_DATA_RACES", "1");
            // unoptimised IR, for every route's builds: the interpreter lacks intrinsics the optimiser makes of some
            // idioms (fft's bit reversal became llvm.bitreverse.i3, and no kernel of its program could be created),
            // and every access the source makes stays for the checks to see
            setenv("OCLGRIND_BUILD_OPTIONS", "-cl-opt-disable");
            // one simulator thread: the same reports, in the same order, on every run
            setenv("OCLGRIND_NUM_THREADS", "1");
            // Oclgrind counts reports per context, never resetting: past this many it reports nothing more
            setenv("OCLGRIND_MAX_ERRORS", Long.toString(MAX_REPORTS));
            log = OclgrindLog.start(Oclgrind::setenv);
            return null;
        } catch (IOException | RuntimeException e) {
            return "cannot set Oclgrind up: " + e.getMessage();
        }
    }

    /** Whether an ICD file in {@code vendors} (a folder, or one file) names Oclgrind. */
    private static boolean registered(Path vendors) throws IOException {
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(vendors)) {
            try (Stream<Path> s = Files.list(vendors)) {
                s.filter(p -> p.toString().endsWith(".icd")).forEach(files::add);
            }
        } else if (Files.isRegularFile(vendors)) {
            files.add(vendors);
        }
        for (Path f : files) {
            if (Files.readString(f, StandardCharsets.UTF_8).toLowerCase(Locale.ROOT).contains("oclgrind")) return true;
        }
        return false;
    }

    static void deleteOnExit(Path dir) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            } catch (IOException ignored) {
                // a leftover folder in the temporary directory
            }
        }, "perfport-oclgrind-cleanup"));
    }

    /** The C library's environment, which the loader and Oclgrind read (Java's own view of it is fixed at start). */
    private static void setenv(String key, String value) {
        try {
            Linker linker = Linker.nativeLinker();
            MethodHandle h = linker.downcallHandle(linker.defaultLookup().find("setenv").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
            try (Arena a = Arena.ofConfined()) {
                int rc = (int) h.invokeExact(a.allocateFrom(key), a.allocateFrom(value), 1);
                if (rc != 0) throw new IllegalStateException("setenv(" + key + ") failed");
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("setenv(" + key + "): " + t, t);
        }
    }
}
