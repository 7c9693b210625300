package dev.perfport.backend.tornado;

import dev.perfport.backend.tornado.kernels.LaunchArgs;
import dev.perfport.backend.tornado.kernels.TornadoKernel;
import dev.perfport.backend.tornado.kernels.TornadoKernels;
import dev.perfport.core.backend.AbstractNativeSession;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.backend.LaunchGrid;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.error.KernelBuildException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.launch.Launch;
import dev.perfport.core.launch.LaunchStep;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.ValidatedLaunch;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import uk.ac.manchester.tornado.api.TornadoExecutionResult;
import uk.ac.manchester.tornado.api.TornadoProfilerResult;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A session on one TornadoVM device. Kernels are the Java methods of the {@code kernels} package,
 * found by kernel-definition name; each launch runs a TornadoVM execution plan ({@link LaunchPlan})
 * built for that kernel, argument set and shape, with an explicit local size
 * (GridScheduler + WorkerGrid), and kept for the launches that repeat it, so inputs stay resident.
 * A launch sequence ({@code launchSequence}) runs as one plan whose task graph holds its launches' tasks
 * (at most {@code perfport.tornado.graphLaunches} a graph), so what one launch writes stays on the device for
 * the next: a plan owns its device buffers, and between two plans a buffer goes through the host. A repeated
 * launch ({@code launchRepeated}) runs as graphs of copies of the launch.
 *
 * <p><b>Where a buffer's newest contents are.</b> Every buffer has a version; a host write or a
 * launch that writes it raises the version. The host copy is newest unless {@code owner} names the
 * plan whose device copy is. Before a plan runs, every buffer it will copy in is brought to the
 * host first (copied out of its owner), so no launch ever copies stale data in. A plan that keeps a
 * buffer resident (FIRST_EXECUTION) but whose device copy is no longer the newest is rebuilt with
 * that buffer copied at every execution; the buffer is then marked volatile, so later plans copy
 * it every time from the start (the reduction's inputs stay resident; its outputs, zeroed by the
 * host before every repetition, are copied every launch).
 *
 * <p><b>Profile.</b> From TornadoVM's profiler ({@code withProfiler(SILENT)}): kernel time is the
 * device's (OpenCL events), copy-in and copy-out times are the device's, compile time is
 * TornadoVM's JIT plus the driver build (at a plan's first execution). On-demand copies out
 * ({@code transferToHost}), which the profiler does not count, are timed by the host clock.
 *
 * <p><b>No silent fallback.</b> TornadoVM falls back to sequential Java when it cannot compile a
 * kernel unless {@code tornado.recover.bailout=False} (set by bin/tornado-jvm-args and by the
 * provider). Whatever the setting, a launch whose profile shows no device kernel time did not run
 * on the device and is an error.
 */
final class TornadoVmSession extends AbstractNativeSession<TornadoKernel> {
    /**
     * Most execution plans kept per session. A plan holds device copies of its buffers, so the cache is also bounded
     * by {@link #planCacheBytes}. TRSM at m 2048, nb 64 on PoCL made 23 plans a repetition (184 launches in graphs of 8,
     * each with its own offsets, which TornadoVM compiles in); 12 plans made every repetition rebuild and recompile them.
     */
    static final int PLAN_CACHE_SIZE = 64;
    /** At most this many bytes of buffers in the kept plans, whatever the device: 2 GiB. */
    static final long PLAN_CACHE_MAX_BYTES = 2L << 30;
    /** Counter of float atomic adds that were deferred (see DeferredAtomics). */
    static final String DEFERRED_FLOAT_ATOMICS = "deferredFloatAtomics";

    private final TornadoVmDevice dev;
    private final int sessionId;
    private final SessionSettings settings;
    private final Object lock = new Object();
    /** Plans in least-recently-used order. */
    private final LinkedHashMap<LaunchPlan.PlanKey, LaunchPlan> plans = new LinkedHashMap<>(16, 0.75f, true);
    private int planSeq;
    private long plansBuilt;
    /** Bytes of buffers the kept plans may hold when lowered by a test ({@link #limitPlanBytes}); else -1. */
    private long planBytesLimit = -1;

    TornadoVmSession(TornadoVmDevice dev, int sessionId) {
        this(dev, sessionId, SessionSettings.DEFAULT);
    }

    TornadoVmSession(TornadoVmDevice dev, int sessionId, SessionSettings settings) {
        this(dev, sessionId, TornadoKernels::find, settings);
    }

    /** A session with another kernel registry (tests add kernels of their own). */
    TornadoVmSession(TornadoVmDevice dev, int sessionId, Function<String, Optional<TornadoKernel>> kernels) {
        this(dev, sessionId, kernels, SessionSettings.DEFAULT);
    }

    TornadoVmSession(TornadoVmDevice dev, int sessionId, Function<String, Optional<TornadoKernel>> kernels, SessionSettings settings) {
        super(TornadoVmProvider.ID, dev.info(), "TornadoVM", TornadoKernel.class, kernels);
        this.dev = dev;
        this.sessionId = sessionId;
        this.settings = settings;
    }

    @Override
    protected String howToImplement(String kernel) {
        return "KernelDef.builder(..).impl(new TornadoKernel(\"" + kernel + "\", sig(..), false, a -> a.graph().task(..))) ("
                + TornadoKernel.class.getName() + ", binding a Kernel-API method)";
    }

    /** Also refuses, with the reason, a kernel whose implementation is sound only on CPU devices. */
    @Override
    public Optional<String> cannotRun(KernelDef def) {
        Optional<String> why = super.cannotRun(def);
        if (why.isPresent()) return why;
        String cpuOnly = implementation(def).map(TornadoKernel::cpuOnly).orElse(null);
        if (cpuOnly != null && device().type() != DeviceType.CPU) {
            return Optional.of("kernel '" + def.name() + "' runs on TornadoVM only on CPU devices, not on the "
                    + device().type().label() + " " + deviceName() + ": " + cpuOnly);
        }
        return Optional.empty();
    }

    private String deviceName() {
        return device().name();
    }

    /** Execution plans built so far (for tests: a repeated launch must not build another). */
    long plansBuilt() {
        synchronized (lock) {
            return plansBuilt;
        }
    }

    /** Lowers the byte bound of the kept plans (for tests: the device's bound is a quarter of its memory). */
    void limitPlanBytes(long bytes) {
        synchronized (lock) {
            planBytesLimit = bytes;
            evict();
        }
    }

    /** Plans alive now (for tests). */
    int livePlans() {
        synchronized (lock) {
            return plans.size();
        }
    }

    // ---- buffers ---------------------------------------------------------------------------

    @Override
    protected DeviceBuffer doAllocate(ElemType type, long length, MemoryLevel level) {
        if (length > Integer.MAX_VALUE) {
            throw new InvalidLaunchException("buffer of " + length + " " + type.clName() + " elements exceeds the "
                    + Integer.MAX_VALUE + " elements a TornadoVM array can hold (its sizes are int)");
        }
        long max = dev.maxAllocBytes();
        if (max > 0 && length * type.bytes() > max) {
            throw new InvalidLaunchException("buffer of " + length * type.bytes() + " B exceeds the " + max
                    + " B that one buffer may have on " + deviceName());
        }
        synchronized (lock) {
            ensureOpen();
            return new TornadoVmBuffer(this, type, (int) length, level);
        }
    }

    private TornadoVmBuffer own(DeviceBuffer b) {
        if (!(b instanceof TornadoVmBuffer t) || t.session() != this) {
            throw new InvalidLaunchException("the buffer " + b + " belongs to another session");
        }
        return t;
    }

    /** A host write: the contents change, so the host copy becomes the newest. */
    void hostWrite(TornadoVmBuffer b, long offset, int count, Runnable copy) {
        synchronized (lock) {
            ensureOpen();
            if (b.isClosed()) throw new IllegalStateException("buffer was released (closed) and cannot be copied");
            // a partial write needs the rest of the newest contents on the host first
            boolean whole = offset == 0 && count == b.length();
            if (!whole) ensureHostCurrent(b);
            copy.run();
            b.owner = null;
            b.version++;
            if (b.launched) b.volatileContents = true;
        }
    }

    /** A host read: copies out of the plan that holds the newest contents, if any, then reads. */
    void hostRead(TornadoVmBuffer b, Runnable copy) {
        synchronized (lock) {
            ensureOpen();
            if (b.isClosed()) throw new IllegalStateException("buffer was released (closed) and cannot be copied");
            ensureHostCurrent(b);
            copy.run();
        }
    }

    /** Brings the newest contents of {@code b} into its host array (an on-demand copy out of its owner plan). */
    private void ensureHostCurrent(TornadoVmBuffer b) {
        LaunchPlan p = b.owner;
        if (p == null) return;
        long t0 = System.nanoTime();
        try {
            StdoutGuard.run(() -> p.copyOut(b));
        } catch (RuntimeException | Error e) {
            throw new DeviceExecutionException("copying a " + b + " back from " + deviceName() + " failed: " + describe(e), e);
        }
        recordTransfer(System.nanoTime() - t0, b.bytes(), false);
        b.owner = null;
    }

    /** Called once by the buffer's close, which then tells the session. */
    void release(TornadoVmBuffer b) {
        synchronized (lock) {
            // plans that hold it are useless now; free their device memory
            closePlans(p -> p.buffers.contains(b));
            b.owner = null;
        }
    }

    // ---- compile ---------------------------------------------------------------------------

    /**
     * Binds the definition to its Java implementation and checks that they agree. The TornadoVM
     * compile itself happens at the first launch of each argument set (see {@link TornadoVmKernel}).
     */
    @Override
    protected CompiledKernel doCompile(KernelDef def, Constants constants) {
        TornadoKernel impl = implementation(def).orElseThrow(() -> unsupported(def));
        String mismatch = impl.mismatch(def);
        if (mismatch != null) throw new KernelBuildException(mismatch, "");
        synchronized (lock) {
            ensureOpen();
            return new TornadoVmKernel(this, def, constants, impl);
        }
    }

    /** Called once by the kernel's close, which then tells the session. */
    void release(TornadoVmKernel k) {
        synchronized (lock) {
            closePlans(p -> p.uses(k));
        }
    }

    // ---- residency -------------------------------------------------------------------------

    /**
     * The residency query (seed 003 §4.2), a conservative heuristic: TornadoVM reports no
     * occupancy, so one group per compute unit is the most that is sure to be co-resident. 0 when
     * the group's work-items or local memory exceed the device's.
     */
    @Override
    protected int residency(CompiledKernel kernel, long[] localSize, long localBytesPerGroup) {
        own(kernel, TornadoVmKernel.class);
        long items = 1;
        for (long l : localSize) items *= l;
        if (items < 1 || items > device().maxWorkGroupSize()) return 0;
        if (localBytesPerGroup > device().capacity(MemoryLevel.LOCAL)) return 0;
        return device().computeUnits();
    }

    // ---- launch ----------------------------------------------------------------------------

    @Override
    protected LaunchStats doLaunch(CompiledKernel compiled, ValidatedLaunch v, Object[] args) {
        TornadoVmKernel k = own(compiled, TornadoVmKernel.class);
        String where = where(k.def());
        for (Object a : args) if (a instanceof DeviceBuffer b) own(b);
        Geometry g = geometry(k, v, where);
        return run(List.of(new LaunchPlan.Launch(k, args.clone(), g)), where).getFirst();
    }

    /**
     * The same launch repeated as task graphs of up to {@code perfport.tornado.graphLaunches} (16) copies of it: one TornadoVM
     * execute per graph instead of one per launch, so the device runs them back to back as jocl's queued
     * launches do (TornadoVM's host time between executes left the GPU idle, and an idle GPU runs
     * the next kernel slower). Each copy is a task of its own, with its own task counter and ticket.
     */
    @Override
    protected LaunchStats doLaunchRepeated(CompiledKernel compiled, ValidatedLaunch v, Object[] args, int times) {
        if (times == 1) return doLaunch(compiled, v, args);
        TornadoVmKernel k = own(compiled, TornadoVmKernel.class);
        for (Object a : args) if (a instanceof DeviceBuffer b) own(b);
        String where = where(k.def());
        LaunchPlan.Launch one = new LaunchPlan.Launch(k, args.clone(), geometry(k, v, where));
        Iterator<LaunchStats> it = inGraphs(Collections.nCopies(times, one), false,
                (from, to) -> where + " x" + (to - from) + " as one task graph").iterator();
        return LaunchStats.repeated(times, it::next);
    }

    /**
     * Runs {@code launches} in order as task graphs of at most {@code perfport.tornado.graphLaunches} launches, one
     * execute each: TornadoVM writes a graph's schedule into a bytecode buffer of fixed size
     * (tornado.tvm.maxbytecodesize; TRSM's 65 launches in one graph overflowed TornadoVM's 4 KB). With
     * {@code syncs}, each graph's first step counts the one wait of its execute ({@link Counters#HOST_SYNCS}).
     */
    private List<LaunchStats> inGraphs(List<LaunchPlan.Launch> launches, boolean syncs,
                                       BiFunction<Integer, Integer, String> what) {
        int max = settings.graphLaunches();
        List<LaunchStats> out = new ArrayList<>(launches.size());
        for (int from = 0; from < launches.size(); from += max) {
            int to = Math.min(launches.size(), from + max);
            List<LaunchStats> ran = run(List.copyOf(launches.subList(from, to)), what.apply(from, to));
            if (!syncs) {
                out.addAll(ran);
                continue;
            }
            LaunchStats first = ran.getFirst();
            Map<String, Long> c = new LinkedHashMap<>(first.counters());
            c.put(Counters.HOST_SYNCS, 1L);
            out.add(new LaunchStats(first.kernelNanos(), first.modelledNanos(), c));
            out.addAll(ran.subList(1, ran.size()));
        }
        return out;
    }

    /**
     * Dependent launches in one task graph: what one writes stays on TornadoVM's device for the next, where
     * one plan per launch would copy it out to the host and into the next plan (the split-k
     * SGEMM's planes, 16 MB at n = 1024). Kernels that want other OpenCL build options than the first's
     * (a register cap) run one plan each, as {@link #launch} does.
     */
    @Override
    protected List<LaunchStats> doLaunchSequence(List<LaunchStep> steps, List<ValidatedLaunch> vs) {
        List<LaunchPlan.Launch> launches = new ArrayList<>(steps.size());
        List<String> names = new ArrayList<>(steps.size());
        for (int i = 0; i < steps.size(); i++) {
            LaunchStep st = steps.get(i);
            TornadoVmKernel k = own(st.kernel(), TornadoVmKernel.class);
            Object[] args = st.args();
            for (Object a : args) if (a instanceof DeviceBuffer b) own(b);
            names.add(k.def().name());
            launches.add(new LaunchPlan.Launch(k, args, geometry(k, vs.get(i), where(k.def()))));
        }
        int regs = launches.getFirst().kernel().impl().nvidiaMaxRegisters();
        boolean together = launches.size() > 1 && settings.graphLaunches() > 1 && launches.stream().allMatch(l -> l.kernel().impl().nvidiaMaxRegisters() == regs);
        if (!together) return super.doLaunchSequence(steps, vs);
        return inGraphs(launches, true, (from, to) -> describeSequence(names.subList(from, to), from, launches.size()));
    }

    /** "launches 1-8 of 65 of a sequence (trsm.invert.float, gemm.direct.float x7) as one task graph on ...". */
    private String describeSequence(List<String> names, int from, int total) {
        Map<String, Integer> count = new LinkedHashMap<>();
        for (String n : names) count.merge(n, 1, Integer::sum);
        List<String> l = new ArrayList<>();
        count.forEach((n, c) -> l.add(c == 1 ? n : n + " x" + c));
        return "launches " + (from + 1) + "-" + (from + names.size()) + " of " + total + " of a sequence (" + String.join(", ", l)
                + ") as one task graph on " + deviceName();
    }

    /** Runs the plan of these launches (built or cached) once; each launch's stats, the first carrying the kernel time. */
    private List<LaunchStats> run(List<LaunchPlan.Launch> launches, String where) {
        synchronized (lock) {
            ensureOpen();
            LaunchPlan p = plan(launches, where);
            for (TornadoVmBuffer b : p.buffers) if (p.copiesIn(b)) ensureHostCurrent(b);
            long bytesIn = 0;
            for (TornadoVmBuffer b : p.buffers) if (p.copiesIn(b)) bytesIn += b.bytes();

            TornadoExecutionResult r;
            try {
                r = StdoutGuard.call(p::execute);
            } catch (RuntimeException | Error e) {
                rethrowIfFatal(e);
                discard(p);
                throw new DeviceExecutionException("TornadoVM could not compile or run " + where + " ("
                        + geometries(p) + "): " + describe(e), e);
            }
            TornadoProfilerResult prof = r.getProfilerResult();
            long compile = Math.max(0, prof.getCompileTime());
            if (compile > 0) {
                recordCompile(compile);
                p.kernel().addCompile(compile);
            }
            long kernelNanos = prof.getDeviceKernelTime();
            if (kernelNanos <= 0) {
                discard(p);
                throw new DeviceExecutionException(where + " did not run on the device: TornadoVM's profiler shows no device"
                        + " kernel time, which is what a bailout to sequential Java looks like"
                        + (TornadoEnvironment.bailoutRecoveryOn() ? " (tornado.recover.bailout is on; run with"
                        + " -Dtornado.recover.bailout=False to see TornadoVM's error)" : ""));
            }
            recordTransfer(Math.max(0, prof.getDeviceWriteTime()), bytesIn, true);
            recordTransfer(Math.max(0, prof.getDeviceReadTime()), 0, false);

            for (TornadoVmBuffer b : p.buffers) {
                p.deviceVersion.put(b, b.version);
                b.launched = true;
            }
            for (TornadoVmBuffer b : p.written) {
                b.version++;
                b.owner = p;
                p.deviceVersion.put(b, b.version);
            }

            // the hidden counters are the plan's: its first launch reports them
            long atomics = Integer.toUnsignedLong(p.counters.get(LaunchArgs.GLOBAL_ATOMICS));
            List<LaunchStats> out = new ArrayList<>(p.steps.size());
            for (LaunchPlan.Step st : p.steps) {
                boolean first = st.index == 0;
                Geometry g = st.geometry();
                Map<String, Long> c = new LinkedHashMap<>();
                if (settings.counting()) c.put(Counters.GLOBAL_ATOMICS, first ? atomics : 0L);
                c.put(Counters.WORK_GROUPS, g.logical());
                if (g.persistent()) {
                    c.put(Counters.UNITS_USED, (long) g.groups());
                    // the code before the task loop runs once in every persistent group
                    if (st.kernel.def().usesStaticLocal()) c.put(Counters.STATIC_LOCAL_INITS, (long) g.groups());
                }
                if (settings.counting() && st.kernel.impl().deferredFloatAtomics()) c.put(DEFERRED_FLOAT_ATOMICS, first ? atomics : 0L);
                out.add(new LaunchStats(first ? kernelNanos : 0, -1, c));
            }
            return out;
        }
    }

    private static String geometries(LaunchPlan p) {
        List<String> l = new ArrayList<>();
        for (LaunchPlan.Step st : p.steps) l.add(String.valueOf(st.geometry()));
        return l.size() <= 2 ? String.join("; ", l) : l.getFirst() + "; ... " + (l.size() - 2) + " more; " + l.getLast();
    }

    /**
     * The plan for this kernel, arguments and shape: the cached one, unless a buffer it keeps
     * resident is no longer newest on its device (then it is rebuilt copying that buffer every
     * time), or a new one.
     */
    private LaunchPlan plan(List<LaunchPlan.Launch> launches, String where) {
        LaunchPlan.PlanKey key = LaunchPlan.PlanKey.of(launches);
        LaunchPlan p = plans.get(key);
        if (p != null && p.executed) {
            boolean stale = false;
            for (TornadoVmBuffer b : p.buffers) {
                // a buffer the plan writes in full before reading may have changed anywhere: its contents are not used
                if (!p.everyExecution.contains(b) && p.readsFirst(b) && !Long.valueOf(b.version).equals(p.deviceVersion.get(b))) {
                    b.volatileContents = true;
                    stale = true;
                }
            }
            if (stale) {
                discard(p);
                p = null;
            }
        }
        if (p == null) {
            try {
                String name = "pp" + sessionId + "x" + (++planSeq);
                p = StdoutGuard.call(() -> new LaunchPlan(name, launches, dev, settings));
            } catch (RuntimeException | Error e) {
                rethrowIfFatal(e);
                // a kernel's own refusal (math=fma: OpenCL C only) is the route's limit, not a failure: the row says unsupported
                if (e instanceof UnsupportedFeatureException u) throw new UnsupportedFeatureException(where + ": " + u.getMessage());
                // sketch-time failures (TornadoVM could not analyse the method) surface here
                throw new DeviceExecutionException("TornadoVM could not build a task graph for " + where + ": " + describe(e), e);
            }
            plansBuilt++;
            plans.put(p.key, p);
            evict();
        }
        return p;
    }

    /** Bytes of buffers the kept plans may hold: a quarter of the device's global memory, at most 2 GiB. */
    private long planCacheBytes() {
        if (planBytesLimit >= 0) return planBytesLimit;
        return Math.min(PLAN_CACHE_MAX_BYTES, device().capacity(MemoryLevel.GLOBAL) / 4);
    }

    /** Drops the least recently used plans beyond the cache's count or bytes; the newest plan always stays. */
    private void evict() {
        long bytes = 0;
        for (LaunchPlan p : plans.values()) bytes += p.bufferBytes();
        long cap = planCacheBytes();
        while (plans.size() > 1 && (plans.size() > PLAN_CACHE_SIZE || bytes > cap)) {
            Iterator<LaunchPlan> it = plans.values().iterator();
            LaunchPlan oldest = it.next();
            // what only its device holds goes to the host first
            for (TornadoVmBuffer b : oldest.buffers) if (b.owner == oldest) ensureHostCurrent(b);
            it.remove();
            bytes -= oldest.bufferBytes();
            closeQuietly(oldest);
        }
    }

    /** Drops a plan whose state is unknown (it failed) or stale; its device copies are lost. */
    private void discard(LaunchPlan p) {
        plans.remove(p.key);
        for (TornadoVmBuffer b : p.buffers) {
            if (b.owner == p) b.owner = null;
        }
        closeQuietly(p);
    }

    private void closePlans(java.util.function.Predicate<LaunchPlan> which) {
        List<LaunchPlan> l = new ArrayList<>();
        for (LaunchPlan p : plans.values()) if (which.test(p)) l.add(p);
        for (LaunchPlan p : l) {
            // what only its device holds goes to the host first, unless the session is closing anyway
            if (!isClosed()) {
                for (TornadoVmBuffer b : p.buffers) if (b.owner == p && !b.isClosed()) ensureHostCurrent(b);
            }
            plans.remove(p.key);
            closeQuietly(p);
        }
    }

    /**
     * TornadoVM reports some of its own faults as Errors (TornadoInternalError), which a row must carry; the JVM's
     * own (a stack overflow, an internal error) are not the route's to absorb, but running out of heap for a launch is.
     */
    private static void rethrowIfFatal(Throwable e) {
        if (e instanceof VirtualMachineError vme && !(e instanceof OutOfMemoryError)) throw vme;
    }

    private static void closeQuietly(LaunchPlan p) {
        try {
            p.close();
        } catch (RuntimeException | Error e) {
            // freeing device memory of a dropped plan; the launch's own error matters more. TornadoVM 5.2 throws its
            // TornadoInternalError (an Error) for a plan whose allocation failed, which must not end the process
            rethrowIfFatal(e);
        }
    }

    /** The TornadoVM shape of a validated launch; persistent kernels run k groups (seed 003 §4). */
    private Geometry geometry(TornadoVmKernel k, ValidatedLaunch v, String where) {
        Launch launch = v.launch();
        int dims = launch.dims();
        int[] local = new int[dims];
        for (int d = 0; d < dims; d++) local[d] = (int) launch.local(d);
        KernelDef def = k.def();
        if (def.isPersistent()) {
            // LaunchArgs' mapping codes are the prelude's
            LaunchGrid grid = LaunchGrid.persistent(launch, ls -> residency(k, ls, v.localBytes() + v.staticLocalBytes()), where, INT_LIMIT);
            int[] global = local.clone();
            global[0] = intRange(grid.global()[0], "work-items in dimension 0", where);
            return new Geometry(global, local, true, grid.tasks(), grid.mapping(), grid.ng0(), grid.ng1(), grid.groups(), grid.tasks());
        }
        NDRange r = (NDRange) launch;
        int[] global = new int[dims];
        for (int d = 0; d < dims; d++) global[d] = intRange(r.global(d), "work-items in dimension " + d, where);
        long logical = r.groupCount();
        int groups = intRange(logical, "work-groups", where);
        return new Geometry(global, local, false, groups, LaunchArgs.BLOCKED, (int) r.groups(0),
                dims > 1 ? (int) r.groups(1) : 1, groups, logical);
    }

    /** What limits counts and ids to an int here (for {@link LaunchGrid}'s errors). */
    private static final String INT_LIMIT = "that TornadoVM's WorkerGrid and int indices can address";

    private static int intRange(long value, String what, String where) {
        return LaunchGrid.checkInt(value, what, where, INT_LIMIT);
    }

    /** The error and its root cause, in one line. */
    static String describe(Throwable t) {
        Throwable root = t;
        boolean memory = t.getClass().getSimpleName().equals("TornadoOutOfMemoryException");
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
            memory |= root.getClass().getSimpleName().equals("TornadoOutOfMemoryException");
        }
        String s = t.getClass().getSimpleName() + ": " + firstLine(t.getMessage());
        if (root != t) s += " (cause: " + root.getClass().getSimpleName() + ": " + firstLine(root.getMessage()) + ")";
        // TornadoVM hands out at most tornado.device.memory of a device (its default 4GB), whatever the device holds
        if (memory) s += "; TornadoVM's own limit on the device memory it allocates is tornado.device.memory (4GB unless set): "
                + "raise it with PERFPORT_JAVA_OPTS=-Dtornado.device.memory=<X>GB";
        return s;
    }

    /** The first line of a message, without the terminal colour codes TornadoVM puts in some of them. */
    private static String firstLine(String m) {
        if (m == null) return "";
        String s = m.replaceAll("\u001B\\[[0-9;]*m", "").strip();
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl) + " ...";
    }

    @Override
    protected void closeSession() {
        synchronized (lock) {
            List<RuntimeException> errors = new ArrayList<>();
            for (LaunchPlan p : List.copyOf(plans.values())) {
                try {
                    p.close();
                } catch (RuntimeException e) {
                    errors.add(e);
                }
            }
            plans.clear();
            if (!errors.isEmpty()) {
                RuntimeException first = errors.getFirst();
                errors.stream().skip(1).forEach(first::addSuppressed);
                throw first;
            }
        }
    }
}
