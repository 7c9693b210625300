package dev.perfport.workloads.scan;

import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.workloads.TuningSupport;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Rule;
import dev.perfport.workloads.spec.Spec;
import dev.perfport.workloads.staticwg.StaticGroupCount;

import java.util.List;

import static dev.perfport.workloads.scan.Scan.HARRIS;
import static dev.perfport.workloads.scan.Scan.SCANPLUS;
import static dev.perfport.workloads.scan.Scan.SINGLE_PASS;
import static dev.perfport.workloads.scan.Scan.V1;

/** The scan's parameters and knobs, each declared once; the single-pass variant's knobs are its own. */
final class ScanSpec {
    /** Largest n: block offsets stay within int arithmetic in every kernel. */
    static final int MAX_N = 1 << 30;
    /** The smallest and largest register cap (regs) accepted; NVIDIA's compilers take 16 to 255. */
    static final int MIN_REGS = 16, MAX_REGS = 255;
    /** Most persistent groups per compute unit (gpc). */
    static final int MAX_GPC = 64;
    /** Bytes of an element, int and float alike. */
    private static final int ELEM_BYTES = 4;

    static final Knob<Long> N = Knob.sizes("n").range(1, MAX_N).byDefaultText("2^23")
            .help("elements, up to 2^30; need not be a power of two");
    static final Knob<String> TYPE = Knob.choice("type", "int", "float").byDefault("int")
            .help("int is exact; float add within 1e-5*log2 n relative, max exact");
    static final Knob<String> OP = Knob.choice("op", "add", "max").byDefault("add").help("the operator (identity 0, or INT_MIN / -inf)");
    static final Knob<Integer> WG = Knob.ints("wg").powerOfTwoIn(1, 1 << 24).byDefault(256).grid(TuningSupport::workGroupSizes)
            .tunable(SINGLE_PASS).help("work-items per group; a block holds m = 2*wg elements (the block scan's tree needs 2^L)");
    static final Knob<String> SUMS = Knob.choice("sums", "recursive", "sequential").byDefault("sequential")
            .help("harris: sequential (one work-item scans SUM) or recursive (block scans of SUM from the host; needed beyond "
                    + "m blocks, the paper's 1024 work-groups)");
    static final Knob<String> K = StaticGroupCount.KNOB
            .help("v1, scanplus and single-pass: static work-groups: an integer, 'res' (the residency query) or 'res/D'; "
                    + "compare runs one case per entry of k=1,2,4");
    static final Knob<Integer> REPS = Knob.ints("reps").atLeast(1).byDefault(3)
            .help("repetitions, timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)");
    static final Knob<Long> SEED = Knob.sizes("seed").byDefault(42L).help("input generator seed");
    static final Knob<Integer> ITEMS = Knob.ints("items").must(i -> i >= 4 && i <= 64 && i % 4 == 0, "a multiple of 4 in [4, 64]")
            .byDefault(8).grid(4, 8, 12, 16, 24, 32, 48, 64).macro("ITEMS").tunable().only(SINGLE_PASS)
            .help("elements per work-item and tile");
    static final Knob<Integer> STRIPED = Knob.ints("striped").oneOf(0, 1).byDefault(0).grid(0, 1).macro("STRIPED").tunable().only(SINGLE_PASS)
            .help("1 loads and stores each tile coalesced through local memory, 0 per work-item");
    static final Knob<Integer> LOOKBACK = Knob.ints("lookback").oneOf(0, 1).byDefault(0).macro("LOOKBACK").only(SINGLE_PASS)
            .help("OpenCL: 0 a window of 32 published words read by 32 work-items, walked by one; 1 one work-item reads windows "
                    + "of 16 into registers and walks them alone");
    static final Knob<Integer> RAKE = Knob.ints("rake").oneOf(0, 1).byDefault(0).macro("RAKE").only(SINGLE_PASS)
            .help("OpenCL: 0 a Hillis-Steele scan of the work-items' totals; 1 a raking scan (32 work-items, 3 barriers; needs "
                    + "striped=0, wg >= 32)");
    static final Knob<Integer> WARP = Knob.ints("warp").oneOf(0, 1, 2).byDefault(0).grid(d -> d.nvidia() ? List.of(0, 2) : List.of(0))
            .macro("WARP").tunable().only(SINGLE_PASS)
            .help("OpenCL: 0 the lookback/rake schedules; CUB's schedule on 32-wide warp shuffles and ballots (one barrier per "
                    + "tile, a look-back of 32 words by one warp): 1 with the shuffles emulated in local memory (any device; "
                    + "verifies the schedule), 2 as NVIDIA PTX (NVIDIA's OpenCL only); 1 and 2 need striped=0, lookback=0, rake=0 "
                    + "and 32 <= wg <= 1024");
    static final Knob<Integer> PREFETCH = Knob.ints("prefetch").oneOf(0, 1, 2).byDefault(0).macro("PREFETCH").only(SINGLE_PASS)
            .help("OpenCL: 0 the tile counter is read at the top of each tile; 1 the next tile's ticket is taken one tile ahead, "
                    + "while this tile loads; 2 as 1, and the next tile's elements are loaded before this tile's look-back "
                    + "(needs striped=0)");
    static final Knob<Integer> COALESCE = Knob.ints("coalesce").oneOf(0, 1).byDefault(0).grid(d -> d.nvidia() ? List.of(0, 1) : List.of(0))
            .macro("COALESCE").tunable().only(SINGLE_PASS)
            .help("OpenCL: 0 each work-item loads and stores its items consecutive elements; 1 a warp's 16-byte vectors cover "
                    + "consecutive bytes (lane L: elements 128q + 4L..+3 of the warp's chunk), scanned by one warp scan per "
                    + "vector (needs warp=1 or 2, prefetch=0)");
    /** No macro: the cap is an NVIDIA build option, handed only when set so that uncapped builds keep their cached binaries. */
    static final Knob<Integer> REGS = Knob.ints("regs")
            .must(r -> r == 0 || r >= MIN_REGS && r <= MAX_REGS, "0 (the compiler's choice) or in [" + MIN_REGS + ", " + MAX_REGS + "]")
            .tunedFrom(0).byDefault(0).grid(d -> d.nvidia() ? List.of(0, 32, 40, 64) : List.of(0)).tunable().only(SINGLE_PASS)
            .help("OpenCL: N caps the registers per work-item on NVIDIA's OpenCL (-cl-nv-maxrregcount; ignored by other "
                    + "devices), so that more groups share an SM");
    static final Knob<Integer> GPC = Knob.ints("gpc").must(g -> g >= 0 && g <= MAX_GPC, "0 (k decides) or in [1, " + MAX_GPC + "]")
            .byDefault(0).grid(d -> d.type() == DeviceType.CPU ? List.of(1, 2, 4) : List.of(2, 4, 8, 16)).tunable().only(SINGLE_PASS)
            .help("N > 0 runs N persistent groups per compute unit instead of k (the tuner's knob; give k or gpc, not both)");
    static final Knob<String> CONFIG = TuningSupport.CONFIG.only(SINGLE_PASS);

    static final Spec SPEC = Spec.of("scan")
            .seed("003")
            .description("Exclusive scan (add, max; int, float): Harris' three kernels, V1 on static work-groups, Scan⁺ with interleaved sweeps")
            .kernels(ScanKernels::all)
            .variants(HARRIS, V1, SCANPLUS, SINGLE_PASS)
            .knobs(N, TYPE, OP, WG, SUMS, K, REPS, SEED, ITEMS, STRIPED, LOOKBACK, RAKE, WARP, PREFETCH, COALESCE, REGS, GPC, CONFIG)
            .rules(Rule.of("raking scan", v -> v.get(RAKE) == 0 || v.get(STRIPED) == 0 && v.get(WG) >= 32,
                            v -> "rake=1 needs striped=0 and wg >= 32 (32 raking work-items), got striped=" + v.get(STRIPED) + " wg=" + v.get(WG))
                            .only(SINGLE_PASS),
                    Rule.of("warp schedule", v -> v.get(WARP) == 0
                                    || v.get(STRIPED) == 0 && v.get(LOOKBACK) == 0 && v.get(RAKE) == 0 && v.get(WG) >= 32 && v.get(WG) <= 1024,
                            v -> "warp=" + v.get(WARP) + " needs striped=0, lookback=0, rake=0 and 32 <= wg <= 1024 (whole warps, one "
                                    + "warp total per lane), got striped=" + v.get(STRIPED) + " lookback=" + v.get(LOOKBACK) + " rake="
                                    + v.get(RAKE) + " wg=" + v.get(WG)).only(SINGLE_PASS),
                    Rule.of("prefetched tiles", v -> v.get(PREFETCH) == 0 || v.get(STRIPED) == 0,
                            v -> "prefetch=" + v.get(PREFETCH) + " needs striped=0 (the next tile is held in the work-item's registers)")
                            .only(SINGLE_PASS),
                    Rule.of("coalesced tiles", v -> v.get(COALESCE) == 0 || v.get(WARP) != 0 && v.get(PREFETCH) == 0,
                            v -> "coalesce=1 needs warp=1 or 2 and prefetch=0 (its scan is built on the warp primitives), got warp="
                                    + v.get(WARP) + " prefetch=" + v.get(PREFETCH)).only(SINGLE_PASS),
                    Rule.of("k or gpc", v -> v.get(GPC) == 0 || v.get(K).equals(StaticGroupCount.RESIDENCY),
                            v -> "give k or gpc, not both: k=" + v.get(K) + " gpc=" + v.get(GPC)).only(SINGLE_PASS),
                    TuningSupport.workGroupRule(WG).only(SINGLE_PASS),
                    // a striped tile (wg*items elements) is staged in local memory
                    Rule.device("local memory", (v, d) -> v.get(STRIPED) == 0
                                    || Scan.stripedLocalElements(v.get(WG), v.get(ITEMS)) * ELEM_BYTES <= d.capacity(MemoryLevel.LOCAL),
                            (v, d) -> "a striped tile of wg " + v.get(WG) + " x items " + v.get(ITEMS) + " needs "
                                    + Scan.stripedLocalElements(v.get(WG), v.get(ITEMS)) * ELEM_BYTES + " B of local memory, more than the "
                                    + d.capacity(MemoryLevel.LOCAL) + " B of " + d.name()).only(SINGLE_PASS))
            .tuningOrder(WARP, COALESCE, STRIPED, REGS, ITEMS, WG, GPC)
            .build();

    private ScanSpec() {
    }

}
