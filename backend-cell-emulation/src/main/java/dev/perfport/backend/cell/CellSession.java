package dev.perfport.backend.cell;

import dev.perfport.backend.cell.spe.Footprint;
import dev.perfport.backend.cell.spe.KernelCall;
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
import dev.perfport.core.wg.WorkGroupKernel;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A session on the emulated Cell/B.E.: its own pool of SPE workers, buffers as Java arrays, Java
 * work-group kernels. Before a launch runs, the work-group's footprint is checked against one
 * SPE's local store; no cost model yet, so modelled time is -1.
 */
final class CellSession extends AbstractDeviceSession {
    private static final AtomicInteger SESSIONS = new AtomicInteger();

    private final CellConfig config;
    private final SpePool pool;

    CellSession(CellConfig config, DeviceInfo device) {
        super(CellEmulationProvider.ID, device, false);
        this.config = config;
        this.pool = new SpePool(config.workers(), "s" + SESSIONS.incrementAndGet());
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
        return ArrayBuffer.allocate(this, type, length, level);
    }

    @Override
    protected CompiledKernel doCompile(KernelDef def, Constants constants) {
        long t0 = System.nanoTime();
        KernelImpl.JavaWorkGroup impl = (KernelImpl.JavaWorkGroup) def.impl(Dialect.JAVA_WORKGROUP).orElseThrow();
        long priv;
        WorkGroupKernel k;
        try {
            priv = impl.privateBytesPerItem().applyAsLong(constants);
            k = impl.factory().create(constants);
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
        return new CellKernel(this, def, constants, k, priv, System.nanoTime() - t0);
    }

    @Override
    protected LaunchStats doLaunch(CompiledKernel kernel, ValidatedLaunch v, Object[] args) {
        CellKernel k = (CellKernel) kernel;   // core checked that this session compiled it and it is open
        KernelDef def = k.def();
        Launch launch = v.launch();
        Footprint f = new Footprint(config.localStoreBytes(), v.localBytes(), k.privateBytesPerItem(),
                launch.localItems(), v.staticLocalBytes(), config.reservedBytes());
        if (!f.fits()) throw new InvalidLaunchException("kernel '" + def.name() + "' on " + device().name() + ": " + f.describe());

        Object[] resolved = args.clone();
        for (int i = 0; i < args.length; i++) {
            ArgDef a = def.args().get(i);
            if (!a.level().isBuffer()) continue;
            String what = "kernel '" + def.name() + "', argument " + i + " '" + a.name() + "'";
            if (!(args[i] instanceof ArrayBuffer b) || !b.belongsTo(this)) {
                throw new InvalidLaunchException(what + ": the buffer belongs to another session; buffers cannot be shared between sessions");
            }
            Object array = b.array();
            if (array == null) throw new InvalidLaunchException(what + ": the buffer was released (closed)");
            resolved[i] = array;
        }
        WorkGroupKernel wk = k.kernel();
        if (wk == null) throw new IllegalArgumentException("kernel '" + def.name() + "' was closed");
        KernelCall call = new KernelCall(def.name(), wk, k.constants(), def.args(), resolved, k.privateBytesPerItem());
        SpePool.Result r = pool.launch(call, launch, config.poison(), Duration.ofSeconds(config.timeoutSeconds()),
                CellConfig.TIMEOUT_SECONDS + " = " + config.timeoutSeconds());

        Map<String, Long> c = new LinkedHashMap<>();
        c.put(Counters.WORK_GROUPS, r.workGroups());
        c.put(Counters.UNITS_USED, (long) r.unitsUsed());
        c.put(Counters.STATIC_LOCAL_INITS, def.usesStaticLocal() ? r.unitsUsed() : 0L);
        c.put(Counters.GLOBAL_ATOMICS, r.globalAtomics());
        return new LaunchStats(r.nanos(), -1, c);
    }

    /**
     * Every SPE runs one group at a time, so all workers are co-resident when one group's footprint
     * (local and static local together, private memory, reservation) fits a local store; else none.
     */
    @Override
    protected int residency(CompiledKernel kernel, long[] localSize, long localBytesPerGroup) {
        if (!(kernel instanceof CellKernel k) || !k.belongsTo(this)) {
            throw new IllegalArgumentException("kernel '" + kernel.def().name() + "' was not compiled by this session");
        }
        if (localBytesPerGroup < 0) throw new IllegalArgumentException("local bytes per group must be >= 0, got " + localBytesPerGroup);
        long items = 1;
        for (long l : localSize) {
            if (l < 1 || l > CellDevice.MAX_WORK_GROUP_SIZE) return 0;
            items *= l;
            if (items > CellDevice.MAX_WORK_GROUP_SIZE) return 0;
        }
        Footprint f = new Footprint(config.localStoreBytes(), localBytesPerGroup, k.privateBytesPerItem(), items,
                0, config.reservedBytes());
        return f.fits() ? config.workers() : 0;
    }

    @Override
    protected void closeSession() {
        pool.close();
    }

    void transferred(long nanos, long bytes, boolean toDevice) {
        recordTransfer(nanos, bytes, toDevice);
    }

    void release(AutoCloseable resource) {
        released(resource);
    }

    private static String stackTrace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString();
    }
}
