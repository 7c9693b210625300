package dev.perfport.backend.tornado;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;

import java.util.Arrays;
import java.util.Optional;

/**
 * Run in a child JVM by {@link MemoryLimitTest} with a small {@code tornado.device.memory}: a launch whose buffer
 * exceeds it, then a small launch in the same session; prints what each did.
 */
public final class MemoryLimitProbe {
    private MemoryLimitProbe() {
    }

    public static void main(String[] args) {
        try {
            String problem = TornadoEnvironment.problem(MemoryLimitProbe.class.getClassLoader());
            if (problem != null) {
                System.out.println("problem=" + problem);
                return;
            }
            TornadoVmBackend b = TornadoVmBackend.create();
            var kernels = TestKernels.all();
            try (TornadoVmSession s = new TornadoVmSession(b.device(0), 1, n -> Optional.ofNullable(kernels.get(n)));
                 CompiledKernel k = s.compile(TestKernels.SCALE)) {
                int big = 1 << 19;   // 2 MiB of ints, past the child's 1MB
                try (DeviceBuffer a = s.upload(new int[big])) {
                    s.launch(k, NDRange.of(big, 64), a, 3);
                    System.out.println("big=ran");
                } catch (RuntimeException e) {
                    System.out.println("big=" + e.getClass().getSimpleName() + ": " + e.getMessage().replace('\n', ' '));
                }
                try (DeviceBuffer a = s.upload(new int[]{1, 2, 3, 4})) {
                    s.launch(k, NDRange.of(4, 4), a, 3);
                    int[] got = new int[4];
                    a.read(got);
                    System.out.println("small=" + Arrays.toString(got));
                }
            }
        } catch (Throwable t) {
            System.out.println("error=" + t.getClass().getName() + ": " + String.valueOf(t.getMessage()).replace('\n', ' '));
        }
    }
}
