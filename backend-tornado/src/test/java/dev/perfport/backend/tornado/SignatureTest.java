package dev.perfport.backend.tornado;

import dev.perfport.conformance.WorkloadKernels;
import dev.perfport.backend.tornado.kernels.TornadoKernel;
import dev.perfport.backend.tornado.kernels.TornadoKernels;
import dev.perfport.core.kernel.KernelDef;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The TornadoVM kernels take exactly the arguments of the workloads' current kernel definitions,
 * so that a changed workload fails here, naming the kernel, rather than in a run.
 */
class SignatureTest {

    /** No TornadoVM kernel: the single-pass scan (declined: ScanTornado says why; TornadoConformanceTest declares it). */
    static final java.util.Set<String> NOT_ON_TORNADO = java.util.Set.of("scan.single_pass.int", "scan.single_pass.float");

    static List<KernelDef> definitions() {
        return WorkloadKernels.all().stream().filter(d -> !NOT_ON_TORNADO.contains(d.name())).toList();
    }

    @Test
    void everyWorkloadKernelHasAMatchingTornadoVmImplementation() {
        List<String> implemented = new ArrayList<>();
        for (KernelDef def : definitions()) {
            TornadoKernel k = TornadoKernels.find(def.name()).orElseThrow(() -> new AssertionError("no TornadoVM kernel " + def.name()));
            assertNull(k.mismatch(def), def.name());
            implemented.add(def.name());
        }
        // and nothing registered that no workload defines (a renamed kernel would linger otherwise)
        assertEquals(new java.util.TreeSet<>(implemented), new java.util.TreeSet<>(TornadoKernels.names()));
    }
}
