package dev.perfport.workloads.pop;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.transfer.StagedJob;
import dev.perfport.core.transfer.StagedJob.HostArray;
import dev.perfport.core.transfer.StagedJob.Range;
import dev.perfport.core.transfer.StagedJob.Role;
import dev.perfport.core.transfer.StagedJob.Stage;
import dev.perfport.core.transfer.StagedJob.Step;
import dev.perfport.workloads.gemm.Precision;

import java.util.ArrayList;
import java.util.List;

import static dev.perfport.core.transfer.StagedJob.array;
import static dev.perfport.workloads.pop.PopSpec.*;

/**
 * One variant's fields and stages: all levels in one stage (explicit, mapped) or one stage per level
 * (streams, hybrid). Stage k copies in level k, and waits for what its kernels read from other
 * levels: buoydiff the copies of the surface level and level k−1; ddmix those of level k−1, since
 * its stage k computes the interface between levels k−1 and k (and, unfused, the derivatives of
 * level k−1 that stage k−1's state kernel left on the device). Each stage copies out what its own
 * kernels wrote: buoydiff's dbsfc at k and dbloc at k−1 (and at the bottom level), ddmix's
 * diffusivities at k−1. buoydiff-ddmix runs both fused kernels in each stage on one copy of the
 * tracers: stage k copies level k of T and S once, for buoydiff's level k and ddmix's interface
 * k−1 (the thesis's ddmix reusing what buoydiff copied), and waits for the copies of stages 0 and k−1.
 *
 * @param variant the variant
 * @param p       the precision
 * @param f       the fields
 * @param ks      the variant's kernels, compiled, in {@link #kernels}'s order
 * @param coef    the equation of state's coefficients on the device
 * @param wg      the work-group size
 */
record PopJobs(String variant, Precision p, PopFields f, List<CompiledKernel> ks, DeviceBuffer coef, int wg) {
    /** The kernels a variant runs, in stage order. */
    static List<KernelDef> kernels(String variant, Precision p) {
        return switch (variant) {
            case STATE -> List.of(PopKernels.state(p));
            case BUOYDIFF -> List.of(PopKernels.densities(p), PopKernels.buoydiff(p));
            case BUOYDIFF_FUSED -> List.of(PopKernels.buoydiffFused(p));
            case DDMIX -> List.of(PopKernels.state(p), PopKernels.ddmix(p));
            case DDMIX_FUSED -> List.of(PopKernels.ddmixFused(p));
            case BUOYDIFF_DDMIX -> List.of(PopKernels.buoydiffFused(p), PopKernels.ddmixFused(p));
            default -> throw new IllegalStateException("no variant " + variant);   // the spec took only its variants
        };
    }

    private HostArray host(String name, double[] values, Role role) {
        return new HostArray(name, p.elem, values.length, p.array(values), role);
    }

    private HostArray out(String name) {
        int n = f.km() * f.nxy();
        Object a = p == Precision.FLOAT ? new float[n] : new double[n];
        if (a instanceof float[] x) java.util.Arrays.fill(x, Float.NaN);
        else java.util.Arrays.fill((double[]) a, Double.NaN);
        return new HostArray(name, p.elem, n, a, Role.OUT);
    }

    private HostArray device(String name) {
        return new HostArray(name, p.elem, f.km() * f.nxy(), null, Role.DEVICE);
    }

    /** A fresh job (outputs NaN, diffusivities at their inputs) with one stage or one per level. */
    StagedJob job(boolean perLevel) {
        List<HostArray> arrays = new ArrayList<>(List.of(host("t", f.t(), Role.IN), host("s", f.s(), Role.IN)));
        switch (variant) {
            case STATE -> arrays.addAll(List.of(out("rho"), out("drhodt"), out("drhods")));
            case BUOYDIFF, BUOYDIFF_FUSED -> {
                arrays.add(new HostArray("kmt", ElemType.INT, f.nxy(), f.kmt().clone(), Role.IN));
                arrays.addAll(List.of(out("dbsfc"), out("dbloc")));
                if (variant.equals(BUOYDIFF)) arrays.addAll(List.of(device("rho1"), device("rhokm"), device("rhok")));
            }
            case BUOYDIFF_DDMIX -> {
                arrays.add(new HostArray("kmt", ElemType.INT, f.nxy(), f.kmt().clone(), Role.IN));
                arrays.addAll(List.of(out("dbsfc"), out("dbloc"), host("vdc1", f.vdc1(), Role.INOUT), host("vdc2", f.vdc2(), Role.INOUT)));
            }
            default -> {
                arrays.addAll(List.of(host("vdc1", f.vdc1(), Role.INOUT), host("vdc2", f.vdc2(), Role.INOUT)));
                if (variant.equals(DDMIX)) arrays.addAll(List.of(device("rho"), device("alpha"), device("beta")));
            }
        }
        int km = f.km();
        List<Stage> stages = new ArrayList<>();
        if (perLevel) for (int k = 0; k < km; k++) stages.add(stage(k, 1, k));
        else stages.add(stage(0, km, 0));
        return new StagedJob(arrays, stages);
    }

    private Range levels(int array, int from, int to) {
        return new Range(array, from * f.nxy(), Math.max(0, to - from) * f.nxy());
    }

    private Step step(int kernel, int k0, int nk, Object... args) {
        long items = (long) nk * f.nxy();
        long global = (items + wg - 1) / wg * wg;
        List<Object> a = new ArrayList<>(List.of(args));
        return new Step(ks.get(kernel), NDRange.of(Math.max(wg, global), wg), a);
    }

    /** Levels k0 .. k0+nk-1 as stage {@code index} (stage i holds level i when there is one per level). */
    private Stage stage(int k0, int nk, int index) {
        int km = f.km(), nxy = f.nxy(), k1 = k0 + nk;
        List<Range> in = new ArrayList<>(List.of(levels(0, k0, k1), levels(1, k0, k1)));
        List<Step> steps = new ArrayList<>();
        List<Range> out = new ArrayList<>();
        List<Integer> copies = new ArrayList<>(), computed = new ArrayList<>();
        int prev = index - 1;
        switch (variant) {
            case STATE -> {
                steps.add(step(0, k0, nk, array(0), array(1), array(2), array(3), array(4), coef, nxy, k0, nk));
                for (int a = 2; a <= 4; a++) out.add(levels(a, k0, k1));
            }
            case BUOYDIFF, BUOYDIFF_FUSED -> {
                if (k0 == 0) in.add(new Range(2, 0, nxy));
                if (variant.equals(BUOYDIFF)) {
                    steps.add(step(0, k0, nk, array(0), array(1), array(5), array(6), array(7), coef, nxy, k0, nk));
                    steps.add(step(1, k0, nk, array(5), array(6), array(7), array(2), array(3), array(4), nxy, km, k0, nk));
                } else {
                    steps.add(step(0, k0, nk, array(0), array(1), array(2), coef, array(3), array(4), nxy, km, k0, nk));
                }
                out.add(levels(3, k0, k1));
                out.add(levels(4, Math.max(k0 - 1, 0), k1 == km ? km : k1 - 1));
                if (index > 0) copies.add(0);
                if (prev > 0) copies.add(prev);
            }
            case BUOYDIFF_DDMIX -> {
                if (k0 == 0) in.add(new Range(2, 0, nxy));
                in.add(levels(5, k0, k1));
                in.add(levels(6, k0, k1));
                steps.add(step(0, k0, nk, array(0), array(1), array(2), coef, array(3), array(4), nxy, km, k0, nk));
                int j0 = Math.max(k0 - 1, 0), j1 = k1 < km ? k1 - 1 : km - 1;
                if (j1 > j0) steps.add(step(1, j0, j1 - j0, array(0), array(1), coef, array(5), array(6), nxy, km, j0, j1 - j0));
                out.add(levels(3, k0, k1));
                out.add(levels(4, Math.max(k0 - 1, 0), k1 == km ? km : k1 - 1));
                out.add(levels(5, j0, j1));
                out.add(levels(6, j0, j1));
                if (index > 0) copies.add(0);
                if (prev > 0) copies.add(prev);
            }
            default -> {
                in.add(levels(2, k0, k1));
                in.add(levels(3, k0, k1));
                int j0 = Math.max(k0 - 1, 0), j1 = Math.min(k1, km - 1);
                if (k1 < km) j1 = k1 - 1;
                if (variant.equals(DDMIX)) {
                    steps.add(step(0, k0, nk, array(0), array(1), array(4), array(5), array(6), coef, nxy, k0, nk));
                    if (j1 > j0) steps.add(step(1, j0, j1 - j0, array(0), array(1), array(5), array(6), array(2), array(3), nxy, km, j0, j1 - j0));
                    if (prev >= 0) computed.add(prev);
                } else if (j1 > j0) {
                    steps.add(step(0, j0, j1 - j0, array(0), array(1), coef, array(2), array(3), nxy, km, j0, j1 - j0));
                }
                out.add(levels(2, j0, j1));
                out.add(levels(3, j0, j1));
                if (prev >= 0) copies.add(prev);
            }
        }
        return new Stage(in, steps, out, copies, computed);
    }

    /** Checks the job's outputs (after its last run) against the reference. */
    PopReference.Verdict check(StagedJob job, double[] coef) {
        PopReference ref = new PopReference(p, f.nxy(), f.km(), f.t(), f.s(), coef);
        List<HostArray> a = job.arrays();
        List<PopReference.Field> fields = new ArrayList<>();
        boolean[] skip = null;
        switch (variant) {
            case STATE -> {
                double[][] r = ref.state();
                for (int i = 0; i < 3; i++) fields.add(new PopReference.Field(a.get(2 + i).name(), Precision.doubles(a.get(2 + i).data()), r[i], 0));
            }
            case BUOYDIFF, BUOYDIFF_FUSED -> {
                double[][] r = ref.buoydiff(f.kmt());
                for (int i = 0; i < 2; i++) {
                    fields.add(new PopReference.Field(a.get(3 + i).name(), Precision.doubles(a.get(3 + i).data()), r[i], Mwjf.GRAV));
                }
            }
            case BUOYDIFF_DDMIX -> {
                double[][] r = ref.buoydiff(f.kmt());
                for (int i = 0; i < 2; i++) {
                    fields.add(new PopReference.Field(a.get(3 + i).name(), Precision.doubles(a.get(3 + i).data()), r[i], Mwjf.GRAV));
                }
                PopReference.Verdict b = ref.check(fields, null);
                skip = new boolean[f.km() * f.nxy()];
                double[][] d = ref.ddmix(f.vdc1(), f.vdc2(), skip);
                List<PopReference.Field> mix = new ArrayList<>();
                for (int i = 0; i < 2; i++) mix.add(new PopReference.Field(a.get(5 + i).name(), Precision.doubles(a.get(5 + i).data()), d[i], 0));
                PopReference.Verdict m = ref.check(mix, skip);
                return new PopReference.Verdict(b.mismatch() != null ? b.mismatch() : m.mismatch(), Math.max(b.worstUlps(), m.worstUlps()),
                        m.switchPoints());
            }
            default -> {
                skip = new boolean[f.km() * f.nxy()];
                double[][] r = ref.ddmix(f.vdc1(), f.vdc2(), skip);
                for (int i = 0; i < 2; i++) fields.add(new PopReference.Field(a.get(2 + i).name(), Precision.doubles(a.get(2 + i).data()), r[i], 0));
            }
        }
        return ref.check(fields, skip);
    }
}
