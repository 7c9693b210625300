package dev.perfport.core.backend;

import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.MemoryLevelInfo;
import dev.perfport.core.device.Support;

import java.util.EnumMap;
import java.util.Map;

/**
 * The memory levels and features of a device that emulates seed 003's extensions on persistent
 * work-groups, as the OpenCL routes do (jocl, aparapi, tornado): static work-groups emulated,
 * static local memory in the persistent group's local memory, integer atomics native, float
 * atomics by compare-and-swap. A route gives the capacities, its notes and what differs.
 */
public final class PersistentGroupsDevice {
    private PersistentGroupsDevice() {
    }

    /**
     * What the route says about each memory level, shown by {@code perfport devices}.
     *
     * @param global      global memory
     * @param constant    constant memory
     * @param local       local memory
     * @param staticLocal static local memory (the persistent group's local memory)
     * @param privateMem  private memory
     */
    public record Notes(String global, String constant, String local, String staticLocal, String privateMem) {
    }

    /**
     * {@return the memory levels} Private memory's size is not reported (0).
     *
     * @param global          global memory in bytes
     * @param constant        constant memory in bytes
     * @param constantSupport how constant memory is offered
     * @param local           local memory per work-group in bytes (static local memory has the same)
     * @param localSupport    native where local memory is on the compute unit, emulated where the device places it elsewhere
     * @param notes           the route's notes
     */
    public static Map<MemoryLevel, MemoryLevelInfo> memory(long global, long constant, Support constantSupport, long local,
                                                           Support localSupport, Notes notes) {
        Map<MemoryLevel, MemoryLevelInfo> m = new EnumMap<>(MemoryLevel.class);
        m.put(MemoryLevel.GLOBAL, new MemoryLevelInfo(MemoryLevel.GLOBAL, global, Support.NATIVE, notes.global()));
        m.put(MemoryLevel.CONSTANT, new MemoryLevelInfo(MemoryLevel.CONSTANT, constant, constantSupport, notes.constant()));
        m.put(MemoryLevel.LOCAL, new MemoryLevelInfo(MemoryLevel.LOCAL, local, localSupport, notes.local()));
        m.put(MemoryLevel.STATIC_LOCAL, new MemoryLevelInfo(MemoryLevel.STATIC_LOCAL, local, Support.EMULATED, notes.staticLocal()));
        m.put(MemoryLevel.PRIVATE, new MemoryLevelInfo(MemoryLevel.PRIVATE, 0, Support.NATIVE, notes.privateMem()));
        return m;
    }

    /**
     * {@return the features}
     *
     * @param fp64      whether the device has double precision
     * @param asyncCopy how {@code async_work_group_copy} is offered
     */
    public static Map<Feature, Support> features(boolean fp64, Support asyncCopy) {
        Map<Feature, Support> f = new EnumMap<>(Feature.class);
        f.put(Feature.STATIC_WORK_GROUPS, Support.EMULATED);
        f.put(Feature.GLOBAL_INT_ATOMICS, Support.NATIVE);
        f.put(Feature.GLOBAL_FLOAT_ATOMICS, Support.EMULATED);
        f.put(Feature.DOUBLE_PRECISION, fp64 ? Support.NATIVE : Support.UNSUPPORTED);
        f.put(Feature.ASYNC_COPY, asyncCopy);
        return f;
    }
}
