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
    public LaunchStep {
        Objects.requireNonNull(kernel, "kernel");
        Objects.requireNonNull(launch, "launch");
        args = args.clone();
    }

    /** {@return a step} */
    public static LaunchStep of(CompiledKernel kernel, Launch launch, Object... args) {
        return new LaunchStep(kernel, launch, args);
    }

    @Override
    public Object[] args() {
        return args.clone();
    }
}
