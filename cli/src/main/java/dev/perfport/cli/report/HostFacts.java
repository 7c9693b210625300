package dev.perfport.cli.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The host facts a report's header shows: the CPU, its hardware threads, the system, Java, and the load average. */
public final class HostFacts {
    private HostFacts() {
    }

    /** The host facts of a report's header, with the load average before the sweeps. */
    public static Map<String, String> machine() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("cpu", cpuModel());
        m.put("threads", Integer.toString(Runtime.getRuntime().availableProcessors()));
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        m.put("java", System.getProperty("java.version"));
        m.put("loadBefore", loadAverage());
        return m;
    }

    /** The 1, 5 and 15 minute load averages, or empty where the system has no /proc/loadavg. */
    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + ", " + f[1] + ", " + f[2];
        } catch (IOException | RuntimeException e) {
            return "";   // not Linux
        }
    }

    /** The CPU's model name, or the architecture where the system does not say. */
    static String cpuModel() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith("model name")) return l.substring(l.indexOf(':') + 1).trim();
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the architecture says enough
        }
        return System.getProperty("os.arch");
    }
}
