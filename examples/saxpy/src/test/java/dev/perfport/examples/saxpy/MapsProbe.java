package dev.perfport.examples.saxpy;

import dev.perfport.core.Perfport;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.plugin.BackendRegistry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs the example on the configured backend after listing every backend id, then prints each
 * native library of an OpenCL route that this process has mapped ({@code /proc/self/maps}), one
 * line {@code MAPPED <path>} each, and {@code MAPPED-END}.
 */
public final class MapsProbe {
    private MapsProbe() {
    }

    public static void main(String[] args) throws IOException {
        PerfportConfig config = PerfportConfig.load();
        BackendRegistry r = Perfport.registry(config);
        System.out.println("ids " + r.ids() + ", " + config.backendSelector() + " available: "
                + r.entry(config.backendSelector().split(":")[0]).available());
        boolean ok = Saxpy.run(config, System.out);
        Files.readAllLines(Path.of("/proc/self/maps")).stream()
                .map(l -> l.substring(l.lastIndexOf(' ') + 1))
                .filter(p -> p.matches("(?i).*(opencl|jocl|aparapi|pocl).*"))
                .distinct()
                .forEach(p -> System.out.println("MAPPED " + p));
        System.out.println("MAPPED-END");
        if (!ok) System.exit(1);
    }
}
