package dev.perfport.backend.jocl;

import dev.perfport.core.kernel.OpenClPrelude;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Build-log line numbers. Kernel sources are compiled as prelude + {@link #SEPARATOR} + kernel, so
 * that a compiler honouring {@code #line} reports the kernel file's own line numbers (PoCL does).
 * NVIDIA's OpenCL compiler ignores {@code #line} (seen with driver 580 on an H100), so for such a
 * compiler the numbers in the log are mapped back here.
 */
final class BuildLogs {
    /** Between the prelude and the kernel source. */
    static final String SEPARATOR = "\n#line 1\n";
    /** Physical lines before the kernel's line 1 in the compiled text. */
    static final int OFFSET = (int) (OpenClPrelude.source() + SEPARATOR).chars().filter(c -> c == '\n').count();
    /** A tiny program whose only error is on kernel line 1: where the compiler reports it tells whether it honours #line. */
    static final String PROBE = OpenClPrelude.source() + SEPARATOR + "#error perfport_line_probe\n";

    /** The LINE of "file:LINE:COLUMN:" (clang style: "&lt;kernel&gt;:117:18: error" on NVIDIA, "error: x.cl:3:5:" on PoCL). */
    private static final Pattern LOCATION = Pattern.compile("(?<=:)(\\d+)(?=:\\d+:)");

    private BuildLogs() {
    }

    /**
     * Whether the compiler that wrote {@code probeLog} (the log of {@link #PROBE}) honours
     * {@code #line}: true when it put the error on line 1, false on line OFFSET + 1, and true
     * when the log cannot tell (nothing is remapped then).
     */
    static boolean honoursLineDirective(String probeLog) {
        Matcher m = LOCATION.matcher(probeLog);
        while (m.find()) {
            int line = Integer.parseInt(m.group(1));
            if (line == OFFSET + 1) return false;
            if (line == 1) return true;
        }
        return true;
    }

    /**
     * The log of a compiler that ignores {@code #line}, with line numbers of the kernel source:
     * N becomes N - OFFSET; lines of the prelude become {@code prelude:N}.
     */
    static String remap(String log) {
        Matcher m = LOCATION.matcher(log);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            int line = Integer.parseInt(m.group(1));
            m.appendReplacement(sb, line > OFFSET ? Integer.toString(line - OFFSET) : "prelude:" + line);
        }
        m.appendTail(sb);
        return "[perfport: this OpenCL compiler ignores #line; line numbers are mapped to the kernel source, "
                + "the " + OFFSET + " lines of the prelude shown as prelude:N]\n" + sb;
    }
}
