package dev.perfport.backend.cell;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.BackendContext;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.wg.WorkGroupKernel;

import java.util.HashMap;
import java.util.Map;

/** Opens the emulator the way the application does: provider, backend context, device 0. */
final class Cells {
    private Cells() {
    }

    /** The backend with {@code perfport.cell-emulation.<key>} set for each key/value pair. */
    static Backend backend(String... keyValues) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) m.put(CellConfig.PREFIX + keyValues[i], keyValues[i + 1]);
        return new CellEmulationProvider().create(new BackendContext(PerfportConfig.of(m)));
    }

    static DeviceSession open(String... keyValues) {
        return backend(keyValues).open(0);
    }

    /** A Java work-group implementation with a fixed kernel instance and private footprint. */
    static KernelImpl.JavaWorkGroup java(long privateBytesPerItem, WorkGroupKernel k) {
        return KernelImpl.JavaWorkGroup.of(c -> k, privateBytesPerItem);
    }

    static KernelDef.Builder kernel(String name) {
        return KernelDef.builder("test." + name);
    }
}
