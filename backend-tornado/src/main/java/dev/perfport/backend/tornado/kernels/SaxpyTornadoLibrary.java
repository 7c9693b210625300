package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;

/** The TornadoVM kernel of {@link SaxpyTornado}, found as a {@link KernelLibrary} service. */
@AutoService(KernelLibrary.class)
public final class SaxpyTornadoLibrary extends TornadoLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public SaxpyTornadoLibrary() {
        super(SaxpyTornado::register);
    }
}
