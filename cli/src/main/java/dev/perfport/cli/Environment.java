package dev.perfport.cli;

import dev.perfport.core.device.DeviceInfo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * What a result was measured with, written into every result file beside its rows, as JMH and Kernel
 * Tuner record their environment: perfport's version and commit, the JVM, the OS, and per device its
 * name, vendor, driver and OpenCL version, and on NVIDIA GPUs the clocks {@code nvidia-smi} reports at the run.
 */
public final class Environment {
    private static volatile Map<String, String> host;
    private static final Map<String, Map<String, String>> NVIDIA = new ConcurrentHashMap<>();
    /** How long nvidia-smi may take before the clocks are left out. */
    private static final long SMI_SECONDS = 5;

    private Environment() {
    }

    /** {@return the host's part: perfport, Java, OS, CPU threads} */
    public static Map<String, String> host() {
        Map<String, String> h = host;
        if (h == null) {
            h = new LinkedHashMap<>();
            h.put("perfport", Version.number());
            h.put("commit", Version.commit());
            h.put("java", System.getProperty("java.version") + " (" + System.getProperty("java.vm.vendor", "?") + ")");
            h.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
            h.put("cpuThreads", Integer.toString(Runtime.getRuntime().availableProcessors()));
            host = h = java.util.Collections.unmodifiableMap(h);
        }
        return h;
    }

    /**
     * {@return the host's part and the device's: its name, vendor, type, driver and OpenCL version where the
     * route reports them, and on an NVIDIA GPU its clocks now}
     *
     * @param backend the backend id
     * @param device  the device
     */
    public static Map<String, String> of(String backend, DeviceInfo device) {
        Map<String, String> m = new LinkedHashMap<>(host());
        m.put("backend", backend);
        m.put("device", device.name());
        m.put("vendor", device.vendor());
        m.put("deviceType", device.type().label());
        for (String k : List.of("driverVersion", "deviceVersion", "platform", "platformVersion", "clockMHz")) {
            String v = device.properties().get(k);
            if (v != null && !v.isBlank()) m.put(k, v);
        }
        if (device.vendor().toUpperCase(java.util.Locale.ROOT).contains("NVIDIA")) m.putAll(nvidia(device.name()));
        return m;
    }

    /** The clocks of the named GPU from nvidia-smi (empty where it is absent or says nothing of that name). */
    private static Map<String, String> nvidia(String name) {
        return NVIDIA.computeIfAbsent(name, n -> {
            Map<String, String> m = new LinkedHashMap<>();
            String fields = "name,clocks.sm,clocks.mem,clocks.max.sm,power.draw,temperature.gpu,driver_version";
            for (String line : run("nvidia-smi", "--query-gpu=" + fields, "--format=csv,noheader")) {
                String[] v = line.split(",\\s*");
                if (v.length < 7 || !n.contains(v[0].replace("NVIDIA ", "").trim())) continue;
                m.put("smClock", v[1]);
                m.put("memClock", v[2]);
                m.put("maxSmClock", v[3]);
                m.put("power", v[4]);
                m.put("temperatureC", v[5]);
                m.put("nvidiaDriver", v[6]);
                break;
            }
            return java.util.Collections.unmodifiableMap(m);
        });
    }

    /**
     * The named NVIDIA GPU's board power now, uncached (a report reads it right after its heaviest run): {@code draw} as
     * nvidia-smi's {@code power.draw} (on Ampere and newer the average of the last second) and {@code limit} as
     * {@code power.limit}, in watts; a field nvidia-smi does not give is absent, and so is all of it where there is no
     * nvidia-smi or no GPU of that name.
     */
    public static Map<String, Double> nvidiaPowerNow(String name) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (String line : run("nvidia-smi", "--query-gpu=name,power.draw,power.limit", "--format=csv,noheader,nounits")) {
            String[] v = line.split(",\\s*");
            if (v.length < 3 || !name.contains(v[0].replace("NVIDIA ", "").trim())) continue;
            watts(v[1]).ifPresent(w -> m.put("draw", w));
            watts(v[2]).ifPresent(w -> m.put("limit", w));
            break;
        }
        return m;
    }

    /** A watt figure as nvidia-smi prints it without units, or empty for {@code [N/A]} and the like. */
    static java.util.Optional<Double> watts(String s) {
        try {
            double w = Double.parseDouble(s.trim());
            return w > 0 ? java.util.Optional.of(w) : java.util.Optional.empty();
        } catch (NumberFormatException e) {
            return java.util.Optional.empty();
        }
    }

    private static List<String> run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] out;
            try (InputStream in = p.getInputStream()) {
                if (!p.waitFor(SMI_SECONDS, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return List.of();
                }
                out = in.readAllBytes();
            }
            return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8).lines().toList() : List.of();
        } catch (IOException e) {
            return List.of();   // no nvidia-smi: no clocks
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }
}
