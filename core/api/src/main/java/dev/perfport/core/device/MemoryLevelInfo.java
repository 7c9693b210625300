package dev.perfport.core.device;

import java.util.Objects;

/**
 * One memory level as a particular device offers it.
 *
 * @param level         the level
 * @param capacityBytes bytes available per instance (per device, per compute unit, per group or
 *                      per work-item according to {@link MemoryLevel#scope()}); 0 when unsupported
 * @param support       native, emulated or unsupported on this device
 * @param note          how it is realised, e.g. "SPE local store" or "__local of a persistent group"
 */
public record MemoryLevelInfo(MemoryLevel level, long capacityBytes, Support support, String note) {
    /** Checks the parts; a null note is empty. */
    public MemoryLevelInfo {
        Objects.requireNonNull(level);
        Objects.requireNonNull(support);
        note = note == null ? "" : note;
        if (capacityBytes < 0) throw new IllegalArgumentException("negative capacity for " + level);
    }

    /** {@return who shares one instance} */
    public MemoryScope scope() {
        return level.scope();
    }

    /** {@return whether the host can allocate and copy buffers of this level} */
    public boolean hostVisible() {
        return level.hostVisible();
    }
}
