package dev.perfport.core.transfer;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.launch.Launch;
import dev.perfport.core.memory.ElemType;

import java.util.List;
import java.util.Objects;

/**
 * Kernels over several host arrays that live whole on the device, in stages (seed 002 §5.6: POP's
 * functions, one stage per vertical level). Stage i copies ranges of its arrays in, runs its
 * kernels once the copies in of the stages it names in {@code waitCopies} have arrived (a kernel of
 * level k may read levels 0 and k-1) and the kernels of those in {@code waitKernels} have ended (it
 * may read what they computed), and copies ranges out that its own kernels wrote. Explicit and
 * mapped runs take one stage; streams and hybrid run stage i on queue i mod queues. A kernel's
 * arguments name the arrays' device buffers with {@link #array(int)}.
 *
 * @param arrays the arrays, on the host (a {@link Role#DEVICE} array only on the device)
 * @param stages the stages, in order
 */
public record StagedJob(List<HostArray> arrays, List<Stage> stages) {
    /** Which way an array travels. */
    public enum Role {
        /** Read by the kernels: copied in. */
        IN,
        /** Written by the kernels: copied out. */
        OUT,
        /** Read and written: copied in and out. */
        INOUT,
        /** Intermediate results that stay on the device. */
        DEVICE;

        /** {@return whether the host's data must reach the device} */
        public boolean in() {
            return this == IN || this == INOUT;
        }

        /** {@return whether the device's result must reach the host} */
        public boolean out() {
            return this == OUT || this == INOUT;
        }
    }

    /**
     * One array.
     *
     * @param name   its name, for messages
     * @param type   element type
     * @param length elements
     * @param data   the host array ({@code float[]}, {@code double[]} or {@code int[]} of {@code length}); null for a device-only one
     * @param role   which way it travels
     */
    public record HostArray(String name, ElemType type, int length, Object data, Role role) {
        /** Checks that the host array matches the type and length. */
        public HostArray {
            Objects.requireNonNull(type);
            Objects.requireNonNull(role);
            if (role == Role.DEVICE ? data != null : data == null || data.getClass() != type.arrayClass()
                    || ElemType.arrayLength(data) != length) {
                throw new IllegalArgumentException("array " + name + ": a " + role + " array needs "
                        + (role == Role.DEVICE ? "no host data" : "a " + type.clName() + "[" + length + "]"));
            }
        }

        /**
         * {@return the bytes of some elements}
         *
         * @param count elements
         */
        public long bytes(long count) {
            return count * type.bytes();
        }
    }

    /**
     * Elements of one array.
     *
     * @param array  the array's index
     * @param offset first element
     * @param count  elements
     */
    public record Range(int array, int offset, int count) {
    }

    /**
     * One kernel launch.
     *
     * @param kernel the compiled kernel
     * @param launch its shape
     * @param args   its arguments, with {@link #array(int)} in place of the arrays' buffers
     */
    public record Step(CompiledKernel kernel, Launch launch, List<Object> args) {
        /** Copies the arguments. */
        public Step {
            Objects.requireNonNull(kernel);
            Objects.requireNonNull(launch);
            args = List.copyOf(args);
        }
    }

    /**
     * One stage.
     *
     * @param in      ranges copied in (of {@link Role#IN} and {@link Role#INOUT} arrays)
     * @param kernels the kernels, in order
     * @param out         ranges copied out (of {@link Role#OUT} and {@link Role#INOUT} arrays), written by these kernels
     * @param waitCopies  earlier stages whose copies in these kernels read
     * @param waitKernels earlier stages whose kernels' results these kernels read
     */
    public record Stage(List<Range> in, List<Step> kernels, List<Range> out, List<Integer> waitCopies, List<Integer> waitKernels) {
        /** Copies the lists. */
        public Stage {
            in = List.copyOf(in);
            kernels = List.copyOf(kernels);
            out = List.copyOf(out);
            waitCopies = List.copyOf(waitCopies);
            waitKernels = List.copyOf(waitKernels);
        }
    }

    /** Marks an array's device buffer among a kernel's arguments. */
    private record ArrayRef(int index) {
    }

    /**
     * {@return the marker of an array's device buffer, for a kernel's arguments}
     *
     * @param index the array's index
     */
    public static Object array(int index) {
        return new ArrayRef(index);
    }

    /** Checks that every range lies within its array and travels its way, and that stages wait only for earlier ones. */
    public StagedJob {
        arrays = List.copyOf(arrays);
        stages = List.copyOf(stages);
        if (stages.isEmpty()) throw new IllegalArgumentException("a job needs at least one stage");
        for (int i = 0; i < stages.size(); i++) {
            Stage s = stages.get(i);
            for (Range r : s.in()) check(arrays, r, true);
            for (Range r : s.out()) check(arrays, r, false);
            for (int a : java.util.stream.Stream.concat(s.waitCopies().stream(), s.waitKernels().stream()).toList()) {
                if (a < 0 || a >= i) throw new IllegalArgumentException("stage " + i + " waits for stage " + a + ", which is not an earlier one");
            }
        }
    }

    private static void check(List<HostArray> arrays, Range r, boolean in) {
        if (r.array() < 0 || r.array() >= arrays.size()) throw new IllegalArgumentException("range " + r + " names no array");
        HostArray a = arrays.get(r.array());
        if (in ? !a.role().in() : !a.role().out()) {
            throw new IllegalArgumentException("range " + r + " copies " + a.name() + " (" + a.role() + ") " + (in ? "in" : "out"));
        }
        if (r.offset() < 0 || r.count() < 0 || (long) r.offset() + r.count() > a.length()) {
            throw new IllegalArgumentException("range " + r + " lies outside " + a.name() + " (" + a.length() + ")");
        }
    }

    /** {@return bytes copied in over all stages} */
    public long inBytes() {
        long b = 0;
        for (Stage s : stages) for (Range r : s.in()) b += arrays.get(r.array()).bytes(r.count());
        return b;
    }

    /** {@return bytes copied out over all stages} */
    public long outBytes() {
        long b = 0;
        for (Stage s : stages) for (Range r : s.out()) b += arrays.get(r.array()).bytes(r.count());
        return b;
    }

    /**
     * {@return a step's arguments with the arrays' buffers in place of the markers}
     *
     * @param step    the step
     * @param buffers the device buffer (or a route's handle) of each array, by index
     */
    public static Object[] bind(Step step, Object[] buffers) {
        Object[] a = step.args().toArray();
        for (int i = 0; i < a.length; i++) if (a[i] instanceof ArrayRef r) a[i] = buffers[r.index()];
        return a;
    }
}
