package dev.perfport.core.tune;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.MemoryLevel;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What identifies a device for cached tuning results: a result measured on one device, driver or
 * emulator setting must not be reused on another.
 *
 * @param name          device name
 * @param vendor        vendor
 * @param driver        driver version where the route reports one ({@code driverVersion}), else ""
 * @param version       device version ({@code deviceVersion}), else ""
 * @param computeUnits  compute units
 * @param localMemBytes local memory per work-group
 * @param properties    a short hash of all the route's properties (e.g. an emulator's cost-model
 *                      settings), so that changing any of them misses the cache
 */
public record DeviceFingerprint(String name, String vendor, String driver, String version, int computeUnits,
                                long localMemBytes, String properties) {
    public DeviceFingerprint {
        Objects.requireNonNull(name);
        vendor = vendor == null ? "" : vendor;
        driver = driver == null ? "" : driver;
        version = version == null ? "" : version;
        properties = properties == null ? "" : properties;
    }

    public static DeviceFingerprint of(DeviceInfo d) {
        return new DeviceFingerprint(d.name(), d.vendor(), d.properties().getOrDefault("driverVersion", ""),
                d.properties().getOrDefault("deviceVersion", ""), d.computeUnits(), d.capacity(MemoryLevel.LOCAL),
                hash(new TreeMap<>(d.properties()).toString()));
    }

    static String hash(String text) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("vendor", vendor);
        m.put("driver", driver);
        m.put("version", version);
        m.put("computeUnits", (long) computeUnits);
        m.put("localMemBytes", localMemBytes);
        m.put("properties", properties);
        return m;
    }

    static DeviceFingerprint fromJson(Map<?, ?> m) {
        return new DeviceFingerprint((String) m.get("name"), (String) m.get("vendor"), (String) m.get("driver"),
                (String) m.get("version"), ((Number) m.get("computeUnits")).intValue(),
                ((Number) m.get("localMemBytes")).longValue(), (String) m.get("properties"));
    }
}
