package dev.perfport.backend.tornado;

import dev.perfport.conformance.IntInput;
import dev.perfport.conformance.TunedReduction;
import dev.perfport.backend.tornado.kernels.TornadoKernel;
import dev.perfport.backend.tornado.kernels.TornadoKernel.ArgUse;
import dev.perfport.backend.tornado.kernels.TornadoKernels;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.result.Profile;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static dev.perfport.backend.tornado.kernels.TornadoKernel.sig;
import static dev.perfport.core.device.MemoryLevel.GLOBAL;
import static dev.perfport.core.device.MemoryLevel.PRIVATE;
import static dev.perfport.core.memory.ElemType.INT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Buffer uses a kernel states for its tasks: only global buffers take one; the tuned reduction states its two;
 * gemm's C (and split k's planes) is written first when beta is 0 and read otherwise.
 */
class ArgUseTest {
    @Test
    void onlyGlobalBuffersTakeAUse() {
        TornadoKernel k = new TornadoKernel("t", sig(GLOBAL, INT, PRIVATE, INT), false, a -> { });
        assertEquals(Map.of(0, ArgUse.UNUSED), k.withArgUse(0, ArgUse.UNUSED).argUses());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> k.withArgUse(1, ArgUse.WRITE_FIRST));
        assertTrue(e.getMessage().contains("argument 1 given a use is not a global buffer"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> k.withArgUse(2, ArgUse.UNUSED));
    }

    @Test
    void theTunedReductionWritesItsPartialsFirstAndLeavesTheTicket() {
        for (String name : new String[]{"reduction.tuned.int", "reduction.tuned.float"}) {
            TornadoKernel k = TornadoKernels.find(name).orElseThrow();
            assertEquals(Map.of(1, ArgUse.WRITE_FIRST, 3, ArgUse.UNUSED), k.argUses(), name);
            assertEquals(TornadoKernel.NVIDIA_LARGEST_LIMIT, k.nvidiaMaxRegisters(), name + " keeps its register limit");
        }
    }

    @Test
    void gemmWritesCFirstOnlyWhenBetaIsZero() {
        for (String t : new String[]{"float", "double"}) {
            TornadoKernel x = TornadoKernels.find("gemm.xgemm." + t).orElseThrow();
            Object[] args = new Object[x.signature().size()];
            args[7] = t.equals("float") ? (Object) 0f : (Object) 0.0;
            assertEquals(ArgUse.WRITE_FIRST, x.use(2, args), "xgemm's C with beta 0");
            args[7] = t.equals("float") ? (Object) 0.5f : (Object) 0.5;
            assertNull(x.use(2, args), "xgemm's C with beta 0.5 is read: the definition's access");
            assertNull(x.use(0, args), "A as the definition says");
            TornadoKernel k = TornadoKernels.find("gemm.ksum." + t).orElseThrow();
            Object[] ka = new Object[k.signature().size()];
            ka[4] = t.equals("float") ? (Object) 0f : (Object) 0.0;
            assertEquals(ArgUse.WRITE_FIRST, k.use(1, ka), "ksum's C with beta 0");
        }
        TornadoKernel k = new TornadoKernel("t", sig(GLOBAL, INT, PRIVATE, INT), false, a -> { });
        assertThrows(IllegalArgumentException.class, () -> k.withWriteFirstWhenZero(1, 1), "the buffer must be global");
        assertThrows(IllegalArgumentException.class, () -> k.withWriteFirstWhenZero(0, 0), "the scalar must be private");
    }
    /**
     * A buffer the tasks write in full first is never copied in again, whoever wrote it last: the host's garbage in
     * the reduction's partials between launches neither rebuilds the plan nor travels, and the sum stays exact.
     */
    @Test
    void aHostWriteToAWrittenFirstBufferIsNotCopiedIn() {
        int n = 10_007, wg = 64, groups = 4;
        try (TornadoVmSession s = Tornado.session();
             TunedReduction r = TunedReduction.open(s, IntInput.sawtooth(n, 11, 5), groups, wg, Constants.of("VW", 1, "IPT", 1))) {
            s.launch(r.kernel(), r.range(), r.args());
            long plans = s.plansBuilt();
            for (int rep = 0; rep < 3; rep++) {
                r.partial().write(new int[]{-1, 99, 12345, 7});
                Profile before = s.profile();
                s.launch(r.kernel(), r.range(), r.args());
                assertEquals(0, s.profile().minus(before).bytesToDevice(), "nothing copied in: " + s.profile().minus(before));
                assertEquals(r.input().sum(), r.result(), "repetition " + rep);
            }
            assertEquals(plans, s.plansBuilt(), "the plan was kept");
        }
    }
}
