package dev.perfport.cli;

import java.io.Console;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** {@code --progress}: how long runs show their progress on stderr. */
public enum ProgressMode {
    /** A bar when stderr is a terminal, plain lines otherwise (pipes, files, CI logs). */
    AUTO,
    /** Always a bar (me.tongfei progressbar), redrawn in place. */
    BAR,
    /** One plain line per step. */
    PLAIN;

    public static ProgressMode parse(String s) {
        if (s == null) return AUTO;
        for (ProgressMode m : values()) if (m.name().equalsIgnoreCase(s)) return m;
        throw new UsageException("unknown progress '" + s + "'; --progress takes auto, bar or plain");
    }

    /** Whether to draw a bar in this process. */
    public boolean bar() {
        return this == BAR || this == AUTO && terminal();
    }

    /**
     * Whether stderr is a terminal. Linux names the file behind it in /proc; elsewhere Java can only
     * tell whether stdin and stdout are one (so there, {@code > out.json} turns the bar off).
     */
    static boolean terminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException notLinux) {
            Console c = System.console();
            return c != null && c.isTerminal();
        }
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
