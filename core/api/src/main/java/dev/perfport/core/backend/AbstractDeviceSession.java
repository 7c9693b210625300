package dev.perfport.core.backend;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.Support;
import dev.perfport.core.error.DeviceMemoryException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.launch.Launch;
import dev.perfport.core.launch.LaunchStep;
import dev.perfport.core.launch.LaunchValidator;
import dev.perfport.core.launch.ValidatedLaunch;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.core.result.Profile;
import dev.perfport.core.result.Timings;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The part of a session every backend shares: validation before launch, the timing and counter
 * totals, and release of whatever is still open on close. Backends implement the {@code do*}
 * methods and call {@link #recordTransfer} from their buffers.
 */
public abstract class AbstractDeviceSession implements DeviceSession {
    private final String backendId;
    private final DeviceInfo device;
    private final Timings timings;
    /** The same totals per calling thread (see {@link #threadProfile()}). */
    private final ThreadLocal<Timings> threadTimings;
    private final Counters counters = new Counters();
    private final Set<AutoCloseable> open = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /**
     * A session of a backend on a device.
     *
     * @param backendId the backend's id, reported by every row
     * @param device    the device that runs the work
     * @param modelled  whether the device has a cost model (its profile then carries modelled time)
     */
    protected AbstractDeviceSession(String backendId, DeviceInfo device, boolean modelled) {
        this.backendId = backendId;
        this.device = device;
        this.timings = new Timings(modelled);
        this.threadTimings = ThreadLocal.withInitial(() -> new Timings(modelled));
    }

    @Override
    public final String backendId() {
        return backendId;
    }

    @Override
    public final DeviceInfo device() {
        return device;
    }

    /**
     * {@return {@code "kernel 'NAME' on DEVICE"}, how errors name a kernel of this session}
     *
     * @param def the kernel's definition
     */
    protected final String where(KernelDef def) {
        return "kernel '" + def.name() + "' on " + device.name();
    }

    /** {@return the dialect this session executes} */
    protected abstract Dialect dialect();

    /**
     * {@return whether this session has an implementation of {@code def}} Route-native backends look in
     * their own registry.
     *
     * @param def a kernel definition
     */
    protected boolean hasImplementation(KernelDef def) {
        return def.impl(dialect()).isPresent();
    }

    /**
     * {@return a new buffer} Called by {@link #allocate} after the arguments were checked.
     *
     * @param type   the element type
     * @param length elements, at least 1
     * @param level  {@link MemoryLevel#GLOBAL} or {@link MemoryLevel#CONSTANT}
     */
    protected abstract DeviceBuffer doAllocate(ElemType type, long length, MemoryLevel level);

    /**
     * {@return the built kernel} Called by {@link #compile} once {@link #cannotRun} found no obstacle.
     *
     * @param def       the kernel definition
     * @param constants the definition's defaults with the caller's overrides
     */
    protected abstract CompiledKernel doCompile(KernelDef def, Constants constants);

    /**
     * {@return the launch's times and counters} Called by {@link #launch} with a launch that passed
     * validation.
     *
     * @param kernel a kernel compiled by this session
     * @param launch the validated launch (the launch and what validation derived from it)
     * @param args   the arguments, checked against the definition
     */
    protected abstract LaunchStats doLaunch(CompiledKernel kernel, ValidatedLaunch launch, Object[] args);

    /**
     * {@return the answer to the residency query} See {@link DeviceSession#maxResidentGroups}.
     *
     * @param kernel             a kernel compiled by this session
     * @param localSize          the local size per dimension
     * @param localBytesPerGroup local memory each group uses, in bytes
     */
    protected abstract int residency(CompiledKernel kernel, long[] localSize, long localBytesPerGroup);

    @Override
    public final DeviceBuffer allocate(ElemType type, long length, MemoryLevel level) {
        ensureOpen();
        if (!level.isBuffer()) {
            throw new IllegalArgumentException(level + " memory is not host-visible; only GLOBAL and CONSTANT buffers can be allocated");
        }
        if (length < 1) throw new IllegalArgumentException("buffer length must be >= 1, got " + length);
        long bytes = length > Long.MAX_VALUE / type.bytes() ? Long.MAX_VALUE : length * type.bytes();
        long cap = device.capacity(MemoryLevel.GLOBAL);
        if (cap > 0) {
            // what this session's open buffers hold; other processes' use is unknown to a session
            // (OpenCL has no query of free memory), so a driver may still refuse: routes turn that
            // into the same error
            long held = 0;
            int count = 0;
            for (AutoCloseable r : open) {
                if (r instanceof DeviceBuffer d) {
                    held += d.bytes();
                    count++;
                }
            }
            if (bytes > cap - held) {
                throw new DeviceMemoryException(device.name(), bytes, cap - held, DeviceMemoryException.bytes(cap) + " of global memory"
                        + (count == 0 ? "" : ", " + DeviceMemoryException.bytes(held) + " held by this session's " + count
                        + (count == 1 ? " buffer" : " buffers")));
            }
        }
        DeviceBuffer b = doAllocate(type, length, level);
        open.add(b);
        return b;
    }

    /** {@return the bytes of this session's open buffers} What a route names when its driver refuses a buffer. */
    protected final long heldBytes() {
        long held = 0;
        for (AutoCloseable r : open) if (r instanceof DeviceBuffer d) held += d.bytes();
        return held;
    }

    /**
     * Buffers and kernels call this when they are released, so that close() does not release them twice.
     *
     * @param resource the buffer or kernel released
     */
    protected final void released(AutoCloseable resource) {
        open.remove(resource);
    }

    /**
     * {@return the kernel as this backend's type} For the calls that take a kernel without
     * {@link #launch}'s check (the residency query).
     *
     * @param kernel a kernel
     * @param type   this backend's kernel class
     * @param <K>    this backend's kernel class
     * @throws IllegalArgumentException when another session compiled it or it is closed
     */
    protected final <K extends AbstractCompiledKernel<?>> K own(CompiledKernel kernel, Class<K> type) {
        if (!type.isInstance(kernel) || type.cast(kernel).session() != this || type.cast(kernel).isClosed()) {
            throw new IllegalArgumentException("kernel '" + kernel.def().name() + "' was not compiled by this session or was closed");
        }
        return type.cast(kernel);
    }

    @Override
    public Optional<String> cannotRun(KernelDef def) {
        if (!hasImplementation(def)) {
            return Optional.of(backendId + " has no " + dialect() + " implementation of kernel '" + def.name() + "'");
        }
        if (def.usesStaticLocal() && device.support(MemoryLevel.STATIC_LOCAL) == Support.UNSUPPORTED) {
            return Optional.of("kernel '" + def.name() + "' needs static local memory, unsupported on " + device.name());
        }
        if (def.form() == LaunchForm.STATIC_GROUPS && device.support(Feature.STATIC_WORK_GROUPS) == Support.UNSUPPORTED) {
            return Optional.of("kernel '" + def.name() + "' needs static work-groups, unsupported on " + device.name());
        }
        boolean dbl = def.args().stream().anyMatch(a -> a.type() == ElemType.DOUBLE);
        if (dbl && device.support(Feature.DOUBLE_PRECISION) == Support.UNSUPPORTED) {
            return Optional.of("kernel '" + def.name() + "' uses double precision, unsupported on " + device.name());
        }
        return Optional.empty();
    }

    @Override
    public final CompiledKernel compile(KernelDef def, Constants constants) {
        ensureOpen();
        Optional<String> why = cannotRun(def);
        if (why.isPresent()) throw refusal(def, why.get());
        long t0 = System.nanoTime();
        CompiledKernel k = doCompile(def, def.defaults().with(constants));
        long compileNanos = System.nanoTime() - t0;
        timings.addCompile(compileNanos);
        threadTimings.get().addCompile(compileNanos);
        open.add(k);
        return k;
    }

    @Override
    public final int maxResidentGroups(CompiledKernel kernel, long[] localSize, long localBytesPerGroup) {
        ensureOpen();
        return residency(kernel, localSize, localBytesPerGroup);
    }

    @Override
    public final LaunchStats launch(CompiledKernel kernel, Launch launch, Object... args) {
        return record(doLaunch(kernel, validated(kernel, launch, args), args), 1);
    }

    /** Validates the launch and the read, then {@link #doLaunchThenRead}. */
    @Override
    public final LaunchStats launchThenRead(CompiledKernel kernel, Launch launch, DeviceBuffer result, Object into, Object... args) {
        ValidatedLaunch v = validated(kernel, launch, args);
        DeviceBuffer.checkCopy(result, 0, into, 0, ElemType.ofArray(into) == null ? 0 : ElemType.arrayLength(into));
        return record(doLaunchThenRead(kernel, v, args, result, into), 1);
    }

    /**
     * Runs a validated launch, then reads {@code result} whole into {@code into} (both checked); by default
     * {@link #doLaunch}, then the buffer's read. A route that can queue the read behind the kernel and wait once
     * overrides it.
     *
     * @param kernel a kernel compiled by this session
     * @param v      the validated launch
     * @param args   the arguments, as for {@link #doLaunch}
     * @param result the buffer to read
     * @param into   the host array, of its type and length
     * @return the launch's stats
     */
    protected LaunchStats doLaunchThenRead(CompiledKernel kernel, ValidatedLaunch v, Object[] args, DeviceBuffer result, Object into) {
        LaunchStats stats = doLaunch(kernel, v, args);
        result.read(into);
        return stats;
    }

    /** Validates once, then {@link #doLaunchRepeated}; the totals count every launch. */
    @Override
    public final LaunchStats launchRepeated(CompiledKernel kernel, Launch launch, int times, Object... args) {
        if (times < 1) throw new IllegalArgumentException("launchRepeated needs times >= 1, got " + times);
        return record(doLaunchRepeated(kernel, validated(kernel, launch, args), args, times), times);
    }

    /**
     * Runs a validated launch {@code times} times back to back and waits for the last; by default
     * {@link #doLaunch} after {@link #doLaunch}, stats summed. Routes that can queue launches
     * without waiting for each override it (the host's time per launch).
     *
     * @param kernel a kernel compiled by this session
     * @param v      the validated launch
     * @param args   the arguments, as for {@link #doLaunch}
     * @param times  launches, at least 1
     * @return the launches' stats together
     */
    protected LaunchStats doLaunchRepeated(CompiledKernel kernel, ValidatedLaunch v, Object[] args, int times) {
        return LaunchStats.repeated(times, () -> doLaunch(kernel, v, args));
    }

    /**
     * {@return the error of compiling {@code def} where {@link #cannotRun} gave {@code why}} A route with native kernels
     * adds, for a kernel without one, how its author can give it one.
     *
     * @param def the kernel definition
     * @param why the reason, for a user
     */
    protected UnsupportedFeatureException refusal(KernelDef def, String why) {
        return new UnsupportedFeatureException(why);
    }

    /** Validates every step, then {@link #doLaunchSequence}; the totals count every launch. */
    @Override
    public final List<LaunchStats> launchSequence(List<LaunchStep> steps) {
        if (steps.isEmpty()) throw new IllegalArgumentException("launchSequence needs at least one step");
        List<ValidatedLaunch> vs = new ArrayList<>(steps.size());
        for (LaunchStep st : steps) vs.add(validated(st.kernel(), st.launch(), st.args()));
        List<LaunchStats> out = doLaunchSequence(steps, vs);
        if (out.size() != steps.size()) {
            throw new IllegalStateException("doLaunchSequence gave " + out.size() + " results for " + steps.size() + " steps");
        }
        for (LaunchStats s : out) record(s, 1);
        return out;
    }

    /**
     * Runs validated steps in order and waits for the last; by default {@link #doLaunch} after
     * {@link #doLaunch}. A route that can submit dependent launches together overrides it.
     *
     * @param steps the steps
     * @param vs    each step's validated launch
     * @return each step's stats, in order
     */
    protected List<LaunchStats> doLaunchSequence(List<LaunchStep> steps, List<ValidatedLaunch> vs) {
        List<LaunchStats> out = new ArrayList<>(steps.size());
        for (int i = 0; i < steps.size(); i++) out.add(doLaunch(steps.get(i).kernel(), vs.get(i), steps.get(i).args()));
        return out;
    }

    private ValidatedLaunch validated(CompiledKernel kernel, Launch launch, Object[] args) {
        ensureOpen();
        if (!open.contains(kernel)) {
            throw new IllegalArgumentException("kernel '" + kernel.def().name() + "' was not compiled by this session or was closed");
        }
        return LaunchValidator.validate(device, kernel.def(), kernel.constants(), launch, args,
                (ls, bytes) -> residency(kernel, ls, bytes));
    }

    private LaunchStats record(LaunchStats s, int launches) {
        timings.addKernel(s.kernelNanos(), launches);
        threadTimings.get().addKernel(s.kernelNanos(), launches);
        if (s.modelledNanos() >= 0) {
            timings.addModelled(s.modelledNanos());
            threadTimings.get().addModelled(s.modelledNanos());
        }
        counters.addAll(s.counters());
        return s;
    }

    /**
     * Adds a host-device copy to the totals.
     *
     * @param nanos    how long it took
     * @param bytes    bytes copied
     * @param toDevice true for host to device, false for device to host
     */
    protected final void recordTransfer(long nanos, long bytes, boolean toDevice) {
        timings.addTransfer(nanos, bytes, toDevice);
        threadTimings.get().addTransfer(nanos, bytes, toDevice);
    }

    /**
     * Adds launches a route enqueued itself, outside {@link #launch} (jocl's transfer strategies
     * run a job's chunks on queues of their own), to the profile.
     *
     * @param kernelNanos their kernel time together
     * @param launches    how many
     */
    protected final void recordLaunches(long kernelNanos, int launches) {
        timings.addKernel(kernelNanos, launches);
        threadTimings.get().addKernel(kernelNanos, launches);
    }

    /**
     * Adds compilation that happened outside {@link #compile}: routes that compile at the first launch
     * (TornadoVM JIT-compiles a kernel when its execution plan first runs, since only then are the
     * arguments known).
     *
     * @param nanos how long it took
     */
    protected final void recordCompile(long nanos) {
        timings.addCompile(nanos);
        threadTimings.get().addCompile(nanos);
    }

    /**
     * Adds modelled time spent outside kernels (e.g. transfers on an emulated device).
     *
     * @param nanos modelled nanoseconds
     */
    protected final void recordModelled(long nanos) {
        timings.addModelled(nanos);
        threadTimings.get().addModelled(nanos);
    }

    @Override
    public final Profile profile() {
        return timings.snapshot();
    }

    /** The calling thread's totals; every record* and launch adds to the recording thread's as well. */
    @Override
    public final Profile threadProfile() {
        return threadTimings.get().snapshot();
    }

    @Override
    public final Counters counters() {
        return counters;
    }

    /** Throws {@link IllegalStateException} when the session is closed. */
    protected final void ensureOpen() {
        if (closed) throw new IllegalStateException("session on " + device.name() + " is closed");
    }

    /** {@return whether {@link #close()} has run} */
    public final boolean isClosed() {
        return closed;
    }

    /** Releases every buffer and kernel still open, then the backend's own resources. */
    @Override
    public final void close() {
        if (closed) return;
        closed = true;
        List<Throwable> errors = new ArrayList<>();
        for (AutoCloseable c : List.copyOf(open)) {
            try {
                c.close();
            } catch (Throwable t) {
                errors.add(t);
            }
        }
        open.clear();
        try {
            closeSession();
        } catch (Throwable t) {
            errors.add(t);
        }
        if (!errors.isEmpty()) {
            RuntimeException e = new IllegalStateException("errors while closing session on " + device.name());
            errors.forEach(e::addSuppressed);
            throw e;
        }
    }

    /** Releases the backend's session resources (context, queue, worker threads). */
    protected abstract void closeSession();
}
