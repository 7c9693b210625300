package dev.perfport.core.kernel;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The OpenCL C prelude every OpenCL backend prepends to kernel sources: hidden parameters
 * ({@code PP_PARAMS}), counted global atomics, and the persistent-form task loop
 * ({@code PP_FOR_EACH_TASK}) that carries static local memory and static work-groups.
 */
public final class OpenClPrelude {
    /** Number of hidden arguments {@code PP_PARAMS} puts before the kernel's own. */
    public static final int HIDDEN_ARGS = 6;
    /** Length of the hidden counters buffer (ints). */
    public static final int COUNTER_SLOTS = 8;
    /** Counter slot of global atomics. */
    public static final int C_GLOBAL_ATOMICS = 0;
    /** Counter slot of local atomics. */
    public static final int C_LOCAL_ATOMICS = 1;
    /** Values of the hidden {@code pp_mapping} argument. */
    public static final int MAP_NONE = -1, MAP_BLOCKED = 0, MAP_CYCLIC = 1, MAP_DYNAMIC = 2;

    private static final String SOURCE = load();

    private OpenClPrelude() {
    }

    private static String load() {
        try (InputStream in = OpenClPrelude.class.getResourceAsStream("perfport_prelude.cl")) {
            if (in == null) throw new IllegalStateException("perfport_prelude.cl missing from the core jar");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@return the prelude's OpenCL C text} */
    public static String source() {
        return SOURCE;
    }

    /** {@return lines the prelude adds before a kernel's own line 1 (to map build-log line numbers back)} */
    public static int lineCount() {
        return (int) SOURCE.chars().filter(c -> c == '\n').count();
    }
}
