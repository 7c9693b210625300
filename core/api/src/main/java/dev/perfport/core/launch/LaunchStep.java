package dev.perfport.core.launch;

import dev.perfport.core.backend.CompiledKernel;

import java.util.Objects;

/**
 * One launch of a sequence given to {@link dev.perfport.core.backend.DeviceSession#launchSequence}: a kernel,
 * its launch, and its arguments as for {@link dev.perfport.core.backend.DeviceSession#launch}.
 *
 * @param kernel a kernel compiled by the session
 * @param launch an {@link NDRange} or {@link StaticGroups}
 * @param args   the definition's arguments in order
 */
public record LaunchStep(CompiledKernel kernel, Launch launch, Object[] args) {
    /** Checks the step and keeps a copy of the arguments. */
    public LaunchStep {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(launch, "launch");
        args = args.clone();
    }

    /**
     * {@return a step}
     *
     * @param kernel a kernel compiled by the session
     * @param launch the launch
     * @param args   the definition's arguments in order
     */
    public static LaunchStep of(CompiledKernel kernel, Launch launch, Object... args) {
        return new LaunchStep(kernel, launch, args);
    }

    /** {@return a copy of the arguments} */
    @Override
    public Object[] args() {
        return args.clone();
    }
}
