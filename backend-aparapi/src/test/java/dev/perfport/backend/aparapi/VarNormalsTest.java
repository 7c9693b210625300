package dev.perfport.backend.aparapi;

import dev.perfport.conformance.ClassSession;
import org.junit.jupiter.api.extension.RegisterExtension;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.workloads.var.Mt607;
import dev.perfport.workloads.var.Mt607Creator;
import dev.perfport.workloads.var.Var;
import dev.perfport.workloads.var.VarModel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The VaR random normals drawn by the Aparapi kernel equal the host's bit for bit (Philox and
 * MT607): the Box-Muller arithmetic, the unsigned shifts written as masked shifts, mul_hi as a
 * 64-bit product and the float bit casts all translate exactly.
 */
class VarNormalsTest {

    @RegisterExtension
    static final ClassSession<DeviceSession> S = new ClassSession<>(Aparapi::session);
    private final DeviceSession s = S.get();

    @ParameterizedTest(name = "{0} simbs={1} vwidth={2}")
    @CsvSource({"PHILOX,1,1", "PHILOX,3,4", "MT,2,2", "MT,1,16"})
    void normalsAreTheHostsBitForBit(VarModel.Rng rng, int simbs, int vwidth) {
        VarModel.Layout layout = new VarModel.Layout(simbs, vwidth, 8, 3);
        long seed = 0x1234_5678_9abcL;
        float[] got = Var.normals(s, rng, seed, layout);
        List<Mt607.Params> streams = rng == VarModel.Rng.MT ? Mt607Creator.shared().params(layout.workItems()) : List.of();
        float[] want = VarModel.normals(rng, (int) seed, (int) (seed >>> 32), layout, streams);
        assertEquals(want.length, got.length);
        for (int i = 0; i < want.length; i++) {
            assertEquals(Float.floatToRawIntBits(want[i]), Float.floatToRawIntBits(got[i]),
                    "normal " + i + ": host " + want[i] + ", device " + got[i]);
        }
    }
}
