package example.saxpy;

import com.google.auto.service.AutoService;
import dev.perfport.backend.aparapi.kernels.KernelSpec;
import dev.perfport.backend.aparapi.kernels.PerfportKernel;
import dev.perfport.core.kernel.KernelLibrary;

import java.util.List;

/**
 * A library user's Aparapi kernel, kept apart from its definition the way perfport keeps its own:
 * a {@link KernelLibrary} listed in {@code META-INF/services} (here written by {@code @AutoService};
 * a hand-written services file does the same). It lives outside perfport's packages, as a user's
 * code would.
 */
@AutoService(KernelLibrary.class)
public final class SaxpyAparapi implements KernelLibrary {

    /** y = a·x + y over n elements. */
    public static final class Saxpy extends PerfportKernel {
        float[] x;
        float[] y;
        float a;
        int n;

        @Override
        public void run() {
            int i = getGlobalId();
            if (i < n) y[i] = a * x[i] + y[i];
        }
    }

    /** The implementation of the definition named {@code name}. */
    public static KernelSpec spec(String name) {
        return KernelSpec.of(name, Saxpy.class, c -> new Saxpy(), "x", "y", "a", "n");
    }

    /**
     * A kernel this library's route knowingly does not implement, with the reason a row then
     * states (instead of the advice to write one).
     */
    @Override
    public List<Declined> declined() {
        return List.of(new Declined(KernelSpec.class, SaxpyTest.DECLINED, "this example's half-precision SAXPY needs fp16, which Aparapi's Java has no type for"));
    }

    @Override
    public List<KernelSpec> kernels() {
        return List.of(spec(SaxpyTest.FROM_LIBRARY));
    }
}
