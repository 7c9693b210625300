package dev.perfport.backend.aparapi;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Captures what native code writes to the process's standard error while one call runs (Linux
 * only; elsewhere the call runs as is). Aparapi's JNI library prints, for instance, "WARNING:
 * Aparapi is running on an untested OpenCL platform version" with {@code fprintf(stderr)} when it
 * lists platforms; perfport keeps stderr for its own progress and notes, so such text is taken
 * and shown with the devices instead. File descriptor 2 is pointed at a temporary file for the
 * duration of the call (dup/dup2 through the FFM API) and restored afterwards.
 */
// restricted FFM methods: perfport runs with --enable-native-access (the launcher, the tests)
@SuppressWarnings("restricted")
final class NativeStderr {
    private static final int O_WRONLY = 1;

    private NativeStderr() {
    }

    /** What {@link #capture} returns: the call's value and the text written to stderr meanwhile. */
    record Captured<T>(T value, String text) {
    }

    /** Runs {@code body}; text native code writes to fd 2 meanwhile is returned rather than shown (Linux). */
    static <T> Captured<T> capture(Supplier<T> body) {
        Redirect r = Redirect.start();
        T value;
        String text = "";
        try {
            value = body.get();
        } finally {
            if (r != null) text = r.stop();
        }
        return new Captured<>(value, text);
    }

    /**
     * An active redirection of fd 2: the libc calls that end it, the saved descriptor and the file that takes the text.
     *
     * @param dup2   libc's dup2
     * @param close  libc's close
     * @param fflush libc's fflush
     * @param saved  the descriptor that fd 2 was before
     * @param file   where fd 2 points meanwhile
     */
    private record Redirect(MethodHandle dup2, MethodHandle close, MethodHandle fflush, int saved, Path file) {
        /** {@return a redirection of fd 2, or null where it cannot be set up} */
        static Redirect start() {
            if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) return null;
            Path file = null;
            try {
                Linker linker = Linker.nativeLinker();
                SymbolLookup libc = linker.defaultLookup();
                MethodHandle dup = linker.downcallHandle(libc.find("dup").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
                MethodHandle dup2 = linker.downcallHandle(libc.find("dup2").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
                MethodHandle close = linker.downcallHandle(libc.find("close").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
                MethodHandle open = linker.downcallHandle(libc.find("open").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT),
                        Linker.Option.firstVariadicArg(2));
                MethodHandle fflush = linker.downcallHandle(libc.find("fflush").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
                file = Files.createTempFile("perfport-aparapi-stderr", ".txt");
                int fd;
                try (Arena a = Arena.ofConfined()) {
                    fd = (int) open.invokeExact(a.allocateFrom(file.toString()), O_WRONLY);
                }
                if (fd < 0) throw new IOException("open failed");
                System.err.flush();
                int saved = (int) dup.invokeExact(2);
                if (saved < 0 || (int) dup2.invokeExact(fd, 2) < 0) {
                    if (saved >= 0) {
                        int ignored = (int) close.invokeExact(saved);
                    }
                    int ignored = (int) close.invokeExact(fd);
                    throw new IOException("dup failed");
                }
                int ignored = (int) close.invokeExact(fd);
                return new Redirect(dup2, close, fflush, saved, file);
            } catch (Throwable t) {
                // no redirection: the native text goes to stderr as it would anyway
                if (file != null) {
                    try {
                        Files.deleteIfExists(file);
                    } catch (IOException ignored) {
                        // a leftover empty temporary file
                    }
                }
                return null;
            }
        }

        /** {@return the text written to fd 2 since {@link #start}} Points fd 2 back where it was first. */
        String stop() {
            try {
                int ignored = (int) fflush.invokeExact(MemorySegment.NULL);
                ignored = (int) dup2.invokeExact(saved, 2);
                ignored = (int) close.invokeExact(saved);
            } catch (Throwable t) {
                throw new IllegalStateException("cannot restore the standard error stream: " + t, t);
            }
            try {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                Files.deleteIfExists(file);
                return text;
            } catch (IOException e) {
                return "";
            }
        }
    }
}
