package dev.perfport.workloads.gemm;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.device.Feature;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.device.MemoryLevelInfo;
import dev.perfport.core.device.Support;
import dev.perfport.core.kernel.Dialect;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.workloads.Params;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** The generator's constraints, the device defaults, the layouts' strides and the verification bound, without a device. */
class GemmConfigTest {

    static DeviceInfo device(DeviceType type, long maxWg, long localBytes) {
        return new DeviceInfo("TestDev", "v", type, 4, maxWg, List.of(maxWg, maxWg, 64L),
                Map.of(MemoryLevel.GLOBAL, new MemoryLevelInfo(MemoryLevel.GLOBAL, 1L << 30, Support.NATIVE, ""),
                        MemoryLevel.LOCAL, new MemoryLevelInfo(MemoryLevel.LOCAL, localBytes, Support.NATIVE, "")),
                Map.of(Feature.DOUBLE_PRECISION, Support.NATIVE), Map.of());
    }

    static final DeviceInfo GPU = device(DeviceType.GPU, 1024, 48 * 1024);
    static final DeviceInfo CPU = device(DeviceType.CPU, 4096, 32 * 1024);

    @Test
    void defaultsPerDeviceTypeAreValidAndDiffer() {
        GemmConfig g = GemmConfig.defaultFor(GPU), c = GemmConfig.defaultFor(CPU);
        assertEquals(List.of(), g.violations(GPU, 8));
        assertEquals(List.of(), c.violations(CPU, 8));
        assertNotEquals(g, c);
        assertEquals(1, g.sa(), "GPUs stage A in local memory by default");
        assertEquals(0, c.sa(), "CPUs read A from (cached) global memory by default");
        DeviceInfo acc = device(DeviceType.ACCELERATOR, 256, 128 * 1024);
        assertEquals(1, GemmConfig.defaultFor(acc).sb(), "accelerators (the Cell emulator) stage B by DMA");
        // a device with a 16-item work-group limit still gets a valid default
        DeviceInfo tiny = device(DeviceType.GPU, 16, 1024);
        assertEquals(List.of(), GemmConfig.defaultFor(tiny).violations(tiny, 8));
        assertEquals(List.of(), DirectConfig.defaultFor(tiny).violations(tiny, 8));
    }

    @Test
    void everyConstraintIsNamedWithItsNumbers() {
        GemmConfig ok = new GemmConfig(64, 64, 16, 16, 16, 16, 16, 2, 1, 1, 1, 1, 1, 1);
        assertEquals(List.of(), ok.violations(GPU, 4));
        assertTrue(new GemmConfig(48, 64, 16, 16, 16, 16, 16, 2, 2, 1, 0, 0, 1, 1).violations(GPU, 4)
                .contains("mwg = 48 is not a multiple of mdimc*vwm = 32"));
        assertTrue(new GemmConfig(64, 64, 16, 16, 16, 16, 16, 3, 1, 1, 0, 0, 1, 1).violations(GPU, 4)
                .contains("kwg = 16 is not a multiple of kwi = 3"));
        // loader shape: 256 threads as 8 x 32 need kwg % 32 == 0
        assertTrue(new GemmConfig(64, 64, 16, 16, 16, 8, 16, 2, 1, 1, 0, 0, 1, 1).violations(GPU, 4)
                .contains("kwg = 16 is not a multiple of mdimc*ndimc/mdima = 32"));
        List<String> wg = new GemmConfig(64, 64, 16, 32, 64, 32, 32, 2, 1, 1, 0, 0, 0, 0).violations(GPU, 4);
        assertTrue(wg.stream().anyMatch(s -> s.contains("2048 work-items exceed the device's maximum work-group size 1024")), wg::toString);
        // local memory: 8 B x (64*64 + 64*64) = 64 KiB > 48 KiB for double, 32 KiB fits for float
        GemmConfig big = new GemmConfig(64, 64, 64, 16, 16, 16, 16, 2, 1, 1, 0, 0, 1, 1);
        assertEquals(List.of(), big.violations(GPU, 4));
        assertEquals(List.of("local memory 65536 B (8 B x (1+db) x (sa*kwg*mwg + sb*kwg*nwg)) exceeds the device's 49152 B"), big.violations(GPU, 8));
        assertTrue(new GemmConfig(64, 64, 16, 16, 16, 16, 16, 2, 3, 1, 0, 0, 0, 0).violations(GPU, 4).contains("vwm must be 1, 2, 4 or 8, got 3"));
        assertTrue(new GemmConfig(64, 64, 16, 16, 16, 16, 16, 2, 1, 1, 2, 0, 0, 0).violations(GPU, 4).contains("strm must be 0 or 1, got 2"));
    }

    @Test
    void constantsAreTheClblastNames() {
        GemmConfig c = new GemmConfig(64, 32, 16, 16, 8, 16, 8, 2, 4, 2, 1, 0, 1, 0);
        assertEquals("-DDB=0 -DKWG=16 -DKWI=2 -DMDIMA=16 -DMDIMC=16 -DMWG=64 -DNDIMB=8 -DNDIMC=8 -DNWG=32 -DSA=1 -DSB=0 -DSTRM=1 -DSTRN=0 -DVWM=4 -DVWN=2",
                c.constants().toOpenClOptions());
        assertEquals(c, GemmConfig.of(c.constants()));
    }

    /** Double-buffered tiles: two halves of local memory, only where both operands are staged; absent in old results. */
    @Test
    void doubleBufferingTakesTwiceTheLocalMemoryAndBothStagedTiles() {
        // 4 B x (32*128 + 32*64) = 24 KiB fits 48 KiB once; twice is 49152 B, which still fits; kwg 64 does not
        GemmConfig one = new GemmConfig(128, 64, 32, 16, 8, 16, 16, 8, 4, 4, 1, 1, 1, 1, 1, 0);
        GemmConfig two = new GemmConfig(128, 64, 32, 16, 8, 16, 16, 8, 4, 4, 1, 1, 1, 1, 1, 1);
        assertEquals(2 * one.localBytes(4), two.localBytes(4));
        assertEquals(List.of(), two.violations(GPU, 4));
        assertEquals(List.of("local memory 98304 B (4 B x (1+db) x (sa*kwg*mwg + sb*kwg*nwg)) exceeds the device's 49152 B"),
                new GemmConfig(128, 64, 64, 16, 8, 16, 16, 8, 4, 4, 1, 1, 1, 1, 1, 1).violations(GPU, 4));
        assertEquals(List.of("db = 1 double-buffers the staged tiles and needs sa = 1 and sb = 1, got sa = 1, sb = 0"),
                new GemmConfig(64, 64, 16, 16, 16, 16, 16, 2, 1, 1, 1, 1, 1, 0, 1, 1).violations(GPU, 4));
        assertTrue(new GemmConfig(64, 64, 16, 16, 16, 16, 16, 2, 1, 1, 1, 1, 1, 1, 1, 2).violations(GPU, 4).contains("db must be 0 or 1, got 2"));
        assertEquals("1", two.constants().toOpenClOptions().replaceAll(".*-DDB=(\\d).*", "$1"));
        Map<String, Integer> old = new java.util.LinkedHashMap<>(one.values());
        old.remove("db");
        assertTrue(GemmConfig.complete(old));
        assertEquals(one, GemmConfig.of(old));
    }

    /** Split k: no -D constant (one build serves every ks), k padded to ks k-tiles, absent in old tuning results. */
    @Test
    void splitKIsALaunchShapeNotAConstant() {
        GemmConfig c = new GemmConfig(64, 32, 16, 16, 8, 16, 8, 2, 4, 2, 1, 0, 1, 0, 4);
        assertEquals(new GemmConfig(64, 32, 16, 16, 8, 16, 8, 2, 4, 2, 1, 0, 1, 0).constants(), c.constants());
        assertEquals(64, c.paddedK(47));
        assertEquals(128, c.paddedK(65));
        assertEquals(16, new GemmConfig(64, 32, 16, 16, 8, 16, 8, 2, 4, 2, 1, 0, 1, 0).paddedK(9));
        java.util.Map<String, Integer> old = new java.util.LinkedHashMap<>(c.values());
        old.remove("ks");
        assertTrue(GemmConfig.complete(old));
        assertEquals(1, GemmConfig.of(old).ks());
        assertEquals(1, GemmConfig.value(old, "ks"));
        assertTrue(new GemmConfig(64, 64, 16, 16, 16, 16, 16, 2, 1, 1, 1, 1, 1, 1, 17).violations(GPU, 4).contains("ks must be in [1, 16], got 17"));
        assertTrue(new GemmConfig(64, 64, 16, 16, 16, 16, 16, 2, 1, 1, 1, 1, 1, 1, 0).violations(GPU, 4).contains("ks = 0 is out of range"));
    }

    @Test
    void oneSourceForBothPrecisionsNoDynamicallyIndexedPrivateTiles() {
        KernelImpl.OpenClSource f = (KernelImpl.OpenClSource) GemmKernels.xgemm(Precision.FLOAT).impl(Dialect.OPENCL_C).orElseThrow();
        KernelImpl.OpenClSource d = (KernelImpl.OpenClSource) GemmKernels.xgemm(Precision.DOUBLE).impl(Dialect.OPENCL_C).orElseThrow();
        assertSame(f.source(), d.source());
        assertEquals(32, GemmKernels.xgemm(Precision.FLOAT).defaults().getInt("PRECISION"));
        assertEquals(64, GemmKernels.xgemm(Precision.DOUBLE).defaults().getInt("PRECISION"));
        assertTrue(GemmKernels.xgemm(Precision.FLOAT).impl(Dialect.JAVA_WORKGROUP).isPresent());
    }

    /** op(A)(i,k), op(B)(k,j) and C(i,j) land where each layout and transposition stores them. */
    @Test
    void stridesFollowLayoutAndTransposition() {
        int m = 3, n = 5, k = 4;
        for (boolean row : new boolean[]{false, true}) {
            for (boolean ta : new boolean[]{false, true}) {
                for (boolean tb : new boolean[]{false, true}) {
                    GemmProblem p = GemmProblem.generate(m, n, k, Precision.DOUBLE, row, ta, tb, 1, 0, 1);
                    // A stored rows x cols = (ta ? k x m : m x k); element (r, c) at row ? r*cols + c : c*rows + r
                    int aRows = ta ? k : m, aCols = ta ? m : k;
                    int i = 2, kk = 3;
                    int r = ta ? kk : i, c = ta ? i : kk;
                    assertEquals(row ? r * aCols + c : c * aRows + r, i * p.asi() + kk * p.ask(), "A row=" + row + " ta=" + ta);
                    int bRows = tb ? n : k, bCols = tb ? k : n;
                    int j = 4;
                    r = tb ? j : kk;
                    c = tb ? kk : j;
                    assertEquals(row ? r * bCols + c : c * bRows + r, kk * p.bsk() + j * p.bsj(), "B row=" + row + " tb=" + tb);
                    assertEquals(row ? i * n + j : j * m + i, i * p.csi() + j * p.csj());
                }
            }
        }
    }

    /** The exact result passes; one element off by a single k-term (|a||b| ~ 1/K of the scale) fails, naming it. */
    @Test
    void boundAcceptsRoundingAndRejectsALostTerm() {
        int m = 9, n = 7, k = 1000;
        GemmProblem p = GemmProblem.generate(m, n, k, Precision.FLOAT, false, false, true, 1.5, 0.5, 3);
        double[] c = new double[m * n];
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                float acc = 0;   // float summation in order: the rounding a device may do
                for (int kk = 0; kk < k; kk++) acc = Math.fma((float) p.a()[i * p.asi() + kk * p.ask()], (float) p.b()[kk * p.bsk() + j * p.bsj()], acc);
                c[i * p.csi() + j * p.csj()] = (float) ((float) (1.5f * acc) + (float) (0.5f * p.c0()[i * p.csi() + j * p.csj()]));
            }
        }
        assertNull(p.check(c));
        assertTrue(p.worstRatio(c) < 1);
        int i = 4, j = 2;
        c[i * p.csi() + j * p.csj()] -= 1.5 * p.a()[i * p.asi() + 17 * p.ask()] * p.b()[17 * p.bsk() + j * p.bsj()];
        String why = p.check(c);
        assertNotNull(why);
        assertTrue(why.startsWith("1 of 63 elements of C outside the bound; worst C(4,2)"), why);
    }

    @Test
    void autoPathSwitchesAtDirectmaxCubed() {
        Gemm g = new Gemm();
        assertEquals("direct", g.settings(CPU, Gemm.AUTO, Params.of("m", "100", "n", "100", "k", "100", "directmax", "128")).path());
        assertEquals("indirect", g.settings(CPU, Gemm.AUTO, Params.of("m", "128", "n", "128", "k", "128", "directmax", "128")).path());
        Gemm.Settings refused = g.settings(CPU, Gemm.INDIRECT, Params.of("m", "8", "n", "8", "k", "8", "mwg", "24"));
        assertTrue(refused.refusal().contains("mwg = 24 is not a multiple of mdimc*vwm = 32"), refused.refusal());
    }
}
