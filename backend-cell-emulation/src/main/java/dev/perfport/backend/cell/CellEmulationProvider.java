package dev.perfport.backend.cell;

import dev.perfport.backend.cell.model.Cost;
import dev.perfport.core.backend.AbstractBackendProvider;
import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.BackendContext;

import java.util.ArrayList;
import java.util.List;

/**
 * Makes the {@code cell-emulation} backend: found as a PF4J extension in the plugin jar and through
 * {@link java.util.ServiceLoader} when the module is on the classpath (the embedded default).
 */
public final class CellEmulationProvider extends AbstractBackendProvider {
    public static final String ID = "cell-emulation";

    public CellEmulationProvider() {
        super(ID, "Pure-Java Cell/B.E.-style emulator: SPE-like workers with 256 KiB local stores, MFC DMA, software cache"
                + " and a cost model (modelled time); no native code", settingKeys());
    }

    private static List<String> settingKeys() {
        List<String> keys = new ArrayList<>(List.of(CellConfig.WORKERS, CellConfig.LOCAL_STORE_BYTES,
                CellConfig.RESERVED_BYTES, CellConfig.POISON, CellConfig.TIMEOUT_SECONDS, CellConfig.CACHE, CellConfig.CACHE_BYTES,
                CellConfig.CACHE_LINE_BYTES, CellConfig.CACHE_WAYS, CellConfig.SCHEDULE, CellConfig.PPE, CellConfig.BUFFER_ALIGNMENT,
                CellConfig.PPE_ONLY, TransferConfig.COPY_ENGINES, TransferConfig.IMPLICIT_SYNC, TransferConfig.LINK_GBS));
        for (Cost c : Cost.values()) keys.add(c.key());
        return keys;
    }

    /** Reads the {@code perfport.cell-emulation.*} settings; a bad value fails with a {@link dev.perfport.core.error.ConfigException}. */
    @Override
    public Backend create(BackendContext context) {
        return new CellBackend(CellConfig.from(context.config()));
    }
}
