package dev.perfport.core.backend;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.KernelLibrary;

import java.util.Optional;
import java.util.function.Function;

/**
 * The session of a route whose kernels are Java written against the route library's own API
 * ({@link Dialect#NATIVE}: Aparapi kernel classes, TornadoVM Kernel-API methods). A definition's
 * implementation is the one it carries, else the one the route's kernel libraries supply under
 * its name; a definition without one is refused with the line {@link #missing} gives.
 *
 * @param <I> the route's implementation type
 */
public abstract class AbstractNativeSession<I extends KernelImpl.Native> extends AbstractDeviceSession {
    private final String routeName;
    private final Class<I> implType;
    private final Function<String, Optional<I>> library;

    /**
     * A session of a route-native backend on a device.
     *
     * @param backendId the backend's id, reported by every row
     * @param device    the device that runs the work
     * @param routeName the route's name in errors, e.g. its library's
     * @param implType  the route's implementation type
     * @param library   the route's kernel libraries: the implementation of a kernel name, if any
     */
    protected AbstractNativeSession(String backendId, DeviceInfo device, String routeName, Class<I> implType,
                                    Function<String, Optional<I>> library) {
        super(backendId, device, false);
        this.routeName = routeName;
        this.implType = implType;
        this.library = library;
    }

    @Override
    protected final Dialect dialect() {
        return Dialect.NATIVE;
    }

    /**
     * {@return the definition's own implementation, else the kernel libraries' one of its name}
     *
     * @param def a kernel definition
     */
    protected final Optional<I> implementation(KernelDef def) {
        return def.impl(implType).or(() -> library.apply(def.name()));
    }

    @Override
    protected final boolean hasImplementation(KernelDef def) {
        return implementation(def).isPresent();
    }

    /**
     * {@return the one line, for a user, when {@code def} has no implementation for this route: the route's reason
     * where a kernel library declines it ({@link KernelLibrary#declined()}), else that it has none}
     *
     * @param def a kernel definition without an implementation here
     */
    protected final String missing(KernelDef def) {
        return missing(def, declined(def));
    }

    /**
     * {@return the error of compiling {@code def} without an implementation here: {@link #missing}'s reason for a
     * user, and where no kernel library declined it, how a kernel author can give it one}
     *
     * @param def a kernel definition without an implementation here
     */
    protected final UnsupportedFeatureException unsupported(KernelDef def) {
        Optional<String> declined = declined(def);
        String reason = missing(def, declined);
        if (declined.isPresent()) return new UnsupportedFeatureException(reason);
        return new UnsupportedFeatureException(reason, "give the definition one with " + howToImplement(def.name()) + ", or return it from a "
                + KernelLibrary.class.getName() + " listed in META-INF/services (docs/architecture.md, 'Route-native kernels')");
    }

    @Override
    protected final UnsupportedFeatureException refusal(KernelDef def, String why) {
        return hasImplementation(def) ? super.refusal(def, why) : unsupported(def);
    }

    private Optional<String> declined(KernelDef def) {
        return KernelLibrary.declined(def.name(), implType, getClass().getClassLoader());
    }

    private String missing(KernelDef def, Optional<String> declined) {
        if (declined.isPresent()) return backendId() + " does not run kernel '" + def.name() + "' (" + routeName + "): " + declined.get();
        return backendId() + " has no " + routeName + " implementation of kernel '" + def.name() + "'";
    }

    /**
     * {@return how a definition is given an implementation here, as Java, for the error of a
     * missing one: {@code KernelDef.builder(..).impl(...)} and what the parts are}
     *
     * @param kernel the kernel's name
     */
    protected abstract String howToImplement(String kernel);

    @Override
    public Optional<String> cannotRun(KernelDef def) {
        if (!hasImplementation(def)) return Optional.of(missing(def));
        return super.cannotRun(def);
    }
}
