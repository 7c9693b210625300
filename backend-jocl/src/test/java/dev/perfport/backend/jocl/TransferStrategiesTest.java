package dev.perfport.backend.jocl;

import dev.perfport.conformance.ClassSession;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.convolution.ConvolutionTransfers;
import dev.perfport.workloads.transfer.TransferModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The transfer strategies of seed 002 on the OpenCL test device: every one gives the reference's
 * image (chunk halos and uneven last chunks included), its row carries the model's prediction,
 * and the model's fit and recommendation exist. Times are not asserted.
 */
class TransferStrategiesTest {
    @RegisterExtension
    static final ClassSession<JoclSession> S = new ClassSession<>(OpenCl::session);

    @Test
    void everyStrategyVerifiesAndCarriesThePrediction() {
        ConvolutionTransfers w = new ConvolutionTransfers();
        for (TransferStrategy st : TransferStrategy.values()) {
            for (String chunks : new String[]{"1", "5"}) {
                RunResult r = w.run(S.get(), "adaptive", Params.of("width", "123", "height", "101", "fw", "7", "fh", "9", "bw", "8",
                        "bh", "8", "strategy", st.id(), "chunks", chunks, "queues", "3", "reps", "1"));
                assertTrue(r.verified(), st + " chunks=" + chunks + ": " + r.error());
                assertEquals("jocl", r.backend());
                assertTrue(r.metrics().get("predicted ms") > 0, r.metrics().toString());
                assertTrue(r.metrics().containsKey("error %"));
                int expected = (st == TransferStrategy.STREAMS || st == TransferStrategy.HYBRID) ? Integer.parseInt(chunks) : 1;
                assertEquals(Integer.toString(expected), r.params().get("chunks"));
            }
        }
    }

    @Test
    void theModelIsFittedPerDirectionAndRecommendsAStrategy() {
        TransferModel m = ConvolutionTransfers.model(S.get(), S.get());
        for (TransferModel.Direction d : TransferModel.Direction.values()) {
            TransferModel.Link l = m.link(d);
            assertTrue(l.r2() >= 0 && l.r2() <= 1, d + ": " + l);
        }
        assertEquals(TransferModel.Category.SHARED_MEMORY, m.category(), "PoCL runs on the CPU: host-shared memory");
        Map<TransferStrategy, Double> p = ConvolutionTransfers.recommend(S.get(), Params.of("width", "200", "height", "150", "fw", "5",
                "fh", "5", "bw", "8", "bh", "8", "chunks", "4"));
        assertEquals(4, p.size());
        p.values().forEach(v -> assertTrue(v > 0, p.toString()));
    }

    /**
     * The duplex calibration of the contention term runs on any OpenCL device (the session offers it
     * to the model only on a GPU, whose directions may contend), both ways: copies, and a mapped output.
     */
    @Test
    void copiesInAndOutAtOnceAreTimed() {
        JoclTransfers t = new JoclTransfers(S.get());
        for (boolean mappedOut : new boolean[]{false, true}) {
            long small = t.timeDuplex(1 << 16, mappedOut), large = t.timeDuplex(1 << 24, mappedOut);
            assertTrue(small > 0 && large > small, "mappedOut=" + mappedOut + ": " + small + ", " + large + " ns");
        }
        assertEquals(-1, S.get().timeDuplex(1 << 20, false), "a CPU device's copies are memcpy: nothing to contend for");
        assertTrue(S.get().overlap().isEmpty(), "OpenCL does not say how many copy engines a device has");
    }
}
