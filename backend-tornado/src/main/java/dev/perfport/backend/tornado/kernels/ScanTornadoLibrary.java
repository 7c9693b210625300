package dev.perfport.backend.tornado.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;

import java.util.List;

/**
 * The TornadoVM kernels of {@link ScanTornado}, found as a {@link KernelLibrary} service, and the
 * one scan kernel the route cannot express: the single-pass scan, declined with the reason.
 */
@AutoService(KernelLibrary.class)
public final class ScanTornadoLibrary extends TornadoLibrary {
    /** Why TornadoVM has no single-pass scan: stated by a row that asks for one. */
    static final String SINGLE_PASS_DECLINED = "the single-pass look-back spins on status words that other work-groups publish, "
            + "and TornadoVM 5.2's Kernel API has no volatile or atomic load to read them with (its int atomics return nothing; "
            + "a plain load may read a stale cache line forever on a GPU)";

    /** Made by {@link java.util.ServiceLoader}. */
    public ScanTornadoLibrary() {
        super(ScanTornado::register);
    }

    @Override
    public List<Declined> declined() {
        return List.of(new Declined(TornadoKernel.class, "scan.single_pass.int", SINGLE_PASS_DECLINED),
                new Declined(TornadoKernel.class, "scan.single_pass.float", SINGLE_PASS_DECLINED));
    }
}
