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
 *
 * <p><b>Threads.</b> A session may be shared between threads: {@link #allocate}, {@link #compile},
 * {@link #launch}, {@link #profile()} and {@link #counters()} are safe to call concurrently, and
 * every backend runs one launch of a session at a time (concurrent launches queue; they do not
 * overlap on the device). Buffers are not locked: a thread must not read or write a buffer while
 * a launch that uses it runs in another thread, and {@link #close()} must not race with other
 * calls (it releases the buffers and kernels that are still open). For work that should run
 * side by side, open one session per thread. The profile and counters are the session's running
 * totals, over every thread's launches.
 *
 * <p>Sessions come from {@link dev.perfport.core.Perfport#open()} (the configured backend) or
 * {@link Backend#open(int)}.
 */
public interface DeviceSession extends AutoCloseable {

    /** {@return the backend that really runs this session's work} */
    String backendId();

    /** {@return the device that really runs this session's work} */
    DeviceInfo device();

    /** {@return a new buffer of {@code length} elements in {@link MemoryLevel#GLOBAL} or {@link MemoryLevel#CONSTANT}} */
    DeviceBuffer allocate(ElemType type, long length, MemoryLevel level);

    default DeviceBuffer allocate(ElemType type, long length) {
        return allocate(type, length, MemoryLevel.GLOBAL);
    }

    /** {@return a new global buffer holding a copy of {@code host} (int[], long[], float[] or double[])} */
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

    /** {@return why this session cannot run {@code def} (no implementation in its dialect, a missing feature), if so} */
    Optional<String> cannotRun(KernelDef def);

    /** {@return {@code def} built with its defaults overridden by {@code constants}; close it to release it early} */
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

    /** {@return running totals of this session} */
    Profile profile();

    /** {@return counters of this session} */
    Counters counters();

    @Override
    void close();
}
