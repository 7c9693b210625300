package dev.perfport.core.backend;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.launch.Launch;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.core.result.Profile;

import java.util.Optional;

/**
 * An open device: allocate buffers, compile kernels, launch them. Every launch is validated before
 * anything runs (sizes, memory capacities, residency, features) and is synchronous: it returns
 * when the kernel has finished. Close the session to release everything it still holds.
 */
public interface DeviceSession extends AutoCloseable {

    /** The backend that really runs this session's work. */
    String backendId();

    /** The device that really runs this session's work. */
    DeviceInfo device();

    /** Allocates a buffer of {@code length} elements in {@link MemoryLevel#GLOBAL} or {@link MemoryLevel#CONSTANT}. */
    DeviceBuffer allocate(ElemType type, long length, MemoryLevel level);

    default DeviceBuffer allocate(ElemType type, long length) {
        return allocate(type, length, MemoryLevel.GLOBAL);
    }

    /** Allocates a global buffer holding a copy of {@code host} (int[], long[], float[] or double[]). */
    default DeviceBuffer upload(Object host) {
        ElemType t = ElemType.ofArray(host);
        if (t == null) throw new IllegalArgumentException("not a supported host array: " + host);
        DeviceBuffer b = allocate(t, ElemType.arrayLength(host), MemoryLevel.GLOBAL);
        try {
            b.write(host);
            return b;
        } catch (RuntimeException e) {
            b.close();
            throw e;
        }
    }

    /** Why this session cannot run {@code def} (no implementation in its dialect, a missing feature), if so. */
    Optional<String> cannotRun(KernelDef def);

    /** Builds {@code def} with its defaults overridden by {@code constants}. */
    CompiledKernel compile(KernelDef def, Constants constants);

    default CompiledKernel compile(KernelDef def) {
        return compile(def, Constants.empty());
    }

    /**
     * The residency query of seed 003 §4.2: how many work-groups of this kernel, with this local
     * size and local-memory use per group, can be resident at once, guaranteed co-resident.
     */
    int maxResidentGroups(CompiledKernel kernel, long[] localSize, long localBytesPerGroup);

    /**
     * Validates and runs one launch. {@code args} follow the definition's arguments: a
     * {@link DeviceBuffer} for global and constant ones, a {@link dev.perfport.core.kernel.LocalSize}
     * for local and static-local ones, a boxed number for private scalars.
     */
    LaunchStats launch(CompiledKernel kernel, Launch launch, Object... args);

    /** Running totals of this session. */
    Profile profile();

    /**
     * Running totals of the calling thread's work on this session: what a row measured by this
     * thread may subtract, so that its profile is its own even when other threads share the
     * session. Sessions that cannot tell threads apart return {@link #profile()}.
     */
    default Profile threadProfile() {
        return profile();
    }

    /** Counters of this session. */
    Counters counters();

    @Override
    void close();
}
