package dev.perfport.core.backend;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.launch.Launch;
import dev.perfport.core.launch.LaunchStep;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.core.result.Profile;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An open device: allocate buffers, compile kernels, launch them. Every launch is validated before
 * anything runs (sizes, memory capacities, residency, features) and is synchronous: it returns
 * when the kernel has finished. Close the session to release everything it still holds.
 *
 * <p><b>Device code runs unchecked.</b> Validation covers the launch, not what the kernel then
 * reads and writes: on a real device an index past a buffer's end may corrupt memory and kill the
 * process later, and a data race goes unseen. Checked mode ({@code perfport.checked=true},
 * {@link dev.perfport.core.checked.CheckedMode}; docs/checked.md) runs OpenCL C and Aparapi kernels
 * on Oclgrind, which checks every access, and fails a launch with one line for any report.
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
 * <p>Sessions come from the runtime's {@code Perfport.open()} (the configured backend) or
 * {@link Backend#open(int)}.
 */
public interface DeviceSession extends AutoCloseable {

    /** {@return the backend that really runs this session's work} */
    String backendId();

    /** {@return the device that really runs this session's work} */
    DeviceInfo device();

    /**
     * {@return a new buffer} Its contents are undefined until written. Close it to release it early;
     * the session releases what is still open when it closes.
     *
     * @param type   the element type
     * @param length elements, at least 1
     * @param level  {@link MemoryLevel#GLOBAL} or {@link MemoryLevel#CONSTANT}
     */
    DeviceBuffer allocate(ElemType type, long length, MemoryLevel level);

    /**
     * {@return a new buffer in {@link MemoryLevel#GLOBAL}}
     *
     * @param type   the element type
     * @param length elements, at least 1
     */
    default DeviceBuffer allocate(ElemType type, long length) {
        return allocate(type, length, MemoryLevel.GLOBAL);
    }

    /**
     * {@return a new global buffer holding a copy of {@code host}}
     *
     * @param host an int[], long[], float[] or double[]
     */
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

    /**
     * {@return why this session cannot run {@code def} (no implementation in its dialect, a missing
     * feature), or empty when it can}
     *
     * @param def a kernel definition
     */
    Optional<String> cannotRun(KernelDef def);

    /**
     * {@return {@code def} built with its defaults overridden by {@code constants}} Close it to release
     * it early; the session releases what is still open when it closes.
     *
     * @param def       the kernel definition
     * @param constants tuning constants that override the definition's defaults
     * @throws dev.perfport.core.error.UnsupportedFeatureException when the session cannot run it ({@link #cannotRun})
     * @throws dev.perfport.core.error.KernelBuildException         when the route's compiler fails (with its log)
     */
    CompiledKernel compile(KernelDef def, Constants constants);

    /**
     * {@return {@code def} built with its default constants}
     *
     * @param def the kernel definition
     */
    default CompiledKernel compile(KernelDef def) {
        return compile(def, Constants.empty());
    }

    /**
     * {@return how many work-groups of this kernel, with this local size and local-memory use per group,
     * are guaranteed co-resident} The residency query of seed 003 §4.2.
     *
     * @param kernel             a kernel compiled by this session
     * @param localSize          the local size per dimension
     * @param localBytesPerGroup local memory each group uses, in bytes
     */
    int maxResidentGroups(CompiledKernel kernel, long[] localSize, long localBytesPerGroup);

    /**
     * {@return the launch's times and counters} Validates and runs one launch; it returns when the
     * kernel has finished.
     *
     * @param kernel a kernel compiled by this session
     * @param launch an {@link dev.perfport.core.launch.NDRange} or a {@link dev.perfport.core.launch.StaticGroups}
     * @param args   the definition's arguments in order: a {@link DeviceBuffer} for global and constant
     *               ones, a {@link dev.perfport.core.kernel.LocalSize} for local and static-local ones, a
     *               boxed number for private scalars
     * @throws dev.perfport.core.error.InvalidLaunchException    when the launch or the arguments do not fit
     *                                                         the definition or the device (nothing ran)
     * @throws dev.perfport.core.error.DeviceExecutionException when the device fails while running it
     */
    LaunchStats launch(CompiledKernel kernel, Launch launch, Object... args);

    /**
     * {@return the launch's times and counters} One launch, then {@code result} read whole into {@code into}: what a host
     * that needs each launch's result does. A route that can queue the read behind the kernel waits once, for the read
     * (jocl: on NVIDIA's OpenCL each wait costs the host about as much as a small kernel); the others launch, then read.
     * The stats' kernel time may be the host's, from the launch to the read's return, where a device timer would slow
     * the launch (jocl: a profiled event costs NVIDIA's OpenCL about 10 µs a launch).
     *
     * @param kernel a kernel compiled by this session
     * @param launch as for {@link #launch}
     * @param result a buffer of this session the kernel writes
     * @param into   a host array of {@code result}'s type and length
     * @param args   as for {@link #launch}
     */
    default LaunchStats launchThenRead(CompiledKernel kernel, Launch launch, DeviceBuffer result, Object into, Object... args) {
        LaunchStats stats = launch(kernel, launch, args);
        result.read(into);
        return stats;
    }

    /**
     * {@return the times and counters of {@code times} launches of one kernel with the same launch
     * and arguments} Validated once; the launches run back to back, in order, and it returns when
     * the last one has finished. A route that can queue them without waiting for each (OpenCL:
     * arguments set once, no per-launch finish or event) does so; the others launch one after the
     * other. Kernel time is the sum over the launches, or where the route only times the batch,
     * the device time from the first launch's start to the last one's end.
     *
     * @param kernel a kernel compiled by this session
     * @param launch as for {@link #launch}
     * @param times  launches, at least 1
     * @param args   as for {@link #launch}
     */
    default LaunchStats launchRepeated(CompiledKernel kernel, Launch launch, int times, Object... args) {
        return LaunchStats.repeated(times, () -> launch(kernel, launch, args));
    }

    /**
     * {@return each step's times and counters, in order} Runs dependent launches in order, each seeing what
     * the steps before it wrote, and returns when the last has finished. Every step is validated before any
     * runs. A route that can submit them together does so: TornadoVM builds one task graph of them, so that
     * what one step writes stays on the device for the next instead of going through the host between two
     * execution plans; jocl queues them and waits once, for the last. The others launch one after the other.
     * Where a route times the steps together, the first step carries their kernel time and the others none; the
     * sum is the same. A route that submits them together reports its waits as {@code Counters.HOST_SYNCS}.
     *
     * @param steps the launches, at least one
     */
    default List<LaunchStats> launchSequence(List<LaunchStep> steps) {
        if (steps.isEmpty()) throw new IllegalArgumentException("launchSequence needs at least one step");
        List<LaunchStats> out = new ArrayList<>(steps.size());
        for (LaunchStep st : steps) out.add(launch(st.kernel(), st.launch(), st.args()));
        return out;
    }

    /** {@return running totals of this session} */
    Profile profile();

    /**
     * {@return running totals of the calling thread's work on this session} What a row measured by
     * this thread may subtract, so that its profile is its own even when other threads share the
     * session. Sessions that cannot tell threads apart return {@link #profile()}.
     */
    default Profile threadProfile() {
        return profile();
    }

    /** {@return counters of this session} */
    Counters counters();

    /**
     * Releases every buffer and kernel still open, then the session's device resources. Closing twice
     * does nothing.
     */
    @Override
    void close();
}
