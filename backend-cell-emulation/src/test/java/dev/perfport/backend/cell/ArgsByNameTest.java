package dev.perfport.backend.cell;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.wg.GlobalFloats;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A Java work-group kernel that reads its arguments by name, over an NDRange of n items. */
class ArgsByNameTest {

    private static KernelDef saxpy(String yName) {
        return Cells.kernel("saxpy.byname")
                .scalar("n", ElemType.INT).scalar("a", ElemType.FLOAT)
                .global("x", ElemType.FLOAT, Access.READ).global("y", ElemType.FLOAT, Access.READ_WRITE)
                .impl(Cells.java(0, g -> {
                    int n = g.intArg("n");
                    float a = g.floatArg("a");
                    GlobalFloats x = g.floats("x"), y = g.floats(yName);
                    g.forEachItem(lid -> {
                        int i = (int) g.globalId(0, lid);
                        if (i < n) y.set(i, a * x.get(i) + y.get(i));
                    });
                }))
                .build();
    }

    @Test
    void argumentsByNameAreTheDefinitionsArguments() {
        int n = 1000;
        float[] x = new float[n], y = new float[n], want = new float[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * 0.5f;
            y[i] = 1 - i;
            want[i] = 2.5f * x[i] + y[i];
        }
        try (DeviceSession s = Cells.open("workers", "2");
             CompiledKernel k = s.compile(saxpy("y"));
             DeviceBuffer dx = s.upload(x); DeviceBuffer dy = s.upload(y)) {
            s.launch(k, NDRange.over(n), n, 2.5f, dx, dy);
            dy.read(y);
        }
        assertArrayEquals(want, y);
    }

    @Test
    void anUnknownNameFailsTheLaunchListingTheArguments() {
        try (DeviceSession s = Cells.open("workers", "1");
             CompiledKernel k = s.compile(saxpy("z"));
             DeviceBuffer dx = s.upload(new float[8]); DeviceBuffer dy = s.upload(new float[8])) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> s.launch(k, NDRange.over(8), 8, 1f, dx, dy));
            String all = e.toString() + (e.getCause() == null ? "" : " " + e.getCause());
            assertTrue(all.contains("no argument 'z'") && all.contains("[n, a, x, y]"), all);
            assertTrue(e instanceof DeviceExecutionException || e instanceof IllegalArgumentException, e.toString());
        }
    }
}
