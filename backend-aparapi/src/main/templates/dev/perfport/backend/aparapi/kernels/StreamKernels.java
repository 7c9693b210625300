package dev.perfport.backend.aparapi.kernels;

import com.google.auto.service.AutoService;
import dev.perfport.core.kernel.KernelLibrary;

import java.util.ArrayList;
import java.util.List;

/**
 * BabelStream's kernels (workloads' stream.cl) as Aparapi kernels, float and double from one
 * template: copy, mul, add and triad one work-item per element, dot a grid-stride loop and a tree in
 * {@code @Local} memory that leaves one partial per group. The scalar is a field (Aparapi passes it
 * as an argument, as OpenCL C does); triad is a product and a sum, which the OpenCL compiler below
 * Aparapi may contract (the check allows that rounding).
 */
@AutoService(KernelLibrary.class)
public final class StreamKernels implements KernelLibrary {
    /** Made by {@link java.util.ServiceLoader}. */
    public StreamKernels() {
    }

    @Override
    public List<KernelSpec> kernels() {
        List<KernelSpec> l = new ArrayList<>();
//#for T=float,double Ty=Float,Double
        l.add(KernelSpec.of("stream.copy.$T$", Copy$Ty$.class, c -> new Copy$Ty$(), "a", "c", "n"));
        l.add(KernelSpec.of("stream.mul.$T$", Mul$Ty$.class, c -> new Mul$Ty$(), "b", "c", "scalar", "n"));
        l.add(KernelSpec.of("stream.add.$T$", Add$Ty$.class, c -> new Add$Ty$(), "a", "b", "c", "n"));
        l.add(KernelSpec.of("stream.triad.$T$", Triad$Ty$.class, c -> new Triad$Ty$(), "a", "b", "c", "scalar", "n"));
        l.add(KernelSpec.of("stream.dot.$T$", Dot$Ty$.class, c -> new Dot$Ty$(), "a", "b", "sum", "n", "scratch"));
//#end
        return l;
    }

//#for T=float,double Ty=Float,Double Z=0f,0.0
    public static final class Copy$Ty$ extends PerfportKernel {
        $T$[] a;
        $T$[] c;
        int n;

        @Override
        public void run() {
            int i = getGlobalId();
            if (i < n) {
                c[i] = a[i];
            }
        }
    }

    public static final class Mul$Ty$ extends PerfportKernel {
        $T$[] b;
        $T$[] c;
        $T$ scalar;
        int n;

        @Override
        public void run() {
            int i = getGlobalId();
            if (i < n) {
                b[i] = scalar * c[i];
            }
        }
    }

    public static final class Add$Ty$ extends PerfportKernel {
        $T$[] a;
        $T$[] b;
        $T$[] c;
        int n;

        @Override
        public void run() {
            int i = getGlobalId();
            if (i < n) {
                c[i] = a[i] + b[i];
            }
        }
    }

    public static final class Triad$Ty$ extends PerfportKernel {
        $T$[] a;
        $T$[] b;
        $T$[] c;
        $T$ scalar;
        int n;

        @Override
        public void run() {
            int i = getGlobalId();
            if (i < n) {
                a[i] = b[i] + scalar * c[i];
            }
        }
    }

    /** The local size is a power of two (the host checks it). */
    public static final class Dot$Ty$ extends PerfportKernel {
        $T$[] a;
        $T$[] b;
        $T$[] sum;
        int n;
        @Local $T$[] scratch;

        @Override
        public void run() {
            int lid = getLocalId();
            $T$ acc = $Z$;
            for (int i = getGlobalId(); i < n; i += getGlobalSize()) {
                acc += a[i] * b[i];
            }
            scratch[lid] = acc;
            for (int offset = getLocalSize() / 2; offset > 0; offset /= 2) {
                localBarrier();
                if (lid < offset) {
                    scratch[lid] += scratch[lid + offset];
                }
            }
            if (lid == 0) {
                sum[getGroupId()] = scratch[0];
            }
        }
    }

//#end
}
