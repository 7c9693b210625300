package dev.perfport.workloads.reduction;

import dev.perfport.core.memory.ElemType;
import dev.perfport.workloads.TuningSupport;
import dev.perfport.workloads.spec.Knob;
import dev.perfport.workloads.spec.Spec;

import java.util.List;

import static dev.perfport.workloads.reduction.Reduction.LOCAL_ATOMIC;
import static dev.perfport.workloads.reduction.Reduction.STATIC_LOCAL;
import static dev.perfport.workloads.reduction.Reduction.TUNED;
import static dev.perfport.workloads.reduction.Reduction.TWO_KERNEL;

/** The reduction's parameters and knobs, each declared once. */
final class ReductionSpec {
    /** Most launches of one repetition (tuned variant's launches), and most untimed launches before the first (warmup). */
    static final int MAX_LAUNCHES = 1_000_000;
    /**
     * Untimed launches before the first repetition when launches > 1, so that the JIT has compiled the host's
     * launch path and wall time per launch is the steady state's, not the interpreter's. H100, 2^28 with 10
     * launches a repetition: the large run's wall was 1.09-1.11x its kernel time without a warm-up, 1.03-1.06x
     * after 2,000 launches and 1.02-1.03x after 10,000 (Aparapi 1.61x, 1.19x after 2,000).
     */
    static final int DEFAULT_WARMUP = 10_000;
    /** readback: one read after a repetition's queued launches (the default). */
    static final String READBACK_END = "end";
    /**
     * readback: a blocking 4-byte read after every launch, as a host that needs each result makes it
     * ({@code DeviceSession.launchThenRead}: jocl queues the read behind the kernel and waits once). Every route
     * can do this the same way, so it is the row that compares their host time per launch at equal work: Aparapi
     * 3.0.2 cannot queue launches at all (its execute waits for each kernel), where jocl's queued row does not wait.
     */
    static final String READBACK_EACH = "each";

    static final Knob<Integer> N = Knob.ints("n").atLeast(1).byDefaultText("2^25").help("elements; need not be a power of two");
    static final Knob<String> TYPE = Knob.choice("type", "int", "float").byDefault("int")
            .help("int is exact; float is checked against a double reference");
    static final Knob<Integer> WG = Knob.ints("wg").powerOfTwo().byDefault(256).grid(TuningSupport::workGroupSizes).tunable()
            .help("work-group size");
    static final Knob<Integer> REPS = Knob.ints("reps").atLeast(1).byDefault(3)
            .help("repetitions, timed after the warm-up, or auto; the row reports the median (stat=best: the fastest)");
    static final Knob<Long> SEED = Knob.sizes("seed").byDefault(42L).help("input generator seed");
    static final Knob<Integer> VW = Knob.ints("vw").oneOf(1, 2, 4, 8).byDefault(4).grid(1, 2, 4, 8).macro("VW").tunable().only(TUNED)
            .help("vector width of a load");
    static final Knob<Integer> IPT = Knob.ints("ipt").range(1, 16).byDefault(4).grid(1, 2, 4, 8).macro("IPT").tunable().only(TUNED)
            .help("independent vector loads in flight per work-item");
    static final Knob<Integer> FANIN = Knob.ints("fanin").oneOf(2, 4, 8).byDefault(2).grid(2, 4, 8).macro("FANIN").tunable().only(TUNED)
            .help("partial sums one work-item adds per step of the group's reduction: 2 halves them log2(wg) times, 4 and 8 take "
                    + "fewer steps, each behind one barrier (OpenCL C and the Java work-group kernel; Aparapi and TornadoVM refuse all but 2)");
    static final Knob<Integer> GPC = Knob.ints("gpc").range(1, 64).byDefault(8).grid(1, 2, 4, 8, 16, 32).tunable().only(TUNED)
            .help("persistent work-groups per compute unit");
    static final Knob<Integer> GROUPS = Knob.ints("groups").range(0, 1 << 20).byDefault(0).only(TUNED)
            .help("0: gpc groups per compute unit; else this many persistent groups in all (1: the smallest launch, for host time per launch)");
    static final Knob<Integer> LAUNCHES = Knob.ints("launches").range(1, MAX_LAUNCHES).byDefault(1).only(TUNED)
            .help("launches per repetition, queued back to back without waiting for each (DeviceSession.launchRepeated), then one "
                    + "read-back (host time per launch; the row keeps the repetition of least wall time)");
    static final Knob<String> READBACK = Knob.choice("readback", READBACK_END, READBACK_EACH).byDefault(READBACK_END).only(TUNED)
            .help("launches > 1: end queues the launches, then reads back once; each follows every launch with a blocking 4-byte "
                    + "read of its result, each checked (the host time per launch of a program that needs every result, "
                    + "comparable between routes)");
    static final Knob<Integer> WARMUP_LAUNCHES = Knob.ints("warmuplaunches").range(0, MAX_LAUNCHES).byDefault(DEFAULT_WARMUP).only(TUNED)
            .help("launches > 1: untimed launches before the first repetition, queued as the timed ones, so that the JIT has "
                    + "compiled the host's launch path; they stop after 2 s");
    static final Knob<String> CONFIG = TuningSupport.CONFIG.only(TUNED);

    static final Spec SPEC = Spec.of("reduction")
            .seed("003")
            .description("Sum of N elements: local memory + global atomic per group, static local memory + atomic per unit, two kernels")
            .kernels(() -> List.of(ReductionKernels.localAtomic(ElemType.INT), ReductionKernels.staticLocal(ElemType.INT),
                    ReductionKernels.partials(ElemType.INT), ReductionKernels.fin(ElemType.INT),
                    ReductionKernels.localAtomic(ElemType.FLOAT), ReductionKernels.staticLocal(ElemType.FLOAT),
                    ReductionKernels.partials(ElemType.FLOAT), ReductionKernels.fin(ElemType.FLOAT),
                    ReductionKernels.tuned(ElemType.INT), ReductionKernels.tuned(ElemType.FLOAT)))
            .variants(LOCAL_ATOMIC, STATIC_LOCAL, TWO_KERNEL, TUNED)
            .knobs(N, TYPE, WG, REPS, SEED, VW, IPT, GPC, GROUPS, LAUNCHES, READBACK, WARMUP_LAUNCHES, CONFIG, FANIN)
            .rules(TuningSupport.workGroupRule(WG))
            .tuningOrder(VW, IPT, FANIN, GPC, WG)
            .build();

    private ReductionSpec() {
    }
}
