package dev.perfport.core.kernel;

import dev.perfport.core.memory.ElemType;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class ConstantsTest {
    @Test
    void openClOptions() {
        Constants c = Constants.of("WG", 256, "SCALE", 0.5f, "FAST", true, "BIG", 1L << 40);
        assertEquals("-DBIG=1099511627776L -DFAST=1 -DSCALE=0.5f -DWG=256", c.toOpenClOptions());
        assertEquals(256, c.getInt("WG"));
        assertTrue(c.getBoolean("FAST"));
        assertEquals(7, c.with("WG", 7).getInt("WG"));
        var e = assertThrows(IllegalArgumentException.class, () -> c.getInt("TILE"));
        assertTrue(e.getMessage().contains("TILE"));
        assertThrows(IllegalArgumentException.class, () -> Constants.of("bad name", 1));
        assertThrows(IllegalArgumentException.class, () -> Constants.of("S", "text"));
    }

    @Test
    void kernelDefBasics() {
        KernelDef k = KernelDef.builder("x").global("a", ElemType.INT, Access.READ).staticLocal("s", ElemType.INT)
                .impl(new KernelImpl.OpenClSource("__kernel void x(){}", "x")).build();
        assertTrue(k.usesStaticLocal());
        assertTrue(k.isPersistent());
        assertTrue(k.impl(Dialect.OPENCL_C).isPresent());
        assertTrue(k.impl(Dialect.JAVA_WORKGROUP).isEmpty());
        assertEquals(1, k.indexOf("s"));
        assertEquals(16, k.hash().length());
        assertThrows(IllegalArgumentException.class,
                () -> KernelDef.builder("y").scalar("n", ElemType.INT).scalar("n", ElemType.INT).build());
    }

    @Test
    void preludeDefinesTheContract() {
        String p = OpenClPrelude.source();
        assertTrue(p.contains("#define PP_PARAMS"));
        assertTrue(p.contains("PP_FOR_EACH_TASK"));
        assertTrue(OpenClPrelude.lineCount() > 10);
    }
}
