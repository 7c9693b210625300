package dev.perfport.cluster;

import dev.perfport.core.config.DeviceSelector;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.error.ConfigException;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a GPU address that Spark's resource scheduling hands out names on this machine. By default
 * address {@code N} is the N-th OpenCL GPU ({@code jocl} devices of type gpu, in perfport's order,
 * which on NVIDIA follows nvidia-smi's index for identical cards). {@value #VARIABLE}, set for a
 * worker (its executors inherit it), overrides both what the discovery script lists and what each
 * address names: {@code ADDRESS[=SELECTOR],...}, e.g. {@code 1} (this worker owns GPU 1 of the
 * machine) or {@code 0=jocl:cpu,1=jocl:cpu} (two "GPUs" that are both PoCL's CPU device).
 *
 * @param named address → device selector; an address without one names the N-th OpenCL GPU
 */
record Gpus(Map<String, String> named) {
    static final String VARIABLE = "PERFPORT_GPUS";
    private static final String DEFAULT_BACKEND = "jocl";

    Gpus {
        named = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(named));
    }

    /** The mapping of {@value #VARIABLE}, or empty (every address the N-th OpenCL GPU) when unset. */
    static Gpus fromEnvironment() {
        return parse(System.getenv(VARIABLE));
    }

    static Gpus parse(String text) {
        Map<String, String> m = new LinkedHashMap<>();
        if (text == null || text.isBlank()) return new Gpus(m);
        for (String item : text.split(",")) {
            String s = item.strip();
            if (s.isEmpty()) continue;
            int eq = s.indexOf('=');
            String address = eq < 0 ? s : s.substring(0, eq).strip();
            String selector = eq < 0 ? null : s.substring(eq + 1).strip();
            if (!address.matches("[A-Za-z0-9_.-]+")) {
                throw new ConfigException(VARIABLE + ": bad GPU address '" + address + "' in '" + text
                        + "'; give ADDRESS[=SELECTOR],... with addresses of letters, digits, '.', '_' or '-', e.g. 0,1 or 0=jocl:cpu");
            }
            if (m.containsKey(address)) throw new ConfigException(VARIABLE + ": GPU address '" + address + "' given twice in '" + text + "'");
            if (selector != null) {
                if (selector.isEmpty()) throw new ConfigException(VARIABLE + ": no selector after '" + address + "=' in '" + text + "'");
                DeviceSelector.parse(selector);   // a bad one fails here, on the worker, not in a task
            }
            m.put(address, selector);
        }
        return new Gpus(m);
    }

    /** Whether the variable was set: its addresses are then the discovery's answer. */
    boolean given() {
        return !named.isEmpty();
    }

    List<String> addresses() {
        return List.copyOf(named.keySet());
    }

    /**
     * The index in {@code devices} (backend {@code backend}'s list) of the device that
     * {@code address} names, or -1 when it names a device of another backend.
     *
     * @throws ConfigException when the address names no device of this machine
     */
    int index(String address, String backend, List<DeviceInfo> devices) {
        String selector = named.get(address);
        if (selector != null) {
            DeviceSelector s = DeviceSelector.parse(selector);
            return s.backend().equals(backend) ? s.choose(devices) : -1;
        }
        if (!backend.equals(DEFAULT_BACKEND)) return -1;
        List<Integer> gpus = new ArrayList<>();
        for (int i = 0; i < devices.size(); i++) if (devices.get(i).type() == DeviceType.GPU) gpus.add(i);
        int n;
        try {
            n = Integer.parseInt(address);
        } catch (NumberFormatException e) {
            throw new ConfigException("GPU address '" + address + "' is not a number: name its device in " + VARIABLE + " (" + address + "=jocl:...)");
        }
        if (n < 0 || n >= gpus.size()) {
            throw new ConfigException("GPU address " + address + " names no OpenCL GPU here: this machine has " + gpus.size()
                    + " (addresses 0.." + (gpus.size() - 1) + "); set " + VARIABLE + " to map addresses to devices");
        }
        return gpus.get(n);
    }
}
