package dev.perfport.core.backend;

import dev.perfport.core.device.DeviceType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The residency heuristic's arithmetic, for devices this machine does not have (H100, RTX 3090, T4, ...). */
class ResidencyTest {
    static final Residency.DeviceFacts H100 = new Residency.DeviceFacts(DeviceType.GPU, true, 132, 49152, 9, 0, 32);
    static final Residency.DeviceFacts RTX3090 = new Residency.DeviceFacts(DeviceType.GPU, true, 82, 49152, 8, 6, 32);
    static final Residency.DeviceFacts T4 = new Residency.DeviceFacts(DeviceType.GPU, true, 40, 49152, 7, 5, 32);
    static final Residency.DeviceFacts MAXWELL = new Residency.DeviceFacts(DeviceType.GPU, true, 24, 49152, 5, 2, 32);
    static final Residency.DeviceFacts POCL = new Residency.DeviceFacts(DeviceType.CPU, false, 2, 2 << 20, 0, 0, 0);
    static final Residency.DeviceFacts AMD = new Residency.DeviceFacts(DeviceType.GPU, false, 104, 65536, 0, 0, 0);

    @Test
    void nvidiaHopper() {
        // 256 items: threads 2048/256 = 8, registers 65536/(64*256) = 4, local 49152/1028 = 47 -> 4 per SM
        assertEquals(132 * 4, Residency.estimate(H100, 1024, 256, 1028));
        // 64 items: threads 32, blocks 32, registers 16 -> 16
        assertEquals(132 * 16, Residency.estimate(H100, 1024, 64, 0));
        // 1024 items: registers allow one group per SM
        assertEquals(132, Residency.estimate(H100, 1024, 1024, 0));
        // 100 items occupy 4 warps (128 threads): registers 8
        assertEquals(132 * 8, Residency.estimate(H100, 1024, 100, 0));
        // local memory decides: 49152 / 20000 = 2
        assertEquals(132 * 2, Residency.estimate(H100, 1024, 64, 20000));
        // the register assumption does not depend on the kernel's work-group limit
        assertEquals(132 * 4, Residency.estimate(H100, 256, 256, 0));
    }

    @Test
    void aRegisterCapRaisesTheRegisterBound() {
        // 512 items at the assumed 64 registers: 65536/(64*512) = 2; capped at 32: 4 (threads also allow 4)
        assertEquals(132 * 2, Residency.estimate(H100, 1024, 512, 0));
        assertEquals(132 * 4, Residency.estimate(H100, 1024, 512, 0, 32));
        // a cap above the assumption changes nothing, and 0 means none
        assertEquals(132 * 2, Residency.estimate(H100, 1024, 512, 0, 128));
        assertEquals(132 * 2, Residency.estimate(H100, 1024, 512, 0, 0));
        // not NVIDIA: no register bound to raise
        assertEquals(104, Residency.estimate(AMD, 1024, 512, 0, 32));
    }

    @Test
    void nvidiaAmpereTuringAndUnknown() {
        // 8.6: 32 items -> threads 1536/32 = 48, registers 32, blocks 16 -> 16
        assertEquals(82 * 16, Residency.estimate(RTX3090, 1024, 32, 0));
        // 7.5: 128 items -> threads 1024/128 = 8, registers 8 -> 8
        assertEquals(40 * 8, Residency.estimate(T4, 1024, 128, 0));
        // 7.5: 32 items -> blocks per SM 16 decides
        assertEquals(40 * 16, Residency.estimate(T4, 1024, 32, 0));
        // 5.2 is not in the table: 1024 threads -> 1024/512 = 2
        assertEquals(24 * 2, Residency.estimate(MAXWELL, 1024, 512, 0));
    }

    @Test
    void nothingFitsGivesZero() {
        assertEquals(0, Residency.estimate(H100, 1024, 64, 49153));
        assertEquals(0, Residency.estimate(H100, 256, 512, 0));
        assertEquals(0, Residency.estimate(POCL, 4096, 4097, 0));
        assertEquals(0, Residency.estimate(POCL, 4096, 64, (2 << 20) + 1));
        assertEquals(0, Residency.estimate(POCL, 4096, 0, 0));
    }

    @Test
    void atLeastOnePerUnitWhenAGroupFits() {
        // the whole local memory in one group still runs one group per SM
        assertEquals(132, Residency.estimate(H100, 1024, 1024, 49152));
    }

    @Test
    void cpuAndOtherDevices() {
        assertEquals(2, Residency.estimate(POCL, 4096, 1, 0));
        assertEquals(2, Residency.estimate(POCL, 4096, 4096, 2 << 20));
        assertEquals(104, Residency.estimate(AMD, 256, 64, 0));
        // an NVIDIA device that does not report its compute capability falls back to one per unit
        assertEquals(132, Residency.estimate(new Residency.DeviceFacts(DeviceType.GPU, false, 132, 49152, 0, 0, 0), 1024, 64, 0));
        assertEquals(8, Residency.estimate(new Residency.DeviceFacts(DeviceType.ACCELERATOR, false, 8, 16384, 0, 0, 0), 64, 64, 0));
    }

    /** The CUDA programming guide's table of compute capabilities, the rows the heuristic uses. */
    @ParameterizedTest(name = "compute capability {0}.{1}: {2} threads and {3} blocks per SM")
    @CsvSource({"9, 0, 2048, 32", "8, 0, 2048, 32", "8, 6, 1536, 16", "8, 9, 1536, 24", "7, 5, 1024, 16", "6, 1, 1024, 32"})
    void residentThreadsAndBlocksPerSm(int major, int minor, long threads, long blocks) {
        assertEquals(threads, Residency.threadsPerSm(major, minor));
        assertEquals(blocks, Residency.blocksPerSm(major, minor));
    }
}
