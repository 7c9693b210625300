package dev.perfport.backend.cell.spe;

import dev.perfport.backend.cell.model.UnitModel;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.kernel.ArgDef;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.AccessObserver;
import dev.perfport.core.wg.GlobalDoubles;
import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.GlobalInts;
import dev.perfport.core.wg.GlobalLongs;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * The work-group context of one worker for one launch. A single mutable instance serves every
 * group the worker runs ({@link #beginGroup} moves it on), so the hot path allocates nothing:
 * global views, local arrays and private arrays are made once per launch (private ones once per
 * worker). LOCAL arrays are logically a new instance per group (poisoned again when poison is
 * on); STATIC_LOCAL arrays are one instance for all of the worker's groups.
 *
 * <p>A static work-group is one long-lived group: its LOCAL and private arrays persist across its
 * tasks, so a kernel takes its private arrays once, before its task loop.
 *
 * <p>Everything that costs modelled time goes to the unit's {@link UnitModel}: declared operations,
 * barrier phases, plain global accesses (traced only when the cache is modelled), asynchronous
 * copies (real copies at once, DMA in the model), event waits and atomics.
 */
final class SpeWorkGroup implements WorkGroup {
    private final LaunchRun run;
    private final KernelCall call;
    private final int unit;
    private final PrivateStore priv;
    private final UnitModel model;
    private final Tally tally = new Tally();
    /** Modelled main-memory address of each buffer argument. */
    private final long[] addresses;

    // argument views by argument index; null where the argument is of another kind
    private final GlobalInts[] gInts;
    private final GlobalLongs[] gLongs;
    private final GlobalFloats[] gFloats;
    private final GlobalDoubles[] gDoubles;
    private final int[][] lInts;
    private final long[][] lLongs;
    private final float[][] lFloats;
    private final double[][] lDoubles;
    private final Object[] perGroupLocals;

    private final int dims;
    private final int items;
    private final int[] local;
    private final long[] groups;
    private final long[] global;
    private final boolean poison;

    // the current group
    private long linear = -1;
    private final long[] gid = new long[3];
    private boolean first;
    private boolean last;
    private long groupsRun;

    // static work-groups: this group's index and task cursor
    private int staticId = -1;
    private long cursor;
    private long blockEnd;
    private long task = -1;

    SpeWorkGroup(LaunchRun run, int unit, PrivateStore priv, UnitModel model) {
        this.run = run;
        this.call = run.call;
        this.unit = unit;
        this.priv = priv;
        this.model = model;
        this.addresses = call.addresses();
        this.dims = run.dims;
        this.items = run.items;
        this.local = run.local;
        this.groups = run.groups;
        this.global = run.global;
        this.poison = run.poison;
        int n = call.argDefs().size();
        gInts = new GlobalInts[n];
        gLongs = new GlobalLongs[n];
        gFloats = new GlobalFloats[n];
        gDoubles = new GlobalDoubles[n];
        lInts = new int[n][];
        lLongs = new long[n][];
        lFloats = new float[n][];
        lDoubles = new double[n][];
        List<Object> perGroup = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ArgDef a = call.argDefs().get(i);
            Object v = call.args()[i];
            switch (a.level()) {
                case GLOBAL, CONSTANT -> {
                    switch (a.type()) {
                        case INT -> gInts[i] = new GlobalInts((int[]) v, i, tally);
                        case LONG -> gLongs[i] = new GlobalLongs((long[]) v, i, tally);
                        case FLOAT -> gFloats[i] = new GlobalFloats((float[]) v, i, tally);
                        case DOUBLE -> gDoubles[i] = new GlobalDoubles((double[]) v, i, tally);
                    }
                }
                case LOCAL, STATIC_LOCAL -> {
                    int len = (int) ((LocalSize) v).elements();
                    Object arr = switch (a.type()) {
                        case INT -> lInts[i] = new int[len];
                        case LONG -> lLongs[i] = new long[len];
                        case FLOAT -> lFloats[i] = new float[len];
                        case DOUBLE -> lDoubles[i] = new double[len];
                    };
                    if (a.level() == MemoryLevel.LOCAL) perGroup.add(arr);
                    else if (poison) Poison.fill(arr);   // one instance for the launch: poisoned once
                }
                case PRIVATE -> {
                }
            }
        }
        perGroupLocals = perGroup.toArray();
    }

    @Override
    public List<ArgDef> argDefs() {
        return call.argDefs();
    }

    /** Moves the context to NDRange group {@code id}. */
    void beginGroup(long id, boolean firstOnUnit, boolean lastOnUnit) {
        linear = id;
        if (dims == 1) {
            gid[0] = id;
        } else {
            gid[0] = id % groups[0];
            long rest = id / groups[0];
            gid[1] = rest % groups[1];
            gid[2] = rest / groups[1];
        }
        first = firstOnUnit;
        last = lastOnUnit;
        model.beginGroup();
        startGroupMemory();
    }

    void groupDone() {
        groupsRun++;
        model.endGroup();
    }

    /** Makes this context static work-group {@code i} with its task cursor. */
    void beginStatic(int i) {
        staticId = i;
        linear = i;
        gid[0] = i;
        first = true;    // a static group is the only group on its SPE
        last = true;
        switch (run.mapping) {
            case BLOCKED -> {
                cursor = run.taskBlockStart(i);
                blockEnd = run.taskBlockStart(i + 1);
            }
            case CYCLIC -> cursor = i;
            case DYNAMIC -> {
            }
        }
        model.beginGroup();
        startGroupMemory();
    }

    /** The static work-group's kernel returned. */
    void endStatic() {
        model.endGroup();
    }

    private void startGroupMemory() {
        priv.begin(call.name(), items, call.privateBytesPerItem(), poison);
        if (poison) for (Object a : perGroupLocals) Poison.fill(a);
    }

    /** Groups run (NDRange) or tasks taken (static work-groups). */
    long groupsRun() {
        return groupsRun;
    }

    long atomics() {
        return tally.count;
    }

    /** Where the worker is, for an error message. */
    String position() {
        if (run.isStatic) {
            return "static work-group " + staticId + " of " + run.k
                    + (task < 0 ? " before its first task" : ", task " + task + " of " + run.tasks);
        }
        if (linear < 0) return "before its first work-group";
        StringBuilder ids = new StringBuilder();
        for (int d = 0; d < dims; d++) ids.append(d == 0 ? "" : ", ").append(gid[d]);
        return "work-group " + linear + " (group id (" + ids + "))";
    }

    // ---- geometry -----------------------------------------------------------------------

    @Override
    public int dims() {
        return dims;
    }

    @Override
    public long groupId(int d) {
        return gid[dim(d)];
    }

    @Override
    public long numGroups(int d) {
        return groups[dim(d)];
    }

    @Override
    public int localSize(int d) {
        return local[dim(d)];
    }

    @Override
    public long globalSize(int d) {
        return global[dim(d)];
    }

    @Override
    public int localItems() {
        return items;
    }

    @Override
    public long groupLinearId() {
        return linear;
    }

    private static int dim(int d) {
        if (d < 0 || d > 2) throw new IllegalArgumentException("dimension " + d + " is not in [0, 2]");
        return d;
    }

    // ---- arguments ----------------------------------------------------------------------

    @Override
    public GlobalInts ints(int arg) {
        GlobalInts v = gInts[arg];
        if (v == null) throw wrongKind(arg, "ints", MemoryLevel.GLOBAL, ElemType.INT);
        return v;
    }

    @Override
    public GlobalLongs longs(int arg) {
        GlobalLongs v = gLongs[arg];
        if (v == null) throw wrongKind(arg, "longs", MemoryLevel.GLOBAL, ElemType.LONG);
        return v;
    }

    @Override
    public GlobalFloats floats(int arg) {
        GlobalFloats v = gFloats[arg];
        if (v == null) throw wrongKind(arg, "floats", MemoryLevel.GLOBAL, ElemType.FLOAT);
        return v;
    }

    @Override
    public GlobalDoubles doubles(int arg) {
        GlobalDoubles v = gDoubles[arg];
        if (v == null) throw wrongKind(arg, "doubles", MemoryLevel.GLOBAL, ElemType.DOUBLE);
        return v;
    }

    @Override
    public int intArg(int arg) {
        if (call.args()[arg] instanceof Integer v) return v;
        throw wrongKind(arg, "intArg", MemoryLevel.PRIVATE, ElemType.INT);
    }

    @Override
    public long longArg(int arg) {
        if (call.args()[arg] instanceof Long v) return v;
        throw wrongKind(arg, "longArg", MemoryLevel.PRIVATE, ElemType.LONG);
    }

    @Override
    public float floatArg(int arg) {
        if (call.args()[arg] instanceof Float v) return v;
        throw wrongKind(arg, "floatArg", MemoryLevel.PRIVATE, ElemType.FLOAT);
    }

    @Override
    public double doubleArg(int arg) {
        if (call.args()[arg] instanceof Double v) return v;
        throw wrongKind(arg, "doubleArg", MemoryLevel.PRIVATE, ElemType.DOUBLE);
    }

    @Override
    public int[] localInts(int arg) {
        int[] v = lInts[arg];
        if (v == null) throw wrongKind(arg, "localInts", MemoryLevel.LOCAL, ElemType.INT);
        return v;
    }

    @Override
    public long[] localLongs(int arg) {
        long[] v = lLongs[arg];
        if (v == null) throw wrongKind(arg, "localLongs", MemoryLevel.LOCAL, ElemType.LONG);
        return v;
    }

    @Override
    public float[] localFloats(int arg) {
        float[] v = lFloats[arg];
        if (v == null) throw wrongKind(arg, "localFloats", MemoryLevel.LOCAL, ElemType.FLOAT);
        return v;
    }

    @Override
    public double[] localDoubles(int arg) {
        double[] v = lDoubles[arg];
        if (v == null) throw wrongKind(arg, "localDoubles", MemoryLevel.LOCAL, ElemType.DOUBLE);
        return v;
    }

    private IllegalArgumentException wrongKind(int arg, String method, MemoryLevel wanted, ElemType type) {
        String what = switch (wanted) {
            case GLOBAL, CONSTANT -> "a global or constant " + type.clName() + " buffer";
            case LOCAL, STATIC_LOCAL -> "a local or static-local " + type.clName() + " array";
            case PRIVATE -> "a private " + type.clName() + " scalar";
        };
        return new IllegalArgumentException(method + "(" + arg + ") in kernel '" + call.name() + "': argument " + arg
                + " is '" + call.argDefs().get(arg) + "', not " + what);
    }

    @Override
    public Constants constants() {
        return call.constants();
    }

    // ---- private memory -----------------------------------------------------------------

    @Override
    public int[] privateInts(int perItem) {
        return priv.ints(perItem);
    }

    @Override
    public long[] privateLongs(int perItem) {
        return priv.longs(perItem);
    }

    @Override
    public float[] privateFloats(int perItem) {
        return priv.floats(perItem);
    }

    @Override
    public double[] privateDoubles(int perItem) {
        return priv.doubles(perItem);
    }

    // ---- static local memory ------------------------------------------------------------

    @Override
    public int unitId() {
        return unit;
    }

    @Override
    public boolean firstGroupOnUnit() {
        return first;
    }

    @Override
    public boolean lastGroupOnUnit() {
        return last;
    }

    // ---- static work-groups -------------------------------------------------------------

    @Override
    public int staticGroupId() {
        if (run.isStatic) return staticId;
        return toInt(linear, "staticGroupId()");
    }

    @Override
    public int staticGroupCount() {
        if (run.isStatic) return run.k;
        return toInt(run.groupCount, "staticGroupCount()");
    }

    @Override
    public long taskCount() {
        return run.isStatic ? run.tasks : run.groupCount;
    }

    @Override
    public long nextTask() {
        if (!run.isStatic) {
            throw new IllegalStateException("nextTask() in kernel '" + call.name()
                    + "': tasks exist only in static work-group launches, this is " + run.launch);
        }
        if (run.aborted) throw LaunchRun.Abort.INSTANCE;
        long t;
        switch (run.mapping) {
            case BLOCKED -> t = cursor < blockEnd ? cursor++ : -1;
            case CYCLIC -> {
                if (cursor < run.tasks) {
                    t = cursor;
                    cursor += run.k;
                } else {
                    t = -1;
                }
            }
            case DYNAMIC -> {
                model.sharedCounter();    // a global atomic on the shared task counter
                t = run.nextDynamicTask();
            }
            default -> throw new IllegalStateException("unknown task mapping " + run.mapping);
        }
        if (t >= 0) {
            task = t;
            groupsRun++;   // a task is a logical work-group
        }
        return t;
    }

    private int toInt(long v, String what) {
        if (v > Integer.MAX_VALUE) {
            throw new ArithmeticException(what + " in kernel '" + call.name() + "': " + v + " does not fit an int; use groupLinearId()/numGroups()");
        }
        return (int) v;
    }

    // ---- phases, compute, asynchronous copies ------------------------------------------------

    /** One START/END loop of the translation scheme: charged per phase and per work-item. */
    @Override
    public void forEachItem(IntConsumer body) {
        int n = items;
        model.phase(n);
        for (int lid = 0; lid < n; lid++) body.accept(lid);
    }

    @Override
    public void ops(Op op, long count) {
        model.ops(op, count);
    }

    @Override
    public long asyncCopy(int[] dst, int dstOffset, GlobalInts src, int srcOffset, int n) {
        System.arraycopy(src.array(), srcOffset, dst, dstOffset, n);
        return model.copy(lsAddress(dstOffset, 4), ea(bufferOf(src, gInts), srcOffset, 4), 4L * n, true);
    }

    @Override
    public long asyncCopy(long[] dst, int dstOffset, GlobalLongs src, int srcOffset, int n) {
        System.arraycopy(src.array(), srcOffset, dst, dstOffset, n);
        return model.copy(lsAddress(dstOffset, 8), ea(bufferOf(src, gLongs), srcOffset, 8), 8L * n, true);
    }

    @Override
    public long asyncCopy(float[] dst, int dstOffset, GlobalFloats src, int srcOffset, int n) {
        System.arraycopy(src.array(), srcOffset, dst, dstOffset, n);
        return model.copy(lsAddress(dstOffset, 4), ea(bufferOf(src, gFloats), srcOffset, 4), 4L * n, true);
    }

    @Override
    public long asyncCopy(double[] dst, int dstOffset, GlobalDoubles src, int srcOffset, int n) {
        System.arraycopy(src.array(), srcOffset, dst, dstOffset, n);
        return model.copy(lsAddress(dstOffset, 8), ea(bufferOf(src, gDoubles), srcOffset, 8), 8L * n, true);
    }

    @Override
    public long asyncCopy(GlobalInts dst, int dstOffset, int[] src, int srcOffset, int n) {
        System.arraycopy(src, srcOffset, dst.array(), dstOffset, n);
        return model.copy(lsAddress(srcOffset, 4), ea(bufferOf(dst, gInts), dstOffset, 4), 4L * n, false);
    }

    @Override
    public long asyncCopy(GlobalLongs dst, int dstOffset, long[] src, int srcOffset, int n) {
        System.arraycopy(src, srcOffset, dst.array(), dstOffset, n);
        return model.copy(lsAddress(srcOffset, 8), ea(bufferOf(dst, gLongs), dstOffset, 8), 8L * n, false);
    }

    @Override
    public long asyncCopy(GlobalFloats dst, int dstOffset, float[] src, int srcOffset, int n) {
        System.arraycopy(src, srcOffset, dst.array(), dstOffset, n);
        return model.copy(lsAddress(srcOffset, 4), ea(bufferOf(dst, gFloats), dstOffset, 4), 4L * n, false);
    }

    @Override
    public long asyncCopy(GlobalDoubles dst, int dstOffset, double[] src, int srcOffset, int n) {
        System.arraycopy(src, srcOffset, dst.array(), dstOffset, n);
        return model.copy(lsAddress(srcOffset, 8), ea(bufferOf(dst, gDoubles), dstOffset, 8), 8L * n, false);
    }

    /**
     * One wait for all the events ({@code wait_group_events}): commands of an SPE complete in issue
     * order, so waiting for the latest event waits for them all. Each id is still checked.
     */
    @Override
    public void waitEvents(long... events) {
        long latest = 0;
        for (long e : events) {
            model.checkEvent(e);
            if (e > latest) latest = e;
        }
        model.waitEvent(latest);
    }

    /** Local arrays sit at 128-byte aligned local-store addresses, so an element's address is its byte offset. */
    private static long lsAddress(int offset, int bytes) {
        return (long) offset * bytes;
    }

    private long ea(int buffer, int offset, int bytes) {
        return addresses[buffer] + (long) offset * bytes;
    }

    /** The argument index of a global view handed out by this context. */
    private int bufferOf(Object view, Object[] views) {
        for (int i = 0; i < views.length; i++) if (views[i] == view) return i;
        throw new IllegalArgumentException("asyncCopy in kernel '" + call.name()
                + "': the global buffer is not an argument of this launch (use the view from ints()/floats()/...)");
    }

    /** Counts this worker's global atomics and feeds plain accesses to the cost model; also where a spinning kernel learns that the launch stopped. */
    private final class Tally implements AccessObserver {
        long count;

        @Override
        public void load(int buffer, long index, int bytes) {
            model.load(addresses[buffer] + index * bytes, bytes);
        }

        @Override
        public void store(int buffer, long index, int bytes) {
            model.store(addresses[buffer] + index * bytes, bytes);
        }

        @Override
        public void atomic(int buffer, long index, int bytes) {
            count++;
            if (run.aborted) throw LaunchRun.Abort.INSTANCE;
            model.atomic(addresses[buffer] + index * bytes);
        }

        @Override
        public boolean tracesLoads() {
            return model.tracesLoads();
        }
    }
}
