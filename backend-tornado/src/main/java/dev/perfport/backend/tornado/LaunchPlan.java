package dev.perfport.backend.tornado;

import dev.perfport.backend.tornado.kernels.DeferredAtomics;
import dev.perfport.backend.tornado.kernels.ReductionTornado;
import dev.perfport.backend.tornado.kernels.LaunchArgs;
import dev.perfport.backend.tornado.kernels.TornadoKernel;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.ArgDef;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.LocalSize;
import uk.ac.manchester.tornado.api.GridScheduler;
import uk.ac.manchester.tornado.api.ImmutableTaskGraph;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.TaskGraph;
import uk.ac.manchester.tornado.api.TornadoExecutionPlan;
import uk.ac.manchester.tornado.api.TornadoExecutionResult;
import uk.ac.manchester.tornado.api.WorkerGrid;
import uk.ac.manchester.tornado.api.WorkerGrid1D;
import uk.ac.manchester.tornado.api.WorkerGrid2D;
import uk.ac.manchester.tornado.api.WorkerGrid3D;
import uk.ac.manchester.tornado.api.enums.DataTransferMode;
import uk.ac.manchester.tornado.api.enums.ProfilerMode;
import uk.ac.manchester.tornado.api.enums.TornadoVMBackendType;
import uk.ac.manchester.tornado.api.exceptions.TornadoExecutionPlanException;
import uk.ac.manchester.tornado.api.types.arrays.DoubleArray;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;
import uk.ac.manchester.tornado.api.types.arrays.LongArray;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One TornadoVM execution plan: a task graph for one kernel, one argument set and one launch
 * shape, or for a sequence of such launches ({@link dev.perfport.core.backend.DeviceSession#launchSequence}:
 * their tasks in one graph, so that what one writes stays on the device for the next), compiled at
 * its first execution and kept for the executions that repeat it (so a buffer copied in once stays
 * resident on the device: DataTransferMode.FIRST_EXECUTION).
 *
 * <p>Transfers: every buffer argument is copied in either at the first execution only
 * (FIRST_EXECUTION: read-only inputs the host writes once) or at every execution
 * (EVERY_EXECUTION: buffers the plan reads and writes, buffers the host rewrites between
 * launches, buffers whose newest contents come from another plan). In a sequence, what matters is
 * a buffer's first use: one that a step writes before any step reads it needs no copy in. Buffers
 * the plan writes are copied out only on demand (UNDER_DEMAND), when the host reads them or another
 * plan needs them. The hidden counters (and the dynamic mapping's task counter) are copied in and
 * out at every execution; when the session does not count, the counters are copied in once and never
 * out. All methods run under the session's lock.
 */
final class LaunchPlan implements AutoCloseable {
    /** Slots of the hidden counters array (as the OpenCL prelude's). */
    static final int COUNTER_SLOTS = 8;

    final PlanKey key;
    /** The plan's launches in order; one for a plan of a single launch. */
    final List<Step> steps;
    /** The distinct buffers among the arguments, in argument order. */
    final List<TornadoVmBuffer> buffers;
    /** Buffers copied in at every execution; the others at the first only. */
    final Set<TornadoVmBuffer> everyExecution;
    /** Buffers whose contents before the plan runs matter: its first use of them reads. */
    private final Set<TornadoVmBuffer> readFirst;
    /** Buffers the kernels write: copied out on demand. */
    final Set<TornadoVmBuffer> written;
    /** The version of each buffer that this plan's device copy holds. */
    final Map<TornadoVmBuffer, Long> deviceVersion = new IdentityHashMap<>();
    final IntArray counters = new IntArray(COUNTER_SLOTS);
    /** Whether the kernels count their global atomics (perfport.tornado.counters). */
    final boolean counting;
    private final TornadoExecutionPlan plan;
    private final String graphName;
    private final GridScheduler grid = new GridScheduler();
    private TaskGraph graph;
    TornadoExecutionResult last;
    boolean executed;

    /** One launch of the plan: kernel, arguments as the launch gave them (buffers as TornadoVmBuffers), shape. */
    record Launch(TornadoVmKernel kernel, Object[] args, Geometry geometry) {
    }

    /** What identifies a plan: each launch's kernel, arguments (buffers by identity, the rest by value) and shape. */
    record PlanKey(List<StepKey> steps) {
        static PlanKey of(List<Launch> launches) {
            List<StepKey> l = new ArrayList<>(launches.size());
            for (Launch x : launches) l.add(StepKey.of(x.kernel(), x.args(), x.geometry()));
            return new PlanKey(List.copyOf(l));
        }
    }

    /** One launch's part of a {@link PlanKey}. */
    record StepKey(TornadoVmKernel kernel, List<Object> args, Geometry geometry) {
        static StepKey of(TornadoVmKernel kernel, Object[] args, Geometry g) {
            List<Object> l = new ArrayList<>(args.length);
            for (Object a : args) l.add(a instanceof TornadoVmBuffer b ? new Identity(b) : a);
            return new StepKey(kernel, l, g);
        }
    }

    /** A buffer compared by identity (buffers have no value equality). */
    record Identity(TornadoVmBuffer buffer) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Identity i && i.buffer == buffer;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(buffer);
        }
    }

    /**
     * Builds the task graph and the execution plan (nothing runs, nothing is compiled yet).
     *
     * @param name     a task-graph name unique in this JVM
     * @param launches the launches, in order; kernels of one plan share its OpenCL build options
     */
    LaunchPlan(String name, List<Launch> launches, TornadoVmDevice device, SessionSettings settings) {
        if (launches.isEmpty()) throw new IllegalArgumentException("a plan needs a launch");
        this.counting = settings.counting();
        this.key = PlanKey.of(launches);
        this.graphName = name;
        List<Step> st = new ArrayList<>(launches.size());
        for (int i = 0; i < launches.size(); i++) st.add(new Step(i, launches.get(i)));
        this.steps = List.copyOf(st);

        // each buffer by its uses in order: does the plan read what was there before it runs?
        LinkedHashSet<TornadoVmBuffer> bufs = new LinkedHashSet<>();
        Set<TornadoVmBuffer> writes = new LinkedHashSet<>();
        Map<TornadoVmBuffer, Access> firstUse = new IdentityHashMap<>();
        Set<TornadoVmBuffer> reads = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        for (Step step : steps) {
            List<ArgDef> defs = step.kernel.def().args();
            for (int i = 0; i < step.args.length; i++) {
                if (!(step.original[i] instanceof TornadoVmBuffer b)) continue;
                TornadoKernel.ArgUse use = step.kernel.impl().use(i, step.original);
                if (use == TornadoKernel.ArgUse.UNUSED) continue;   // no transfers, and its contents stay as they are
                bufs.add(b);
                // a buffer the tasks write in full before reading needs no copy in after the first launch
                Access acc = use == TornadoKernel.ArgUse.WRITE_FIRST ? Access.WRITE : defs.get(i).access();
                if (acc != Access.READ) writes.add(b);
                if (!firstUse.containsKey(b)) {
                    firstUse.put(b, acc);
                    if (acc != Access.WRITE) reads.add(b);
                }
            }
        }
        Set<TornadoVmBuffer> every = new LinkedHashSet<>();
        for (TornadoVmBuffer b : bufs) {
            Access first = firstUse.get(b);
            // copied in at every execution unless it is an input the host wrote once; one the tasks write in full
            // first never is (after the first execution), whoever wrote it last (the GEMM's C, which the
            // workload fills with a NaN canary before every repetition, was 4 MB in each execute at n = 1024)
            if (first == Access.READ_WRITE || (reads.contains(b) && (b.volatileContents || b.owner != null))) every.add(b);
        }
        this.readFirst = reads;
        this.buffers = List.copyOf(bufs);
        this.everyExecution = every;
        this.written = writes;

        graph = new TaskGraph(name);
        List<Object> always = new ArrayList<>();
        if (counting) always.add(counters);
        for (Step step : steps) {
            if (step.dynamic()) always.add(step.next);
            if (step.kernel.impl().ticket()) always.add(step.ticket);
        }
        for (TornadoVmBuffer b : buffers) if (every.contains(b)) always.add(b.array());
        List<Object> once = new ArrayList<>();
        if (!counting) once.add(counters);
        for (TornadoVmBuffer b : buffers) if (!every.contains(b)) once.add(b.array());
        for (Step step : steps) if (step.deferredOps != null) once.add(step.deferredOps);
        if (!always.isEmpty()) graph.transferToDevice(DataTransferMode.EVERY_EXECUTION, always.toArray());
        if (!once.isEmpty()) graph.transferToDevice(DataTransferMode.FIRST_EXECUTION, once.toArray());

        for (Step step : steps) {
            grid.addWorkerGrid(name + "." + step.task(), workerGrid(step.geometry.global(), step.geometry.local()));
            step.kernel.impl().binder().bind(step);
            if (step.deferredOps != null && !step.deferredApplied) {
                throw new IllegalStateException("kernel '" + step.kernel.def().name() + "' declares deferred float atomics but its binder"
                        + " never applies them");
            }
        }

        List<Object> outs = new ArrayList<>();
        if (counting) outs.add(counters);
        for (Step step : steps) {
            if (step.dynamic()) outs.add(step.next);
            if (step.kernel.impl().ticket()) outs.add(step.ticket);
        }
        if (!outs.isEmpty()) graph.transferToHost(DataTransferMode.EVERY_EXECUTION, outs.toArray());
        List<Object> onDemand = new ArrayList<>();
        for (TornadoVmBuffer b : writes) onDemand.add(b.array());
        if (!onDemand.isEmpty()) graph.transferToHost(DataTransferMode.UNDER_DEMAND, onDemand.toArray());

        ImmutableTaskGraph itg = graph.snapshot();
        graph = null;
        this.plan = new TornadoExecutionPlan(itg);
        plan.withDevice(device.device()).withGridScheduler(grid).withProfiler(ProfilerMode.SILENT);
        String flags = compilerFlags(steps.getFirst().kernel.impl(), device.info(), settings.registerLimits());
        if (flags != null) plan.withCompilerFlags(TornadoVMBackendType.OPENCL, flags);
    }

    /** Bytes of the buffers this plan keeps device copies of. */
    long bufferBytes() {
        long sum = 0;
        for (TornadoVmBuffer b : buffers) sum += b.bytes();
        return sum;
    }

    /** Whether any launch of the plan runs kernel {@code k}. */
    boolean uses(TornadoVmKernel k) {
        for (Step s : steps) if (s.kernel == k) return true;
        return false;
    }

    /** The first launch's kernel (a one-launch plan's only one). */
    TornadoVmKernel kernel() {
        return steps.getFirst().kernel;
    }

    /**
     * TornadoVM's OpenCL build options as it sets them (tornado.opencl.compiler.flags), without a plan's own:
     * a plan's flags replace them, so a cap goes beside them. The default is TornadoOptions'
     * DEFAULT_OPENCL_COMPILER_FLAGS, restated because that class is in TornadoVM's runtime, which this
     * module does not compile against (tornado-api only).
     */
    static final String DEFAULT_OPENCL_FLAGS = System.getProperty("tornado.opencl.compiler.flags", "-cl-mad-enable -cl-fast-relaxed-math -w");

    /**
     * The OpenCL build options of a kernel's plan, or null for TornadoVM's: a register cap on NVIDIA's
     * OpenCL where the kernel asks for one (another vendor's compiler would refuse the option).
     */
    static String compilerFlags(TornadoKernel k, DeviceInfo d) {
        return compilerFlags(k, d, true);
    }

    /** As {@link #compilerFlags(TornadoKernel, DeviceInfo)}; {@code registerLimits} false: TornadoVM's options alone (perfport.tornado.registerLimits). */
    static String compilerFlags(TornadoKernel k, DeviceInfo d, boolean registerLimits) {
        if (!registerLimits || k.nvidiaMaxRegisters() == 0 || !d.nvidia()) return null;
        return DEFAULT_OPENCL_FLAGS + " -cl-nv-maxrregcount=" + k.nvidiaMaxRegisters();
    }

    static WorkerGrid workerGrid(int[] global, int[] local) {
        WorkerGrid w = switch (global.length) {
            case 1 -> new WorkerGrid1D(global[0]);
            case 2 -> new WorkerGrid2D(global[0], global[1]);
            default -> new WorkerGrid3D(global[0], global[1], global[2]);
        };
        w.setGlobalWork(global[0], global.length > 1 ? global[1] : 1, global.length > 2 ? global[2] : 1);
        w.setLocalWork(local[0], local.length > 1 ? local[1] : 1, local.length > 2 ? local[2] : 1);
        return w;
    }

    /** Zeroes the hidden counters, runs the plan (compiling it the first time) and keeps the result. */
    TornadoExecutionResult execute() {
        counters.init(0);
        for (Step s : steps) {
            s.next.set(0);
            s.ticket.set(0);
        }
        last = plan.execute();
        executed = true;
        return last;
    }

    /** Copies {@code b}'s device copy into its host array (it must be one the kernels write). */
    void copyOut(TornadoVmBuffer b) {
        last.transferToHost(b.array());
    }

    /** Whether the plan reads what {@code b} holds before it runs (its first use of it is not a full write). */
    boolean readsFirst(TornadoVmBuffer b) {
        return readFirst.contains(b);
    }

    /** Whether this plan copies {@code b} in when it next runs. */
    boolean copiesIn(TornadoVmBuffer b) {
        return everyExecution.contains(b) || !executed;
    }

    @Override
    public void close() {
        try {
            plan.close();
        } catch (TornadoExecutionPlanException e) {
            throw new IllegalStateException("TornadoVM could not free execution plan " + graphName + ": " + e.getMessage(), e);
        }
    }

    /**
     * One launch of the plan, as its kernel's binder sees it while it adds the task(s): the launch's
     * arguments and shape, and task names of its own (the first launch's are k, d and s; launch i's k{i}, d{i}, s{i}).
     */
    final class Step implements LaunchArgs {
        final int index;
        final TornadoVmKernel kernel;
        final Geometry geometry;
        /** The launch's arguments as given (buffers as TornadoVmBuffers). */
        final Object[] original;
        /** The same converted to TornadoVM's types. */
        final Object[] args;
        private final KernelContext context = new KernelContext();
        private final AtomicInteger next = new AtomicInteger();
        private final AtomicInteger ticket = new AtomicInteger();
        private final FloatArray deferredOps;
        private boolean deferredApplied;

        Step(int index, Launch l) {
            this.index = index;
            this.kernel = l.kernel();
            this.geometry = l.geometry();
            this.original = l.args().clone();
            this.args = new Object[original.length];
            for (int i = 0; i < original.length; i++) {
                Object a = original[i];
                if (a instanceof TornadoVmBuffer b) args[i] = b.array();
                else if (a instanceof LocalSize ls) args[i] = Math.toIntExact(ls.elements());
                else args[i] = a;
            }
            this.deferredOps = kernel.impl().deferredFloatAtomics() ? new FloatArray(Math.max(1, geometry.groups())) : null;
        }

        /** A task name of this launch: {@code base} for the first, {@code base + index} for the others. */
        private String name(String base) {
            return index == 0 ? base : base + index;
        }

        /**
         * Whether the launch takes tasks dynamically; only then is the task counter a task parameter
         * (TornadoVM fails to compile a kernel whose AtomicInteger parameter goes unused).
         */
        boolean dynamic() {
            return geometry.persistent() && geometry.mapping() == DYNAMIC;
        }

        Geometry geometry() {
            return geometry;
        }

        @Override
        public TaskGraph graph() {
            if (graph == null) throw new IllegalStateException("the task graph of " + graphName + " is already built");
            return graph;
        }

        @Override
        public String task() {
            return name("k");
        }

        @Override
        public KernelContext context() {
            return context;
        }

        @Override
        public IntArray counters() {
            return counters;
        }

        @Override
        public int counting() {
            return counting ? 1 : 0;
        }

        @Override
        public IntArray ints(int arg) {
            return (IntArray) args[arg];
        }

        @Override
        public FloatArray floats(int arg) {
            return (FloatArray) args[arg];
        }

        @Override
        public LongArray longs(int arg) {
            return (LongArray) args[arg];
        }

        @Override
        public DoubleArray doubles(int arg) {
            return (DoubleArray) args[arg];
        }

        @Override
        public int intArg(int arg) {
            return (Integer) args[arg];
        }

        @Override
        public long longArg(int arg) {
            return (Long) args[arg];
        }

        @Override
        public float floatArg(int arg) {
            return (Float) args[arg];
        }

        @Override
        public double doubleArg(int arg) {
            return (Double) args[arg];
        }

        @Override
        public Constants constants() {
            return kernel.constants();
        }

        @Override
        public int localLength(int arg) {
            return (Integer) args[arg];
        }

        @Override
        public int localSize(int d) {
            return d < geometry.local().length ? geometry.local()[d] : 1;
        }

        @Override
        public int tasks() {
            return geometry.tasks();
        }

        @Override
        public int mapping() {
            return geometry.mapping();
        }

        @Override
        public int ng0() {
            return geometry.ng0();
        }

        @Override
        public int ng1() {
            return geometry.ng1();
        }

        @Override
        public AtomicInteger next() {
            if (!dynamic()) throw new IllegalStateException("the task counter exists only for the dynamic mapping");
            return next;
        }

        @Override
        public AtomicInteger ticket() {
            if (!kernel.impl().ticket()) throw new IllegalStateException("kernel '" + kernel.def().name() + "' does not declare a ticket counter");
            return ticket;
        }

        @Override
        public int groups() {
            return geometry.groups();
        }

        @Override
        public FloatArray deferredFloatOps() {
            if (deferredOps == null) {
                throw new IllegalStateException("kernel '" + kernel.def().name() + "' does not declare deferred float atomics");
            }
            return deferredOps;
        }

        @Override
        public void applyDeferredFloatAdds(FloatArray target, int index) {
            FloatArray ops = deferredFloatOps();
            // one work-group; a power of two no larger than the device allows
            int size = DeferredAtomics.APPLY_LOCAL_SIZE;
            while (size > 1 && size > kernel.session().device().maxWorkGroupSize()) size >>= 1;
            grid.addWorkerGrid(graphName + "." + name("d"), workerGrid(new int[]{size}, new int[]{size}));
            graph().task(name("d"), ReductionTornado::addDeferred, new KernelContext(), ops, target, geometry.groups(), index, size);
            deferredApplied = true;
        }

        /** The one-group size of a follow-up task: a power of two no larger than the device allows. */
        private int oneGroup(String task) {
            int size = DeferredAtomics.APPLY_LOCAL_SIZE;
            while (size > 1 && size > kernel.session().device().maxWorkGroupSize()) size >>= 1;
            grid.addWorkerGrid(graphName + "." + task, workerGrid(new int[]{size}, new int[]{size}));
            return size;
        }

        @Override
        public void sumPartials(IntArray partial, IntArray target, int count) {
            int size = oneGroup(name("s"));
            graph().task(name("s"), ReductionTornado::finalInt, new KernelContext(), partial, target, count, size);
        }

        @Override
        public void sumPartials(FloatArray partial, FloatArray target, int count) {
            int size = oneGroup(name("s"));
            graph().task(name("s"), ReductionTornado::finalFloat, new KernelContext(), partial, target, count, size);
        }
    }
}
