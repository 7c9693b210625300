package example.saxpy;

import dev.perfport.backend.aparapi.AparapiBackend;
import dev.perfport.backend.aparapi.kernels.KernelRegistry;
import dev.perfport.backend.aparapi.kernels.KernelSpec;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.KernelLibrary;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A user's SAXPY on the aparapi backend through PoCL (or whatever OpenCL device Aparapi finds),
 * with its Aparapi kernel given the two public ways: carried by the definition, and supplied by a
 * {@link KernelLibrary} service. The backend is made with its standard kernels only, as an
 * application gets it; a definition without an Aparapi kernel fails with a line that says how to
 * give it one.
 */
class SaxpyTest {
    static final String FROM_LIBRARY = "example.saxpy";
    static final String CARRIED = "example.saxpy_carried";
    static final String MISSING = "example.saxpy_opencl_only";
    static final String DECLINED = "example.saxpy_half";

    private static AparapiBackend backend;

    @BeforeAll
    static void backend() {
        backend = AparapiBackend.create(PerfportConfig.of(Map.of()));
    }

    @AfterAll
    static void close() {
        backend.close();
    }

    /** The definition a user writes once; OpenCL C beside it so that other routes run it too. */
    static KernelDef.Builder saxpy(String name) {
        return KernelDef.builder(name)
                .global("x", ElemType.FLOAT, Access.READ)
                .global("y", ElemType.FLOAT, Access.READ_WRITE)
                .scalar("a", ElemType.FLOAT)
                .scalar("n", ElemType.INT)
                .impl(new KernelImpl.OpenClSource("""
                        __kernel void saxpy(__global const float* x, __global float* y, float a, int n) {
                            int i = get_global_id(0);
                            if (i < n) y[i] = a * x[i] + y[i];
                        }""", "saxpy"));
    }

    private static DeviceSession session() {
        String why = backend.devices().isEmpty() ? "SKIPPED (no OpenCL device through Aparapi): " + backend.unavailableReason() : null;
        if (why != null) System.out.println(why);
        assumeTrue(why == null, why);
        return backend.open(0);
    }

    /** Runs SAXPY with n = 1000 (not a multiple of the group size) and checks every element. */
    private static void runAndVerify(KernelDef def) {
        int n = 1000;
        float[] x = new float[n], y = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
            y[i] = 1000 - i;
        }
        try (DeviceSession s = session(); CompiledKernel k = s.compile(def);
             DeviceBuffer bx = s.upload(x); DeviceBuffer by = s.upload(y)) {
            s.launch(k, NDRange.of(1024, 64), bx, by, 2f, n);
            float[] out = new float[n];
            by.read(out);
            for (int i = 0; i < n; i++) assertEquals(2f * i + (1000 - i), out[i], "y[" + i + "]");
        }
    }

    @Test
    void aKernelFromAUsersLibraryIsFoundLikePerfportsOwn() {
        KernelDef def = saxpy(FROM_LIBRARY).build();
        assertTrue(KernelRegistry.standard().find(FROM_LIBRARY).isPresent(), "the library's kernel sits beside perfport's");
        assertSame(SaxpyAparapi.Saxpy.class, KernelLibrary.find(def, KernelSpec.class, getClass().getClassLoader()).orElseThrow().type());
        runAndVerify(def);
    }

    @Test
    void aKernelCarriedByTheDefinitionRuns() {
        KernelDef def = saxpy(CARRIED).impl(SaxpyAparapi.spec(CARRIED)).build();
        assertTrue(KernelRegistry.standard().find(CARRIED).isEmpty(), "no library has it: the definition's own is used");
        runAndVerify(def);
    }

    @Test
    void aMissingAparapiKernelSaysWhichBackendLacksItAndHowToGiveIt() {
        KernelDef def = saxpy(MISSING).build();
        try (DeviceSession s = session()) {
            String why = s.cannotRun(def).orElseThrow();
            UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class, () -> s.compile(def));
            // the reason is for a user (a result row shows it), the compile error adds the hint for the kernel's author
            assertEquals("aparapi has no Aparapi implementation of kernel '" + MISSING + "'", why);
            assertEquals(why, e.reason());
            String msg = e.getMessage();
            assertTrue(msg.startsWith(why + ": give the definition one with"), msg);
            assertTrue(msg.contains(".impl(KernelSpec.of(") && msg.contains("KernelLibrary") && msg.contains("META-INF/services"), msg);
        }
    }

    @Test
    void aKernelALibraryDeclinesIsRefusedWithTheLibrarysReason() {
        KernelDef def = saxpy(DECLINED).build();
        try (DeviceSession s = session()) {
            String why = s.cannotRun(def).orElseThrow();
            assertEquals("aparapi does not run kernel '" + DECLINED + "' (Aparapi): this example's half-precision SAXPY needs fp16, "
                    + "which Aparapi's Java has no type for", why);
            UnsupportedFeatureException e = assertThrows(UnsupportedFeatureException.class, () -> s.compile(def));
            assertEquals(why, e.getMessage());
        }
        // a definition that carries its own implementation runs, declined or not
        runAndVerify(saxpy(DECLINED).impl(SaxpyAparapi.spec(DECLINED)).build());
    }
}
