package dev.perfport.backend.cell;

import dev.perfport.backend.cell.model.LinkWindows;
import dev.perfport.backend.cell.spe.Footprint;
import dev.perfport.backend.cell.spe.KernelCall;
import dev.perfport.backend.cell.spe.LaunchPlan;
import dev.perfport.backend.cell.spe.SpePool;
import dev.perfport.core.backend.AbstractDeviceSession;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.error.KernelBuildException;
import dev.perfport.core.kernel.ArgDef;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.launch.Launch;
import dev.perfport.core.launch.ValidatedLaunch;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.core.transfer.ChunkedJob;
import dev.perfport.core.transfer.StagedJob;
import dev.perfport.core.transfer.TransferCapable;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.core.transfer.TransferTiming;
import dev.perfport.core.wg.KernelCost;
import dev.perfport.core.wg.WorkGroupKernel;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A session on the emulated Cell/B.E.: its own pool of SPE workers (and a PPE worker when it takes
 * part), buffers as Java arrays at modelled main-memory addresses, Java work-group kernels. Before
 * a launch runs, the footprint of the work-groups an SPE keeps in flight is checked against its
 * local store; every launch reports modelled time (see {@code COST_MODEL.md}) next to wall time.
 * Host-device copies through the session API are main-memory copies on a Cell and add no
 * modelled time; the transfer strategies ({@link TransferCapable}) model them as MFC DMA
 * ({@link CellTransfers}, timed by {@link TransferTimes}).
 */
final class CellSession extends AbstractDeviceSession implements TransferCapable {
    private static final AtomicInteger SESSIONS = new AtomicInteger();
    /** Kernel constant: work-groups an SPE keeps in progress (version ε); other backends ignore it. */
    static final String GROUPS_IN_FLIGHT = "PP_GROUPS_IN_FLIGHT";
    static final int MAX_GROUPS_IN_FLIGHT = 4;
    /** Buffers start on their own 4 KiB page (plus the configured misalignment). */
    private static final long PAGE = 4096;

    private final CellConfig config;
    private final SpePool pool;
    private long nextAddress = 0x1000_0000L;   // guarded by this
    /** Ranges across the host link for the launches of a transfer strategy's run (set and cleared by it, on its thread). */
    private volatile LinkWindows link = LinkWindows.NONE;
    /** Chunk sizes of the last guided launch, in grant order (for tests). */
    volatile List<Long> lastChunkSizes = List.of();

    CellSession(CellConfig config, DeviceInfo device) {
        super(CellEmulationProvider.ID, device, true);
        this.config = config;
        this.pool = new SpePool(config.workers(), config.ppe(), "s" + SESSIONS.incrementAndGet());
    }

    /** The worker threads (tests check that close stops them). */
    Thread[] workerThreads() {
        return pool.threads();
    }

    @Override
    protected Dialect dialect() {
        return Dialect.JAVA_WORKGROUP;
    }

    @Override
    protected DeviceBuffer doAllocate(ElemType type, long length, MemoryLevel level) {
        ArrayBuffer.checkLength(type, length);
        return ArrayBuffer.allocate(this, type, length, level, place(length * type.bytes()));
    }

    /**
     * A modelled effective address for a new buffer: the next free page start plus
     * {@code bufferAlignment} bytes, so that the buffer is aligned to exactly that (a page start
     * itself for 4096). Addresses are never reused; they only need to be distinct and aligned.
     */
    private synchronized long place(long bytes) {
        long page = (nextAddress + PAGE - 1) / PAGE * PAGE;
        long base = page + config.bufferAlignment() % PAGE;
        nextAddress = base + bytes;
        return base;
    }

    @Override
    protected CompiledKernel doCompile(KernelDef def, Constants constants) {
        long t0 = System.nanoTime();
        KernelImpl.JavaWorkGroup impl = (KernelImpl.JavaWorkGroup) def.impl(Dialect.JAVA_WORKGROUP).orElseThrow();
        long priv;
        WorkGroupKernel k;
        KernelCost cost;
        try {
            priv = impl.privateBytesPerItem().applyAsLong(constants);
            k = impl.factory().create(constants);
            cost = impl.cost().apply(constants);
        } catch (dev.perfport.core.error.UnsupportedFeatureException e) {
            throw e;   // a form the Java kernel does not have: one line for the user, not a build failure
        } catch (RuntimeException e) {
            throw new KernelBuildException("kernel '" + def.name() + "' could not be instantiated with constants "
                    + constants + ": " + e, stackTrace(e));
        }
        if (priv < 0) {
            throw new KernelBuildException("kernel '" + def.name() + "' declares " + priv
                    + " B of private memory per work-item for constants " + constants + "; it must be >= 0", null);
        }
        if (k == null) {
            throw new KernelBuildException("the factory of kernel '" + def.name() + "' returned no kernel for constants " + constants, null);
        }
        int inFlight = 1;
        if (constants.has(GROUPS_IN_FLIGHT)) {
            long p;
            try {
                p = constants.getLong(GROUPS_IN_FLIGHT);
            } catch (RuntimeException e) {
                p = -1;
            }
            if (p < 1 || p > MAX_GROUPS_IN_FLIGHT) {
                throw new KernelBuildException("kernel '" + def.name() + "': " + GROUPS_IN_FLIGHT + " must be in [1, "
                        + MAX_GROUPS_IN_FLIGHT + "] (the Cell translation keeps at most " + MAX_GROUPS_IN_FLIGHT
                        + " work-groups in flight per SPE), got " + constants.asMap().get(GROUPS_IN_FLIGHT), null);
            }
            inFlight = (int) p;
        }
        return new CellKernel(this, def, constants, costed(k, cost), priv, inFlight, System.nanoTime() - t0);
    }

    /** The kernel followed by its declared cost: what the group's code does beyond what the model sees, charged as its last step. */
    private static WorkGroupKernel costed(WorkGroupKernel k, KernelCost cost) {
        if (cost == null || cost.terms().isEmpty()) return k;
        return g -> {
            k.run(g);
            cost.charge(g);
        };
    }

    @Override
    protected LaunchStats doLaunch(CompiledKernel kernel, ValidatedLaunch v, Object[] args) {
        CellKernel k = (CellKernel) kernel;   // core checked that this session compiled it and it is open
        KernelDef def = k.def();
        Launch launch = v.launch();
        int inFlight = k.groupsInFlight(launch);
        Footprint f = new Footprint(config.localStoreBytes(), v.localBytes(), k.privateBytesPerItem(),
                launch.localItems(), v.staticLocalBytes(), config.reservedBytes(), inFlight);
        // ppeOnly: the PPE runs the launch alone, as if no group fitted a local store
        boolean speFits = f.fits() && !config.ppeOnly();
        if (!speFits && !config.ppe()) {
            String hint = "";
            if (inFlight > 1) {
                Footprint one = new Footprint(config.localStoreBytes(), v.localBytes(), k.privateBytesPerItem(),
                        launch.localItems(), v.staticLocalBytes(), config.reservedBytes(), 1);
                hint = "; with " + GROUPS_IN_FLIGHT + " = 1 it would need " + one.total() + " B";
            }
            throw new InvalidLaunchException(where(def) + ": " + f.describe() + hint);
        }
        long cacheBytes = config.cache() && speFits ? f.cacheBytes(config.cacheBytes(), config.cacheLineBytes(), config.cacheWays()) : 0;
        LaunchPlan plan = new LaunchPlan(config.workers(), config.ppe(), speFits, config.schedule(), inFlight, config.cost(),
                config.cache(), cacheBytes, config.cacheLineBytes(), config.cacheWays(), link);

        Object[] resolved = args.clone();
        long[] addresses = new long[args.length];
        for (int i = 0; i < args.length; i++) {
            ArgDef a = def.args().get(i);
            if (!a.level().isBuffer()) continue;
            String what = "kernel '" + def.name() + "', argument " + i + " '" + a.name() + "'";
            if (!(args[i] instanceof ArrayBuffer b) || b.session() != this) {
                throw new InvalidLaunchException(what + ": the buffer belongs to another session; buffers cannot be shared between sessions");
            }
            Object array = b.array();
            if (array == null) throw new InvalidLaunchException(what + ": the buffer was released (closed)");
            resolved[i] = array;
            addresses[i] = b.address();
        }
        WorkGroupKernel wk = k.kernel();
        if (wk == null) throw new IllegalArgumentException("kernel '" + def.name() + "' was closed");
        KernelCall call = new KernelCall(def.name(), wk, k.constants(), def.args(), resolved, k.privateBytesPerItem(), addresses);
        SpePool.Result r = pool.launch(call, launch, config.poison(), plan, Duration.ofSeconds(config.timeoutSeconds()),
                CellConfig.TIMEOUT_SECONDS + " = " + config.timeoutSeconds());
        lastChunkSizes = r.chunkSizes();

        Map<String, Long> c = new LinkedHashMap<>();
        c.put(Counters.WORK_GROUPS, r.workGroups());
        c.put(Counters.UNITS_USED, (long) r.unitsUsed());
        c.put(Counters.STATIC_LOCAL_INITS, def.usesStaticLocal() ? r.unitsUsed() : 0L);
        c.put(Counters.GLOBAL_ATOMICS, r.globalAtomics());
        c.putAll(r.model().counters());
        return new LaunchStats(r.nanos(), r.model().nanos(), c);
    }

    /**
     * Static work-groups run one per compute unit, so all units are co-resident when one group's
     * footprint (local and static local together, private memory, reservation) fits a local store;
     * when it does not, only the PPE (no local store) can hold one, if it takes part; else none.
     */
    @Override
    protected int residency(CompiledKernel kernel, long[] localSize, long localBytesPerGroup) {
        CellKernel k = own(kernel, CellKernel.class);
        if (localBytesPerGroup < 0) throw new IllegalArgumentException("local bytes per group must be >= 0, got " + localBytesPerGroup);
        long items = 1;
        for (long l : localSize) {
            if (l < 1 || l > CellDevice.MAX_WORK_GROUP_SIZE) return 0;
            items *= l;
            if (items > CellDevice.MAX_WORK_GROUP_SIZE) return 0;
        }
        Footprint f = new Footprint(config.localStoreBytes(), localBytesPerGroup, k.privateBytesPerItem(), items,
                0, config.reservedBytes());
        return f.fits() && !config.ppeOnly() ? config.units() : config.ppe() ? 1 : 0;
    }

    @Override
    protected void closeSession() {
        pool.close();
    }

    /** Launches {@code launches} with {@code windows} across the host link (the mapped buffers of a strategy). */
    <T> T acrossLink(LinkWindows windows, java.util.function.Supplier<T> launches) {
        link = windows;
        try {
            return launches.get();
        } finally {
            link = LinkWindows.NONE;
        }
    }

    private TransferTimes times() {
        return new TransferTimes(config.cost(), config.transfer());
    }

    private CellTransfers transfers() {
        return new CellTransfers(this, times());
    }

    @Override
    public java.util.Optional<dev.perfport.core.transfer.Overlap> overlap() {
        return java.util.Optional.of(config.transfer().overlap());
    }

    @Override
    public TransferTiming run(ChunkedJob job, TransferStrategy strategy, int queues) {
        ensureOpen();
        return transfers().run(job, strategy, queues);
    }

    @Override
    public TransferTiming run(StagedJob job, TransferStrategy strategy, int queues) {
        ensureOpen();
        return transfers().run(job, strategy, queues);
    }

    /** Modelled time has no host issue cost. */
    @Override
    public long timeKernelIssue() {
        return 0;
    }

    @Override
    public long timeChunks(int chunks, int queues, boolean mappedOut) {
        ensureOpen();
        return times().timeChunks(chunks, queues, mappedOut);
    }

    /**
     * Modelled: a copy's time (MFC DMA, or the link where one is set); a mapped buffer is read in
     * place, which costs nothing without a link and its bytes across the link with one.
     */
    @Override
    public long timeCopy(long bytes, boolean toDevice, boolean mapped) {
        ensureOpen();
        TransferTimes t = times();
        return mapped ? t.mappedNanos(bytes) : t.copyNanos(bytes);
    }

    @Override
    public long timeDuplex(long bytes, boolean mappedOut) {
        ensureOpen();
        return times().timeDuplex(bytes, mappedOut);
    }

    void transferred(long nanos, long bytes, boolean toDevice) {
        recordTransfer(nanos, bytes, toDevice);
    }

    private static String stackTrace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString();
    }
}
