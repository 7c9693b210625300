package dev.perfport.backend.tornado;

import dev.perfport.backend.tornado.kernels.TornadoKernel;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;

import java.util.Arrays;
import java.util.Optional;

/**
 * Run in a child JVM by {@link BailoutTest}: launches kernel {@code nog.twice} of class
 * {@code nog.NoDebugKernel}, which the test compiled WITHOUT debug information (no
 * LocalVariableTable, so TornadoVM's OpenCL code generator fails on it), and prints the outcome.
 */
public final class BailoutProbe {
    private BailoutProbe() {
    }

    public static void main(String[] args) {
        System.out.println("bailout=" + System.getProperty("tornado.recover.bailout"));
        try {
            String problem = TornadoEnvironment.problem(BailoutProbe.class.getClassLoader());
            if (problem != null) {
                System.out.println("problem=" + problem);
                return;
            }
            TornadoKernel impl = (TornadoKernel) Class.forName("nog.NoDebugKernel").getMethod("entry").invoke(null);
            TornadoVmBackend b = TornadoVmBackend.create();
            KernelDef def = KernelDef.builder("nog.twice").global("a", ElemType.INT, Access.READ_WRITE).build();
            try (TornadoVmSession s = new TornadoVmSession(b.device(0), 1, n -> n.equals(def.name()) ? Optional.of(impl) : Optional.empty());
                 CompiledKernel k = s.compile(def); DeviceBuffer a = s.upload(new int[]{1, 2, 3, 4})) {
                s.launch(k, NDRange.of(4, 4), a);
                int[] got = new int[4];
                a.read(got);
                System.out.println("result=" + Arrays.toString(got));
            }
        } catch (Throwable t) {
            System.out.println("error=" + t.getClass().getName() + ": " + t.getMessage().replace('\n', ' '));
        }
    }
}
