package dev.perfport.backend.aparapi;

import dev.perfport.backend.aparapi.kernels.KernelRegistry;
import dev.perfport.backend.aparapi.kernels.KernelSpec;
import dev.perfport.backend.aparapi.kernels.PerfportKernel;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.memory.ElemType;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Aparapi kernels and definitions used only by the tests, registered beside the standard ones. */
final class TestKernels {
    private TestKernels() {
    }

    /** a[i] += 1 for every work-item i. */
    public static final class AddOne extends PerfportKernel {
        int[] a;

        @Override
        public void run() {
            int i = getGlobalId();
            a[i] = a[i] + 1;
        }
    }

    static final KernelDef ADD_ONE = KernelDef.builder("test.add_one").global("a", ElemType.INT, Access.READ_WRITE).build();

    /** out[i] = in[i] * 2. */
    public static final class Twice extends PerfportKernel {
        int[] in;
        int[] out;

        @Override
        public void run() {
            int i = getGlobalId();
            out[i] = in[i] * 2;
        }
    }

    static final KernelDef TWICE = KernelDef.builder("test.twice")
            .global("in", ElemType.INT, Access.READ).global("out", ElemType.INT, Access.WRITE).build();

    /** Aparapi cannot translate {@code new} of an object in a kernel: out[i] = i + 1 through an AtomicInteger. */
    public static final class Untranslatable extends PerfportKernel {
        int[] out;

        @Override
        public void run() {
            AtomicInteger v = new AtomicInteger(getGlobalId() + 1);
            out[getGlobalId()] = v.get();
        }
    }

    static final KernelDef UNTRANSLATABLE = KernelDef.builder("test.untranslatable").global("out", ElemType.INT, Access.WRITE).build();

    /**
     * Translates, but to OpenCL C that does not build: Aparapi 3.0.2 drops the declaration of a
     * local variable that is declared without a value and assigned in both branches of an if.
     */
    public static final class Unbuildable extends PerfportKernel {
        int[] out;

        @Override
        public void run() {
            int i = getGlobalId();
            int v;
            if (i % 2 == 0) {
                v = i;
            } else {
                v = -i;
            }
            out[i] = v;
        }
    }

    static final KernelDef UNBUILDABLE = KernelDef.builder("test.unbuildable").global("out", ElemType.INT, Access.WRITE).build();

    /** A long buffer seen as int pairs (low word first): the low word of w[i] gains 1 through an atomic, the high word becomes 3i. */
    public static final class LongWords extends PerfportKernel {
        int[] w;

        @Override
        public void run() {
            int i = getGlobalId();
            atomicAdd(w, 2 * i, 1);
            w[2 * i + 1] = 3 * i;
        }
    }

    static final KernelDef LONG_WORDS = KernelDef.builder("test.long_words").global("w", ElemType.LONG, Access.READ_WRITE).build();

    /** Static work-groups: every task marks itself, hits[t] += 1 and owner[t] = the persistent group. */
    public static final class MarkTasks extends PerfportKernel {
        int[] hits;
        int[] owner;

        @Override
        public void run() {
            for (int t = taskBegin(); t >= 0; t = taskNext(t)) {
                if (getLocalId(0) == 0 && getLocalId(1) == 0) {
                    atomicAdd(hits, t, 1);
                    owner[t] = getGroupId(0);
                }
            }
        }
    }

    static final KernelDef MARK_TASKS = KernelDef.builder("test.mark_tasks").form(LaunchForm.STATIC_GROUPS)
            .global("hits", ElemType.INT, Access.READ_WRITE).global("owner", ElemType.INT, Access.WRITE).build();

    /**
     * Static local memory with the first/last hooks around the task loop: slm[0] counts the unit's
     * tasks, slm[1] its last task; the last hook publishes both and adds the count to total (a
     * counted atomic); the first hook counts itself in inits.
     */
    public static final class SlmHooks extends PerfportKernel {
        int[] perUnit;
        int[] lastTask;
        int[] inits;
        int[] total;
        @Local int[] slm;

        @Override
        public void run() {
            int lid = getLocalId(0) + getLocalId(1) * getLocalSize(0);
            if (lid == 0) {
                slm[0] = 0;
                slm[1] = -1;
                atomicAdd(inits, 0, 1);
            }
            localBarrier();
            for (int t = taskBegin(); t >= 0; t = taskNext(t)) {
                if (lid == 0) {
                    slm[0] = slm[0] + 1;
                    slm[1] = t;
                }
                localBarrier();
            }
            if (lid == 0) {
                perUnit[getGroupId(0)] = slm[0];
                lastTask[getGroupId(0)] = slm[1];
                atomicAdd(total, 0, slm[0]);
                countGlobalAtomic();
            }
        }
    }

    static KernelDef slmHooks(LaunchForm form) {
        return KernelDef.builder(form == LaunchForm.STATIC_GROUPS ? "test.slm_hooks_static" : "test.slm_hooks").form(form)
                .global("perUnit", ElemType.INT, Access.WRITE).global("lastTask", ElemType.INT, Access.WRITE)
                .global("inits", ElemType.INT, Access.READ_WRITE).global("total", ElemType.INT, Access.READ_WRITE)
                .staticLocal("slm", ElemType.INT).build();
    }

    /** The standard kernels plus these. */
    static KernelRegistry registry() {
        KernelRegistry r = KernelRegistry.standard();
        for (KernelSpec s : List.of(
                KernelSpec.of("test.add_one", AddOne.class, c -> new AddOne(), "a"),
                KernelSpec.of("test.twice", Twice.class, c -> new Twice(), "in", "out"),
                KernelSpec.of("test.long_words", LongWords.class, c -> new LongWords(), "w"),
                KernelSpec.of("test.untranslatable", Untranslatable.class, c -> new Untranslatable(), "out"),
                KernelSpec.of("test.unbuildable", Unbuildable.class, c -> new Unbuildable(), "out"),
                KernelSpec.of("test.mark_tasks", MarkTasks.class, c -> new MarkTasks(), "hits", "owner"),
                KernelSpec.of("test.slm_hooks", SlmHooks.class, c -> new SlmHooks(), "perUnit", "lastTask", "inits", "total", "slm"),
                KernelSpec.of("test.slm_hooks_static", SlmHooks.class, c -> new SlmHooks(), "perUnit", "lastTask", "inits", "total", "slm"))) {
            r = r.with(s);
        }
        return r;
    }
}
