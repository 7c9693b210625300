package dev.perfport.core.kernel;

import dev.perfport.core.memory.ElemType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Route-native implementations carried by a definition: found by their type, one per type. */
class NativeImplTest {
    /** Two routes' implementation types, as two backends would define them. */
    record RouteA(String name) implements KernelImpl.Native {
    }

    record RouteB(String name) implements KernelImpl.Native {
    }

    private static KernelDef.Builder def() {
        return KernelDef.builder("t.copy").global("in", ElemType.INT, Access.READ).global("out", ElemType.INT, Access.WRITE)
                .impl(new KernelImpl.OpenClSource("__kernel void copy(__global const int* a, __global int* b) {}", "copy"));
    }

    @Test
    void aDefinitionCarriesOneImplementationPerRouteTypeBesideOpenClC() {
        RouteA a = new RouteA("t.copy");
        RouteB b = new RouteB("t.copy");
        KernelDef d = def().impl(a).impl(b).build();
        assertSame(a, d.impl(RouteA.class).orElseThrow());
        assertSame(b, d.impl(RouteB.class).orElseThrow());
        assertTrue(d.impl(Dialect.OPENCL_C).isPresent());
        assertTrue(d.impl(Dialect.JAVA_WORKGROUP).isEmpty());
        assertEquals(Dialect.NATIVE, a.dialect());
        // the definition's own implementation wins over every library
        assertSame(a, KernelLibrary.find(d, RouteA.class, getClass().getClassLoader()).orElseThrow());
    }

    @Test
    void theBuilderReplacesAnImplementationOfTheSameTypeAndTheRecordRefusesTwo() {
        RouteA second = new RouteA("t.copy");
        KernelDef d = def().impl(new RouteA("t.copy")).impl(second).build();
        assertSame(second, d.impl(RouteA.class).orElseThrow());
        assertEquals(2, d.impls().size());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new KernelDef("t.copy", d.args(), null, null, null,
                List.of(new RouteA("t.copy"), new RouteA("t.copy"))));
        assertTrue(e.getMessage().contains("carries two RouteA implementations"), e.getMessage());
    }

    @Test
    void withoutACarriedOneOrALibraryNothingIsFound() {
        KernelDef d = def().build();
        assertTrue(KernelLibrary.find(d, RouteA.class, getClass().getClassLoader()).isEmpty());
        assertTrue(KernelLibrary.all(RouteA.class, getClass().getClassLoader()).isEmpty());
    }
}
