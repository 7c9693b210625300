package dev.perfport.backend.aparapi;

import com.aparapi.ProfileInfo;
import com.aparapi.Range;
import com.aparapi.device.Device;
import com.aparapi.device.OpenCLDevice;
import com.aparapi.exception.QueryFailedException;
import dev.perfport.backend.aparapi.kernels.KernelRegistry;
import dev.perfport.backend.aparapi.kernels.KernelSpec;
import dev.perfport.backend.aparapi.kernels.PerfportKernel;
import dev.perfport.core.backend.AbstractNativeSession;
import dev.perfport.core.backend.Residency;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.backend.LaunchGrid;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.error.KernelBuildException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.ArgDef;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.Launch;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.ValidatedLaunch;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A session on one Aparapi device: an OpenCL device, or (only when asked for by name) Aparapi's
 * Java thread pool. A definition's Aparapi kernel is the {@link KernelSpec} it carries, else the one
 * of the {@link KernelRegistry} (the kernel libraries) under its name; each compile makes a new Aparapi kernel instance, translated and built
 * for this device at once ({@code Kernel.compile(device)}, which never falls back), and each
 * launch binds the arguments to the kernel's fields, runs it on a {@code Range} with the
 * launch's explicit local size made by the device ({@code device.createRange(global, local)}),
 * and checks that Aparapi really ran it there (see {@link AparapiRuntime}).
 *
 * <p>Buffers stay resident with explicit buffer handling ({@code setExplicit(true)}, {@code put},
 * {@code get}); see {@link AparapiBuffer}. Kernel time is the OpenCL profiling time of Aparapi's
 * execute event ({@code getProfileInfo()}), transfer time that of its write events and the
 * host-observed time of each {@code get}; compile time is Aparapi's conversion (translation and
 * OpenCL build). Persistent kernels (static local memory, static work-groups) run as k persistent
 * groups along dimension 0, as on the jocl backend.
 */
final class AparapiSession extends AbstractNativeSession<KernelSpec> {
    private final AparapiDevice dev;
    private final boolean counting;
    private final Boolean sharedMemory;
    /** Live kernels, to sync the buffers they own before they go. */
    private final Set<AparapiKernelHandle> kernels = ConcurrentHashMap.newKeySet();

    /**
     * @param sharedMemory Aparapi's shared-memory flag for OpenCL devices (host pointers used by
     *                     the device buffers), or null to leave Aparapi's default
     */
    AparapiSession(AparapiDevice dev, KernelRegistry registry, boolean counting, Boolean sharedMemory) {
        super(AparapiProvider.ID, dev.info(), "Aparapi", KernelSpec.class, registry::find);
        this.dev = dev;
        this.counting = counting;
        this.sharedMemory = sharedMemory;
    }

    @Override
    protected String howToImplement(String kernel) {
        return "KernelDef.builder(..).impl(KernelSpec.of(\"" + kernel + "\", YourKernel.class, c -> new YourKernel(), <fields>)), "
                + "YourKernel extending " + PerfportKernel.class.getName();
    }

    private String deviceName() {
        return device().name();
    }

    private Device device0() {
        return dev.device();
    }

    // ---- buffers ---------------------------------------------------------------------------

    @Override
    protected DeviceBuffer doAllocate(ElemType type, long length, MemoryLevel level) {
        // Aparapi copies Java arrays: one buffer is one array
        if (length > Integer.MAX_VALUE - 8) {
            throw new InvalidLaunchException("buffer of " + length + " " + type.clName() + " elements exceeds the "
                    + (Integer.MAX_VALUE - 8) + " elements of a Java array, which Aparapi copies to the device");
        }
        if (length > dev.maxAllocBytes() / type.bytes()) {
            throw new InvalidLaunchException("buffer of " + length + " " + type.clName() + " elements (" + length * type.bytes()
                    + " B) exceeds the " + dev.maxAllocBytes() + " B that one buffer may have on " + deviceName()
                    + (dev.isThreadPool() ? " (the Java heap)" : " (CL_DEVICE_MAX_MEM_ALLOC_SIZE)"));
        }
        if (!dev.isThreadPool() && length * type.bytes() > Integer.MAX_VALUE) {
            // before the heap is spent on it: Aparapi's native side keeps a buffer's size in bytes in a 32-bit int,
            // and its clCreateBuffer then fails ("out of host memory" on the H200, stream double at 2^28)
            throw new UnsupportedFeatureException("Aparapi cannot make an OpenCL buffer of " + length * type.bytes()
                    + " B: its native code sizes buffers in a 32-bit int (at most " + Integer.MAX_VALUE + " B)");
        }
        try {
            return new AparapiBuffer(this, type, (int) length, level);
        } catch (OutOfMemoryError e) {
            throw new InvalidLaunchException("buffer of " + length * type.bytes() + " B does not fit the Java heap ("
                    + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB), which holds the host side of every Aparapi buffer;"
                    + " raise it with -Xmx (PERFPORT_JAVA_OPTS)");
        }
    }

    void write(AparapiBuffer b, int offset, Object src, int srcOffset, int count) {
        ensureOpen();
        AparapiRuntime.locked(() -> {
            // a partial write must not lose the rest of a newer device copy
            if (b.hostStale() && count < b.length()) syncToHost(b);
            long t0 = System.nanoTime();
            System.arraycopy(src, srcOffset, b.host, offset, count);
            long nanos = System.nanoTime() - t0;
            b.version++;
            b.hostVersion = b.version;
            b.owner = null;
            b.ownerField = null;
            // on OpenCL devices the copy to the device is Aparapi's put at the next launch (timed there)
            if (dev.isThreadPool()) recordTransfer(nanos, (long) count * b.type().bytes(), true);
        });
    }

    void read(AparapiBuffer b, int offset, Object dst, int dstOffset, int count) {
        ensureOpen();
        AparapiRuntime.locked(() -> {
            if (b.hostStale()) syncToHost(b);
            long t0 = System.nanoTime();
            System.arraycopy(b.host, offset, dst, dstOffset, count);
            if (dev.isThreadPool()) recordTransfer(System.nanoTime() - t0, (long) count * b.type().bytes(), false);
        });
    }

    /** Brings the newest version from the owning kernel's device buffer into the array (Aparapi's get). Under the lock. */
    private void syncToHost(AparapiBuffer b) {
        AparapiKernelHandle k = b.owner;
        if (k == null) throw new IllegalStateException("buffer " + b + " is stale but no kernel holds its newest version");
        AparapiRuntime.bind(k.kernel, device0());
        long t0 = System.nanoTime();
        Object array = b.arrayFor(b.ownerField.getType());
        switch (array) {
            case int[] a -> k.kernel.get(a);
            case long[] a -> k.kernel.get(a);
            case float[] a -> k.kernel.get(a);
            case double[] a -> k.kernel.get(a);
            default -> throw new IllegalStateException("no Aparapi get for " + array.getClass().getSimpleName());
        }
        if (array != b.host) b.unpackPairs();
        recordTransfer(System.nanoTime() - t0, b.bytes(), false);
        b.hostVersion = b.version;
    }

    void release(AparapiBuffer b) {
        AparapiRuntime.locked(() -> {
            b.owner = null;
            b.ownerField = null;
            b.dropViews();
            for (AparapiKernelHandle k : kernels) {
                for (int i = 0; i < k.slotBuffer.length; i++) if (k.slotBuffer[i] == b) k.slotBuffer[i] = null;
            }
        });
    }

    // ---- compile ---------------------------------------------------------------------------

    @Override
    protected CompiledKernel doCompile(KernelDef def, Constants constants) {
        KernelSpec spec = implementation(def).orElseThrow(() -> unsupported(def));
        String where = "kernel '" + def.name() + "' (Aparapi kernel " + spec.type().getSimpleName() + ") on " + deviceName();
        List<String> mismatches = spec.mismatches(def);
        if (!mismatches.isEmpty()) {
            throw new KernelBuildException(where + ": the definition does not match the Aparapi kernel: "
                    + String.join("; ", mismatches), "");
        }
        PerfportKernel kernel;
        try {
            kernel = spec.factory().apply(constants);
        } catch (UnsupportedFeatureException e) {
            // a configuration the Aparapi kernel does not express: refused before building, with the reason
            throw new UnsupportedFeatureException(where + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new KernelBuildException(where + ": bad tuning constants " + constants + ": " + e.getMessage(), "");
        }
        return AparapiRuntime.locked(() -> {
            ensureOpen();
            prepare(kernel);
            long t0 = System.nanoTime();
            long conversion = -1;
            long maxGroup = device().maxWorkGroupSize();
            if (device0() instanceof OpenCLDevice cl) {
                if (sharedMemory != null) cl.setSharedMemory(sharedMemory);
                AparapiRuntime.CompileOutcome out = AparapiRuntime.compile(kernel, cl);
                if (out.failure() != null) {
                    // no dispose(): Aparapi 3.0.2's disposeJNI crashes the JVM (SIGSEGV in
                    // clReleaseCommandQueue) on a kernel whose OpenCL build failed; the failed
                    // kernel's few native objects are left to the process
                    throw new KernelBuildException(where + ": Aparapi could not translate or build it: " + out.failure(), out.log());
                }
                conversion = conversionNanos(kernel, cl);
                try {
                    long wg = kernel.getKernelMaxWorkGroupSize(cl);
                    // a limit even where the driver would run more (NVIDIA reports 256 for every kernel and
                    // runs 1024 through jocl): Aparapi's JNI refuses a larger local size itself at launch
                    if (wg > 0) maxGroup = wg;
                } catch (QueryFailedException e) {
                    // keep the device's limit; a launch beyond the kernel's would fail with Aparapi's message
                }
            }
            long nanos = conversion > 0 ? conversion : System.nanoTime() - t0;
            AparapiKernelHandle h = new AparapiKernelHandle(this, def, constants, spec, kernel, nanos, maxGroup);
            kernels.add(h);
            return h;
        });
    }

    @SuppressWarnings("deprecation")   // Kernel.EXECUTION_MODE: only to undo -Dcom.aparapi.executionMode
    private void prepare(PerfportKernel kernel) {
        // -Dcom.aparapi.executionMode would put the kernel in Aparapi's legacy mode list, whose
        // fallback is the thread pool; perfport chooses the device itself
        if (kernel.getExecutionMode() != com.aparapi.Kernel.EXECUTION_MODE.AUTO) {
            kernel.setExecutionModeWithoutFallback(com.aparapi.Kernel.EXECUTION_MODE.AUTO);
        }
        kernel.setExplicit(!dev.isThreadPool());
        setHidden(kernel, "ppCount", counting ? 1 : 0);
    }

    /** Aparapi's conversion time of the compile just done (class model to built OpenCL program), or -1. */
    private static long conversionNanos(PerfportKernel kernel, OpenCLDevice device) {
        try {
            var ref = kernel.getProfileReportCurrentThread(device);
            var report = ref == null ? null : ref.get();
            if (report == null) return -1;
            // stages: START, CLASS_MODEL_BUILT, INIT_JNI, OPENCL_GENERATED, OPENCL_COMPILED, ...
            double ms = report.getElapsedTime(0, 4);
            return Double.isFinite(ms) && ms > 0 ? (long) (ms * 1e6) : -1;
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /** Called once by the kernel's close, which then tells the session. */
    void release(AparapiKernelHandle k) {
        AparapiRuntime.locked(() -> {
            // buffers whose newest version lives only in this kernel's device buffers come home first
            List<RuntimeException> errors = new ArrayList<>();
            for (AparapiBuffer b : ownedBy(k)) {
                try {
                    if (!b.isClosed()) syncToHost(b);
                } catch (RuntimeException e) {
                    errors.add(e);
                }
                b.owner = null;
                b.ownerField = null;
            }
            kernels.remove(k);
            // Aparapi 3.0.2's disposeJNI crashes the JVM (SIGSEGV in JNIContext::dispose) on a
            // kernel that was built but never launched, and may on one whose launch failed;
            // such kernels keep their few native objects until the process ends
            if (k.launched && k.broken == null) {
                AparapiRuntime.bind(k.kernel, device0());
                k.kernel.dispose();
            }
            if (!errors.isEmpty()) throw errors.getFirst();
        });
    }

    private List<AparapiBuffer> ownedBy(AparapiKernelHandle k) {
        Map<AparapiBuffer, Boolean> seen = new IdentityHashMap<>();
        for (AparapiBuffer b : k.slotBuffer) if (b != null && b.owner == k && b.hostStale()) seen.put(b, true);
        return List.copyOf(seen.keySet());
    }

    // ---- residency -------------------------------------------------------------------------

    /**
     * The residency query, a heuristic (see {@link Residency}) with the kernel's group limit and
     * the local memory of its hidden fields added.
     */
    @Override
    protected int residency(CompiledKernel kernel, long[] localSize, long localBytesPerGroup) {
        AparapiKernelHandle k = own(kernel, AparapiKernelHandle.class);
        long items = 1;
        for (long l : localSize) items *= l;
        return Residency.estimate(dev.residency(), k.maxGroupSize, items, localBytesPerGroup + hiddenLocalBytes(k, items));
    }

    /** Local memory the Aparapi kernel uses beyond the definition's: the task slot of persistent kernels and hidden scratch. */
    private static long hiddenLocalBytes(AparapiKernelHandle k, long items) {
        return (k.def().isPersistent() ? PerfportKernel.TASK_SLOT_BYTES : 0) + k.kernel.hiddenLocalBytes(items);
    }

    // ---- launch ----------------------------------------------------------------------------

    /*
     * No doLaunchRepeated of Aparapi's own: its repeated launch, execute(range, passes), profiles an
     * execute event after releasing it (Aparapi 3.0.2's JNI), which crashed the JVM on NVIDIA's
     * OpenCL (SIGSEGV in profile(), 2026-11-27, H200) with profiling on, as perfport runs it for
     * kernel time; so repeated launches go one execute each (AbstractDeviceSession's loop).
     */
    @Override
    protected LaunchStats doLaunch(CompiledKernel compiled, ValidatedLaunch v, Object[] args) {
        AparapiKernelHandle k = own(compiled, AparapiKernelHandle.class);
        KernelDef def = k.def();
        Launch launch = v.launch();
        String where = where(def);
        int dims = launch.dims();
        int[] local = new int[dims];
        for (int d = 0; d < dims; d++) local[d] = (int) launch.local(d);
        long items = launch.localItems();
        if (items > k.maxGroupSize) {
            throw new InvalidLaunchException(where + ": work-group of " + items + " work-items exceeds the "
                    + k.maxGroupSize + " this kernel allows (Aparapi's getKernelMaxWorkGroupSize)");
        }
        long hidden = hiddenLocalBytes(k, items);
        long cap = device().capacity(MemoryLevel.LOCAL);
        if (v.localBytes() + v.staticLocalBytes() + hidden > cap) {
            throw new InvalidLaunchException(where + ": " + (v.localBytes() + v.staticLocalBytes()) + " B of local memory + "
                    + hidden + " B the Aparapi kernel adds = " + (v.localBytes() + v.staticLocalBytes() + hidden)
                    + " B exceeds the " + cap + " B of local memory available to a work-group");
        }

        // PerfportKernel's MAP_* are the prelude's
        LaunchGrid grid = def.isPersistent()
                ? LaunchGrid.persistent(launch, ls -> residency(k, ls, v.localBytes() + v.staticLocalBytes()), where, INT_LIMIT)
                : LaunchGrid.ordinary((NDRange) launch);
        for (int d = 0; d < dims; d++) checkInt(grid.global()[d], "work-items in dimension " + d, where);

        long[] result = AparapiRuntime.locked(() -> {
            ensureOpen();
            if (k.isClosed()) throw new IllegalArgumentException(where + ": the kernel was closed");
            if (k.broken != null) {
                throw new DeviceExecutionException(where + ": this compiled kernel failed in an earlier launch and cannot run again ("
                        + k.broken + "); compile it again");
            }
            return launchLocked(k, args, grid.global(), local, grid.tasks(), grid.mapping(), grid.ng0(), grid.ng1(), where);
        });

        Map<String, Long> m = new LinkedHashMap<>();
        if (counting) m.put(Counters.GLOBAL_ATOMICS, result[1]);
        grid.addCounters(m, def.usesStaticLocal(), 1);
        return new LaunchStats(result[0], -1, m);
    }

    /** What limits counts and ids to an int here (for {@link LaunchGrid}'s errors). */
    private static final String INT_LIMIT = "that Aparapi's int ranges and ids can address";

    private static void checkInt(long value, String what, String where) {
        LaunchGrid.checkInt(value, what, where, INT_LIMIT);
    }

    /** Binds, runs and accounts one launch; returns {kernel nanos, global atomics}. Under the lock. */
    private long[] launchLocked(AparapiKernelHandle k, Object[] args, long[] global, int[] local,
                                int tasks, int mapping, int ng0, int ng1, String where) {
        PerfportKernel kernel = k.kernel;
        Device device = device0();
        boolean cl = !dev.isThreadPool();
        AparapiRuntime.bind(kernel, device);
        List<ArgDef> defs = k.def().args();

        // the same buffer twice would be two device buffers in Aparapi, each blind to the other's writes
        Map<AparapiBuffer, Integer> seen = new IdentityHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i] instanceof AparapiBuffer b) {
                if (b.session() != this) {
                    throw new InvalidLaunchException(where + ", argument " + i + " '" + defs.get(i).name()
                            + "': the buffer belongs to another session");
                }
                Integer first = seen.putIfAbsent(b, i);
                if (first != null) {
                    throw new InvalidLaunchException(where + ": the same buffer is passed as argument " + first + " '"
                            + defs.get(first).name() + "' and argument " + i + " '" + defs.get(i).name()
                            + "'; Aparapi copies each array argument to a device buffer of its own, so they would not see each other's writes");
                }
            }
        }

        // arguments to fields; stale device copies are put, stale host copies fetched first
        Map<String, Long> putBytes = new LinkedHashMap<>();
        List<AparapiBuffer> atomicViews = new ArrayList<>();
        try {
            for (int i = 0; i < args.length; i++) {
                ArgDef a = defs.get(i);
                Field f = k.fields.get(i);
                Object value = args[i];
                switch (a.level()) {
                    case GLOBAL, CONSTANT -> {
                        AparapiBuffer b = (AparapiBuffer) value;
                        if (f.getType() == java.util.concurrent.atomic.AtomicInteger[].class) {
                            // Aparapi copies AtomicInteger arrays in and out on every execute
                            if (b.hostStale()) syncToHost(b);
                            f.set(kernel, b.atomicsFromHost());
                            atomicViews.add(b);
                            continue;
                        }
                        AparapiBuffer held = k.slotBuffer[i];
                        if (held != null && held != b && held.owner == k && f.equals(held.ownerField) && held.hostStale()
                                && !held.isClosed()) {
                            syncToHost(held);   // rebinding the field drops the device copy: keep its newest version
                        }
                        boolean fresh = held == b && k.slotVersion[i] == b.version;
                        Object array = b.arrayFor(f.getType());
                        f.set(kernel, array);
                        if (!fresh) {
                            if (b.hostStale()) syncToHost(b);
                            if (array != b.host) b.packPairs();
                            if (cl) put(kernel, array);
                            putBytes.put(f.getName(), b.bytes());
                            k.slotBuffer[i] = b;
                            k.slotVersion[i] = b.version;
                        }
                    }
                    case LOCAL, STATIC_LOCAL -> {
                        long n = ((LocalSize) value).elements();
                        checkInt(n, "elements of local argument '" + a.name() + "'", where);
                        Object cur = f.get(kernel);
                        if (cur == null || Array.getLength(cur) != n) f.set(kernel, Array.newInstance(a.type().arrayClass().componentType(), (int) n));
                    }
                    case PRIVATE -> f.set(kernel, value);
                }
            }
            setHidden(kernel, "ppTasks", tasks);
            setHidden(kernel, "ppMapping", mapping);
            setHidden(kernel, "ppNg0", ng0);
            setHidden(kernel, "ppNg1", ng1);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot set a field of " + kernel.getClass().getName() + ": " + e, e);
        }
        // the counters cost a write and a blocking read per execute: only when counting
        int[] counters = hiddenArray(kernel, "ppCounters");
        int[] next = hiddenArray(kernel, "ppNext");
        Arrays.fill(counters, 0);
        next[0] = 0;
        if (cl) {
            if (counting) kernel.put(counters);
            if (mapping == PerfportKernel.MAP_DYNAMIC) kernel.put(next);
        }

        kernel.prepareLaunch((int) Arrays.stream(local).asLongStream().reduce(1, (a, b) -> a * b));
        Range range = range(device, global, local);
        if (!range.isValid()) {
            throw new InvalidLaunchException(where + ": Aparapi refuses the range global " + Arrays.toString(global)
                    + ", local " + Arrays.toString(local) + " on " + deviceName());
        }
        long t0 = System.nanoTime();
        try {
            k.launched = true;
            AparapiRuntime.execute(kernel, device, range, where);
        } catch (RuntimeException e) {
            k.broken = e.getMessage();
            throw e;
        }
        long wall = System.nanoTime() - t0;

        long kernelNanos = wall;
        if (cl) {
            List<ProfileInfo> infos = kernel.getProfileInfo();
            long x = 0, w = 0;
            boolean sawX = false;
            if (infos != null) {
                for (ProfileInfo p : infos) {
                    long d = Math.max(0, p.getEnd() - p.getStart());
                    switch (String.valueOf(p.getType())) {
                        case "X" -> {
                            x += d;
                            sawX = true;
                        }
                        // writes of the hidden counters are perfport's bookkeeping, not the workload's transfers
                        case "W" -> {
                            if (putBytes.containsKey(p.getLabel())) w += d;
                        }
                        default -> {
                            // reads are timed where they happen (syncToHost)
                        }
                    }
                }
            }
            if (sawX) kernelNanos = x;
            // the bytes are those handed to the device; the time is that of Aparapi's write events,
            // which it records only for real copies (none where its buffers use the Java arrays
            // as host memory, as on CPU devices with shared memory)
            long bytes = putBytes.values().stream().mapToLong(Long::longValue).sum();
            for (AparapiBuffer b : atomicViews) bytes += b.bytes();   // converted and copied in by Aparapi
            if (bytes > 0) recordTransfer(w, bytes, true);
            if (counting) kernel.get(counters);
        }

        // where each written buffer's newest version now lives
        for (int i = 0; i < args.length; i++) {
            if (!(args[i] instanceof AparapiBuffer b)) continue;
            ArgDef a = defs.get(i);
            if (atomicViews.contains(b)) {
                if (cl) recordTransfer(0, b.bytes(), false);   // Aparapi copies AtomicInteger arrays back after every execute
                b.atomicsToHost();
                b.version++;
                b.hostVersion = b.version;
                b.owner = null;
                b.ownerField = null;
            } else if (a.access() != Access.READ && a.level() == MemoryLevel.GLOBAL) {
                b.version++;
                k.slotVersion[i] = b.version;
                if (cl) {
                    b.owner = k;
                    b.ownerField = k.fields.get(i);
                } else {
                    if (b.pairsFor(k.fields.get(i).getType())) b.unpackPairs();
                    b.hostVersion = b.version;   // the thread pool wrote the array itself
                }
            }
        }
        return new long[]{kernelNanos, Integer.toUnsignedLong(counters[PerfportKernel.C_GLOBAL_ATOMICS])};
    }

    private static void put(PerfportKernel kernel, Object array) {
        switch (array) {
            case int[] a -> kernel.put(a);
            case long[] a -> kernel.put(a);
            case float[] a -> kernel.put(a);
            case double[] a -> kernel.put(a);
            default -> throw new IllegalStateException("no Aparapi put for " + array.getClass().getSimpleName());
        }
    }

    /** A range bound to the device with the launch's explicit local size. */
    private static Range range(Device device, long[] global, int[] local) {
        return switch (global.length) {
            case 1 -> device.createRange((int) global[0], local[0]);
            case 2 -> device.createRange2D((int) global[0], (int) global[1], local[0], local[1]);
            default -> device.createRange3D((int) global[0], (int) global[1], (int) global[2], local[0], local[1], local[2]);
        };
    }

    private static void setHidden(PerfportKernel kernel, String name, int value) {
        try {
            KernelSpec.field(kernel.getClass(), name).setInt(kernel, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int[] hiddenArray(PerfportKernel kernel, String name) {
        try {
            return (int[]) KernelSpec.field(kernel.getClass(), name).get(kernel);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- close -----------------------------------------------------------------------------

    @Override
    protected void closeSession() {
        // AbstractDeviceSession closed every kernel and buffer still open; nothing else is held
    }
}
