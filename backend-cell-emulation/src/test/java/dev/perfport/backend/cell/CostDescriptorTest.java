package dev.perfport.backend.cell;

import dev.perfport.backend.cell.model.CellCounters;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalFloats;
import dev.perfport.core.wg.KernelCost;
import dev.perfport.core.wg.Op;
import dev.perfport.core.wg.WorkGroup;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A kernel's cost descriptor is charged as an {@code ops} call at the end of its body would be. */
class CostDescriptorTest {
    private static final int N = 1000;

    /** y[i] += x[i] over the group's active items (n is argument 2): loads and stores the model sees. */
    private static void body(WorkGroup g) {
        GlobalFloats x = g.floats(0), y = g.floats(1);
        int base = (int) g.groupLinearId() * g.localItems();
        for (int i = base; i < base + g.itemsBelow(g.intArg(2)); i++) y.set(i, y.get(i) + x.get(i));
    }

    private static KernelDef.Builder def(String name) {
        return Cells.kernel(name).global("x", ElemType.FLOAT, Access.READ).global("y", ElemType.FLOAT, Access.READ_WRITE)
                .scalar("n", ElemType.INT);
    }

    private static final KernelDef IN_BODY = def("inBody").impl(Cells.java(0, g -> {
        body(g);
        g.ops(Op.FLOAT, 3 * g.itemsBelow(g.intArg(2)));
        g.ops(Op.INT, 5L * g.localItems());
    })).build();

    private static final KernelDef DESCRIBED = def("described").impl(Cells.java(0, CostDescriptorTest::body)
            .withCost(KernelCost.of(Op.FLOAT, g -> 3 * g.itemsBelow(g.intArg(2))).andPerItem(Op.INT, 5))).build();

    private static final KernelDef UNCOSTED = def("uncosted").impl(Cells.java(0, CostDescriptorTest::body)).build();

    private static LaunchStats run(DeviceSession s, KernelDef def) {
        try (CompiledKernel k = s.compile(def); DeviceBuffer x = s.upload(new float[N]); DeviceBuffer y = s.upload(new float[N])) {
            return s.launch(k, NDRange.of(1024, 64), x, y, N);
        }
    }

    @Test
    void theDescriptorCostsWhatTheSameOpsAtTheEndOfTheBodyCost() {
        for (String cache : new String[]{"true", "false"}) {
            try (DeviceSession s = Cells.open("cache", cache)) {
                LaunchStats body = run(s, IN_BODY), described = run(s, DESCRIBED), none = run(s, UNCOSTED);
                assertEquals(body.counters(), described.counters(), "cache " + cache);
                assertEquals(body.modelledNanos(), described.modelledNanos(), "cache " + cache);
                assertTrue(described.counters().get(CellCounters.MODELLED_CYCLES) > none.counters().get(CellCounters.MODELLED_CYCLES),
                        "the descriptor adds its compute: " + described.counters() + " vs " + none.counters());
            }
        }
    }
}
