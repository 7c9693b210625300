package dev.perfport.backend.tornado;

import dev.perfport.backend.tornado.kernels.LaunchArgs;
import dev.perfport.backend.tornado.kernels.TornadoKernel;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LaunchForm;
import uk.ac.manchester.tornado.api.KernelContext;
import uk.ac.manchester.tornado.api.types.arrays.FloatArray;
import uk.ac.manchester.tornado.api.types.arrays.IntArray;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.perfport.backend.tornado.kernels.TornadoKernel.sig;
import static dev.perfport.core.device.MemoryLevel.GLOBAL;
import static dev.perfport.core.device.MemoryLevel.PRIVATE;
import static dev.perfport.core.memory.ElemType.FLOAT;
import static dev.perfport.core.memory.ElemType.INT;

/** Small kernels for the session's own tests: transfers, residency, persistent groups, failures. */
final class TestKernels {
    private TestKernels() {
    }

    static final KernelDef SCALE = KernelDef.builder("test.scale").global("a", INT, Access.READ_WRITE).scalar("f", INT).build();
    static final KernelDef ADD_INTO = KernelDef.builder("test.add_into").global("src", INT, Access.READ)
            .global("dst", INT, Access.READ_WRITE).build();
    static final KernelDef COPY = KernelDef.builder("test.copy").global("src", INT, Access.READ).global("dst", INT, Access.WRITE).build();
    /** Static work-groups: every task records which group ran it and how often it ran. */
    static final KernelDef TASKS = KernelDef.builder("test.tasks").form(LaunchForm.STATIC_GROUPS)
            .global("owner", INT, Access.WRITE).global("runs", INT, Access.READ_WRITE).build();
    /** A float global atomic through TornadoVM's own API, which its OpenCL backend cannot compile. */
    static final KernelDef FLOAT_ATOMIC = KernelDef.builder("test.float_atomic").global("a", FLOAT, Access.READ_WRITE).build();

    static Map<String, TornadoKernel> all() {
        Map<String, TornadoKernel> m = new LinkedHashMap<>();
        m.put(SCALE.name(), new TornadoKernel(SCALE.name(), sig(GLOBAL, INT, PRIVATE, INT), false,
                a -> a.graph().task(a.task(), TestKernels::scale, a.context(), a.ints(0), a.intArg(1))));
        m.put(ADD_INTO.name(), new TornadoKernel(ADD_INTO.name(), sig(GLOBAL, INT, GLOBAL, INT), false,
                a -> a.graph().task(a.task(), TestKernels::addInto, a.context(), a.ints(0), a.ints(1))));
        m.put(COPY.name(), new TornadoKernel(COPY.name(), sig(GLOBAL, INT, GLOBAL, INT), false,
                a -> a.graph().task(a.task(), TestKernels::copy, a.context(), a.ints(0), a.ints(1))));
        m.put(TASKS.name(), new TornadoKernel(TASKS.name(), sig(GLOBAL, INT, GLOBAL, INT), false,
                a -> {
                    if (a.mapping() == LaunchArgs.DYNAMIC) {
                        a.graph().task(a.task(), TestKernels::tasksDynamic, a.context(), a.ints(0), a.ints(1), a.tasks(), a.next());
                    } else {
                        a.graph().task(a.task(), TestKernels::tasksStatic, a.context(), a.ints(0), a.ints(1), a.tasks(), a.mapping());
                    }
                }));
        m.put(FLOAT_ATOMIC.name(), new TornadoKernel(FLOAT_ATOMIC.name(), sig(GLOBAL, FLOAT), false,
                a -> a.graph().task(a.task(), TestKernels::floatAtomic, a.context(), a.floats(0))));
        return m;
    }

    public static void scale(KernelContext ctx, IntArray a, int f) {
        int i = ctx.globalIdx;
        a.set(i, a.get(i) * f);
    }

    public static void addInto(KernelContext ctx, IntArray src, IntArray dst) {
        int i = ctx.globalIdx;
        dst.set(i, dst.get(i) + src.get(i));
    }

    public static void copy(KernelContext ctx, IntArray src, IntArray dst) {
        int i = ctx.globalIdx;
        dst.set(i, src.get(i));
    }

    /** The persistent task loop of the backend's kernels (KernelGen's //#tasks), blocked or cyclic, with a trivial body. */
    public static void tasksStatic(KernelContext ctx, IntArray owner, IntArray runs, int tasks, int mapping) {
        int lid = ctx.localIdx;
        int size = ctx.localGroupSizeX;
        int sg = ctx.groupIdx;
        int k = ctx.globalGroupSizeX / size;
        int first = (int) (((long) tasks * sg) / k);
        int end = (int) (((long) tasks * (sg + 1)) / k);
        int step = 1;
        if (mapping == 1) {
            first = sg;
            end = tasks;
            step = k;
        }
        for (int t = first; t < end; t += step) {
            if (lid == 0) {
                owner.set(t, sg + 1);
                runs.set(t, runs.get(t) + 1);
            }
            ctx.localBarrier();
        }
    }

    /**
     * The dynamic mapping: work-item 0 takes the next task from {@code next} and shares it through
     * local memory. One getAndIncrement call site only (TornadoVM gives each site its own counter),
     * and the loop written as while (t < tasks) with the body under if (t < tasks): a while (true)
     * with break compiled here but ran with no kernel time and corrupted the heap.
     */
    public static void tasksDynamic(KernelContext ctx, IntArray owner, IntArray runs, int tasks, AtomicInteger next) {
        int lid = ctx.localIdx;
        int sg = ctx.groupIdx;
        int[] slot = ctx.allocateIntLocalArray(1);
        int t = 0;
        while (t < tasks) {
            ctx.localBarrier();
            if (lid == 0) {
                slot[0] = next.getAndIncrement();
            }
            ctx.localBarrier();
            t = slot[0];
            if (t < tasks) {
                if (lid == 0) {
                    owner.set(t, sg + 1);
                    runs.set(t, runs.get(t) + 1);
                }
            }
        }
    }

    public static void floatAtomic(KernelContext ctx, FloatArray a) {
        ctx.atomicAdd(a, 0, 1.0f);
    }
}
