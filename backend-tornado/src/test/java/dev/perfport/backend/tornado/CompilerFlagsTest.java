package dev.perfport.backend.tornado;

import dev.perfport.backend.tornado.kernels.TornadoKernel;
import dev.perfport.backend.tornado.kernels.TornadoKernels;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * A kernel's register cap reaches NVIDIA's OpenCL compiler beside TornadoVM's own build options, and
 * no other vendor's compiler (PoCL would refuse -cl-nv-maxrregcount and the kernel would not build).
 */
class CompilerFlagsTest {

    private static DeviceInfo device(String vendor) {
        return new DeviceInfo("some GPU", vendor, DeviceType.GPU, 132, 1024, List.of(1024L, 1024L, 64L), Map.of(), Map.of(), Map.of());
    }

    @Test
    void csrVectorIsCappedAtThirtyTwoRegistersOnNvidiaOnly() {
        TornadoKernel csr = TornadoKernels.find("spmv.csr_vector").orElseThrow();
        assertEquals(LaunchPlan.DEFAULT_OPENCL_FLAGS + " -cl-nv-maxrregcount=32", LaunchPlan.compilerFlags(csr, device("NVIDIA Corporation")));
        assertNull(LaunchPlan.compilerFlags(csr, device("The pocl project")), "another vendor keeps TornadoVM's options");
    }

    @Test
    void matmulAlphaStatesTheLargestLimitOnNvidiaOnly() {
        TornadoKernel alpha = TornadoKernels.find("matmul.alpha").orElseThrow();
        assertEquals(LaunchPlan.DEFAULT_OPENCL_FLAGS + " -cl-nv-maxrregcount=255", LaunchPlan.compilerFlags(alpha, device("NVIDIA Corporation")));
        assertNull(LaunchPlan.compilerFlags(alpha, device("The pocl project")));
    }

    @Test
    void kernelsWithoutACapKeepTornadoVmsOptions() {
        TornadoKernel rows = TornadoKernels.find("spmv.rows").orElseThrow();
        assertNull(LaunchPlan.compilerFlags(rows, device("NVIDIA Corporation")));
    }
}
