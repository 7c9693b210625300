package dev.perfport.backend.tornado;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * TornadoVM's bailout (a kernel it cannot compile runs as sequential Java, with wrong results and
 * no error; TornadoVM #1067) must be an error in perfport, whatever tornado.recover.bailout says.
 */
class BailoutTest {

    @Test
    void aKernelTornadoVmCannotCompileIsAnErrorAndNothingRuns() {
        try (TornadoVmSession s = Tornado.session(TestKernels.all()); CompiledKernel k = s.compile(TestKernels.FLOAT_ATOMIC);
             DeviceBuffer a = s.upload(new float[]{5f})) {
            // KernelContext.atomicAdd(FloatArray, ...) is "unimplemented" in TornadoVM's OpenCL backend
            DeviceExecutionException e = assertThrows(DeviceExecutionException.class, () -> s.launch(k, NDRange.of(64, 64), a));
            // TornadoVM refuses it while building the task graph ("Unable to build sketch"), before anything runs
            assertTrue(e.getMessage().contains("TornadoVM could not build a task graph for kernel 'test.float_atomic'"), e.getMessage());
            assertTrue(e.getMessage().contains("does not support floating point"), e.getMessage());
            float[] got = new float[1];
            a.read(got);
            assertArrayEquals(new float[]{5f}, got, "no sequential Java run changed the buffer");
            assertEquals(0, s.livePlans(), "the failed plan was dropped");
        }
    }

    /** Compiles nog.NoDebugKernel without debug information into {@code dir}. */
    private static void compileWithoutDebugInfo(Path dir) throws Exception {
        Path src = dir.resolve("src/nog/NoDebugKernel.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, """
                package nog;

                import dev.perfport.backend.tornado.kernels.TornadoKernel;
                import uk.ac.manchester.tornado.api.KernelContext;
                import uk.ac.manchester.tornado.api.types.arrays.IntArray;

                import static dev.perfport.core.device.MemoryLevel.GLOBAL;
                import static dev.perfport.core.memory.ElemType.INT;

                public final class NoDebugKernel {
                    public static void twice(KernelContext ctx, IntArray a) {
                        int i = ctx.globalIdx;
                        a.set(i, a.get(i) * 2);
                    }

                    public static TornadoKernel entry() {
                        return new TornadoKernel("nog.twice", TornadoKernel.sig(GLOBAL, INT), false,
                                x -> x.graph().task(x.task(), NoDebugKernel::twice, x.context(), x.ints(0)));
                    }
                }
                """);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "a JDK is needed to compile the probe kernel");
        List<String> cp = new ArrayList<>(ChildJvm.classPath());
        cp.add(ChildJvm.location(uk.ac.manchester.tornado.api.KernelContext.class));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = javac.run(null, null, err, "-g:none", "--release", "25", "-cp", String.join(File.pathSeparator, cp),
                "-d", dir.resolve("classes").toString(), src.toString());
        assertEquals(0, rc, err.toString());
        byte[] bytes = Files.readAllBytes(dir.resolve("classes/nog/NoDebugKernel.class"));
        assertFalse(new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1).contains("LocalVariableTable"));
    }

    private static String probe(Path dir, String bailout) throws Exception {
        String argfile = ChildJvm.tornadoArgfile();
        if (argfile == null) Tornado.skip("SKIPPED: perfport.tornado.argfile is not set (run through Maven)");
        List<String> cp = new ArrayList<>(ChildJvm.classPath());
        cp.add(dir.resolve("classes").toString());      // on the system class path, where TornadoVM reads kernels
        return ChildJvm.run(List.of("@" + argfile, "-Dtornado.recover.bailout=" + bailout), cp, BailoutProbe.class);
    }

    @Test
    void withRecoveryOffTheCompileFailureIsTheError(@TempDir Path dir) throws Exception {
        Tornado.DEVICE.assumeDevice();
        compileWithoutDebugInfo(dir);
        String out = probe(dir, "False");
        assertTrue(out.contains("bailout=False"), out);
        assertTrue(out.contains("error=dev.perfport.core.error.DeviceExecutionException: TornadoVM could not compile or run kernel 'nog.twice'"), out);
        assertFalse(out.contains("result="), out);
    }

    @Test
    void withRecoveryOnTheSilentSequentialRunIsCaughtAsAnError(@TempDir Path dir) throws Exception {
        Tornado.DEVICE.assumeDevice();
        compileWithoutDebugInfo(dir);
        String out = probe(dir, "True");
        assertTrue(out.contains("bailout=True"), out);
        assertTrue(out.contains("did not run on the device"), out);
        assertTrue(out.contains("no device kernel time"), out);
        assertFalse(out.contains("result="), out);
    }
}
