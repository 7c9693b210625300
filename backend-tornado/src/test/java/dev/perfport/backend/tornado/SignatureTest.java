package dev.perfport.backend.tornado;

import dev.perfport.backend.tornado.kernels.TornadoKernel;
import dev.perfport.backend.tornado.kernels.TornadoKernels;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.memory.ElemType;
import dev.perfport.workloads.matmul.MatmulKernels;
import dev.perfport.workloads.reduction.ReductionKernels;
import dev.perfport.workloads.saxpy.SaxpyKernels;
import dev.perfport.workloads.scan.ScanKernels;
import dev.perfport.workloads.table.TableKernels;
import dev.perfport.workloads.var.VarKernels;
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

    static List<KernelDef> definitions() {
        List<KernelDef> l = new ArrayList<>();
        for (ElemType t : List.of(ElemType.INT, ElemType.FLOAT)) {
            l.add(ReductionKernels.localAtomic(t));
            l.add(ReductionKernels.staticLocal(t));
            l.add(ReductionKernels.partials(t));
            l.add(ReductionKernels.fin(t));
            l.add(ScanKernels.block(t));
            l.add(ScanKernels.sequential(t));
            l.add(ScanKernels.add(t));
            l.add(ScanKernels.v1(t));
            l.add(ScanKernels.plus(t));
        }
        l.addAll(List.of(MatmulKernels.alpha(), MatmulKernels.beta(), MatmulKernels.gamma(), MatmulKernels.delta(),
                MatmulKernels.betaStatic(), TableKernels.local(), TableKernels.staticLocal(), VarKernels.normals()));
        for (VarKernels.Variant v : VarKernels.Variant.values()) l.add(VarKernels.def(v));
        l.add(SaxpyKernels.saxpy());
        return l;
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
