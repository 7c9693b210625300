package dev.perfport.workloads.stream;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.memory.ElemType;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.gemm.Precision;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Definitions, BabelStream's byte counts and the checks; the kernels run on every backend in the conformance kit. */
class StreamTest {

    @Test
    void everyKernelInBothPrecisionsCarriesOpenClAndTheJavaWorkGroupForm() {
        for (Precision p : Precision.values()) {
            for (String k : StreamKernels.NAMES) {
                var def = StreamKernels.of(k, p);
                assertEquals("stream." + k + "." + p.label, def.name());
                assertTrue(def.impl(Dialect.OPENCL_C).isPresent() && def.impl(Dialect.JAVA_WORKGROUP).isPresent(), def.name());
                assertEquals(p.elem, def.args().getFirst().type(), def.name());
            }
            assertEquals(MemoryLevel.LOCAL, StreamKernels.of("dot", p).args().get(4).level());
        }
        assertEquals(10, new Stream().kernels().size());
    }

    @Test
    void bytesAreBabelStreamsArraysPerElement() {
        assertEquals(Map.of("copy", 2, "mul", 2, "add", 3, "triad", 3, "dot", 2),
                Map.of("copy", Stream.arrays("copy"), "mul", Stream.arrays("mul"), "add", Stream.arrays("add"), "triad",
                        Stream.arrays("triad"), "dot", Stream.arrays("dot")));
    }

    @Test
    void compareRunsFloatAndDoubleUnlessTheTypeIsGiven() {
        Stream s = new Stream();
        assertEquals(List.of("float", "double"), s.compareCases(Params.of()).stream().map(p -> p.get("type")).toList());
        assertEquals(1, s.compareCases(Params.of("type", "double")).size());
        assertEquals(java.util.Set.of("dotgroups"), s.ignoredParams("copy"));
        assertTrue(s.ignoredParams("dot").isEmpty());
    }

    @Test
    void dotGroupsAutoIsBabelStreamsWorkItemsInGroupsOfWg() {
        DeviceInfo gpu = new DeviceInfo("H200", "NVIDIA", DeviceType.GPU, 132, 1024, List.of(1024L, 1024L, 64L), Map.of(), Map.of(), Map.of());
        assertEquals(4 * 132 * 1024 / 256, Stream.dotGroups(null, gpu, 256));
        assertEquals(7, Stream.dotGroups(7, gpu, 256));
    }

    @Test
    void copyMulAndAddMustMatchJavaExactlyAndTriadWithinOneMoreRounding() {
        StreamArrays in = new StreamArrays(Precision.FLOAT, 1000, 3);
        float[] a = (float[]) in.array('a'), b = (float[]) in.array('b'), c = (float[]) in.array('c');
        float s = (float) Stream.SCALAR;
        float[] copy = a.clone(), mul = new float[1000], add = new float[1000], triad = new float[1000];
        for (int i = 0; i < 1000; i++) {
            mul[i] = s * c[i];
            add[i] = a[i] + b[i];
            triad[i] = Math.fma(s, c[i], b[i]);   // fused, as a route may
        }
        assertNull(in.check("copy", copy));
        assertNull(in.check("mul", mul));
        assertNull(in.check("add", add));
        assertNull(in.check("triad", triad));
        copy[517] = Math.nextUp(copy[517]);
        String m = in.check("copy", copy);
        assertNotNull(m);
        assertTrue(m.startsWith("c[517] = "), m);
        triad[3] += 8 * Math.ulp(triad[3]) + 8 * Math.ulp(Math.abs(b[3]) + Math.abs(s * c[3]));
        assertNotNull(in.check("triad", triad));
    }

    @Test
    void dotAcceptsAnyOrderWithinItsBoundAndNotMore() {
        int n = 100003;
        StreamArrays in = new StreamArrays(Precision.FLOAT, n, 5);
        float[] a = (float[]) in.array('a'), b = (float[]) in.array('b');
        int groups = 4, wg = 64, items = groups * wg;
        float[] partials = new float[groups];
        for (int g = 0; g < groups; g++) {   // the kernels' order: each item's grid-stride sum, then the tree, in float
            float[] scratch = new float[wg];
            for (int l = 0; l < wg; l++) for (int i = g * wg + l; i < n; i += items) scratch[l] += a[i] * b[i];
            for (int st = wg / 2; st > 0; st >>= 1) for (int l = 0; l < st; l++) scratch[l] += scratch[l + st];
            partials[g] = scratch[0];
        }
        assertNull(in.checkDot(partials, items, wg));
        double abs = 0;
        for (int i = 0; i < n; i++) abs += Math.abs((double) a[i] * b[i]);
        partials[0] += (float) (1e-3 * abs);   // far beyond (n/items + log2 wg + 2) u Σ|ab|
        String m = in.checkDot(partials, items, wg);
        assertNotNull(m);
        assertTrue(m.contains("tolerance"), m);
    }

    @Test
    void doubleRowsUseDoubleArrays() {
        StreamArrays in = new StreamArrays(Precision.DOUBLE, 10, 1);
        assertTrue(in.array('b') instanceof double[]);
        assertEquals(Stream.SCALAR, in.scalar());
        assertEquals(ElemType.DOUBLE, StreamKernels.of("triad", Precision.DOUBLE).args().get(3).type());
    }
}
