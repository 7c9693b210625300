package dev.perfport.core.kernel;

import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.memory.ElemType;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * The one definition of a kernel: its name, arguments with their memory levels, default tuning
 * constants, launch form, and the implementations it carries. Route-native implementations
 * ({@link KernelImpl.Native}) that the definition does not carry come from {@link KernelLibrary}
 * services, which name the definition they implement by {@link #name()}.
 *
 * @param name               unique kernel name, e.g. {@code reduction.local_atomic}
 * @param args               the arguments in order
 * @param defaults           default tuning constants
 * @param form               NDRange or static work-groups
 * @param declaredLocalBytes local memory the kernel declares itself (fixed-size {@code __local}
 *                           arrays) for the given constants, on top of its LOCAL arguments
 * @param impls              implementations carried in the definition: at most one OpenCL C and
 *                           one Java work-group implementation, and at most one route-native
 *                           implementation of each type
 */
public record KernelDef(String name, List<ArgDef> args, Constants defaults, LaunchForm form,
                        ToLongFunction<Constants> declaredLocalBytes, List<KernelImpl> impls) {

    /**
     * Checks the parts: no argument name twice; null defaults, form and declared local bytes mean none.
     */
    public KernelDef {
        Objects.requireNonNull(name);
        args = List.copyOf(args);
        defaults = defaults == null ? Constants.empty() : defaults;
        form = form == null ? LaunchForm.NDRANGE : form;
        declaredLocalBytes = declaredLocalBytes == null ? c -> 0L : declaredLocalBytes;
        impls = List.copyOf(impls);
        for (int i = 0; i < impls.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (sameSlot(impls.get(i), impls.get(j))) {
                    throw new IllegalArgumentException("kernel " + name + " carries two " + slot(impls.get(i)) + " implementations");
                }
            }
        }
        for (int i = 0; i < args.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (args.get(i).name().equals(args.get(j).name())) {
                    throw new IllegalArgumentException("kernel " + name + " declares argument '" + args.get(i).name() + "' twice");
                }
            }
        }
    }

    /**
     * {@return a builder for a definition named {@code name}}
     *
     * @param name unique kernel name, e.g. {@code reduction.local_atomic}
     */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    /**
     * {@return the implementation in a dialect, if the definition carries one (for {@link Dialect#NATIVE}, the first)}
     *
     * @param d the dialect
     */
    public Optional<KernelImpl> impl(Dialect d) {
        return impls.stream().filter(i -> i.dialect() == d).findFirst();
    }

    /**
     * {@return the implementation of the given type, if the definition carries one} Backends ask for
     * their own route-native type; {@link KernelLibrary#find} also looks in the libraries.
     *
     * @param type an implementation type, e.g. an Aparapi backend's kernel spec
     * @param <T>  that type
     */
    public <T extends KernelImpl> Optional<T> impl(Class<T> type) {
        return impls.stream().filter(type::isInstance).map(type::cast).findFirst();
    }

    /** Two implementations that may not both be carried: same dialect, and for route-native ones same type. */
    private static boolean sameSlot(KernelImpl a, KernelImpl b) {
        return a.dialect() == b.dialect() && (a.dialect() != Dialect.NATIVE || a.getClass() == b.getClass());
    }

    private static String slot(KernelImpl i) {
        return i.dialect() == Dialect.NATIVE ? i.getClass().getSimpleName() : i.dialect().toString();
    }

    /** {@return whether any argument lives in static local memory} */
    public boolean usesStaticLocal() {
        return args.stream().anyMatch(a -> a.level() == MemoryLevel.STATIC_LOCAL);
    }

    /** {@return whether the kernel runs as persistent work-groups: static groups, or static local memory} */
    public boolean isPersistent() {
        return form == LaunchForm.STATIC_GROUPS || usesStaticLocal();
    }

    /**
     * {@return the position of an argument, from 0}
     *
     * @param argName the argument's name
     * @throws IllegalArgumentException when there is no such argument
     */
    public int indexOf(String argName) {
        for (int i = 0; i < args.size(); i++) if (args.get(i).name().equals(argName)) return i;
        throw new IllegalArgumentException("kernel " + name + " has no argument '" + argName + "'");
    }

    /**
     * {@return a stable hash of everything that defines the kernel's code} Name, arguments, form, and
     * the text and build options of its OpenCL source; part of tuning-cache keys.
     */
    public String hash() {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(name.getBytes(StandardCharsets.UTF_8));
            md.update(args.toString().getBytes(StandardCharsets.UTF_8));
            md.update(form.name().getBytes(StandardCharsets.UTF_8));
            if (impl(Dialect.OPENCL_C).orElse(null) instanceof KernelImpl.OpenClSource s) {
                md.update(s.source().getBytes(StandardCharsets.UTF_8));
                // only when set, so that the hashes (tuning-cache keys) of kernels without options stay as they were
                if (!s.buildOptions().isEmpty()) md.update(s.buildOptions().getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(md.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return name + args;
    }

    /** Builds a {@link KernelDef} argument by argument. */
    public static final class Builder {
        private final String name;
        private final List<ArgDef> args = new ArrayList<>();
        private Constants defaults = Constants.empty();
        private LaunchForm form = LaunchForm.NDRANGE;
        private ToLongFunction<Constants> declaredLocal = c -> 0L;
        private final List<KernelImpl> impls = new ArrayList<>();

        private Builder(String name) {
            this.name = name;
        }

        /**
         * Adds a {@link MemoryLevel#GLOBAL} buffer argument.
         *
         * @param n the argument's name
         * @param t its element type
         * @param a how the kernel uses it
         * @return this builder
         */
        public Builder global(String n, ElemType t, Access a) {
            args.add(new ArgDef(n, MemoryLevel.GLOBAL, t, a));
            return this;
        }

        /**
         * Adds a {@link MemoryLevel#CONSTANT} buffer argument (read-only).
         *
         * @param n the argument's name
         * @param t its element type
         * @return this builder
         */
        public Builder constantBuffer(String n, ElemType t) {
            args.add(new ArgDef(n, MemoryLevel.CONSTANT, t, Access.READ));
            return this;
        }

        /**
         * Adds a {@link MemoryLevel#LOCAL} array argument: one instance per work-group, its length given at
         * launch as a {@link LocalSize}.
         *
         * @param n the argument's name
         * @param t its element type
         * @return this builder
         */
        public Builder local(String n, ElemType t) {
            args.add(new ArgDef(n, MemoryLevel.LOCAL, t, Access.READ_WRITE));
            return this;
        }

        /**
         * Adds a {@link MemoryLevel#STATIC_LOCAL} array argument: one instance per compute unit, alive
         * across the work-groups run there, its length given at launch as a {@link LocalSize}.
         *
         * @param n the argument's name
         * @param t its element type
         * @return this builder
         */
        public Builder staticLocal(String n, ElemType t) {
            args.add(new ArgDef(n, MemoryLevel.STATIC_LOCAL, t, Access.READ_WRITE));
            return this;
        }

        /**
         * Adds a {@link MemoryLevel#PRIVATE} scalar argument, passed by value as a boxed number.
         *
         * @param n the argument's name
         * @param t its type
         * @return this builder
         */
        public Builder scalar(String n, ElemType t) {
            args.add(new ArgDef(n, MemoryLevel.PRIVATE, t, Access.READ));
            return this;
        }

        /**
         * Sets the default tuning constants.
         *
         * @param c the constants
         * @return this builder
         */
        public Builder defaults(Constants c) {
            this.defaults = c;
            return this;
        }

        /**
         * Sets the launch form (default {@link LaunchForm#NDRANGE}).
         *
         * @param f the form
         * @return this builder
         */
        public Builder form(LaunchForm f) {
            this.form = f;
            return this;
        }

        /**
         * Sets the local memory the kernel declares itself (fixed-size {@code __local} arrays), for launch
         * validation.
         *
         * @param f bytes for a set of constants
         * @return this builder
         */
        public Builder declaredLocalBytes(ToLongFunction<Constants> f) {
            this.declaredLocal = f;
            return this;
        }

        /**
         * Adds an implementation: OpenCL C, Java work-group, or a route-native one such as an Aparapi
         * kernel class or a TornadoVM Kernel-API method (their types are defined by those backends).
         * One given earlier for the same dialect (route-native: of the same type) is replaced.
         *
         * @param impl the implementation
         * @return this builder
         */
        public Builder impl(KernelImpl impl) {
            impls.removeIf(i -> sameSlot(i, impl));
            impls.add(impl);
            return this;
        }

        /** {@return the definition} */
        public KernelDef build() {
            return new KernelDef(name, args, defaults, form, declaredLocal, impls);
        }
    }
}
