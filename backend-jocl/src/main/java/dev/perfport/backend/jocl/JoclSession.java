package dev.perfport.backend.jocl;

import dev.perfport.core.backend.Residency;
import dev.perfport.core.backend.AbstractDeviceSession;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.backend.LaunchGrid;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.error.DeviceMemoryException;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.error.KernelBuildException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.ArgDef;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.kernel.OpenClPrelude;
import dev.perfport.core.launch.Launch;
import dev.perfport.core.launch.LaunchStep;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.ValidatedLaunch;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.transfer.ChunkedJob;
import dev.perfport.core.transfer.TransferCapable;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.core.transfer.TransferTiming;
import dev.perfport.core.result.Counters;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A session on one OpenCL device: one context and one in-order command queue with profiling.
 * Kernel and copy times are device times from profiling events (END - START).
 *
 * <p>Every kernel source gets the perfport prelude and a {@code #line 1}, so build-log line numbers
 * are those of the kernel file (mapped back where a compiler ignores {@code #line}, see
 * {@link BuildLogs}). Launches set the six hidden {@code PP_PARAMS} arguments first;
 * persistent kernels (static local memory, static work-groups) run as k persistent groups along
 * dimension 0 (seed 003 §4). Launches are serialised per session, because kernel arguments and
 * the hidden counter buffers are shared state.
 */
final class JoclSession extends AbstractDeviceSession implements TransferCapable {
    /** Programs kept per session; several kernels share one .cl file and one build. */
    static final int PROGRAM_CACHE_SIZE = 32;
    /** Counter of local-memory atomics (prelude slot {@link OpenClPrelude#C_LOCAL_ATOMICS}). */
    static final String LOCAL_ATOMICS = "localAtomics";

    private static final int COUNTER_BYTES = OpenClPrelude.COUNTER_SLOTS * Sizeof.cl_int;

    private final JoclDevice dev;
    private final NativeTally tally = new NativeTally();
    private final cl_context context;
    private final cl_command_queue queue;
    private final cl_mem counters;
    private final cl_mem next;
    /** Source of the non-blocking zeroing writes; direct, because JOCL refuses Java arrays there. */
    private final ByteBuffer zeros = ByteBuffer.allocateDirect(COUNTER_BYTES).order(ByteOrder.nativeOrder());
    private final ProgramCache programs;
    private final Object launchLock = new Object();
    private final Object compileLock = new Object();
    /** Whether the compiler honours #line; null until a failed build asks (guarded by compileLock). */
    private Boolean honoursLine;
    /** False: kernels are built with -DPP_NO_COUNTERS and atomic counters are not reported. */
    private final boolean counting;
    /** Options this session adds to every build, after the constants and the kernel's own. */
    private final String buildOptions;
    /** Program binaries across processes, or null. */
    private final BinaryCache binaries;
    private List<String> deviceIdentity;
    private long binaryHits;
    private long binaryMisses;

    @SuppressWarnings("deprecation") // clCreateCommandQueue: in every OpenCL 1.x-3.0 ICD, unlike ...WithProperties
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
        super(JoclProvider.ID, dev.info(), false);
        this.binaries = binaries;
        this.counting = counting;
        this.buildOptions = buildOptions == null ? "" : buildOptions.strip();
        this.dev = dev;
        this.programs = new ProgramCache(PROGRAM_CACHE_SIZE, this::releaseProgram);
        List<Runnable> undo = new ArrayList<>();
        try {
            cl_context_properties props = new cl_context_properties();
            props.addProperty(CL.CL_CONTEXT_PLATFORM, dev.platform());
            cl_context ctx = CL.clCreateContext(props, 1, new cl_device_id[]{dev.device()}, null, null, null);
            tally.created("context");
            undo.addFirst(() -> release("context", () -> CL.clReleaseContext(ctx)));
            cl_command_queue q = CL.clCreateCommandQueue(ctx, dev.device(), CL.CL_QUEUE_PROFILING_ENABLE, null);
            tally.created("queue");
            undo.addFirst(() -> release("queue", () -> CL.clReleaseCommandQueue(q)));
            cl_mem c = CL.clCreateBuffer(ctx, CL.CL_MEM_READ_WRITE, COUNTER_BYTES, null, null);
            tally.created("mem");
            undo.addFirst(() -> release("mem", () -> CL.clReleaseMemObject(c)));
            cl_mem n = CL.clCreateBuffer(ctx, CL.CL_MEM_READ_WRITE, Sizeof.cl_int, null, null);
            tally.created("mem");
            this.context = ctx;
            this.queue = q;
            this.counters = c;
            this.next = n;
        } catch (CLException e) {
            for (Runnable r : undo) {
                try {
                    r.run();
                } catch (RuntimeException ignored) {
                    // the creation error below is the one worth reporting
                }
            }
            throw Cl.error("cannot open an OpenCL session on " + dev.info().name(), e);
        }
    }

    @Override
    protected Dialect dialect() {
        return Dialect.OPENCL_C;
    }

    private String deviceName() {
        return device().name();
    }

    /** Live OpenCL objects of this session by kind (for tests: empty after close). */
    Map<String, Integer> liveNativeObjects() {
        return tally.live();
    }

    /** Programs built, cache hits, cached programs (for tests). */
    long[] programCacheStats() {
        synchronized (compileLock) {
            return new long[]{programs.misses(), programs.hits(), programs.size()};
        }
    }

    // ---- transfer strategies (seed 002 §6; JoclTransfers does the work) --------------------

    cl_context context() {
        return context;
    }

    JoclKernel ownKernel(CompiledKernel kernel) {
        return own(kernel, JoclKernel.class);
    }

    JoclDevice joclDevice() {
        return dev;
    }

    /** Held while a transfer strategy sets a kernel's arguments and enqueues it, as a launch does. */
    Object launchLock() {
        return launchLock;
    }

    @Override
    public TransferTiming run(ChunkedJob job, TransferStrategy strategy, int queues) {
        ensureOpen();
        TransferTiming t = new JoclTransfers(this).run(job, strategy, queues);
        recordLaunches(t.kernelNanos(), t.chunks());
        return t;
    }

    /**
     * Two one-work-item kernels that read or write a buffer, for timing mapped transfers the way a
     * kernel uses them (built on first use, released with the session).
     */
    static final class Touch {
        private static final String SOURCE = "__kernel void touch_read(__global const float* b, __global float* sink) { sink[0] = b[0]; }\n"
                + "__kernel void touch_write(__global float* b, __global float* sink) { b[0] = sink[0]; }\n";
        private final cl_program program;
        private final cl_kernel read, write;

        private Touch(JoclSession s) {
            program = CL.clCreateProgramWithSource(s.context, 1, new String[]{SOURCE}, null, null);
            CL.clBuildProgram(program, 0, null, null, null, null);
            read = CL.clCreateKernel(program, "touch_read", null);
            write = CL.clCreateKernel(program, "touch_write", null);
        }

        /** Enqueues one work-item that reads ({@code read}) or writes the buffer. */
        void run(cl_command_queue q, boolean read, cl_mem buffer, cl_mem sink) {
            cl_kernel k = read ? this.read : write;
            synchronized (this) {
                CL.clSetKernelArg(k, 0, Sizeof.cl_mem, Pointer.to(buffer));
                CL.clSetKernelArg(k, 1, Sizeof.cl_mem, Pointer.to(sink));
                CL.clEnqueueNDRangeKernel(q, k, 1, null, new long[]{1}, new long[]{1}, 0, null, null);
            }
        }

        void release() {
            CL.clReleaseKernel(read);
            CL.clReleaseKernel(write);
            CL.clReleaseProgram(program);
        }
    }

    private Touch touch;   // guarded by compileLock

    Touch touch() {
        synchronized (compileLock) {
            if (touch == null) touch = new Touch(this);
            return touch;
        }
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

    // ---- buffers ---------------------------------------------------------------------------

    @Override
    protected DeviceBuffer doAllocate(ElemType type, long length, MemoryLevel level) {
        long max = dev.maxAllocBytes();
        if (length > max / type.bytes()) {
            throw new DeviceMemoryException(deviceName(), length > Long.MAX_VALUE / type.bytes() ? Long.MAX_VALUE : length * type.bytes(),
                    max, "the most one buffer may have, CL_DEVICE_MAX_MEM_ALLOC_SIZE");
        }
        long bytes = length * type.bytes();
        // CONSTANT buffers are read-only for kernels; the host still writes them
        long flags = level == MemoryLevel.CONSTANT ? CL.CL_MEM_READ_ONLY : CL.CL_MEM_READ_WRITE;
        cl_mem m;
        try {
            m = CL.clCreateBuffer(context, flags, bytes, null, null);
        } catch (CLException e) {
            if (outOfMemory(e)) throw driverRefused(bytes, e);
            throw Cl.error("cannot allocate a " + level + " buffer of " + bytes + " B on " + deviceName(), e);
        }
        tally.created("mem");
        return new JoclBuffer(this, m, type, length, level);
    }

    /** Whether the driver ran out of device memory (drivers that allocate on first use say so at a copy or launch). */
    private static boolean outOfMemory(CLException e) {
        return e.getStatus() == CL.CL_MEM_OBJECT_ALLOCATION_FAILURE || e.getStatus() == CL.CL_OUT_OF_RESOURCES;
    }

    /** The driver's refusal of a buffer of {@code bytes}: the same one line as the session's own check. */
    private DeviceMemoryException driverRefused(long bytes, CLException e) {
        DeviceMemoryException d = new DeviceMemoryException(deviceName(), bytes, device().capacity(MemoryLevel.GLOBAL) - heldBytes(),
                "at most; the driver refused it with " + Cl.name(e) + ", so other programs hold some of the device's memory");
        d.initCause(e);
        return d;
    }

    /**
     * Reads of at most this many bytes are timed by the host clock instead of a profiling event:
     * on the H100 (driver 580) the event and its two profiling queries cost about 8 µs of a 20 µs
     * read (bench/JoclLaunchOverhead.java, docs/results/gpu/h100.md), and a non-blocking
     * read into a direct buffer took 56 µs.
     */
    static final int SMALL_READ_BYTES = 4096;

    /** A blocking read of at most {@link #SMALL_READ_BYTES}, without an event. */
    void readSmall(JoclBuffer b, long byteOffset, int bytes, Pointer host) {
        ensureOpen();
        try {
            long t0 = System.nanoTime();
            CL.clEnqueueReadBuffer(queue, b.mem(), CL.CL_TRUE, byteOffset, bytes, host, 0, null, null);
            recordTransfer(System.nanoTime() - t0, bytes, false);
        } catch (CLException e) {
            throw Cl.error("copy of " + bytes + " B from a buffer on " + deviceName(), e);
        }
    }

    /** A blocking copy between a buffer and host memory, timed by its profiling event. */
    void copy(JoclBuffer b, boolean toDevice, long byteOffset, long bytes, Pointer host) {
        ensureOpen();
        cl_event ev = new cl_event();
        boolean made = false;
        try {
            if (toDevice) {
                CL.clEnqueueWriteBuffer(queue, b.mem(), CL.CL_TRUE, byteOffset, bytes, host, 0, null, ev);
            } else {
                CL.clEnqueueReadBuffer(queue, b.mem(), CL.CL_TRUE, byteOffset, bytes, host, 0, null, ev);
            }
            made = true;
            tally.created("event");
            recordTransfer(Cl.eventNanos(ev), bytes, toDevice);
        } catch (CLException e) {
            if (toDevice && outOfMemory(e)) throw driverRefused(b.bytes(), e);
            throw Cl.error("copy of " + bytes + " B " + (toDevice ? "to" : "from") + " a buffer on " + deviceName(), e);
        } finally {
            if (made) releaseEvent(ev);
        }
    }

    /** Called once by the buffer's close, which then tells the session. */
    void release(JoclBuffer b) {
        release("mem", () -> CL.clReleaseMemObject(b.mem()));
    }

    // ---- compile ---------------------------------------------------------------------------

    @Override
    protected CompiledKernel doCompile(KernelDef def, Constants constants) {
        long t0 = System.nanoTime();
        KernelImpl.OpenClSource src = def.impl(Dialect.OPENCL_C)
                .filter(KernelImpl.OpenClSource.class::isInstance).map(KernelImpl.OpenClSource.class::cast)
                .orElseThrow(() -> new UnsupportedFeatureException("kernel '" + def.name() + "' has no OpenCL C source"));
        String requested = join(constants.toOpenClOptions(), src.buildOptions(), vendorOptions(constants, dev.info()), buildOptions,
                counting ? "" : "-DPP_NO_COUNTERS", QUIET);
        String contract = fpContract(requested);
        String options = contract == null ? requested : join(requested.replaceAll(FP_CONTRACT_OPTION, " "));
        // _Pragma on the prelude's first line (a comment) keeps every line number where it was
        String source = (contract == null ? "" : "_Pragma(\"OPENCL FP_CONTRACT " + contract + "\") ")
                + OpenClPrelude.source() + BuildLogs.SEPARATOR + src.source();
        String where = "kernel '" + def.name() + "' (__kernel " + src.entryPoint() + ") on " + deviceName();
        synchronized (compileLock) {
            ensureOpen();
            cl_program program = programs.get(new ProgramCache.Key(source, options), () -> build(source, options, where));
            cl_kernel k;
            try {
                k = CL.clCreateKernel(program, src.entryPoint(), null);
            } catch (CLException e) {
                if (e.getStatus() == CL.CL_INVALID_KERNEL_NAME) {
                    throw new KernelBuildException(where + ": the source has no __kernel function named '"
                            + src.entryPoint() + "' (" + Cl.name(e) + ")", "");
                }
                throw Cl.error("clCreateKernel for " + where, e);
            }
            tally.created("kernel");
            try {
                long nargs = Cl.kernelLong(k, CL.CL_KERNEL_NUM_ARGS);
                int expected = OpenClPrelude.HIDDEN_ARGS + def.args().size();
                if (nargs != expected) {
                    throw new KernelBuildException(where + ": the __kernel function takes " + nargs
                            + " parameters, but the definition declares " + def.args().size() + " arguments "
                            + def.args() + " + " + OpenClPrelude.HIDDEN_ARGS + " hidden ones = " + expected
                            + " (does its parameter list start with PP_PARAMS?)", "");
                }
                long wg = Cl.kernelWorkGroupLong(k, dev.device(), CL.CL_KERNEL_WORK_GROUP_SIZE);
                // NVIDIA's OpenCL reports 256 for every kernel, yet runs groups up to the device
                // maximum (H100, driver 580): there the value is advice, not a limit
                if (dev.residency().nvidia()) wg = Math.max(wg, device().maxWorkGroupSize());
                long ownLocal = Cl.kernelWorkGroupLong(k, dev.device(), CL.CL_KERNEL_LOCAL_MEM_SIZE);
                long[] reqd = Cl.kernelWorkGroupSizes(k, dev.device(), CL.CL_KERNEL_COMPILE_WORK_GROUP_SIZE);
                return new JoclKernel(this, def, constants, k, System.nanoTime() - t0, wg, ownLocal,
                        reqd.length == 3 ? reqd : new long[3]);
            } catch (RuntimeException e) {
                try {
                    release("kernel", () -> CL.clReleaseKernel(k));
                } catch (RuntimeException suppressed) {
                    e.addSuppressed(suppressed);
                }
                if (e instanceof CLException ce) throw Cl.error("querying " + where, ce);
                throw e;
            }
        }
    }

    /**
     * {@code -cl-fp-contract=off|on|fast}: whether the compiler may fuse {@code a*b+c} into one
     * rounding (an FMA). It is clang's option, not an OpenCL build option (PoCL refuses it), so
     * jocl takes it out of the options and puts {@code #pragma OPENCL FP_CONTRACT} (standard
     * OpenCL C) before the program instead.
     */
    static final String FP_CONTRACT_OPTION = "(?<=^|\\s)-cl-fp-contract=(off|on|fast)(?=\\s|$)";

    /** OFF or ON for the last {@code -cl-fp-contract=} in {@code options}, or null when there is none. */
    static String fpContract(String options) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(FP_CONTRACT_OPTION).matcher(options);
        String last = null;
        while (m.find()) last = m.group(1).equals("off") ? "OFF" : "ON";
        return last;
    }

    /**
     * The options a configuration asks for through constants that only one vendor's compiler
     * understands: {@link KernelImpl.OpenClSource#NVIDIA_MAX_REGISTERS} as {@code -cl-nv-maxrregcount}
     * on NVIDIA's OpenCL, nothing elsewhere.
     */
    /**
     * {@code -w} (an OpenCL build option: no warnings): a compiler may write its diagnostics to the
     * process's stderr besides the build log (PoCL's clang prints "1 warning generated." on the
     * user's terminal), and a warning is no failure. Errors still fail the build, with the log in
     * the exception. Left out while {@code PP_JOCL_DUMP} collects the logs (diagnostics).
     */
    static final String QUIET = System.getenv("PP_JOCL_DUMP") == null ? "-w" : "";

    static String vendorOptions(Constants constants, DeviceInfo device) {
        int cap = registerCap(constants, device);
        return cap == 0 ? "" : "-cl-nv-maxrregcount=" + cap;
    }

    /** The register cap a build for {@code device} carries: the configuration's on NVIDIA, else 0 (none). */
    static int registerCap(Constants constants, DeviceInfo device) {
        if (!device.nvidia() || !constants.has(KernelImpl.OpenClSource.NVIDIA_MAX_REGISTERS)) return 0;
        return Math.max(0, constants.getInt(KernelImpl.OpenClSource.NVIDIA_MAX_REGISTERS));
    }

    /** Build options joined by single spaces, empty parts left out. */
    static String join(String... parts) {
        StringBuilder b = new StringBuilder();
        for (String p : parts) {
            if (p == null || p.isBlank()) continue;
            if (!b.isEmpty()) b.append(' ');
            b.append(p.strip().replaceAll("\\s+", " "));
        }
        return b.toString();
    }

    /**
     * Diagnostics: with the environment variable {@code PP_JOCL_DUMP} (not PERFPORT_*: those are settings) set to a folder, each
     * built program's binary (PTX text on NVIDIA's driver) is written there, its build options in a
     * first comment line, so that e.g. {@code ptxas -v} can report registers and spills of the
     * kernels as they were really built. A failed dump is reported on stderr, never fatal.
     */
    private void dumpBinary(cl_program p, String options, String where) {
        String dir = System.getenv("PP_JOCL_DUMP");
        if (dir == null || dir.isBlank()) return;
        try {
            byte[] bin = binaryOf(p);
            if (bin == null) throw new IllegalStateException("the driver gives no binary");
            String name = where.replaceAll("[^A-Za-z0-9._-]+", "_");
            if (name.length() > 60) name = name.substring(0, 60);
            java.nio.file.Path f = java.nio.file.Path.of(dir, name + "-" + Integer.toHexString(options.hashCode()) + ".ptx");
            java.nio.file.Files.createDirectories(f.getParent());
            int len = bin.length > 0 && bin[bin.length - 1] == 0 ? bin.length - 1 : bin.length;
            java.nio.file.Files.write(f, ("// perfport build options: " + options + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            java.nio.file.Files.write(f, Arrays.copyOf(bin, len), java.nio.file.StandardOpenOption.APPEND);
            // the compiler's log beside it: with NVIDIA's -cl-nv-verbose, ptxas's registers and spills per kernel
            String log = Cl.buildLog(p, dev.device());
            if (!log.isBlank()) java.nio.file.Files.writeString(f.resolveSibling(f.getFileName().toString().replace(".ptx", ".log")), log);
        } catch (RuntimeException | java.io.IOException e) {
            System.err.println("perfport: PP_JOCL_DUMP: could not write the binary of " + where + ": " + e);
        }
    }

    /** Programs loaded from the binary cache, and those built from source while it was on. */
    long binaryHits() {
        return binaryHits;
    }

    long binaryMisses() {
        return binaryMisses;
    }

    /** What decides a binary besides source and options: platform, device, driver (BinaryCache's key). */
    private List<String> deviceIdentity() {
        if (deviceIdentity == null) {
            deviceIdentity = List.of(Cl.platformString(dev.platform(), CL.CL_PLATFORM_NAME),
                    Cl.platformString(dev.platform(), CL.CL_PLATFORM_VERSION), Cl.deviceString(dev.device(), CL.CL_DEVICE_NAME),
                    Cl.deviceString(dev.device(), CL.CL_DEVICE_VENDOR), Cl.deviceString(dev.device(), CL.CL_DEVICE_VERSION),
                    Cl.deviceString(dev.device(), CL.CL_DRIVER_VERSION));
        }
        return deviceIdentity;
    }

    /** From the binary cache when it holds this build, else from source (then stored there). */
    private cl_program build(String source, String options, String where) {
        if (binaries == null) return buildSource(source, options, where);
        String key = BinaryCache.key(deviceIdentity(), source, options);
        byte[] bin = binaries.get(key);
        if (bin != null) {
            cl_program p = fromBinary(bin, options);
            if (p != null) {
                binaryHits++;
                return p;
            }
            binaries.remove(key);   // refused by the driver: rebuilt below and stored anew
        }
        binaryMisses++;
        cl_program p = buildSource(source, options, where);
        binaries.put(key, binaryOf(p));
        return p;
    }

    /** A program made from a cached binary and built (linked) for the device, or null when the driver refuses it. */
    private cl_program fromBinary(byte[] bin, String options) {
        cl_program p;
        try {
            p = CL.clCreateProgramWithBinary(context, 1, new cl_device_id[]{dev.device()}, new long[]{bin.length},
                    new byte[][]{bin}, new int[1], null);
        } catch (CLException e) {
            return null;
        }
        tally.created("program");
        try {
            CL.clBuildProgram(p, 1, new cl_device_id[]{dev.device()}, options, null, null);
            return p;
        } catch (CLException e) {
            releaseProgram(p);
            return null;
        }
    }

    /** The device binary of a built program, or null when the driver gives none. */
    private static byte[] binaryOf(cl_program p) {
        try {
            long[] sizes = new long[1];
            CL.clGetProgramInfo(p, CL.CL_PROGRAM_BINARY_SIZES, Sizeof.size_t, Pointer.to(sizes), null);
            if (sizes[0] <= 0 || sizes[0] > Integer.MAX_VALUE - 8) return null;
            byte[] bin = new byte[(int) sizes[0]];
            CL.clGetProgramInfo(p, CL.CL_PROGRAM_BINARIES, Sizeof.POINTER, Pointer.to(Pointer.to(bin)), null);
            return bin;
        } catch (CLException e) {
            return null;
        }
    }

    private cl_program buildSource(String source, String options, String where) {
        cl_program p;
        try {
            p = CL.clCreateProgramWithSource(context, 1, new String[]{source}, null, null);
        } catch (CLException e) {
            throw Cl.error("clCreateProgramWithSource for " + where, e);
        }
        tally.created("program");
        try {
            CL.clBuildProgram(p, 1, new cl_device_id[]{dev.device()}, options, null, null);
            dumpBinary(p, options, where);
            return p;
        } catch (CLException e) {
            String log = Cl.buildLog(p, dev.device());
            releaseProgram(p);
            if (!honoursLineDirective()) log = BuildLogs.remap(log);
            throw new KernelBuildException(where + " failed to build"
                    + (options.isEmpty() ? "" : " with options '" + options + "'") + ": " + Cl.name(e), log);
        }
    }

    /**
     * Whether this device's compiler honours {@code #line}, found once per session by building
     * {@link BuildLogs#PROBE} (only after a build has failed, so successful builds pay nothing).
     */
    private boolean honoursLineDirective() {
        if (honoursLine == null) {
            String log = "";
            try {
                cl_program p = CL.clCreateProgramWithSource(context, 1, new String[]{BuildLogs.PROBE}, null, null);
                tally.created("program");
                try {
                    CL.clBuildProgram(p, 1, new cl_device_id[]{dev.device()}, "", null, null);
                } catch (CLException expected) {
                    log = Cl.buildLog(p, dev.device());
                } finally {
                    releaseProgram(p);
                }
            } catch (RuntimeException e) {
                // no answer: leave the log as the compiler wrote it
            }
            honoursLine = BuildLogs.honoursLineDirective(log);
        }
        return honoursLine;
    }

    private void releaseProgram(cl_program p) {
        release("program", () -> CL.clReleaseProgram(p));
    }

    /** Called once by the kernel's close, which then tells the session. */
    void release(JoclKernel k) {
        release("kernel", () -> CL.clReleaseKernel(k.kernel()));
    }

    // ---- residency -------------------------------------------------------------------------

    /**
     * The residency query, a <b>heuristic</b> (see {@link Residency}): 0 when the group's local
     * memory (including the kernel's own {@code __local} variables) exceeds the device's, when the
     * local size exceeds the kernel's CL_KERNEL_WORK_GROUP_SIZE or differs from its
     * {@code reqd_work_group_size}; else the compute units on CPU devices, an occupancy estimate on
     * NVIDIA GPUs, the compute units on other GPUs.
     */
    @Override
    protected int residency(CompiledKernel kernel, long[] localSize, long localBytesPerGroup) {
        JoclKernel k = own(kernel, JoclKernel.class);
        if (!fitsRequired(k, localSize)) return 0;
        long items = 1;
        for (long l : localSize) items *= l;
        // a register cap the build carries bounds the registers the estimate assumes
        return Residency.estimate(dev.residency(), k.workGroupSize(), items, groupLocalBytes(k, localBytesPerGroup),
                registerCap(k.constants(), dev.info()));
    }

    /** Local bytes per group plus whatever the kernel's own __local variables add beyond what its definition declares. */
    private static long groupLocalBytes(JoclKernel k, long localBytesPerGroup) {
        long declared = k.def().declaredLocalBytes().applyAsLong(k.constants());
        return localBytesPerGroup + Math.max(0, k.ownLocalBytes() - declared);
    }

    private static boolean fitsRequired(JoclKernel k, long[] local) {
        long[] reqd = k.requiredLocalSize();
        if (reqd[0] == 0) return true;
        for (int d = 0; d < 3; d++) {
            if (reqd[d] != (d < local.length ? local[d] : 1)) return false;
        }
        return true;
    }

    // ---- launch ----------------------------------------------------------------------------

    @Override
    protected LaunchStats doLaunch(CompiledKernel compiled, ValidatedLaunch v, Object[] args) {
        return launchTimes(compiled, v, args, 1);
    }

    /**
     * Asynchronous launches (issue 16: host time per launch): the arguments are set once, the
     * {@code times} launches are queued back to back on the in-order queue with no finish and no
     * event between them, only the first and the last carry an event, and the host waits once, for
     * the last. Kernel time is the device time from the first launch's start to the last one's end.
     */
    @Override
    protected LaunchStats doLaunchRepeated(CompiledKernel compiled, ValidatedLaunch v, Object[] args, int times) {
        return launchTimes(compiled, v, args, times);
    }

    private LaunchStats launchTimes(CompiledKernel compiled, ValidatedLaunch v, Object[] args, int times) {
        JoclKernel k = own(compiled, JoclKernel.class);
        KernelDef def = k.def();
        String where = where(def);
        long[] local = v.launch().localSizes();
        LaunchGrid grid = grid(k, v);

        long nanos;
        long[] host = new long[1];
        int[] c = new int[OpenClPrelude.COUNTER_SLOTS];
        synchronized (launchLock) {
            ensureOpen();
            long t0 = System.nanoTime();
            setArgs(k, args, grid.tasks(), grid.mapping(), grid.ng0(), grid.ng1(), where);
            nanos = enqueueAndWait(k, grid.global(), local, c, grid.mapping() == OpenClPrelude.MAP_DYNAMIC, where, times, t0, host);
        }

        Map<String, Long> m = new LinkedHashMap<>();
        // queued launches: the host's own share, apart from the device's (issue 16: host time per launch)
        if (times > 1) m.put(Counters.HOST_ENQUEUE_NANOS, host[0]);
        putAtomics(m, c);
        grid.addCounters(m, def.usesStaticLocal(), times);
        return new LaunchStats(nanos, -1, m);
    }

    /** The launch's grid, after the limits of the compiled kernel that the device-level validation cannot know. */
    private LaunchGrid grid(JoclKernel k, ValidatedLaunch v) {
        Launch launch = v.launch();
        String where = where(k.def());
        checkKernelLimits(k, v, launch.localSizes(), where);
        return k.def().isPersistent()
                ? LaunchGrid.persistent(launch, ls -> residency(k, ls, v.localBytes() + v.staticLocalBytes()), where, INT_LIMIT)
                : LaunchGrid.ordinary((NDRange) launch);
    }

    /** The hidden counters' global and local atomics, when the kernels count ({@code c} as read back, or zeros). */
    private void putAtomics(Map<String, Long> m, int[] c) {
        if (!counting) return;
        m.put(Counters.GLOBAL_ATOMICS, Integer.toUnsignedLong(c[OpenClPrelude.C_GLOBAL_ATOMICS]));
        m.put(LOCAL_ATOMICS, Integer.toUnsignedLong(c[OpenClPrelude.C_LOCAL_ATOMICS]));
    }

    /**
     * Dependent launches queued back to back on the in-order queue, each with its own event for its kernel time,
     * and one wait for the last: the host's ~30 µs wait on NVIDIA's OpenCL comes once a sequence instead of once a
     * launch (TRSM: 64 launches a repetition). Arguments are captured at each enqueue, so steps may share a kernel.
     * With counting on, the counters of every step come with the first, as on TornadoVM.
     */
    @Override
    protected List<LaunchStats> doLaunchSequence(List<LaunchStep> steps, List<ValidatedLaunch> vs) {
        int n = steps.size();
        if (n == 1) return List.of(doLaunch(steps.getFirst().kernel(), vs.getFirst(), steps.getFirst().args()));
        JoclKernel[] ks = new JoclKernel[n];
        LaunchGrid[] grids = new LaunchGrid[n];
        long[][] locals = new long[n][];
        for (int i = 0; i < n; i++) {
            ks[i] = own(steps.get(i).kernel(), JoclKernel.class);
            locals[i] = vs.get(i).launch().localSizes();
            grids[i] = grid(ks[i], vs.get(i));
        }
        cl_event[] evs = new cl_event[n];
        long[] nanos = new long[n];
        int[] c = new int[OpenClPrelude.COUNTER_SLOTS];
        int made = 0, at = 0;
        String step = "zeroing the hidden counters";
        synchronized (launchLock) {
            ensureOpen();
            try {
                if (counting) CL.clEnqueueWriteBuffer(queue, counters, CL.CL_FALSE, 0, COUNTER_BYTES, Pointer.to(zeros), 0, null, null);
                for (at = 0; at < n; at++) {
                    LaunchGrid g = grids[at];
                    step = "setting its arguments";
                    setArgs(ks[at], steps.get(at).args(), g.tasks(), g.mapping(), g.ng0(), g.ng1(), where(ks[at].def()));
                    if (g.mapping() == OpenClPrelude.MAP_DYNAMIC) {
                        CL.clEnqueueWriteBuffer(queue, next, CL.CL_FALSE, 0, Sizeof.cl_int, Pointer.to(zeros), 0, null, null);
                    }
                    step = "clEnqueueNDRangeKernel (global " + Arrays.toString(g.global()) + ", local " + Arrays.toString(locals[at]) + ")";
                    evs[at] = new cl_event();
                    CL.clEnqueueNDRangeKernel(queue, ks[at].kernel(), g.global().length, null, g.global(), locals[at], 0, null, evs[at]);
                    made++;
                    tally.created("event");
                    if (at == 0) CL.clFlush(queue);   // the device starts while the host queues the rest (see enqueueAndWait)
                }
                at = n - 1;
                step = "running";
                CL.clWaitForEvents(1, new cl_event[]{evs[n - 1]});
                if (counting) {
                    step = "reading the hidden counters";
                    CL.clEnqueueReadBuffer(queue, counters, CL.CL_TRUE, 0, COUNTER_BYTES, Pointer.to(c), 0, null, null);
                }
                for (int i = 0; i < n; i++) nanos[i] = Cl.eventNanos(evs[i]);
            } catch (RuntimeException e) {   // a CLException, or a refused argument
                // what was queued finishes before the error is reported, so that nothing runs on behind it
                try {
                    CL.clFinish(queue);
                } catch (CLException ignored) {
                    // the first error is reported
                }
                String what = where(ks[Math.min(at, n - 1)].def()) + " (step " + (Math.min(at, n - 1) + 1) + " of a sequence of " + n + ")";
                if (e instanceof CLException ce) throw new DeviceExecutionException(what + " failed while " + step + ": " + Cl.name(ce), ce);
                throw e;
            } finally {
                for (int i = 0; i < made; i++) releaseEvent(evs[i]);
            }
        }
        List<LaunchStats> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Map<String, Long> m = new LinkedHashMap<>();
            if (i == 0) m.put(Counters.HOST_SYNCS, 1L);
            putAtomics(m, i == 0 ? c : new int[OpenClPrelude.COUNTER_SLOTS]);
            grids[i].addCounters(m, ks[i].def().usesStaticLocal(), 1);
            out.add(new LaunchStats(nanos[i], -1, m));
        }
        return out;
    }

    /** Limits of the compiled kernel that the device-level validation cannot know. */
    private void checkKernelLimits(JoclKernel k, ValidatedLaunch v, long[] local, String where) {
        long items = v.launch().localItems();
        if (items > k.workGroupSize()) {
            throw new dev.perfport.core.error.KernelLimitException(where + ": work-group of " + items + " work-items exceeds the "
                    + k.workGroupSize() + " this kernel allows (CL_KERNEL_WORK_GROUP_SIZE)");
        }
        if (!fitsRequired(k, local)) {
            long[] r = k.requiredLocalSize();
            throw new InvalidLaunchException(where + " declares reqd_work_group_size(" + r[0] + ", " + r[1] + ", " + r[2]
                    + "); the launch's local size is " + Arrays.toString(local));
        }
        long declared = k.def().declaredLocalBytes().applyAsLong(k.constants());
        long args = v.localBytes() - declared + v.staticLocalBytes();
        long own = Math.max(declared, k.ownLocalBytes());
        long cap = device().capacity(MemoryLevel.LOCAL);
        if (args + own > cap) {
            throw new dev.perfport.core.error.KernelLimitException(where + ": " + args + " B of __local arguments + " + own
                    + " B of __local variables in the kernel = " + (args + own) + " B exceeds the " + cap
                    + " B of local memory available to a work-group");
        }
    }

    /** What limits a persistent launch's counts to an int here (for {@link LaunchGrid}'s errors). */
    private static final String INT_LIMIT = "that the prelude's int task and id arithmetic can address in a persistent launch";

    void setArgs(JoclKernel k, Object[] args, int tasks, int mapping, int ng0, int ng1, String where) {
        cl_kernel ker = k.kernel();
        int at = 0;
        try {
            // an argument is set only when it differs from the kernel's last launch (issue 16: host time per launch)
            if (k.needsSet(0, counters)) CL.clSetKernelArg(ker, 0, Sizeof.cl_mem, Pointer.to(counters));
            at = 1;
            if (k.needsSet(1, tasks)) CL.clSetKernelArg(ker, 1, Sizeof.cl_int, Pointer.to(new int[]{tasks}));
            at = 2;
            if (k.needsSet(2, mapping)) CL.clSetKernelArg(ker, 2, Sizeof.cl_int, Pointer.to(new int[]{mapping}));
            at = 3;
            if (k.needsSet(3, ng0)) CL.clSetKernelArg(ker, 3, Sizeof.cl_int, Pointer.to(new int[]{ng0}));
            at = 4;
            if (k.needsSet(4, ng1)) CL.clSetKernelArg(ker, 4, Sizeof.cl_int, Pointer.to(new int[]{ng1}));
            at = 5;
            if (k.needsSet(5, next)) CL.clSetKernelArg(ker, 5, Sizeof.cl_mem, Pointer.to(next));
        } catch (CLException e) {
            k.forget(at);
            throw Cl.error("setting the hidden PP_PARAMS arguments of " + where, e);
        }
        List<ArgDef> defs = k.def().args();
        for (int i = 0; i < args.length; i++) {
            ArgDef a = defs.get(i);
            Object value = args[i];
            int index = OpenClPrelude.HIDDEN_ARGS + i;
            try {
                switch (a.level()) {
                    case GLOBAL, CONSTANT -> {
                        if (!(value instanceof JoclBuffer b) || b.session() != this) {
                            throw new InvalidLaunchException(where + ", argument " + i + " '" + a.name()
                                    + "': the buffer belongs to another session");
                        }
                        if (k.needsSet(index, b)) CL.clSetKernelArg(ker, index, Sizeof.cl_mem, Pointer.to(b.mem()));
                    }
                    case LOCAL, STATIC_LOCAL -> {
                        long bytes = ((LocalSize) value).elements() * a.type().bytes();
                        if (k.needsSet(index, new JoclKernel.LocalBytes(bytes))) CL.clSetKernelArg(ker, index, bytes, null);
                    }
                    case PRIVATE -> {
                        if (k.needsSet(index, value)) {
                            switch (a.type()) {
                                case INT -> CL.clSetKernelArg(ker, index, Sizeof.cl_int, Pointer.to(new int[]{(Integer) value}));
                                case LONG -> CL.clSetKernelArg(ker, index, Sizeof.cl_long, Pointer.to(new long[]{(Long) value}));
                                case FLOAT -> CL.clSetKernelArg(ker, index, Sizeof.cl_float, Pointer.to(new float[]{(Float) value}));
                                case DOUBLE -> CL.clSetKernelArg(ker, index, Sizeof.cl_double, Pointer.to(new double[]{(Double) value}));
                            }
                        }
                    }
                }
            } catch (CLException e) {
                k.forget(index);
                throw Cl.error("setting argument " + i + " '" + a + "' of " + where
                        + " (does the definition match the __kernel parameter list?)", e);
            } catch (RuntimeException e) {
                k.forget(index);
                throw e;
            }
        }
    }

    /** Zeroes the hidden buffers, runs the kernel, waits, reads the counters; returns the kernel's device time. */
    private long enqueueAndWait(JoclKernel k, long[] global, long[] local, int[] countersOut, boolean dynamic, String where, int times,
                                long hostStart, long[] hostNanos) {
        cl_event ev = new cl_event();
        cl_event first = times > 1 ? new cl_event() : null;
        boolean made = false, madeFirst = false;
        String step = "zeroing the hidden counters";
        try {
            // in-order queue: the zeroing writes complete before the kernel starts
            // with counters off (-DPP_NO_COUNTERS) nothing touches them; only the dynamic mapping reads next
            if (counting) CL.clEnqueueWriteBuffer(queue, counters, CL.CL_FALSE, 0, COUNTER_BYTES, Pointer.to(zeros), 0, null, null);
            step = "clEnqueueNDRangeKernel (global " + Arrays.toString(global) + ", local " + Arrays.toString(local) + ")";
            for (int i = 0; i < times; i++) {
                // each launch of a dynamic mapping starts from a zeroed task counter (queued, not waited for)
                if (dynamic) CL.clEnqueueWriteBuffer(queue, next, CL.CL_FALSE, 0, Sizeof.cl_int, Pointer.to(zeros), 0, null, null);
                boolean last = i == times - 1;
                CL.clEnqueueNDRangeKernel(queue, k.kernel(), global.length, null, global, local, 0, null,
                        last ? ev : i == 0 ? first : null);
                if (i == 0 && !last) {
                    madeFirst = true;
                    tally.created("event");
                    // start the device on the first launch while the host queues the others: NVIDIA's
                    // driver holds queued commands until a flush, so without it the GPU sat idle for
                    // the whole enqueue loop (about 20 us a launch at 2^28), which the wall time showed
                    CL.clFlush(queue);
                }
            }
            made = true;
            tally.created("event");
            hostNanos[0] = System.nanoTime() - hostStart;
            step = "running";
            CL.clWaitForEvents(1, new cl_event[]{ev});   // polling the status was no faster on the H100 (lead call 11)
            if (counting) {
                step = "reading the hidden counters";
                CL.clEnqueueReadBuffer(queue, counters, CL.CL_TRUE, 0, COUNTER_BYTES, Pointer.to(countersOut), 0, null, null);
            }
            return first == null ? Cl.eventNanos(ev) : Cl.eventEnd(ev) - Cl.eventStart(first);
        } catch (CLException e) {
            String status = "";
            if (made) {
                try {
                    int s = Cl.eventStatus(ev);
                    if (s < 0) status = "; the kernel ended with " + Cl.name(s);
                } catch (CLException ignored) {
                    // the first error is reported
                }
            }
            throw new DeviceExecutionException(where + " failed while " + step + ": " + Cl.name(e) + status, e);
        } finally {
            if (made) releaseEvent(ev);
            if (madeFirst) releaseEvent(first);
        }
    }

    // ---- release ---------------------------------------------------------------------------

    private void releaseEvent(cl_event ev) {
        try {
            release("event", () -> CL.clReleaseEvent(ev));
        } catch (DeviceExecutionException ignored) {
            // a failed event release leaks a few bytes; the command's result is what matters
        }
    }

    /** Runs one clRelease* call and counts the object as released (even on error: it is not retried). */
    private void release(String kind, Runnable call) {
        try {
            call.run();
        } catch (CLException e) {
            throw Cl.error("releasing an OpenCL " + kind + " on " + deviceName(), e);
        } finally {
            tally.released(kind);
        }
    }

    @Override
    protected void closeSession() {
        List<RuntimeException> errors = new ArrayList<>();
        synchronized (launchLock) {
            synchronized (compileLock) {
                attempt(errors, () -> CL.clFinish(queue));
                attempt(errors, programs::clear);
                attempt(errors, () -> {
                    if (touch != null) touch.release();
                });
                attempt(errors, () -> release("mem", () -> CL.clReleaseMemObject(counters)));
                attempt(errors, () -> release("mem", () -> CL.clReleaseMemObject(next)));
                attempt(errors, () -> release("queue", () -> CL.clReleaseCommandQueue(queue)));
                attempt(errors, () -> release("context", () -> CL.clReleaseContext(context)));
            }
        }
        if (!errors.isEmpty()) {
            RuntimeException first = errors.getFirst();
            errors.stream().skip(1).forEach(first::addSuppressed);
            throw first;
        }
    }

    private static void attempt(List<RuntimeException> errors, Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            errors.add(e);
        }
    }
}
