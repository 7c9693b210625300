package dev.perfport.core.device;

import java.util.Locale;

/** The OpenCL device types, used by selectors such as {@code jocl:gpu}. */
public enum DeviceType {
    /** A host processor. */
    CPU,
    /** A graphics processor. */
    GPU,
    /** A dedicated accelerator (e.g. the Cell/B.E. emulator). */
    ACCELERATOR,
    /** A device of no other type, as OpenCL's {@code CL_DEVICE_TYPE_CUSTOM}. */
    CUSTOM;

    /** {@return lower-case name as written in selectors} */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * {@return the type a selector word names ({@code gpu}, {@code CPU}, ...), or null if it names none}
     *
     * @param s a word, any case
     */
    public static DeviceType parseOrNull(String s) {
        for (DeviceType t : values()) {
            if (t.name().equalsIgnoreCase(s)) return t;
        }
        return null;
    }
}
