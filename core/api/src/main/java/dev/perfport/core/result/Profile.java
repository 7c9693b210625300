package dev.perfport.core.result;

/**
 * Where the time of a run went, in nanoseconds, as the route measured it.
 *
 * @param compileNanos   kernel compilation (OpenCL build, Aparapi translation, TornadoVM JIT)
 * @param transferNanos  host-device copies
 * @param kernelNanos    kernel execution (device timers where the route has them)
 * @param modelledNanos  modelled time of an emulated device, or -1 when there is no model
 * @param bytesToDevice  bytes copied host to device
 * @param bytesToHost    bytes copied device to host
 * @param launches       kernel launches
 */
public record Profile(long compileNanos, long transferNanos, long kernelNanos, long modelledNanos,
                      long bytesToDevice, long bytesToHost, long launches) {
    /** Nothing measured, no cost model. */
    public static final Profile ZERO = new Profile(0, 0, 0, -1, 0, 0, 0);

    /** {@return whether the device has a cost model ({@link #modelledNanos()} is then 0 or more)} */
    public boolean hasModelledTime() {
        return modelledNanos >= 0;
    }

    /**
     * {@return the difference {@code this - earlier}, for measuring one part of a session}
     *
     * @param earlier a profile of the same session taken before this one
     */
    public Profile minus(Profile earlier) {
        long m = modelledNanos < 0 ? -1 : modelledNanos - Math.max(0, earlier.modelledNanos);
        return new Profile(compileNanos - earlier.compileNanos, transferNanos - earlier.transferNanos,
                kernelNanos - earlier.kernelNanos, m, bytesToDevice - earlier.bytesToDevice,
                bytesToHost - earlier.bytesToHost, launches - earlier.launches);
    }
}
