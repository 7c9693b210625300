package dev.perfport.workloads;

import dev.perfport.core.error.ConfigException;
import dev.perfport.workloads.convolution.Convolution;
import dev.perfport.workloads.gemm.Gemm;
import dev.perfport.workloads.matmul.Matmul;
import dev.perfport.workloads.matmul.MatmulStatic;
import dev.perfport.workloads.reduction.Reduction;
import dev.perfport.workloads.saxpy.Saxpy;
import dev.perfport.workloads.scan.Scan;
import dev.perfport.workloads.table.Table;
import dev.perfport.workloads.var.Var;

import java.util.List;

/** Every workload perfport ships. */
public final class Workloads {
    private static final List<Workload> ALL = List.of(new Reduction(), new Matmul(), new MatmulStatic(), new Scan(), new Table(), new Var(),
            new Saxpy(), new Gemm(), new Convolution());

    private Workloads() {
    }

    public static List<Workload> all() {
        return ALL;
    }

    /** The workload with this name, or an error listing those that exist. */
    public static Workload get(String name) {
        for (Workload w : ALL) if (w.name().equals(name)) return w;
        throw new ConfigException("unknown workload '" + name + "'; workloads: "
                + String.join(", ", ALL.stream().map(Workload::name).toList()));
    }
}
