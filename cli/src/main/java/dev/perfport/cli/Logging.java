package dev.perfport.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where libraries' log messages go (PF4J logs through SLF4J, bound to slf4j-simple). perfport's
 * own output is its one-line messages; a library's ERROR with a stack trace on every command
 * (e.g. for a plugin whose class is missing, which {@code backends} already lists with its
 * reason) is noise there. So by default warnings and errors go to {@link #logFile()}, rewritten
 * by each run; {@code --verbose} sends them, and INFO, to stderr. A user's own
 * {@code -Dorg.slf4j.simpleLogger.*} settings are kept. Set before the first logger exists.
 */
final class Logging {
    static final String PREFIX = "org.slf4j.simpleLogger.";

    private Logging() {
    }

    /** The log file of a run without {@code --verbose}: {@code $XDG_CACHE_HOME} or {@code ~/.cache}, then {@code perfport/perfport.log}. */
    static Path logFile() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home", ".")).resolve(".cache");
        return base.resolve("perfport").resolve("perfport.log");
    }

    /** Whether the arguments ask for {@code --verbose} (before the command line is parsed, which may fail). */
    static boolean verbose(String[] args) {
        for (String a : args) if ("--verbose".equals(a) || "-v".equals(a)) return true;
        return false;
    }

    static void configure(boolean verbose) {
        // simplelogger.properties quiets PF4J for in-process use (tests, embedding); a command
        // line run decides here, and system properties win over that file
        if (verbose) {
            setDefault("logFile", "System.err");
            setDefault("defaultLogLevel", "info");
            setDefault("log.org.pf4j", "info");
            setDefault("log.org.pf4j.CompoundPluginDescriptorFinder", "info");
            return;
        }
        setDefault("log.org.pf4j", "warn");
        setDefault("log.org.pf4j.CompoundPluginDescriptorFinder", "warn");
        setDefault("showDateTime", "true");
        Path file = logFile();
        try {
            Files.createDirectories(file.getParent());
            if (Files.exists(file) ? !Files.isWritable(file) : !Files.isWritable(file.getParent())) throw new java.io.IOException();
            setDefault("logFile", file.toString());
            setDefault("defaultLogLevel", "warn");
        } catch (java.io.IOException | SecurityException e) {
            setDefault("defaultLogLevel", "off");   // nowhere to write: quiet, --verbose still shows it
        }
    }

    private static void setDefault(String key, String value) {
        if (System.getProperty(PREFIX + key) == null) System.setProperty(PREFIX + key, value);
    }
}
