package dev.perfport.backend.tornado;

import dev.perfport.conformance.ClassSession;
import dev.perfport.core.result.RunResult;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.convolution.Convolution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The adaptive convolution's outputs per work-item live in a private array of
 * ConvolutionTornado.OUTPUTS (64): 8×8 verifies, 16×8 is refused before the build with the limit,
 * and the session still runs the next kernel.
 */
class ConvolutionLimitTest {
    @RegisterExtension
    static final ClassSession<TornadoVmSession> S = new ClassSession<>(Tornado::session);
    private final TornadoVmSession s = S.get();

    private RunResult adaptive(int tx, int ty) {
        return new Convolution().run(s, "adaptive", Params.of("width", "200", "height", "130", "fw", "3", "fh", "5", "bw", "8", "bh", "8",
                "tx", Integer.toString(tx), "ty", Integer.toString(ty), "reps", "1"));
    }

    @Test
    void moreOutputsPerWorkItemThanThePrivateArrayHoldAreRefusedWithTheLimit() {
        RunResult over = adaptive(16, 8);
        assertFalse(over.verified());
        assertNotNull(over.error());
        assertTrue(over.error().contains("tx*ty = 128 outputs per work-item exceed the 64"), over.error());
        RunResult full = adaptive(8, 8);
        assertNull(full.error(), "8x8 after a refusal");
        assertTrue(full.verified());
    }
}
