package dev.perfport.cli.report;

import java.util.function.Supplier;

/**
 * A native library bound from Java, or why it is not: a missing jar, a platform without the
 * library, a library that fails to link. Loading never throws; the reason is one line, fit for a
 * report's cell and for stderr.
 *
 * @param <T> the binding
 */
sealed interface NativeLibrary<T> {

    /** The library loaded; {@code binding} calls it. */
    record Loaded<T>(T binding) implements NativeLibrary<T> {
    }

    /** The library could not be loaded: {@code why}, one line naming the library. */
    record Missing<T>(String why) implements NativeLibrary<T> {
    }

    /**
     * Runs {@code loader} (which loads the library and returns its binding) and keeps what it throws
     * as one line. Linkage errors are caught too: a jar missing from the class path is a
     * NoClassDefFoundError, a native library that cannot link an UnsatisfiedLinkError.
     */
    static <T> NativeLibrary<T> load(String name, Supplier<T> loader) {
        try {
            return new Loaded<>(loader.get());
        } catch (RuntimeException | LinkageError e) {
            return new Missing<>(name + " not loaded: " + oneLine(e));
        }
    }

    /** The error's first line, its class where it has no message; the cause's where the error only wraps one. */
    private static String oneLine(Throwable e) {
        Throwable t = e;
        while (t.getMessage() == null && t.getCause() != null) t = t.getCause();
        String msg = t.getMessage() == null ? t.getClass().getName() : t.getClass().getSimpleName() + ": " + t.getMessage();
        return msg.strip().lines().findFirst().orElse(msg).strip();
    }
}
