package dev.perfport.backend.aparapi;

import dev.perfport.core.device.DeviceType;

/**
 * The residency query of seed 003 §4.2 for Aparapi's devices: how many work-groups of one kernel
 * are resident at once. Neither OpenCL nor Aparapi answers it, so this is a <b>heuristic</b> that
 * errs low (persistent groups beyond the resident ones could deadlock a kernel that spin-waits on
 * another group). It is the same estimate as the jocl backend's, so that both OpenCL routes run
 * the same k on the same device:
 *
 * <ul>
 *   <li>0 when the group's local memory exceeds the device's, or its work-items exceed the kernel's
 *       work-group limit (Aparapi's {@code getKernelMaxWorkGroupSize}; on NVIDIA, where that value
 *       is advice rather than a limit, the device's maximum work-group size);</li>
 *   <li>Aparapi's Java thread pool: 1. It runs the work-groups of a launch one after another (one
 *       thread per work-item of the current group), so only one group is ever resident;</li>
 *   <li>CPU devices: the compute units (PoCL runs one group at a time per compute-unit thread);</li>
 *   <li>NVIDIA GPUs reporting a compute capability: compute units &times; the blocks one SM holds,
 *       min(threads per SM / work-items, blocks per SM, local memory / local bytes, 65536
 *       registers / (64 registers per thread &times; work-items)), work-items rounded up to whole
 *       warps; threads per SM 2048 for 8.0 and 9.x, 1536 for 8.6 and 8.9, else 1024; blocks per SM
 *       32, or 16 on 7.5 and 8.6/8.7, 24 on 8.9;</li>
 *   <li>other GPUs and accelerators: the compute units;</li>
 *   <li>at least 1 whenever one group fits at all.</li>
 * </ul>
 */
final class Residency {
    static final long NV_REGISTERS_PER_SM = 65536;
    static final long NV_ASSUMED_REGISTERS_PER_THREAD = 64;

    /**
     * What the heuristic needs to know about a device.
     *
     * @param type          device type
     * @param threadPool    Aparapi's Java thread pool
     * @param nvidia        an NVIDIA device reporting its compute capability
     * @param computeUnits  compute units
     * @param localMemBytes local memory per group
     * @param ccMajor       compute capability major (NVIDIA), else 0
     * @param ccMinor       compute capability minor (NVIDIA), else 0
     * @param warpSize      warp size (NVIDIA), else 0
     */
    record DeviceFacts(DeviceType type, boolean threadPool, boolean nvidia, int computeUnits, long localMemBytes,
                       int ccMajor, int ccMinor, int warpSize) {
    }

    private Residency() {
    }

    static int estimate(DeviceFacts dev, long kernelGroupSize, long localItems, long localBytes) {
        if (localItems < 1 || localItems > kernelGroupSize) return 0;
        if (localBytes > dev.localMemBytes()) return 0;
        if (dev.threadPool()) return 1;
        long perUnit = dev.type() == DeviceType.GPU && dev.nvidia() && dev.ccMajor() > 0
                ? nvidiaBlocksPerSm(dev, localItems, localBytes) : 1;
        long total = (long) dev.computeUnits() * Math.max(1, perUnit);
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, total));
    }

    static long nvidiaBlocksPerSm(DeviceFacts dev, long localItems, long localBytes) {
        int warp = dev.warpSize() > 0 ? dev.warpSize() : 32;
        long threads = (localItems + warp - 1) / warp * warp;
        long byThreads = threadsPerSm(dev.ccMajor(), dev.ccMinor()) / threads;
        long byBlocks = blocksPerSm(dev.ccMajor(), dev.ccMinor());
        long byLocal = localBytes > 0 ? dev.localMemBytes() / localBytes : Long.MAX_VALUE;
        long byRegs = NV_REGISTERS_PER_SM / (NV_ASSUMED_REGISTERS_PER_THREAD * threads);
        return Math.max(1, Math.min(Math.min(byThreads, byBlocks), Math.min(byLocal, byRegs)));
    }

    static long threadsPerSm(int major, int minor) {
        if (major == 9 || (major == 8 && minor == 0)) return 2048;
        if (major == 8 && (minor == 6 || minor == 9)) return 1536;
        return 1024;
    }

    static long blocksPerSm(int major, int minor) {
        if (major == 7 && minor == 5) return 16;
        if (major == 8 && (minor == 6 || minor == 7)) return 16;
        if (major == 8 && minor == 9) return 24;
        return 32;
    }
}
