package dev.perfport.backend.jocl;

import dev.perfport.conformance.CheckedConformance;
import dev.perfport.conformance.TestDevice;
import dev.perfport.core.backend.DeviceSession;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.checked.CheckedMode;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Checked mode on jocl: every OpenCL C kernel of every workload and variant on Oclgrind
 * ({@link CheckedConformance}). Its own failsafe execution: Oclgrind is registered with the
 * OpenCL loader before anything else in the JVM lists platforms.
 */
class CheckedIT extends CheckedConformance {
    static final TestDevice<JoclBackend> DEVICE = new TestDevice<>("no Oclgrind device", "perfport.jocl.checked.device", () -> null,
            () -> JoclBackend.createChecked(true, ""));

    @Override
    protected DeviceSession openSession(boolean uninitialized) {
        DEVICE.assumeDevice();
        return DEVICE.backend().withUninitializedChecks(uninitialized).open(DEVICE.deviceIndex());
    }

    @Override
    protected Map<String, String> withoutUninitializedChecks() {
        String fatal = "Oclgrind 21.10's uninitialised-value plugin stops with a fatal error (Uninitialized.cpp:1805)";
        return Map.of("reduction/tuned", "Oclgrind 21.10's uninitialised-value plugin dies with SIGSEGV on its vector loads (vw 4)",
                "matmul-static/static", fatal, "pop/buoydiff", fatal + " (type=float)", "pop/buoydiff-fused", fatal + " (type=float)");
    }

    @Override
    protected Map<String, String> openFindings() {
        String wrong = "wrong results on Oclgrind with no report (verified on PoCL): not understood yet";
        Map<String, String> m = new java.util.LinkedHashMap<>();
        m.put("scan/single-pass", "an uninitialized value written to 'out' at the single-pass kernel's tile hand-off (int add)");
        for (String v : new String[]{"loadstore", "singlebuffer", "doublebuffer"}) m.put("var/" + v, wrong + " (rng=mt, vwidth=8)");
        for (String v : new String[]{"auto", "indirect", "direct"}) m.put("gemm/" + v, wrong + " (transa=t)");
        m.put("trsm/blocked", wrong + " (through gemm)");
        m.put("table/local", "a read-write data race in local memory");
        m.put("table/static-local", "a read-write data race in local memory");
        m.put("convolution/separable", "an uninitialized value written to global memory (filter=global)");
        m.put("fft/stockham", "Oclgrind's compiler finds no __kernel fft_fused in fft.cl");
        m.put("pop/ddmix", "control flow on an uninitialized value reading the derivatives pop.state left (type=float; double passes): not understood yet");
        m.put("fft/fourstep", "Oclgrind's compiler finds no __kernel fft_cols in fft.cl");
        return m;
    }

    /** The stencil of the issue: an output half the size the NDRange writes is one line, and nothing past it is written. */
    @Test
    void anOutOfBoundsWriteIsOneLineNamingKernelArgumentWorkItemAndIndex() {
        KernelDef stencil = OpenCl.inline("demo.stencil3", """
                __kernel void stencil3(PP_PARAMS, __global const float* in, __global float* out, int n) {
                    int i = get_global_id(0);
                    if (i > 0 && i < n - 1) out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0f;
                }
                """, "stencil3").global("in", ElemType.FLOAT, Access.READ).global("out", ElemType.FLOAT, Access.WRITE)
                .scalar("n", ElemType.INT).build();
        int n = 256;
        try (CompiledKernel k = session().compile(stencil); DeviceBuffer in = session().upload(new float[n]);
             DeviceBuffer out = session().upload(new float[n / 2]); DeviceBuffer after = session().upload(new float[]{7f, 7f})) {
            DeviceExecutionException e = assertThrows(DeviceExecutionException.class,
                    () -> session().launch(k, NDRange.of(n, 64), in, out, n));
            String m = e.getMessage();
            assertEquals(1, m.lines().count(), m);
            assertTrue(m.contains("kernel 'demo.stencil3'") && m.contains("invalid write of size 4"), m);
            assertTrue(m.contains("argument 1 'out' (float[128]) index 128, past its end") && m.contains("work-item (128,0,0)"), m);
            assertTrue(m.contains("line 3 `if (i > 0 && i < n - 1) out[i]"), m);
            assertTrue(m.contains("(126 reports in all)") || m.contains("reports in all"), m);
            float[] untouched = new float[2];
            after.read(untouched);
            assertArrayEquals(new float[]{7f, 7f}, untouched, "Oclgrind skips the invalid writes: the next buffer is untouched");
        }
    }

    /** Work-items that write one local word unsynchronised: a data race, naming both work-items. */
    @Test
    void aDataRaceNamesBothWorkItems() {
        KernelDef racy = OpenCl.inline("demo.racy", """
                __kernel void racy(PP_PARAMS, __global int* out, __local int* tmp) {
                    tmp[0] = get_local_id(0);
                    out[get_global_id(0)] = tmp[0];
                }
                """, "racy").global("out", ElemType.INT, Access.WRITE).local("tmp", ElemType.INT).build();
        try (CompiledKernel k = session().compile(racy); DeviceBuffer out = session().upload(new int[16])) {
            String m = assertThrows(DeviceExecutionException.class, () -> session().launch(k, NDRange.of(16, 16), out, LocalSize.of(1)))
                    .getMessage();
            assertTrue(m.contains("data race at local memory in kernel 'demo.racy'") && m.matches(".*work-items \\(\\d+,0,0\\) and \\(\\d+,0,0\\).*"), m);
        }
        // the session goes on: a clean launch after a failed one passes
        try (CompiledKernel k = session().compile(racy); DeviceBuffer out = session().upload(new int[1])) {
            session().launch(k, NDRange.of(1, 1), out, LocalSize.of(1));
        }
    }

    /** The library's way in: perfport.checked=true gives the Oclgrind device, and unchecked jocl in this JVM does not list it. */
    @Test
    void theSettingSelectsOclgrindAndUncheckedJoclLeavesItOut() {
        DEVICE.assumeDevice();
        var checked = new JoclProvider().create(new dev.perfport.core.backend.BackendContext(
                PerfportConfig.of(Map.of(CheckedMode.KEY, "true", JoclProvider.BINARY_CACHE_KEY, "false"))));
        assertTrue(checked.devices().stream().allMatch(d -> d.name().contains("Oclgrind")), checked.devices().toString());
        JoclBackend plain = JoclBackend.create();
        assertTrue(plain.devices().stream().noneMatch(d -> d.name().contains("Oclgrind")), plain.devices().toString());
    }
}
