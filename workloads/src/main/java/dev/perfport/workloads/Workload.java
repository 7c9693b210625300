package dev.perfport.workloads;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.spec.Spec;

import java.util.List;
import java.util.Map;

/**
 * One study of the papers, runnable on any device session: a host program that allocates
 * buffers, launches kernels, reads back, and verifies against a double-precision CPU reference.
 * What it declares, its {@link Spec}, gives its name, description, variants, kernels, defaults and
 * parameter help unless it overrides them.
 */
public interface Workload {
    /** The workload's specification: its name, description, kernels, variants, knobs and rules. */
    Spec spec();

    /** Name used on the command line, e.g. {@code reduction}: the spec's. */
    default String name() {
        return spec().workload();
    }

    /**
     * Where it stands in listings ({@code perfport workloads}, the conformance kit, tuning
     * hints): lower first, then by seed and name ({@link Workloads#all()}). The workloads that
     * came first keep their places with small numbers; a new one may leave the default and is
     * listed after them, grouped by its seed.
     */
    default int order() {
        return Integer.MAX_VALUE;
    }

    /** The seed paper it reproduces, e.g. {@code 003}: the spec's. */
    default String seed() {
        return spec().seed();
    }

    /** One line on what it measures: the spec's. */
    default String description() {
        return spec().description();
    }

    /** Variant names, e.g. {@code local-atomic}, {@code static-local}, {@code two-kernel}: the spec's. */
    default List<String> variants() {
        return spec().variants();
    }

    /** Default parameters, the spec's; {@link #run} fills in any that are missing. */
    default Params defaults() {
        return spec().defaults();
    }

    /** Documentation of each parameter, in order: the spec's knobs' help. */
    default List<String> paramHelp() {
        return spec().help();
    }

    /**
     * The parameter sets {@code compare} runs for each variant, given the user's overrides
     * (e.g. both int and float unless the user fixed the type).
     */
    default List<Params> compareCases(Params overrides) {
        return List.of(defaults().with(overrides));
    }

    /**
     * The parameters {@code variant} does not read (matmul-static's {@code ndrange} ignores
     * {@code k} and {@code mapping}); by default none. {@code compare} runs such a variant once
     * for cases that differ only in these ({@link #casesOf}).
     *
     * @param variant one of {@link #variants()}
     * @return the names of the parameters the variant ignores
     */
    default java.util.Set<String> ignoredParams(String variant) {
        return java.util.Set.of();
    }

    /**
     * The cases of {@code cases} that {@code compare} runs for {@code variant}: each case, less
     * those that repeat an earlier one in every parameter the variant reads
     * ({@link #ignoredParams}).
     *
     * @param variant one of {@link #variants()}
     * @param cases the comparison's cases, in order
     * @return the cases to run, in order
     */
    default List<Params> casesOf(String variant, List<Params> cases) {
        java.util.Set<String> ignored = ignoredParams(variant);
        if (ignored.isEmpty()) return cases;
        java.util.Set<java.util.Map<String, String>> seen = new java.util.HashSet<>();
        List<Params> l = new java.util.ArrayList<>();
        for (Params p : cases) {
            java.util.Map<String, String> read = new java.util.TreeMap<>(p.asMap());
            read.keySet().removeAll(ignored);
            if (seen.add(read)) l.add(p);
        }
        return List.copyOf(l);
    }

    /**
     * Every kernel definition this workload launches (each element type and form), so that a
     * route can check it implements them all without a list of its own: the spec's.
     */
    default List<KernelDef> kernels() {
        return spec().kernels();
    }

    /**
     * Whether route-native implementations (Aparapi, TornadoVM) of {@link #kernels()} exist. A
     * workload without them (none today: every workload has them) runs on the OpenCL C and Java work-group routes only;
     * on the others its rows fail naming the missing kernel, and the routes' own checks
     * ({@code WorkloadKernels}) leave its kernels out.
     */
    default boolean hasRouteNativeKernels() {
        return true;
    }

    /**
     * The variants that launch a kernel that not every Java route implements though the workload has route-native
     * kernels ({@link #hasRouteNativeKernels()}), each with that kernel's name: on a route that does not register it
     * their rows fail naming it, and {@code WorkloadKernels} leaves it out. None by default, and no workload names one
     * today (fft's fourstep did, until TornadoVM had {@code fft.cols}).
     *
     * @return variant to the definition name it lacks
     */
    default Map<String, String> variantsWithoutRouteNativeKernels() {
        return Map.of();
    }

    /**
     * What limits a row of {@code variant} with {@code params} on a GPU, memory or compute, and so which of its metrics
     * counts the bytes it must move or the flops it does ({@link Bound#metric()}); empty where the workload declares
     * none (its rows then get no fraction of a device limit).
     *
     * @param variant one of {@link #variants()}
     * @param params  the row's parameters (the defaults filled in where missing)
     * @return the bound, or empty
     */
    default java.util.Optional<Bound> bound(String variant, Params params) {
        return java.util.Optional.empty();
    }

    /**
     * Small parameter sets, sizes that are not powers of two among them, that every backend runs
     * for every variant (each expanded by {@link #compareCases}) in the backend conformance kit
     * ({@code perfport-conformance}): each must verify in seconds on a CPU device.
     */
    List<Params> smallCases();

    /**
     * The small cases of one variant: {@link #smallCases()} unless a variant has knobs of its own
     * that the others' cases would set (fft's fourstep has no global exchange or multi-pass path).
     */
    default List<Params> smallCases(String variant) {
        return smallCases();
    }

    /**
     * The cases checked mode runs for a variant in the conformance kit ({@code CheckedConformance}):
     * Oclgrind simulates every work-item with its memory and race checks, some thousand times
     * slower than a CPU device, so these are tiny; they still take more than one work-group and a
     * size that is not a power of two where the variant can. By default the second small case (the
     * first is often a single element), else the only one.
     */
    default List<Params> checkedCases(String variant) {
        List<Params> small = smallCases(variant);
        return List.of(small.get(Math.min(1, small.size() - 1)));
    }

    /**
     * Runs one variant. Never throws for a failure of the device or of verification: the row
     * carries the error. Throws {@link dev.perfport.core.error.ConfigException} for an unknown
     * variant or a bad parameter.
     */
    RunResult run(DeviceSession session, String variant, Params params);
}
