package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;

/** The TornadoVM kernels of {@link StreamTornado}, found as a {@link KernelLibrary} service. */
@AutoService(KernelLibrary.class)
public final class StreamTornadoLibrary extends TornadoLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public StreamTornadoLibrary() {
        super(StreamTornado::register);
    }
}
