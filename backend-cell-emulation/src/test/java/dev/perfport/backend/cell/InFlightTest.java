package dev.perfport.backend.cell;

import dev.perfport.backend.cell.model.CellCounters;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.error.KernelBuildException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.Op;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Version ε (seed 003 §2.3, §8 item 10): several work-groups in flight per SPE, in the local store and in the model. */
class InFlightTest {
    static final int N = 256;

    static float[][] matrices() {
        float[] a = new float[N * N];
        float[] b = new float[N * N];
        for (int i = 0; i < N * N; i++) {
            a[i] = i % 7 - 3;
            b[i] = i % 5 - 2;
        }
        float[] c = new float[N * N];
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                float s = 0;
                for (int k = 0; k < N; k++) s += a[i * N + k] * b[k * N + j];
                c[i * N + j] = s;
            }
        }
        return new float[][]{a, b, c};
    }

    @Test
    void epsilonWith128x128GroupsDoesNotFitAndTheErrorGivesEveryNumber() {
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(MatmulKernels.def(MatmulKernels.Version.EPSILON));
             DeviceBuffer a = s.allocate(ElemType.FLOAT, N * N); DeviceBuffer b = s.allocate(ElemType.FLOAT, N * N);
             DeviceBuffer c = s.allocate(ElemType.FLOAT, N * N)) {
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class, () -> s.launch(k,
                    NDRange.of(N, N, 128, 128), a, b, c, N, LocalSize.of(128 * 128), LocalSize.of(128 * 128)));
            assertTrue(e.getMessage().contains("4 work-groups in flight do not fit the 262144 B local store of an SPE: "
                    + "4 work-groups in flight × (131072 B local + 65536 B private (16384 work-items × 4 B)) + 0 B static local"
                    + " + 16384 B reserved = 802816 B"), e.getMessage());
            assertTrue(e.getMessage().contains("with PP_GROUPS_IN_FLIGHT = 1 it would need 212992 B"), e.getMessage());
        }
    }

    @Test
    void epsilonWith64x64GroupsAndDeltaWith128x128GroupsRunAndAgree() {
        float[][] m = matrices();
        try (DeviceSession s = Cells.open(); DeviceBuffer a = s.upload(m[0]); DeviceBuffer b = s.upload(m[1]);
             DeviceBuffer c = s.allocate(ElemType.FLOAT, N * N)) {
            try (CompiledKernel eps = s.compile(MatmulKernels.def(MatmulKernels.Version.EPSILON))) {
                // 4 × (2 × 16 KiB tiles + 4096 × 4 B private) + 16 KiB reserved = 208 KiB
                LaunchStats st = s.launch(eps, NDRange.of(N, N, 64, 64), a, b, c, N, LocalSize.of(64 * 64), LocalSize.of(64 * 64));
                float[] got = new float[N * N];
                c.read(got);
                assertEquals(java.util.Arrays.toString(m[2]).hashCode(), java.util.Arrays.toString(got).hashCode(), "ε result");
                assertTrue(st.counters().get(CellCounters.GROUP_SWITCHES) > 0, "groups were suspended on their DMA");
            }
            c.write(new float[N * N]);
            try (CompiledKernel delta = s.compile(MatmulKernels.def(MatmulKernels.Version.DELTA))) {
                s.launch(delta, NDRange.of(N, N, 128, 128), a, b, c, N, LocalSize.of(128 * 128), LocalSize.of(128 * 128));
                float[] got = new float[N * N];
                c.read(got);
                for (int i = 0; i < N * N; i++) assertEquals(m[2][i], got[i], "δ c[" + i + "]");
            }
        }
    }

    @Test
    void groupsInFlightOutsideOneToFourIsRefusedAtCompile() {
        KernelDef def = Cells.kernel("five").global("x", ElemType.INT, Access.READ)
                .defaults(Constants.of("PP_GROUPS_IN_FLIGHT", 5)).impl(Cells.java(0, g -> { })).build();
        try (DeviceSession s = Cells.open()) {
            KernelBuildException e = assertThrows(KernelBuildException.class, () -> s.compile(def));
            assertTrue(e.getMessage().contains("PP_GROUPS_IN_FLIGHT must be in [1, 4]"), e.getMessage());
            assertTrue(e.getMessage().contains("got 5"), e.getMessage());
        }
    }

    /** Each group fetches a 16 KiB block by DMA, computes a little on it and writes one sum. Args: in, sums, block. */
    static KernelDef streaming(int inFlight) {
        return Cells.kernel("stream-" + inFlight).global("in", ElemType.INT, Access.READ)
                .global("sums", ElemType.INT, Access.WRITE).local("block", ElemType.INT)
                .defaults(Constants.of("PP_GROUPS_IN_FLIGHT", inFlight))
                .impl(Cells.java(0, g -> {
                    int[] block = g.localInts(2);
                    int len = block.length;
                    long id = g.groupLinearId();
                    g.waitEvents(g.asyncCopy(block, 0, g.ints(0), (int) id * len, len));
                    int sum = 0;
                    for (int v : block) sum += v;
                    g.ops(Op.INT, len / 4);            // a light touch: the transfer dominates
                    block[0] = sum;
                    g.waitEvents(g.asyncCopy(g.ints(1), (int) id, block, 0, 1));
                })).build();
    }

    @Test
    void fourGroupsInFlightHideTheTransfersOfADmaBoundKernel() {
        int len = 4096;
        int groups = 48;
        int[] in = new int[groups * len];
        for (int i = 0; i < in.length; i++) in[i] = i % 11;
        long[] modelled = new long[5];
        for (int p : new int[]{1, 4}) {
            // one SPE: with six, the shared 25.6 GB/s of main memory would bound both runs alike
            try (DeviceSession s = Cells.open("workers", "1"); CompiledKernel k = s.compile(streaming(p));
                 DeviceBuffer din = s.upload(in); DeviceBuffer sums = s.allocate(ElemType.INT, groups)) {
                LaunchStats st = s.launch(k, NDRange.of(groups, 1), din, sums, LocalSize.of(len));
                int[] got = new int[groups];
                sums.read(got);
                for (int gi = 0; gi < groups; gi++) {
                    int e = 0;
                    for (int i = gi * len; i < (gi + 1) * len; i++) e += in[i];
                    assertEquals(e, got[gi], "sum of block " + gi);
                }
                modelled[p] = st.modelledNanos();
                assertEquals(2L * groups, st.counters().get(CellCounters.DMA_COMMANDS));
                if (p == 1) assertEquals(0, st.counters().get(CellCounters.GROUP_SWITCHES));
            }
        }
        assertTrue(modelled[4] < modelled[1] * 0.8, "4 in flight " + modelled[4] + " ns vs 1 in flight " + modelled[1] + " ns");
    }
}
