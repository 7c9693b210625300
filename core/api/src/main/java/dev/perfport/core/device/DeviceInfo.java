package dev.perfport.core.device;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a device is and what it can do, as one backend sees it.
 *
 * @param name             device name as the route reports it
 * @param vendor           vendor name
 * @param type             CPU, GPU, accelerator or custom
 * @param computeUnits     number of compute units
 * @param maxWorkGroupSize largest number of work-items in one work-group
 * @param maxWorkItemSizes largest local size per dimension (1 to 3 entries)
 * @param memory           every memory level, with capacity and support
 * @param features         support for each {@link Feature}
 * @param properties       route-specific facts worth showing (platform, driver, clock, ...)
 */
public record DeviceInfo(String name, String vendor, DeviceType type, int computeUnits,
                         long maxWorkGroupSize, List<Long> maxWorkItemSizes,
                         Map<MemoryLevel, MemoryLevelInfo> memory, Map<Feature, Support> features,
                         Map<String, String> properties) {

    /**
     * Property key; the value {@code "true"} marks a device that is never chosen by default: a
     * selector picks it only when it names it ({@code name=...}) or gives its index, and a bare
     * backend id ({@code compare --backend aparapi}, {@code compare} over every device) leaves it
     * out. Used for fallback-style devices such as Aparapi's Java thread pool, which must not run
     * a comparison unless asked for.
     */
    public static final String EXPLICIT_ONLY = "explicitOnly";

    /** Checks the parts and fills in what is missing: every feature and level not given is unsupported. */
    public DeviceInfo {
        Objects.requireNonNull(name);
        vendor = vendor == null ? "" : vendor;
        Objects.requireNonNull(type);
        if (computeUnits < 1) throw new IllegalArgumentException("computeUnits must be >= 1");
        maxWorkItemSizes = List.copyOf(maxWorkItemSizes);
        EnumMap<MemoryLevel, MemoryLevelInfo> m = new EnumMap<>(MemoryLevel.class);
        for (MemoryLevel l : MemoryLevel.values()) {
            MemoryLevelInfo i = memory.get(l);
            m.put(l, i != null ? i : new MemoryLevelInfo(l, 0, Support.UNSUPPORTED, "not reported"));
        }
        memory = Collections.unmodifiableMap(m);
        EnumMap<Feature, Support> f = new EnumMap<>(Feature.class);
        for (Feature x : Feature.values()) f.put(x, features.getOrDefault(x, Support.UNSUPPORTED));
        features = Collections.unmodifiableMap(f);
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    }

    /**
     * {@return how this device offers a memory level}
     *
     * @param level the level
     */
    public MemoryLevelInfo memory(MemoryLevel level) {
        return memory.get(level);
    }

    /**
     * {@return how this device supports a feature}
     *
     * @param feature the feature
     */
    public Support support(Feature feature) {
        return features.get(feature);
    }

    /**
     * {@return how this device supports a memory level}
     *
     * @param level the level
     */
    public Support support(MemoryLevel level) {
        return memory.get(level).support();
    }

    /**
     * {@return the capacity of one instance of a level in bytes}
     *
     * @param level the level
     */
    public long capacity(MemoryLevel level) {
        return memory.get(level).capacityBytes();
    }

    /** {@return whether this device is chosen only when a selector names it or gives its index; see {@link #EXPLICIT_ONLY}} */
    public boolean explicitOnly() {
        return Boolean.parseBoolean(properties.get(EXPLICIT_ONLY));
    }

    /**
     * {@return whether the vendor string names NVIDIA} Options only NVIDIA's OpenCL compiler takes (a register
     * limit) are passed on that condition; another vendor's compiler would refuse them.
     */
    public boolean nvidia() {
        return vendor.toUpperCase(java.util.Locale.ROOT).contains("NVIDIA");
    }

    /** {@return short one-line description: {@code name (type, N CUs)}} */
    public String summary() {
        return name + " (" + type.label() + ", " + computeUnits + " CUs)";
    }
}
