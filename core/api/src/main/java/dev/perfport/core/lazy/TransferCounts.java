package dev.perfport.core.lazy;

/**
 * What a {@link LazyTransfers} moved, and what it left out.
 *
 * @param hostToDeviceBytes bytes copied host to device
 * @param deviceToHostBytes bytes copied device to host
 * @param hostToDeviceCopies copies host to device
 * @param deviceToHostCopies copies device to host
 * @param avoidedBytes      bytes the eager schedule (copy every read argument in and every
 *                          written one out around each kernel) would have moved beyond these
 */
public record TransferCounts(long hostToDeviceBytes, long deviceToHostBytes, long hostToDeviceCopies, long deviceToHostCopies,
                             long avoidedBytes) {
    /** {@return the bytes moved in both directions} */
    public long movedBytes() {
        return hostToDeviceBytes + deviceToHostBytes;
    }

    @Override
    public String toString() {
        return "moved " + movedBytes() + " B (" + hostToDeviceBytes + " B in " + hostToDeviceCopies + " copies to the device, "
                + deviceToHostBytes + " B in " + deviceToHostCopies + " back), avoided " + avoidedBytes + " B";
    }
}
