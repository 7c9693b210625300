package dev.perfport.core.tune;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Everything besides the tuned parameters that a cached result depends on.
 *
 * @param backend    backend id, e.g. {@code jocl}
 * @param device     the device's fingerprint
 * @param kernelHash {@link dev.perfport.core.kernel.KernelDef#hash()} of the kernel(s) tuned
 * @param fixed      the workload's other parameters (problem size, variant, repetitions, ...), as text
 */
public record TuneContext(String backend, DeviceFingerprint device, String kernelHash, Map<String, String> fixed) {
    public TuneContext {
        Objects.requireNonNull(backend);
        Objects.requireNonNull(device);
        Objects.requireNonNull(kernelHash);
        fixed = java.util.Collections.unmodifiableMap(new TreeMap<>(fixed));
    }
}
