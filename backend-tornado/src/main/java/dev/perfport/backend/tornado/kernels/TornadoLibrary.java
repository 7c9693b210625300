package dev.perfport.backend.tornado.kernels;

import dev.perfport.core.kernel.KernelLibrary;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** One workload's TornadoVM kernels as a {@link KernelLibrary}: what its {@code register} method adds. */
abstract class TornadoLibrary implements KernelLibrary {
    private final List<TornadoKernel> kernels;

    TornadoLibrary(Consumer<List<TornadoKernel>> register) {
        List<TornadoKernel> l = new ArrayList<>();
        register.accept(l);
        this.kernels = List.copyOf(l);
    }

    @Override
    public List<TornadoKernel> kernels() {
        return kernels;
    }
}
