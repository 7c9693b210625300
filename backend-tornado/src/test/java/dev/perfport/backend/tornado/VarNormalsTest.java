package dev.perfport.backend.tornado;

import dev.perfport.conformance.ClassSession;
import dev.perfport.workloads.var.Mt607Creator;
import dev.perfport.workloads.var.Var;
import dev.perfport.workloads.var.VarModel;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * VaR's random normals drawn on TornadoVM are bit for bit the host's (VarModel.normals): the
 * generator, FloatMath's ln and sqrt rebuilt without bit access (VarTornado), and TornadoVM run
 * without FMA fusion and fast math.
 */
class VarNormalsTest {
    @RegisterExtension
    static final ClassSession<TornadoVmSession> S = new ClassSession<>(Tornado::session);
    private final TornadoVmSession s = S.get();

    @ParameterizedTest
    @EnumSource(VarModel.Rng.class)
    void normalsAreBitIdenticalToTheHosts(VarModel.Rng rng) {
        VarModel.Layout layout = new VarModel.Layout(2, 4, 16, 8);
        long seed = 0x1234_5678_9abcL;
        float[] device = Var.normals(s, rng, seed, layout);
        var streams = rng == VarModel.Rng.MT ? Mt607Creator.shared().params(layout.workItems()) : List.<dev.perfport.workloads.var.Mt607.Params>of();
        float[] host = VarModel.normals(rng, (int) seed, (int) (seed >>> 32), layout, streams);
        assertEquals(host.length, device.length);
        int differ = 0;
        int first = -1;
        for (int i = 0; i < host.length; i++) {
            if (Float.floatToRawIntBits(host[i]) != Float.floatToRawIntBits(device[i])) {
                if (first < 0) first = i;
                differ++;
            }
        }
        assertEquals(0, differ, rng + ": " + differ + " of " + host.length + " normals differ"
                + (first < 0 ? "" : "; first z[" + first + "] host " + host[first] + " device " + device[first]));
    }
}
