package dev.perfport.core.device;

/** How a backend provides a memory level or feature on a device. */
public enum Support {
    /** The route offers it directly. */
    NATIVE,
    /** Built by perfport on top of other features (e.g. static local memory on persistent groups). */
    EMULATED,
    /** Not available: kernels that need it are refused before launch. */
    UNSUPPORTED;

    /** {@return whether kernels may use it (native or emulated)} */
    public boolean usable() {
        return this != UNSUPPORTED;
    }
}
