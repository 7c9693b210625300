package dev.perfport.core.backend;

import dev.perfport.core.device.DeviceType;

/**
 * The residency query of seed 003 §4.2 for OpenCL devices: how many work-groups of one kernel can
 * be resident at once. The OpenCL routes (jocl, aparapi) share it, so that both run the same k on
 * the same device; a route that runs one group at a time (Aparapi's Java thread pool) describes
 * itself as a CPU of one compute unit. OpenCL 1.x/2.x/3.0 has no such query and no forward-progress guarantee
 * between work-groups, so this is a <b>heuristic</b>, built to err low (too many persistent groups
 * can deadlock a kernel that spin-waits on another group):
 *
 * <ul>
 *   <li>0 when the group's local memory exceeds the device's local memory, or its work-items exceed
 *       the kernel's work-group limit ({@code CL_KERNEL_WORK_GROUP_SIZE}; on NVIDIA, where that
 *       value is not a limit, the device's maximum work-group size);</li>
 *   <li>CPU devices: the compute units. PoCL runs one work-group at a time on each compute-unit
 *       thread, so any more groups would wait for a thread and could deadlock spin-waits;</li>
 *   <li>NVIDIA GPUs (compute capability from {@code cl_nv_device_attribute_query}): compute units
 *       &times; the blocks one SM holds: min(threads per SM / work-items, blocks per SM,
 *       local memory / local bytes, 65536 registers / (registers per thread &times; work-items)).
 *       Work-items are rounded up to whole warps. Threads per SM: 2048 for 8.0 and 9.x, 1536 for
 *       8.6 and 8.9, 1024 otherwise (7.5 and anything unknown). Blocks per SM: 32, or 16 on 7.5
 *       and 8.6/8.7, 24 on 8.9. Local memory per SM is taken as {@code CL_DEVICE_LOCAL_MEM_SIZE}
 *       (the per-group limit, conservatively). Registers per thread are assumed to be at most 64:
 *       NVIDIA's OpenCL reports no register count, and its {@code CL_KERNEL_WORK_GROUP_SIZE} (256
 *       for every kernel on an H100 with driver 580, though groups of 1024 run) says nothing about
 *       registers. A kernel built with a lower cap ({@code -cl-nv-maxrregcount}) holds at most the cap;</li>
 *   <li>other GPUs and accelerators: compute units &times; 1;</li>
 *   <li>at least 1 whenever one group fits at all.</li>
 * </ul>
 */
public final class Residency {
    /** Registers per SM on every NVIDIA architecture from 5.0 to 9.0 and later. */
    static final long NV_REGISTERS_PER_SM = 65536;
    /** Registers per thread the estimate assumes. */
    static final long NV_ASSUMED_REGISTERS_PER_THREAD = 64;

    /**
     * What the heuristic needs to know about a device.
     *
     * @param type          device type
     * @param nvidia        an NVIDIA device reporting its compute capability
     * @param computeUnits  CL_DEVICE_MAX_COMPUTE_UNITS
     * @param localMemBytes CL_DEVICE_LOCAL_MEM_SIZE
     * @param ccMajor       compute capability major (NVIDIA), else 0
     * @param ccMinor       compute capability minor (NVIDIA), else 0
     * @param warpSize      CL_DEVICE_WARP_SIZE_NV, else 0
     */
    public record DeviceFacts(DeviceType type, boolean nvidia, int computeUnits, long localMemBytes,
                              int ccMajor, int ccMinor, int warpSize) {
    }

    private Residency() {
    }

    /**
     * {@return the estimate described on this class: how many groups are resident at once, 0 when one does not fit}
     *
     * @param dev             the device
     * @param kernelGroupSize the most work-items a group of this kernel may have on this device
     * @param localItems      work-items per group
     * @param localBytes      local memory per group (arguments, static local and the kernel's own)
     */
    public static int estimate(DeviceFacts dev, long kernelGroupSize, long localItems, long localBytes) {
        return estimate(dev, kernelGroupSize, localItems, localBytes, 0);
    }

    /**
     * {@return as {@link #estimate(DeviceFacts, long, long, long)}, for a kernel whose registers per thread are capped}
     * With a cap below the 64 registers assumed (a build with {@code -cl-nv-maxrregcount}), the register
     * bound on NVIDIA uses the cap: the kernel holds at most that many.
     *
     * @param dev             the device
     * @param kernelGroupSize the most work-items a group of this kernel may have on this device
     * @param localItems      work-items per group
     * @param localBytes      local memory per group (arguments, static local and the kernel's own)
     * @param registerCap     the kernel's register cap on NVIDIA, 0 for none
     */
    public static int estimate(DeviceFacts dev, long kernelGroupSize, long localItems, long localBytes, int registerCap) {
        if (localItems < 1 || localItems > kernelGroupSize) return 0;
        if (localBytes > dev.localMemBytes()) return 0;
        long perUnit;
        if (dev.type() == DeviceType.CPU) {
            perUnit = 1;
        } else if (dev.type() == DeviceType.GPU && dev.nvidia() && dev.ccMajor() > 0) {
            perUnit = nvidiaBlocksPerSm(dev, localItems, localBytes,
                    registerCap > 0 ? Math.min(NV_ASSUMED_REGISTERS_PER_THREAD, registerCap) : NV_ASSUMED_REGISTERS_PER_THREAD);
        } else {
            perUnit = 1;
        }
        long total = (long) dev.computeUnits() * Math.max(1, perUnit);
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, total));
    }

    private static long nvidiaBlocksPerSm(DeviceFacts dev, long localItems, long localBytes, long registersPerThread) {
        int warp = dev.warpSize() > 0 ? dev.warpSize() : 32;
        long threads = (localItems + warp - 1) / warp * warp;   // SMs allocate whole warps
        long byThreads = threadsPerSm(dev.ccMajor(), dev.ccMinor()) / threads;
        long byBlocks = blocksPerSm(dev.ccMajor(), dev.ccMinor());
        long byLocal = localBytes > 0 ? dev.localMemBytes() / localBytes : Long.MAX_VALUE;
        long byRegs = NV_REGISTERS_PER_SM / (registersPerThread * threads);
        return Math.max(1, Math.min(Math.min(byThreads, byBlocks), Math.min(byLocal, byRegs)));
    }

    /** Resident threads per SM (CUDA programming guide, table of compute capabilities); 1024 when unknown. */
    static long threadsPerSm(int major, int minor) {
        if (major == 9 || (major == 8 && minor == 0)) return 2048;
        if (major == 8 && (minor == 6 || minor == 9)) return 1536;
        return 1024;
    }

    /** Resident blocks per SM; the lower values of 7.5, 8.6/8.7 and 8.9 keep the estimate from erring high. */
    static long blocksPerSm(int major, int minor) {
        if (major == 7 && minor == 5) return 16;
        if (major == 8 && (minor == 6 || minor == 7)) return 16;
        if (major == 8 && minor == 9) return 24;
        return 32;
    }
}
