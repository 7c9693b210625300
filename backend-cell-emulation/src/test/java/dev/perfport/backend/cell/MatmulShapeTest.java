package dev.perfport.backend.cell;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Seed 003 §8 item 11 on a small problem: matmul modelled time α > β > γ > δ. n = 256 is small, so
 * α's column walk of B (256 lines) would fit the default 64 KiB cache; a 16 KiB cache recreates
 * the paper's regime (n = 2048: the column needs 256 KiB), where α misses on B every time.
 */
class MatmulShapeTest {
    static final int N = 256;

    @Test
    void eachOptimisationLevelIsFasterInModelledTime() {
        float[][] m = InFlightTest.matrices();
        long previous = Long.MAX_VALUE;
        long gammaMisses = -1;
        try (DeviceSession s = Cells.open("workers", "4", "cache.bytes", "16384"); DeviceBuffer a = s.upload(m[0]);
             DeviceBuffer b = s.upload(m[1]); DeviceBuffer c = s.allocate(ElemType.FLOAT, N * N)) {
            for (MatmulKernels.Version v : new MatmulKernels.Version[]{MatmulKernels.Version.ALPHA, MatmulKernels.Version.BETA,
                    MatmulKernels.Version.GAMMA, MatmulKernels.Version.DELTA}) {
                c.write(new float[N * N]);
                try (CompiledKernel k = s.compile(MatmulKernels.def(v))) {
                    NDRange r = v == MatmulKernels.Version.ALPHA ? NDRange.of(N, N, 16, 16) : NDRange.of(N, N, 64, 64);
                    LaunchStats st = v.compareTo(MatmulKernels.Version.GAMMA) >= 0
                            ? s.launch(k, r, a, b, c, N, LocalSize.of(64 * 64), LocalSize.of(64 * 64))
                            : s.launch(k, r, a, b, c, N);
                    float[] got = new float[N * N];
                    c.read(got);
                    for (int i = 0; i < N * N; i += 97) assertEquals(m[2][i], got[i], v + " c[" + i + "]");
                    assertTrue(st.modelledNanos() < previous, v + ": " + st.modelledNanos() + " ns, not below " + previous);
                    if (v == MatmulKernels.Version.GAMMA) gammaMisses = st.counters().get("cacheMisses");
                    if (v == MatmulKernels.Version.DELTA) {
                        long lines = (long) N * N * 4 / 128;
                        assertEquals(lines, st.counters().get("cacheMisses"), "δ's tiles come by DMA: only the C stores miss");
                        assertTrue(gammaMisses > 3 * lines, "γ preloads A and B tiles through the cache: " + gammaMisses);
                    }
                    previous = st.modelledNanos();
                }
            }
        }
    }
}
