package dev.perfport.backend.cell;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.result.RunResult;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workload;
import dev.perfport.workloads.Workloads;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/**
 * POP's functions in every transfer strategy on the emulator, in modelled time: every variant
 * verifies in each, streams and hybrid run one stage per level, mapped copies nothing (its time
 * is its kernel's), and explicit's time is its kernel's plus its copies, one after the other.
 */
class CellPopStrategiesTest {
    private static DeviceSession s;

    @BeforeAll
    static void open() {
        s = Cells.open();
    }

    @AfterAll
    static void close() {
        s.close();
    }

    private static RunResult run(String variant, TransferStrategy st) {
        Workload pop = Workloads.get("pop");
        RunResult r = pop.run(s, variant, Params.of("nx", "40", "ny", "24", "km", "8", "type", "float", "wg", "64", "strategy", st.id(),
                "reps", "1"));
        assertTrue(r.verified(), variant + " " + st.id() + ": " + r.error());
        assertTrue(r.metrics().containsKey("modelled ms"), r.metrics().toString());
        return r;
    }

    @Test
    void everyVariantVerifiesInEveryStrategy() {
        for (String v : Workloads.get("pop").variants()) {
            for (TransferStrategy st : TransferStrategy.values()) {
                RunResult r = run(v, st);
                boolean perLevel = st == TransferStrategy.STREAMS || st == TransferStrategy.HYBRID;
                assertEquals(perLevel ? 8.0 : 1.0, r.metrics().get("stages"), v + " " + st.id());
            }
        }
    }

    @Test
    void mappedCopiesNothingAndExplicitAddsItsCopies() {
        RunResult explicit = run("state", TransferStrategy.EXPLICIT), mapped = run("state", TransferStrategy.MAPPED);
        assertEquals(mapped.metrics().get("kernel ms"), mapped.metrics().get("modelled ms"), 1e-9, "mapped copies nothing: its time is its kernel's");
        assertTrue(explicit.metrics().get("modelled ms") > explicit.metrics().get("kernel ms"), explicit.metrics().toString());
    }
}
