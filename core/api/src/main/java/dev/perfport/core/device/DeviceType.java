package dev.perfport.core.device;

import java.util.Locale;

/** The OpenCL device types, used by selectors such as {@code jocl:gpu}. */
public enum DeviceType {
    CPU, GPU, ACCELERATOR, CUSTOM;

    /** Lower-case name as written in selectors. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses a selector word ({@code gpu}, {@code CPU}, ...), or returns null if it is none. */
    public static DeviceType parseOrNull(String s) {
        for (DeviceType t : values()) {
            if (t.name().equalsIgnoreCase(s)) return t;
        }
        return null;
    }
}
