package dev.perfport.backend.tornado.kernels;

import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.kernel.ArgDef;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.memory.ElemType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How one kernel definition runs in TornadoVM: the argument signature its Java (Kernel API) code
 * expects, and the binder that adds its task(s) to a task graph. Give it to the definition
 * ({@code KernelDef.builder(..).impl(new TornadoKernel(..))}) or return it from a
 * {@link dev.perfport.core.kernel.KernelLibrary}, for example for a SAXPY method
 * {@code static void saxpy(KernelContext c, FloatArray x, FloatArray y, float a, int n)}:
 *
 * <pre>{@code
 * new TornadoKernel("my.saxpy", sig(GLOBAL, FLOAT, GLOBAL, FLOAT, PRIVATE, FLOAT, PRIVATE, INT), false,
 *         a -> a.graph().task(a.task(), My::saxpy, a.context(), a.floats(0), a.floats(1), a.floatArg(2), a.intArg(3)))
 * }</pre>
 *
 * @param name                  the kernel definition's name
 * @param signature             expected arguments: memory level and element type, in order
 * @param deferredFloatAtomics  whether the kernel records float atomic adds for the session to
 *                              apply (then {@link LaunchArgs#deferredFloatOps()} exists)
 * @param ticket                whether the kernel takes {@link LaunchArgs#ticket()}, a zeroed
 *                              counter whose getAndIncrement gives each group its arrival order
 * @param cpuOnly               why the kernel may run only on CPU devices, or null when it runs anywhere
 * @param nvidiaMaxRegisters    on NVIDIA's OpenCL, the registers per work-item the driver may use
 *                              ({@code -cl-nv-maxrregcount}), or 0 for its own choice: for a kernel whose
 *                              TornadoVM-generated form takes more registers than its OpenCL C twin,
 *                              so that as many groups fit a compute unit
 * @param argUses               buffer arguments that this route's tasks use otherwise than the definition's access
 *                              says (by argument index; see {@link ArgUse}), so that a plan does not copy them
 *                              around every launch
 * @param binder                adds the task(s)
 * @param writeFirstWhenZero    buffer arguments (keys) that a launch never reads when a scalar argument (the value's
 *                              index) is zero: C of a GEMM with beta = 0, which TornadoVM compiles in. Such a launch
 *                              uses the buffer as {@link ArgUse#WRITE_FIRST}
 */
public record TornadoKernel(String name, List<Sig> signature, boolean deferredFloatAtomics, boolean ticket,
                            String cpuOnly, int nvidiaMaxRegisters, Map<Integer, ArgUse> argUses, Binder binder,
                            Map<Integer, Integer> writeFirstWhenZero)
        implements KernelImpl.Native {

    /**
     * How this route's tasks use a buffer argument whose definition says READ_WRITE for the other dialects, which
     * carry content through it (a ticket, partial sums left for the next launch).
     */
    public enum ArgUse {
        /** Every launch writes all of it before reading it: nothing to copy in after the first launch. */
        WRITE_FIRST,
        /** No task receives it: the plan neither copies it nor counts it as written. */
        UNUSED
    }

    /** One expected argument. */
    public record Sig(MemoryLevel level, ElemType type) {
        @Override
        public String toString() {
            return level.name().toLowerCase() + " " + type.clName();
        }
    }

    /** Adds a kernel's task(s) to the graph in {@link LaunchArgs#graph()}. */
    @FunctionalInterface
    public interface Binder {
        void bind(LaunchArgs a);
    }

    public TornadoKernel {
        Objects.requireNonNull(name);
        signature = List.copyOf(signature);
        if (nvidiaMaxRegisters < 0) throw new IllegalArgumentException("nvidiaMaxRegisters must be >= 0, got " + nvidiaMaxRegisters);
        argUses = Map.copyOf(argUses);
        for (int arg : argUses.keySet()) {
            if (arg < 0 || arg >= signature.size() || signature.get(arg).level() != MemoryLevel.GLOBAL) {
                throw new IllegalArgumentException("kernel '" + name + "': argument " + arg + " given a use is not a global buffer of " + signature);
            }
        }
        Objects.requireNonNull(binder);
        writeFirstWhenZero = Map.copyOf(writeFirstWhenZero);
        for (Map.Entry<Integer, Integer> e : writeFirstWhenZero.entrySet()) {
            int b = e.getKey(), z = e.getValue();
            if (b < 0 || b >= signature.size() || signature.get(b).level() != MemoryLevel.GLOBAL
                    || z < 0 || z >= signature.size() || signature.get(z).level() != MemoryLevel.PRIVATE) {
                throw new IllegalArgumentException("kernel '" + name + "': write-first buffer " + b + " or its scalar " + z
                        + " is not a global buffer and a private scalar of " + signature);
            }
        }
    }

    public TornadoKernel(String name, List<Sig> signature, boolean deferredFloatAtomics, boolean ticket, String cpuOnly,
                         int nvidiaMaxRegisters, Map<Integer, ArgUse> argUses, Binder binder) {
        this(name, signature, deferredFloatAtomics, ticket, cpuOnly, nvidiaMaxRegisters, argUses, binder, Map.of());
    }

    /**
     * How a launch with these arguments uses buffer argument {@code arg}: its stated {@link ArgUse}, else
     * {@link ArgUse#WRITE_FIRST} where {@link #writeFirstWhenZero} holds and the scalar is zero, else null (as the
     * definition's access says).
     */
    public ArgUse use(int arg, Object[] args) {
        ArgUse u = argUses.get(arg);
        if (u != null) return u;
        Integer z = writeFirstWhenZero.get(arg);
        return z != null && args[z] instanceof Number n && n.doubleValue() == 0 ? ArgUse.WRITE_FIRST : null;
    }

    /** This kernel with buffer {@code arg} written first (never read) by a launch whose scalar argument {@code scalar} is zero. */
    public TornadoKernel withWriteFirstWhenZero(int arg, int scalar) {
        Map<Integer, Integer> m = new HashMap<>(writeFirstWhenZero);
        m.put(arg, scalar);
        return new TornadoKernel(name, signature, deferredFloatAtomics, ticket, cpuOnly, nvidiaMaxRegisters, argUses, binder, m);
    }

    /** A kernel with the driver's own register allocation. */
    public TornadoKernel(String name, List<Sig> signature, boolean deferredFloatAtomics, boolean ticket, String cpuOnly, Binder binder) {
        this(name, signature, deferredFloatAtomics, ticket, cpuOnly, 0, Map.of(), binder);
    }

    /** This kernel with argument {@code arg} used as {@code use} by its tasks. */
    public TornadoKernel withArgUse(int arg, ArgUse use) {
        Map<Integer, ArgUse> m = new HashMap<>(argUses);
        m.put(arg, Objects.requireNonNull(use));
        return new TornadoKernel(name, signature, deferredFloatAtomics, ticket, cpuOnly, nvidiaMaxRegisters, m, binder, writeFirstWhenZero);
    }

    /**
     * The largest register limit NVIDIA's compiler takes. Stated, it lets ptxas go past its own default
     * allocation: matmul α 80 registers and 12 loads in flight by default (1.73x jocl's kernel time), 184
     * registers and 128 loads with it (1.14x; H100, docs/routes.md).
     */
    public static final int NVIDIA_LARGEST_LIMIT = 255;

    /** This kernel with at most {@code registers} per work-item on NVIDIA's OpenCL. */
    public TornadoKernel withNvidiaMaxRegisters(int registers) {
        return new TornadoKernel(name, signature, deferredFloatAtomics, ticket, cpuOnly, registers, argUses, binder, writeFirstWhenZero);
    }

    /** A kernel without a ticket counter that runs on every device. */
    public TornadoKernel(String name, List<Sig> signature, boolean deferredFloatAtomics, Binder binder) {
        this(name, signature, deferredFloatAtomics, false, null, binder);
    }

    /** Why {@code def}'s arguments do not fit this implementation, or null when they do. */
    public String mismatch(KernelDef def) {
        List<Sig> have = new ArrayList<>();
        for (ArgDef a : def.args()) have.add(new Sig(a.level(), a.type()));
        if (have.equals(signature)) return null;
        return "TornadoVM's implementation of kernel '" + name + "' takes " + signature + " but the definition declares "
                + have + " (the workload changed; update backend-tornado's kernels)";
    }

    /** Builds a signature: level, type, level, type, ... */
    public static List<Sig> sig(Object... levelTypePairs) {
        List<Sig> l = new ArrayList<>();
        for (int i = 0; i < levelTypePairs.length; i += 2) {
            l.add(new Sig((MemoryLevel) levelTypePairs[i], (ElemType) levelTypePairs[i + 1]));
        }
        return l;
    }
}
