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

    public static Builder builder(String name) {
        return new Builder(name);
    }

    /** The implementation in a dialect, if the definition carries one (for {@link Dialect#NATIVE}, the first). */
    public Optional<KernelImpl> impl(Dialect d) {
        return impls.stream().filter(i -> i.dialect() == d).findFirst();
    }

    /**
     * The implementation of the given type, if the definition carries one. Backends ask for their
     * own route-native type; {@link KernelLibrary#find} also looks in the libraries.
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

    /** Whether any argument lives in static local memory. */
    public boolean usesStaticLocal() {
        return args.stream().anyMatch(a -> a.level() == MemoryLevel.STATIC_LOCAL);
    }

    /** Whether the kernel runs as persistent work-groups: static groups, or static local memory. */
    public boolean isPersistent() {
        return form == LaunchForm.STATIC_GROUPS || usesStaticLocal();
    }

    public int indexOf(String argName) {
        for (int i = 0; i < args.size(); i++) if (args.get(i).name().equals(argName)) return i;
        throw new IllegalArgumentException("kernel " + name + " has no argument '" + argName + "'");
    }

    /**
     * A stable hash of everything that defines the kernel's code: name, arguments, form and the
     * text of its OpenCL source. Used as part of tuning-cache keys.
     */
    public String hash() {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(name.getBytes(StandardCharsets.UTF_8));
            md.update(args.toString().getBytes(StandardCharsets.UTF_8));
            md.update(form.name().getBytes(StandardCharsets.UTF_8));
            if (impl(Dialect.OPENCL_C).orElse(null) instanceof KernelImpl.OpenClSource s) {
                md.update(s.source().getBytes(StandardCharsets.UTF_8));
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

        public Builder global(String n, ElemType t, Access a) {
            args.add(new ArgDef(n, MemoryLevel.GLOBAL, t, a));
            return this;
        }

        public Builder constantBuffer(String n, ElemType t) {
            args.add(new ArgDef(n, MemoryLevel.CONSTANT, t, Access.READ));
            return this;
        }

        public Builder local(String n, ElemType t) {
            args.add(new ArgDef(n, MemoryLevel.LOCAL, t, Access.READ_WRITE));
            return this;
        }

        public Builder staticLocal(String n, ElemType t) {
            args.add(new ArgDef(n, MemoryLevel.STATIC_LOCAL, t, Access.READ_WRITE));
            return this;
        }

        public Builder scalar(String n, ElemType t) {
            args.add(new ArgDef(n, MemoryLevel.PRIVATE, t, Access.READ));
            return this;
        }

        public Builder defaults(Constants c) {
            this.defaults = c;
            return this;
        }

        public Builder form(LaunchForm f) {
            this.form = f;
            return this;
        }

        public Builder declaredLocalBytes(ToLongFunction<Constants> f) {
            this.declaredLocal = f;
            return this;
        }

        /**
         * Adds an implementation: OpenCL C, Java work-group, or a route-native one such as an Aparapi
         * kernel class or a TornadoVM Kernel-API method (their types are defined by those backends).
         * One given earlier for the same dialect (route-native: of the same type) is replaced.
         */
        public Builder impl(KernelImpl impl) {
            impls.removeIf(i -> sameSlot(i, impl));
            impls.add(impl);
            return this;
        }

        public KernelDef build() {
            return new KernelDef(name, args, defaults, form, declaredLocal, impls);
        }
    }
}
