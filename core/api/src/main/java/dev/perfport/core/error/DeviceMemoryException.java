package dev.perfport.core.error;

/**
 * A buffer the device has no room for: more than its global memory holds next to the buffers
 * this session already has, more than one buffer may have, or what the driver refused. One line
 * naming the device, the bytes asked and the bytes available; the session stays usable (a smaller
 * buffer, or the same after others are closed, may still fit).
 */
public class DeviceMemoryException extends InvalidLaunchException {
    /** The device's name. */
    private final String device;
    /** The bytes asked for. */
    private final long asked;
    /** The bytes that were available. */
    private final long available;

    /**
     * An error naming the device, the bytes asked and the bytes available, and why no more were.
     *
     * @param device    the device's name
     * @param asked     the bytes of the buffer asked for
     * @param available the bytes that were available to it
     * @param why       what bounds {@code available}, e.g. the device's global memory and what is held
     */
    public DeviceMemoryException(String device, long asked, long available, String why) {
        super("out of device memory on " + device + ": a buffer of " + bytes(asked) + " asked, " + bytes(Math.max(0, available))
                + " available (" + why + ")");
        this.device = device;
        this.asked = asked;
        this.available = Math.max(0, available);
    }

    /** {@return the device's name} */
    public String device() {
        return device;
    }

    /** {@return the bytes asked for} */
    public long asked() {
        return asked;
    }

    /** {@return the bytes that were available} */
    public long available() {
        return available;
    }

    /**
     * {@return {@code n} as bytes, with GiB or MiB beside it where that is easier to read}
     *
     * @param n a number of bytes
     */
    public static String bytes(long n) {
        if (n >= 1L << 30) return n + " B (" + String.format(java.util.Locale.ROOT, "%.1f GiB", n / (double) (1L << 30)) + ")";
        if (n >= 1L << 20) return n + " B (" + String.format(java.util.Locale.ROOT, "%.1f MiB", n / (double) (1L << 20)) + ")";
        return n + " B";
    }
}
