package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;

/** The TornadoVM kernels of {@link ConvolutionTornado}, found as a {@link KernelLibrary} service. */
@AutoService(KernelLibrary.class)
public final class ConvolutionTornadoLibrary extends TornadoLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public ConvolutionTornadoLibrary() {
        super(ConvolutionTornado::register);
    }
}
