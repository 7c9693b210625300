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
import static org.junit.jupiter.api.Assertions.assertFalse;
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

    /** Oclgrind 21.10's uninitialised-value plugin has no case for LLVM's freeze instruction; Oclgrind added one after 21.10. */
    static final String FREEZE = "Oclgrind 21.10's uninitialised-value plugin stops at LLVM's freeze instruction "
            + "(fatal error Uninitialized.cpp:1805, 'Unsupported instruction: freeze')";

    @Override
    protected DeviceSession openSession(boolean uninitialized) {
        DEVICE.assumeDevice();
        return DEVICE.backend().withUninitializedChecks(uninitialized).open(DEVICE.deviceIndex());
    }

    @Override
    protected Map<String, String> withoutUninitializedChecks() {
        return Map.of("reduction/tuned", "Oclgrind 21.10's uninitialised-value plugin dies with SIGSEGV on its vector loads (vw 4)",
                "matmul-static/static", FREEZE);
    }


    /** Oclgrind calls itself a GPU to jocl; the busy-start spin stays off there unless asked for (it cost a second a session). */
    @Test
    void theBusyStartSpinIsOffOnOclgrindByDefault() {
        DEVICE.assumeDevice();
        JoclDevice d = DEVICE.backend().device(DEVICE.deviceIndex());
        assertEquals(dev.perfport.core.device.DeviceType.GPU, d.info().type(), "Oclgrind's device type as jocl reads it");
        assertFalse(JoclSession.busyStartByDefault(d));
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

    /**
     * A buffer written only by kernels, after a smaller one was released: Oclgrind 21.10 would give
     * it the released one's number and its stale shadow, and report what a kernel wrote past the old
     * size as uninitialised; the session keeps released buffers until it closes instead.
     */
    @Test
    void aBufferAfterAReleasedSmallerOneIsNotReportedUninitialised() {
        KernelDef fill = OpenCl.inline("demo.fill", """
                __kernel void fill(PP_PARAMS, __global float* b) { b[get_global_id(0)] = 1.0f; }
                """, "fill").global("b", ElemType.FLOAT, Access.WRITE).build();
        KernelDef copy = OpenCl.inline("demo.copy", """
                __kernel void copy(PP_PARAMS, __global const float* b, __global float* o) { o[get_global_id(0)] = b[get_global_id(0)]; }
                """, "copy").global("b", ElemType.FLOAT, Access.READ).global("o", ElemType.FLOAT, Access.WRITE).build();
        try (CompiledKernel f = session().compile(fill); CompiledKernel c = session().compile(copy)) {
            try (DeviceBuffer small = session().allocate(ElemType.FLOAT, 16)) {
                session().launch(f, NDRange.of(16, 16), small);
            }
            try (DeviceBuffer big = session().allocate(ElemType.FLOAT, 64); DeviceBuffer out = session().allocate(ElemType.FLOAT, 64)) {
                session().launch(f, NDRange.of(64, 16), big);
                session().launch(c, NDRange.of(64, 16), big, out);
                float[] back = new float[64];
                out.read(back);
                assertEquals(1f, back[63]);
            }
        }
    }

    /** The library's way in: perfport.checked=true gives the Oclgrind device, and unchecked jocl in this JVM does not list it. */
    @Test
    void theSettingSelectsOclgrindAndUncheckedJoclLeavesItOut() {
        DEVICE.assumeDevice();
        var checked = new JoclProvider().create(new dev.perfport.core.backend.BackendContext(
                PerfportConfig.of(Map.of(CheckedMode.KEY, "true", BinaryCache.KEY, "false"))));
        assertTrue(checked.devices().stream().allMatch(d -> d.name().contains("Oclgrind")), checked.devices().toString());
        JoclBackend plain = JoclBackend.create();
        assertTrue(plain.devices().stream().noneMatch(d -> d.name().contains("Oclgrind")), plain.devices().toString());
    }
}
