package dev.perfport.backend.tornado;

import java.io.PrintStream;
import java.util.function.Supplier;

/**
 * Runs calls into TornadoVM with {@code System.out} pointed at {@code System.err}. TornadoVM prints
 * some messages on stdout ("WARNING: Code Bailout to Java sequential. Use --debug to see the
 * reason" while it builds a task graph), and perfport's stdout must carry only its output, so that
 * {@code --format json} and {@code csv} can be piped. The message still reaches the user, on stderr.
 * One lock for the JVM: {@code System.out} is one field.
 */
final class StdoutGuard {
    private static final Object LOCK = new Object();

    private StdoutGuard() {
    }

    static <T> T call(Supplier<T> call) {
        synchronized (LOCK) {
            PrintStream out = System.out;
            System.setOut(System.err);
            try {
                return call.get();
            } finally {
                System.setOut(out);
            }
        }
    }

    static void run(Runnable call) {
        call(() -> {
            call.run();
            return null;
        });
    }
}
