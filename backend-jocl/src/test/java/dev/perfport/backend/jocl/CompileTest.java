package dev.perfport.backend.jocl;

import dev.perfport.conformance.ClassSession;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.error.KernelBuildException;
import dev.perfport.core.error.UnsupportedFeatureException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.WorkGroupKernel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Building kernels: the prelude, build errors with their logs, definition mismatches, the program cache. */
class CompileTest {

    @RegisterExtension
    static final ClassSession<JoclSession> S = new ClassSession<>(OpenCl::session);
    private final JoclSession s = S.get();

    @Test
    void buildErrorCarriesTheLogWithKernelLineNumbers() {
        String src = "__kernel void broken(PP_PARAMS, __global int* out) {\n"
                + "    int x = 1;\n"
                + "    out[0] = x + undefined_thing;\n"      // line 3 of the kernel's own source
                + "}\n";
        KernelDef def = OpenCl.inline("test.broken", src, "broken").global("out", ElemType.INT, Access.WRITE).build();
        long cached = s.programCacheStats()[2];
        int livePrograms = s.liveNativeObjects().getOrDefault("program", 0);
        KernelBuildException e = assertThrows(KernelBuildException.class, () -> s.compile(def));
        assertTrue(e.buildLog().contains("undefined_thing"), "log: " + e.buildLog());
        assertTrue(e.buildLog().contains(":3:"), "line numbers are the kernel file's (after #line 1): " + e.buildLog());
        assertTrue(e.getMessage().contains("test.broken") && e.getMessage().contains("CL_BUILD_PROGRAM_FAILURE"), e.getMessage());
        assertTrue(e.getMessage().contains("undefined_thing"), "the message shows the log too: " + e.getMessage());
        assertEquals(cached, s.programCacheStats()[2], "a failed build is not cached");
        assertEquals(livePrograms, s.liveNativeObjects().getOrDefault("program", 0), "a failed program is released");
    }

    @Test
    void badOptionsAreABuildError() {
        String src = "__kernel void k(PP_PARAMS, __global int* out) { out[0] = VALUE; }";
        KernelDef def = OpenCl.inline("test.value", src, "k").global("out", ElemType.INT, Access.WRITE).build();
        // VALUE unset: the build fails and names the missing identifier
        KernelBuildException e = assertThrows(KernelBuildException.class, () -> s.compile(def));
        assertTrue(e.buildLog().contains("VALUE"), e.buildLog());
        try (CompiledKernel k = s.compile(def, Constants.of("VALUE", 41)); DeviceBuffer out = s.allocate(ElemType.INT, 1)) {
            s.launch(k, NDRange.of(1, 1), out);
            int[] got = new int[1];
            out.read(got);
            assertEquals(41, got[0]);
        }
    }

    @Test
    void missingEntryPoint() {
        String src = "__kernel void present(PP_PARAMS, __global int* out) { out[0] = 1; }";
        KernelDef def = OpenCl.inline("test.absent", src, "absent").global("out", ElemType.INT, Access.WRITE).build();
        KernelBuildException e = assertThrows(KernelBuildException.class, () -> s.compile(def));
        assertTrue(e.getMessage().contains("no __kernel function named 'absent'"), e.getMessage());
    }

    @Test
    void parameterCountMustMatchTheDefinition() {
        String noParams = "__kernel void k(__global int* out) { out[0] = 1; }";
        KernelDef def = OpenCl.inline("test.noparams", noParams, "k").global("out", ElemType.INT, Access.WRITE).build();
        KernelBuildException e = assertThrows(KernelBuildException.class, () -> s.compile(def));
        assertTrue(e.getMessage().contains("takes 1 parameters") && e.getMessage().contains("= 7")
                && e.getMessage().contains("PP_PARAMS"), e.getMessage());

        String ok = "__kernel void k(PP_PARAMS, __global int* out, const int n) { out[0] = n; }";
        KernelDef missingArg = OpenCl.inline("test.missingarg", ok, "k").global("out", ElemType.INT, Access.WRITE).build();
        KernelBuildException e2 = assertThrows(KernelBuildException.class, () -> s.compile(missingArg));
        assertTrue(e2.getMessage().contains("takes 8 parameters"), e2.getMessage());
    }

    @Test
    void kernelWithoutOpenClSourceIsRefused() {
        KernelDef javaOnly = KernelDef.builder("test.javaonly").global("out", ElemType.INT, Access.WRITE)
                .impl(KernelImpl.JavaWorkGroup.of(c -> (WorkGroupKernel) g -> { }, 0)).build();
        assertTrue(s.cannotRun(javaOnly).orElseThrow().contains("OPENCL_C"));
        assertThrows(UnsupportedFeatureException.class, () -> s.compile(javaOnly));
    }

    @Test
    void kernelsOfOneSourceShareOneBuild() {
        try (JoclSession fresh = OpenCl.session()) {
            KernelDef a = OpenCl.kernel("test.share.a", "basic.cl", "vadd_int").global("a", ElemType.INT, Access.READ)
                    .global("b", ElemType.INT, Access.READ).global("c", ElemType.INT, Access.WRITE).scalar("n", ElemType.INT).build();
            KernelDef b = OpenCl.kernel("test.share.b", "basic.cl", "coords2d")
                    .global("out", ElemType.INT, Access.WRITE).scalar("width", ElemType.INT).build();
            try (CompiledKernel ka = fresh.compile(a); CompiledKernel kb = fresh.compile(b)) {
                assertArrayEquals(new long[]{1, 1, 1}, fresh.programCacheStats(), "built once, hit once, one cached");
                // other constants are another program
                try (CompiledKernel kc = fresh.compile(b, Constants.of("BIG", 128))) {
                    assertEquals(Constants.of("BIG", 128), kc.constants());
                    assertArrayEquals(new long[]{2, 1, 2}, fresh.programCacheStats());
                }
                assertTrue(ka.compileNanos() > kb.compileNanos(), "the cached build is faster: "
                        + ka.compileNanos() + " vs " + kb.compileNanos());
            }
        }
    }

    @Test
    void programCacheIsBoundedAndEvictionKeepsKernelsAlive() {
        String src = "__kernel void k(PP_PARAMS, __global int* out) { out[get_global_id(0)] = V; }";
        KernelDef def = OpenCl.inline("test.bounded", src, "k").global("out", ElemType.INT, Access.WRITE).build();
        int n = JoclPrograms.PROGRAM_CACHE_SIZE + 3;
        try (JoclSession fresh = OpenCl.session(); DeviceBuffer out = fresh.allocate(ElemType.INT, 1)) {
            List<CompiledKernel> ks = new ArrayList<>();
            for (int v = 0; v < n; v++) ks.add(fresh.compile(def, Constants.of("V", v)));
            assertEquals(JoclPrograms.PROGRAM_CACHE_SIZE, fresh.programCacheStats()[2]);
            // programs evicted from the cache were released; their kernels still hold them
            assertEquals(JoclPrograms.PROGRAM_CACHE_SIZE, fresh.liveNativeObjects().get("program"));
            int[] got = new int[1];
            fresh.launch(ks.getFirst(), NDRange.of(1, 1), out);
            out.read(got);
            assertEquals(0, got[0], "the kernel of an evicted program still runs");
            fresh.launch(ks.getLast(), NDRange.of(1, 1), out);
            out.read(got);
            assertEquals(n - 1, got[0]);
            for (CompiledKernel k : ks) k.close();
        }
    }
}
