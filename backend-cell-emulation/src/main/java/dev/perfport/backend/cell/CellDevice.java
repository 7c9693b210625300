package dev.perfport.backend.cell;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.MemoryLevelInfo;
import dev.perfport.core.device.Support;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the emulated device reports: its limits, memory levels and features. */
public final class CellDevice {
    /** Largest work-group (the OpenCL runtime of the paper ran 128 × 128 work-items per group). */
    public static final long MAX_WORK_GROUP_SIZE = 16_384;
    /**
     * Constant memory: software-cached main memory, as in the paper (Java arrays behind the cache model). 64 KiB is
     * the OpenCL minimum for {@code CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE}.
     */
    public static final long CONSTANT_BYTES = 64 * 1024;
    /** The default schedule's label. */
    public static final String SCHEDULING = "static equal shares";

    private CellDevice() {
    }

    /** The device a backend with these settings reports. */
    public static DeviceInfo describe(CellConfig c) {
        long data = c.dataBytes();
        Map<MemoryLevel, MemoryLevelInfo> memory = new EnumMap<>(MemoryLevel.class);
        String cached = c.cache() ? "through a " + c.cacheBytes() + " B " + c.cacheWays() + "-way software cache of "
                + c.cacheLineBytes() + " B lines in each local store" : "plain accesses not modelled (cache off)";
        memory.put(MemoryLevel.GLOBAL, new MemoryLevelInfo(MemoryLevel.GLOBAL, Runtime.getRuntime().maxMemory(),
                Support.NATIVE, "main memory (Java heap arrays): DMA for asynchronous copies, " + cached));
        memory.put(MemoryLevel.CONSTANT, new MemoryLevelInfo(MemoryLevel.CONSTANT, CONSTANT_BYTES,
                Support.NATIVE, "main memory (Java heap arrays), " + cached));
        memory.put(MemoryLevel.LOCAL, new MemoryLevelInfo(MemoryLevel.LOCAL, data,
                Support.NATIVE, "SPE local store, one instance per work-group"));
        memory.put(MemoryLevel.STATIC_LOCAL, new MemoryLevelInfo(MemoryLevel.STATIC_LOCAL, data,
                Support.NATIVE, "SPE local store, one instance per SPE, alive across its work-groups"));
        memory.put(MemoryLevel.PRIVATE, new MemoryLevelInfo(MemoryLevel.PRIVATE, data,
                Support.NATIVE, "SPE local store, one instance per work-item"));

        Map<Feature, Support> features = new EnumMap<>(Feature.class);
        features.put(Feature.STATIC_WORK_GROUPS, Support.NATIVE);
        features.put(Feature.GLOBAL_INT_ATOMICS, Support.NATIVE);
        features.put(Feature.GLOBAL_FLOAT_ATOMICS, Support.NATIVE);
        features.put(Feature.DOUBLE_PRECISION, Support.NATIVE);
        features.put(Feature.ASYNC_COPY, Support.NATIVE);   // MFC DMA, bypassing the software cache
        features.put(Feature.GROUPS_IN_FLIGHT, Support.NATIVE);   // PP_GROUPS_IN_FLIGHT groups per SPE

        Map<String, String> props = new LinkedHashMap<>();
        props.put("workers", Integer.toString(c.workers()));
        props.put("local store bytes", Long.toString(c.localStoreBytes()));
        props.put("reserved bytes", c.reservedBytes() + " (code and stack)");
        props.put("scheduling", c.schedule().label());
        props.put("ppe", c.ppe() ? "an extra compute unit (unit " + c.workers() + ")" : "host only");
        props.put("software cache", c.cache() ? c.cacheBytes() + " B, " + c.cacheWays() + "-way, " + c.cacheLineBytes()
                + " B lines, LRU, write-back (shrinks to what the work-groups in flight leave)" : "off");
        props.put("buffer alignment", c.bufferAlignment() + " B");
        props.put("poison", Boolean.toString(c.poison()));
        props.put("timeout seconds", Integer.toString(c.timeoutSeconds()));
        props.put("cost model", c.cost().toString());
        TransferConfig t = c.transfer();
        props.put("transfers", t.overlap().describe() + (t.linked() ? ", a " + t.linkGbs() + " GB/s link" : ", no link (MFC DMA)"));

        // a configured transfer engine names its category, so that its fitted transfer model is its own
        String label = t.label();
        String name = "Cell/B.E. emulator (" + c.workers() + " SPEs" + (c.ppe() ? " + PPE" : "") + (label.isEmpty() ? "" : ", " + label) + ")";
        return new DeviceInfo(name, "perfport", DeviceType.ACCELERATOR,
                c.units(), MAX_WORK_GROUP_SIZE,
                List.of(MAX_WORK_GROUP_SIZE, MAX_WORK_GROUP_SIZE, MAX_WORK_GROUP_SIZE),
                memory, features, props);
    }
}
