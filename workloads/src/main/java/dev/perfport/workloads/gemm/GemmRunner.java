package dev.perfport.workloads.gemm;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.LaunchStep;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.workloads.Rep;

import java.util.ArrayList;
import java.util.List;

/**
 * GEMM as a device routine on sub-matrices of device buffers, for {@link Gemm} and the routines
 * built on it (trsm): C = alpha·op(A)·op(B) + beta·C where op(A)(i,k) = a[ao + i·asi + k·ask],
 * op(B)(k,j) = b[bo + k·bsk + j·bsj] and C(i,j) = c[co + i·csi + j·csj]. Each call takes the direct
 * kernel when m·n·k &lt; directMax³ (or when no indirect configuration is given), else the indirect
 * path: pad op(A), op(B) (and C when beta ≠ 0) into packed tile multiples, the tiled kernel (with
 * split k, ks &gt; 1: into ks planes of scratch, then {@code gemm_ksum} adds them into C), unpad;
 * an operand that already is its packed form (offset 0, tile multiples, the packed strides) is
 * used in place, without its copy.
 * Kernels are compiled once, on first use; the packed scratch buffers are sized once for the
 * largest call. Counts every launch (each one is a host synchronisation: DeviceSession launches
 * are synchronous).
 */
public final class GemmRunner implements AutoCloseable {
    private final DeviceSession s;
    private final Precision p;
    private final GemmConfig cfg;
    private final DirectConfig dc;
    private final double directMax;
    private final int maxMp, maxNp, maxKp;
    private final List<AutoCloseable> held = new ArrayList<>();
    private CompiledKernel pad, unpad, xgemm, direct, ksum;
    private DeviceBuffer ap, bp, cp, wp;
    private int launches;
    /** Launches queued for one sequence while {@link #runSequence} runs its body, else null. */
    private List<LaunchStep> queue;

    /**
     * @param cfg       the indirect kernel's configuration, or null for the direct path only
     * @param dc        the direct kernel's configuration, or null for the indirect path only
     * @param directMax calls with m·n·k &lt; directMax³ take the direct path (0: never, when cfg is given)
     * @param maxM      the largest m (and so on) of any call, for the scratch buffers
     */
    public GemmRunner(DeviceSession s, Precision p, GemmConfig cfg, DirectConfig dc, int directMax, int maxM, int maxN, int maxK) {
        if (cfg == null && dc == null) throw new IllegalArgumentException("a GEMM runner needs a direct or an indirect configuration");
        this.s = s;
        this.p = p;
        this.cfg = cfg;
        this.dc = dc;
        this.directMax = cfg == null ? Double.POSITIVE_INFINITY : dc == null ? 0 : directMax;
        this.maxMp = cfg == null ? 0 : (int) Gemm.roundUp(maxM, cfg.mwg());
        this.maxNp = cfg == null ? 0 : (int) Gemm.roundUp(maxN, cfg.nwg());
        this.maxKp = cfg == null ? 0 : cfg.paddedK(maxK);
    }

    /** Whether a call of these sizes takes the direct kernel. */
    public boolean direct(int m, int n, int k) {
        return (double) m * n * k < Math.pow(directMax, 3);
    }

    /** The kernels of a path, each refused by name (no silent fallback) where the route has none. */
    public static List<KernelDef> kernels(Precision p, boolean direct) {
        return direct ? List.of(GemmKernels.direct(p)) : List.of(GemmKernels.pad(p), GemmKernels.xgemm(p), GemmKernels.unpad(p), GemmKernels.ksum(p));
    }

    /** Throws, naming the backend and the kernel, when the session cannot run a kernel a call may need. */
    public void checkRunnable(String what) {
        List<KernelDef> defs = new ArrayList<>();
        if (dc != null) defs.addAll(kernels(p, true));
        if (cfg != null) defs.addAll(kernels(p, false));
        for (KernelDef def : defs) {
            s.cannotRun(def).ifPresent(why -> {
                throw new UnsupportedFeatureException(what + " cannot run on " + s.backendId() + ": " + why);
            });
        }
    }

    /** Launches so far. */
    public int launches() {
        return launches;
    }

    /** One GEMM; its launches' times go into {@code rep}. */
    public void run(Rep rep, DeviceBuffer a, int ao, int asi, int ask, DeviceBuffer b, int bo, int bsk, int bsj,
                    DeviceBuffer c, int co, int csi, int csj, int m, int n, int k, double alpha, double beta) {
        Object al = box(alpha), be = box(beta);
        if (direct(m, n, k)) {
            if (direct == null) direct = keep(s.compile(GemmKernels.direct(p), dc.constants()));
            NDRange range = NDRange.of(ceilDiv(m, dc.wgd()) * dc.mdimcd(), ceilDiv(n, dc.wgd()) * dc.ndimcd(), dc.mdimcd(), dc.ndimcd());
            LocalSize tile = LocalSize.of((long) dc.wgd() * dc.wgd());
            launch(rep, direct, range, a, b, c, m, n, k, al, be, ao, asi, ask, bo, bsk, bsj, co, csi, csj, tile, tile);
            return;
        }
        // pad and unpad are built when a copy needs them: operands used in place need none, and a
        // kernel built but never launched holds native objects on routes that cannot release it
        // (Aparapi: one JNI context each, until a long tuning session runs out of them)
        if (xgemm == null) xgemm = keep(s.compile(GemmKernels.xgemm(p), cfg.constants()));
        int mp = (int) Gemm.roundUp(m, cfg.mwg()), np = (int) Gemm.roundUp(n, cfg.nwg()), kp = cfg.paddedK(k);
        if (mp > maxMp || np > maxNp || kp > maxKp) {
            throw new IllegalArgumentException("GEMM of " + m + "x" + n + "x" + k + " exceeds the runner's scratch for " + maxMp + "x" + maxNp + "x" + maxKp);
        }
        // an operand already in its packed form at tile multiples is used in place (CLBlast skips
        // those copies too): no pad kernel for it, and no unpad when C is packed
        boolean aIn = ao == 0 && Gemm.packed(m, k, mp, kp, asi, ask), bIn = bo == 0 && Gemm.packed(n, k, np, kp, bsj, bsk);
        boolean cIn = co == 0 && Gemm.packed(m, n, mp, np, csi, csj);
        if (!aIn && ap == null) ap = keep(s.allocate(p.elem, (long) maxKp * maxMp));
        if (!bIn && bp == null) bp = keep(s.allocate(p.elem, (long) maxKp * maxNp));
        if (!cIn && cp == null) cp = keep(s.allocate(p.elem, (long) maxMp * maxNp));
        int ks = cfg.ks();
        if (ks > 1 && wp == null) wp = keep(s.allocate(p.elem, (long) ks * maxMp * maxNp));
        // split k: the ks slices are ks times the groups along dimension 1 (the kernel splits them again)
        NDRange range = NDRange.of((long) mp / cfg.mwg() * cfg.mdimc(), (long) np / cfg.nwg() * cfg.ndimc() * ks, cfg.mdimc(), cfg.ndimc());
        // an unstaged operand's argument still takes one element
        LocalSize alm = LocalSize.of(Math.max(1, cfg.aLocalElements()));
        LocalSize blm = LocalSize.of(Math.max(1, cfg.bLocalElements()));
        // op(A)(i,k) -> Ap[k*Mp + i]; op(B)(k,j) -> Bp[k*Np + j]; C(i,j) <-> Cp[j*Mp + i]
        if (!aIn) copy(rep, pad(), a, ap, ao, asi, ask, m, k, mp, kp);
        if (!bIn) copy(rep, pad(), b, bp, bo, bsj, bsk, n, k, np, kp);
        if (beta != 0 && !cIn) copy(rep, pad(), c, cp, co, csi, csj, m, n, mp, np);
        DeviceBuffer cOut = cIn ? c : cp;
        if (ks == 1) {
            launch(rep, xgemm, range, aIn ? a : ap, bIn ? b : bp, cOut, mp, np, kp, al, be, alm, blm);
        } else {
            // the slices write alpha·A·B of their k into planes of wp; gemm_ksum adds them and beta·C. One
            // sequence: a route that submits it together keeps the planes on the device between the two
            // (TornadoVM: one task graph; two plans sent 16 MB of planes through the host at n = 1024)
            if (ksum == null) ksum = keep(s.compile(GemmKernels.ksum(p)));
            int mn = mp * np;
            submit(rep, List.of(
                    LaunchStep.of(xgemm, range, aIn ? a : ap, bIn ? b : bp, wp, mp, np, kp, al, box(0), alm, blm),
                    LaunchStep.of(ksum, NDRange.of(Gemm.roundUp(mn, KSUM_WG), KSUM_WG), wp, cOut, mn, ks, be)));
        }
        if (!cIn) copy(rep, unpad(), c, cp, co, csi, csj, m, n, mp, np);
    }

    /** Work-group of gemm_ksum. */
    private static final int KSUM_WG = 256;

    private CompiledKernel pad() {
        if (pad == null) pad = keep(s.compile(GemmKernels.pad(p)));
        return pad;
    }

    private CompiledKernel unpad() {
        if (unpad == null) unpad = keep(s.compile(GemmKernels.unpad(p)));
        return unpad;
    }

    /** pad: the W×H plane from the strided source at off; unpad: the X×Y corner back (src and dst swapped). */
    private void copy(Rep rep, CompiledKernel kernel, DeviceBuffer strided, DeviceBuffer packed, int off, int sx, int sy,
                      int x, int y, int w, int h) {
        NDRange range = NDRange.of(Gemm.roundUp(w, Gemm.COPY_WG), Gemm.roundUp(h, Gemm.COPY_WG), Gemm.COPY_WG, Gemm.COPY_WG);
        boolean un = kernel == unpad;
        launch(rep, kernel, range, un ? packed : strided, un ? strided : packed, off, sx, sy, x, y, w, h);
    }

    /** One launch now, or queued while {@link #runSequence} runs its body. */
    private void launch(Rep rep, CompiledKernel k, NDRange range, Object... args) {
        submit(rep, List.of(LaunchStep.of(k, range, args)));
    }

    /** Dependent launches now, as one sequence, or queued while {@link #runSequence} runs its body. */
    private void submit(Rep rep, List<LaunchStep> steps) {
        if (queue != null) {
            queue.addAll(steps);
            launches += steps.size();
        } else {
            for (LaunchStats st : s.launchSequence(steps)) add(rep, st);
        }
    }

    /**
     * Runs the GEMMs that {@code body} calls {@link #run} for as one launch sequence after {@code first}
     * ({@link DeviceSession#launchSequence}): their launches are queued while {@code body} runs, then submitted
     * together, so that a route which can keeps what one writes on the device for the next (TRSM's blocks on
     * TornadoVM). The launches' times go into {@code rep}; {@code first} is not counted in {@link #launches}.
     */
    public void runSequence(Rep rep, List<LaunchStep> first, Runnable body) {
        if (queue != null) throw new IllegalStateException("runSequence does not nest");
        queue = new ArrayList<>(first);
        try {
            body.run();
            for (LaunchStats st : s.launchSequence(queue)) rep.add(st);
        } finally {
            queue = null;
        }
    }

    private void add(Rep rep, LaunchStats st) {
        launches++;
        rep.add(st);
    }

    private <T extends AutoCloseable> T keep(T x) {
        held.add(x);
        return x;
    }

    private Object box(double v) {
        return p == Precision.FLOAT ? (Object) (float) v : (Object) v;
    }

    private static long ceilDiv(long x, long d) {
        return (x + d - 1) / d;
    }

    @Override
    public void close() {
        RuntimeException first = null;
        for (int i = held.size() - 1; i >= 0; i--) {
            try {
                held.get(i).close();
            } catch (Exception e) {
                if (first == null) first = e instanceof RuntimeException r ? r : new IllegalStateException(e);
            }
        }
        held.clear();
        if (first != null) throw first;
    }
}
