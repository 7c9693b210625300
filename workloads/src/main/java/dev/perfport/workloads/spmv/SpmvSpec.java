package dev.perfport.workloads.spmv;

import dev.perfport.core.device.MemoryLevel;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Rule;
import dev.perfport.workloads.spec.Spec;

import static dev.perfport.workloads.spmv.Spmv.CSR_ADAPTIVE;
import static dev.perfport.workloads.spmv.Spmv.CSR_SCALAR;
import static dev.perfport.workloads.spmv.Spmv.CSR_VECTOR;
import static dev.perfport.workloads.spmv.Spmv.ELL_COL;
import static dev.perfport.workloads.spmv.Spmv.ELL_ROW;
import static dev.perfport.workloads.spmv.Spmv.MERGE;
import static dev.perfport.workloads.spmv.Spmv.SELL;

/** SpMV's parameters and knobs, each declared once with the formats whose tuning varies it. */
final class SpmvSpec {
    static final Knob<String> MATRIX = Knob.text("matrix").byDefault("stencil2d:1024x1024").help(Matrices.SYNTAX);
    static final Knob<Integer> WG = Knob.ints("wg").atLeast(1).byDefault(128).grid(32, 64, 128, 256).tunable().help("work-group size");
    static final Knob<Integer> RPT = Knob.ints("rpt").atLeast(1).byDefault(1).grid(1, 4, 16, 64).tunable(CSR_SCALAR, ELL_COL, ELL_ROW)
            .help("rows per work-item (csr-scalar, ell-col, ell-row)");
    static final Knob<Integer> MAP = Knob.levels("map", "interleaved", "blocked").byDefaultText("interleaved").grid(0, 1)
            .tunable(CSR_SCALAR, ELL_COL, ELL_ROW)
            .help("interleaved (work-item t takes rows t, t+T, ...) or blocked (rows t*rpt ..); csr-scalar, ell-col, ell-row");
    static final Knob<Integer> LANES = Knob.ints("lanes").atLeast(1).byDefault(8).grid(1, 2, 4, 8, 16, 32).tunable(CSR_VECTOR)
            .help("work-items per row of csr-vector (a power of two dividing wg)");
    static final Knob<Integer> C = Knob.ints("C").atLeast(1).byDefault(32).grid(4, 8, 32, 128).tunable(SELL).help("slice height of sell");
    static final Knob<Integer> SIGMA = Knob.ints("sigma").atLeast(1).byDefault(1).grid(1, 32, 1024).tunable(SELL)
            .help("sorting window of sell in rows (1: unsorted)");
    static final Knob<Integer> IPT = Knob.ints("ipt").atLeast(1).byDefault(32).grid(8, 32, 128, 512).tunable(MERGE)
            .help("merge-path items (rows + non-zeros) per work-item of merge");
    static final Knob<Integer> BLOCK = Knob.ints("block").atLeast(1).byDefault(1024).grid(256, 512, 1024, 2048, 4096).tunable(CSR_ADAPTIVE)
            .help("non-zeros per row block of csr-adaptive (local memory floats; >= wg, wg a power of two)");
    static final Knob<Integer> REPS = Knob.ints("reps").atLeast(1).byDefault(3)
            .help("repetitions, timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)");
    static final Knob<Long> SEED = Knob.sizes("seed").byDefault(42L).help("seed of x and of the matrix generators");

    static final Spec SPEC = Spec.of("spmv")
            .seed("004")
            .description("sparse matrix-vector product y = Ax, float32: CSR scalar/vector, ELLPACK column/row-major, SELL-C-sigma, "
                    + "merge-based CSR")
            .kernels(SpmvKernels::all)
            .variants(CSR_SCALAR, CSR_VECTOR, ELL_COL, ELL_ROW, SELL, MERGE, CSR_ADAPTIVE)
            .knobs(MATRIX, WG, RPT, MAP, LANES, C, SIGMA, IPT, BLOCK, dev.perfport.workloads.TuningSupport.CONFIG, REPS, SEED)
            .rules(Rule.of("lanes divides wg", v -> Integer.bitCount(v.get(LANES)) == 1 && v.get(WG) % v.get(LANES) == 0,
                            v -> "lanes must be a power of two dividing wg=" + v.get(WG) + ", got " + v.get(LANES)),
                    Rule.device("work-group size", (v, d) -> v.get(WG) <= d.maxWorkGroupSize(),
                            (v, d) -> "wg " + v.get(WG) + " exceeds the device's maximum work-group size " + d.maxWorkGroupSize()),
                    // csr-adaptive's row blocks: a tree over the work-group, and a block holds at least one row per work-item
                    Rule.of("csr-adaptive wg", v -> Integer.bitCount(v.get(WG)) == 1,
                            v -> "wg must be a power of two for csr-adaptive, got " + v.get(WG)).only(CSR_ADAPTIVE),
                    Rule.of("block >= wg", v -> v.get(BLOCK) >= v.get(WG),
                            v -> "block (non-zeros per row block) must be >= wg=" + v.get(WG) + " for csr-adaptive, got " + v.get(BLOCK)).only(CSR_ADAPTIVE),
                    Rule.device("row blocks", (v, d) -> 4L * v.get(BLOCK) <= d.capacity(MemoryLevel.LOCAL),
                            (v, d) -> "block " + v.get(BLOCK) + " needs " + 4L * v.get(BLOCK) + " B of local memory, more than the device's "
                                    + d.capacity(MemoryLevel.LOCAL) + " B").only(CSR_ADAPTIVE))
            .tuningOrder(WG, RPT, MAP, LANES, C, SIGMA, IPT, BLOCK)
            .build();

    private SpmvSpec() {
    }
}
