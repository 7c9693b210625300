package dev.perfport.backend.jocl;

import dev.perfport.core.backend.AbstractDeviceSession;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.OpenClPrelude;
import dev.perfport.core.launch.LaunchStep;
import dev.perfport.core.launch.ValidatedLaunch;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.transfer.ChunkedJob;
import dev.perfport.core.transfer.StagedJob;
import dev.perfport.core.transfer.TransferCapable;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.core.transfer.TransferTiming;
import org.jocl.Pointer;
import org.jocl.cl_context;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A session on one OpenCL device: one context and one in-order command queue with profiling.
 * Kernel and copy times are device times from profiling events (END - START).
 *
 * <p>The session is the {@link dev.perfport.core.backend.DeviceSession} facade over four parts:
 * {@link JoclContext} (context, queue, hidden buffers, the count of OpenCL objects),
 * {@link JoclPrograms} (building, the program and binary caches), {@link JoclLauncher} (residency,
 * arguments, enqueues) and {@link JoclCopies} (buffers and their copies); the transfer strategies
 * of seed 002 are {@link JoclTransfers}. It records what they measure in its profile.
 */
final class JoclSession extends AbstractDeviceSession implements TransferCapable {
    /** Counter of local-memory atomics (prelude slot {@link OpenClPrelude#C_LOCAL_ATOMICS}). */
    static final String LOCAL_ATOMICS = "localAtomics";

    private final JoclContext ctx;
    private final JoclPrograms programs;
    private final JoclLauncher launcher;
    private final JoclCopies copies;

    JoclSession(JoclDevice dev) {
        this(dev, true);
    }

    JoclSession(JoclDevice dev, boolean counting) {
        this(dev, counting, "");
    }

    /** {@code buildOptions}: appended to every kernel's build options ({@link JoclProvider#BUILD_OPTIONS_KEY}). */
    JoclSession(JoclDevice dev, boolean counting, String buildOptions) {
        this(dev, counting, buildOptions, null);
    }

    /** {@code binaries}: program binaries kept across processes ({@link BinaryCache}), or null. */
    JoclSession(JoclDevice dev, boolean counting, String buildOptions, BinaryCache binaries) {
        this(dev, counting, buildOptions, binaries, null);
    }

    /**
     * {@code busyStart}: whether timed launches start behind a spin ({@link BusyStart}); null: on a GPU only, not on
     * Oclgrind (which calls itself a GPU to jocl, and where the spin's build and calibration cost a second a session).
     */
    JoclSession(JoclDevice dev, boolean counting, String buildOptions, BinaryCache binaries, Boolean busyStart) {
        super(JoclProvider.ID, dev.info(), false);
        this.ctx = new JoclContext(dev);
        this.programs = new JoclPrograms(ctx, counting, buildOptions, binaries);
        this.launcher = new JoclLauncher(this, ctx, counting, busyStart != null ? busyStart : busyStartByDefault(dev));
        this.copies = new JoclCopies(ctx, () -> device().capacity(MemoryLevel.GLOBAL) - heldBytes());
    }

    /** {@code perfport.jocl.busyStart=auto}: on a GPU, but not on Oclgrind, which calls itself one. */
    static boolean busyStartByDefault(JoclDevice dev) {
        return dev.info().type() == DeviceType.GPU && !CheckedJocl.oclgrind(dev);
    }

    @Override
    protected Dialect dialect() {
        return Dialect.OPENCL_C;
    }

    /** Live OpenCL objects of this session by kind (for tests: empty after close). */
    Map<String, Integer> liveNativeObjects() {
        return ctx.live();
    }

    /** Programs built, cache hits, cached programs (for tests). */
    long[] programCacheStats() {
        return programs.cacheStats();
    }

    /** Programs loaded from the binary cache, and those built from source while it was on. */
    long binaryHits() {
        return programs.binaryHits();
    }

    long binaryMisses() {
        return programs.binaryMisses();
    }

    /** Throws when the session is closed (for its parts, which take their locks first). */
    void checkOpen() {
        ensureOpen();
    }

    /** How errors name a kernel of this session. */
    String kernelWhere(KernelDef def) {
        return where(def);
    }

    // ---- transfer strategies (seed 002 §6; JoclTransfers does the work) --------------------

    cl_context context() {
        return ctx.context();
    }

    JoclKernel ownKernel(CompiledKernel kernel) {
        return own(kernel, JoclKernel.class);
    }

    JoclDevice joclDevice() {
        return ctx.device();
    }

    /** Held while a transfer strategy sets a kernel's arguments and enqueues it, as a launch does. */
    Object launchLock() {
        return launcher.lock();
    }

    /** Sets a kernel's hidden and own arguments; the caller holds {@link #launchLock()}. */
    void setArgs(JoclKernel k, Object[] args, int tasks, int mapping, int ng0, int ng1, String where) {
        launcher.setArgs(k, args, tasks, mapping, ng0, ng1, where);
    }

    TouchKernels touch() {
        return programs.touch();
    }

    @Override
    public TransferTiming run(ChunkedJob job, TransferStrategy strategy, int queues) {
        ensureOpen();
        TransferTiming t = new JoclTransfers(this).run(job, strategy, queues);
        recordLaunches(t.kernelNanos(), t.chunks());
        return t;
    }

    @Override
    public TransferTiming run(StagedJob job, TransferStrategy strategy, int queues) {
        ensureOpen();
        TransferTiming t = new JoclStagedTransfers(this).run(job, strategy, queues);
        recordLaunches(t.kernelNanos(), job.stages().stream().mapToInt(st -> st.kernels().size()).sum());
        return t;
    }

    @Override
    public long timeKernelIssue() {
        ensureOpen();
        return new JoclTransfers(this).timeKernelIssue();
    }

    @Override
    public long timeChunks(int chunks, int queues, boolean mappedOut) {
        ensureOpen();
        return new JoclTransfers(this).timeChunks(chunks, queues, mappedOut);
    }

    @Override
    public long timeCopy(long bytes, boolean toDevice, boolean mapped) {
        ensureOpen();
        return new JoclTransfers(this).timeCopy(bytes, toDevice, mapped);
    }

    /** Measured on a GPU, whose two directions may contend; a CPU device's copies are memcpy, which the model sums anyway. */
    @Override
    public long timeDuplex(long bytes, boolean mappedOut) {
        ensureOpen();
        if (device().type() != dev.perfport.core.device.DeviceType.GPU) return -1;
        return new JoclTransfers(this).timeDuplex(bytes, mappedOut);
    }

    // ---- buffers ---------------------------------------------------------------------------

    @Override
    protected DeviceBuffer doAllocate(ElemType type, long length, MemoryLevel level) {
        return new JoclBuffer(this, copies.allocate(type, length, level), type, length, level);
    }

    /** A blocking read of at most {@link JoclCopies#SMALL_READ_BYTES}, timed by the host clock. */
    void readSmall(JoclBuffer b, long byteOffset, int bytes, Pointer host) {
        ensureOpen();
        recordTransfer(copies.readSmall(b, byteOffset, bytes, host), bytes, false);
    }

    /** A blocking copy between a buffer and host memory, timed by its profiling event. */
    void copy(JoclBuffer b, boolean toDevice, long byteOffset, long bytes, Pointer host) {
        ensureOpen();
        recordTransfer(copies.copy(b, toDevice, byteOffset, bytes, host), bytes, toDevice);
    }

    /** Called once by the buffer's close, which then tells the session. */
    void release(JoclBuffer b) {
        copies.release(b);
    }

    // ---- compile ---------------------------------------------------------------------------

    @Override
    protected CompiledKernel doCompile(KernelDef def, Constants constants) {
        return programs.compile(this, def, constants);
    }

    /** Called once by the kernel's close, which then tells the session. */
    void release(JoclKernel k) {
        ctx.release("kernel", () -> org.jocl.CL.clReleaseKernel(k.kernel()));
    }

    // ---- residency and launch --------------------------------------------------------------

    /**
     * The residency query, a <b>heuristic</b> (see {@link dev.perfport.core.backend.Residency}): 0
     * when the group's local memory (including the kernel's own {@code __local} variables) exceeds
     * the device's, when the local size exceeds the kernel's CL_KERNEL_WORK_GROUP_SIZE or differs
     * from its {@code reqd_work_group_size}; else the compute units on CPU devices, an occupancy
     * estimate on NVIDIA GPUs, the compute units on other GPUs.
     */
    @Override
    protected int residency(CompiledKernel kernel, long[] localSize, long localBytesPerGroup) {
        return launcher.residency(own(kernel, JoclKernel.class), localSize, localBytesPerGroup);
    }

    @Override
    protected LaunchStats doLaunch(CompiledKernel compiled, ValidatedLaunch v, Object[] args) {
        return launcher.launch(own(compiled, JoclKernel.class), v, args, 1);
    }

    /**
     * The read queued behind the kernel on an in-order queue, and one wait, for the read: NVIDIA's OpenCL costs the host
     * tens of microseconds a wait, which a host that needs every result paid twice. The launch is timed by the host, from
     * its enqueue to the read's return, on the context's queue without profiling ({@link ReadbackQueue}): the kernel's
     * profiled event cost about 10 µs a launch more on the H200, and a profiling queue about 8 µs more. A read too
     * large for {@link JoclCopies#SMALL_READ_BYTES} keeps the kernel's event and its own, so that their device times are measured.
     */
    @Override
    protected LaunchStats doLaunchThenRead(CompiledKernel compiled, ValidatedLaunch v, Object[] args, DeviceBuffer result, Object into) {
        long bytes = (long) ElemType.arrayLength(into) * result.type().bytes();
        if (!(result instanceof JoclBuffer b) || b.session() != this || bytes > JoclCopies.SMALL_READ_BYTES) {
            return super.doLaunchThenRead(compiled, v, args, result, into);
        }
        JoclLauncher.Readback read = new JoclLauncher.Readback(b.mem(), (int) bytes, into, ElemType.arrayLength(into));
        LaunchStats stats = launcher.launch(own(compiled, JoclKernel.class), v, args, 1, read);
        recordTransfer(read.hostNanos(), bytes, false);
        return stats;
    }

    /**
     * Asynchronous launches: the arguments are set once, the {@code times} launches are queued back
     * to back with events on the first and the last only, and the host waits once
     * ({@link JoclLauncher#launch}).
     */
    @Override
    protected LaunchStats doLaunchRepeated(CompiledKernel compiled, ValidatedLaunch v, Object[] args, int times) {
        return launcher.launch(own(compiled, JoclKernel.class), v, args, times);
    }

    /** Dependent launches queued back to back with one wait for the last ({@link JoclLauncher#launchSequence}). */
    @Override
    protected List<LaunchStats> doLaunchSequence(List<LaunchStep> steps, List<ValidatedLaunch> vs) {
        if (steps.size() == 1) return List.of(doLaunch(steps.getFirst().kernel(), vs.getFirst(), steps.getFirst().args()));
        return launcher.launchSequence(steps, vs);
    }

    // ---- release ---------------------------------------------------------------------------

    @Override
    protected void closeSession() {
        List<RuntimeException> errors = new ArrayList<>();
        synchronized (launcher.lock()) {
            synchronized (programs.lock()) {
                JoclContext.attempt(errors, ctx::finish);
                programs.releaseAll(errors);
                ctx.releaseAll(errors);
            }
        }
        if (!errors.isEmpty()) {
            RuntimeException first = errors.getFirst();
            errors.stream().skip(1).forEach(first::addSuppressed);
            throw first;
        }
    }
}
