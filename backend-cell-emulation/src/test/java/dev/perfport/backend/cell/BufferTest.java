package dev.perfport.backend.cell;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Profile;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BufferTest {

    @Test
    void writeAndReadWithOffsetsAreRecordedAsTransfers() {
        try (DeviceSession s = Cells.open()) {
            DeviceBuffer b = s.allocate(ElemType.LONG, 10);
            assertEquals(ElemType.LONG, b.type());
            assertEquals(10, b.length());
            assertEquals(80, b.bytes());
            assertEquals(MemoryLevel.GLOBAL, b.level());
            b.write(3, new long[]{7, 8, 9, 10}, 1, 3);          // device [3, 6) = 8, 9, 10
            long[] back = new long[6];
            b.read(2, back, 1, 5);                               // host [1, 6) = device [2, 7)
            assertArrayEquals(new long[]{0, 0, 8, 9, 10, 0}, back);
            Profile p = s.profile();
            assertEquals(3 * 8, p.bytesToDevice());
            assertEquals(5 * 8, p.bytesToHost());
            assertTrue(p.transferNanos() >= 0);
            assertEquals(0, p.modelledNanos(), "the session has a cost model; host copies are main-memory copies on a Cell: no modelled time");
        }
    }

    @Test
    void everyElementTypeRoundTrips() {
        try (DeviceSession s = Cells.open()) {
            Object[] hosts = {new int[]{1, -2, 3}, new long[]{Long.MIN_VALUE, 5}, new float[]{1.5f, Float.NaN},
                    new double[]{Math.PI, -0.0}};
            for (Object h : hosts) {
                try (DeviceBuffer b = s.upload(h)) {
                    Object back = java.lang.reflect.Array.newInstance(h.getClass().getComponentType(), java.lang.reflect.Array.getLength(h));
                    b.read(back);
                    assertTrue(java.util.Objects.deepEquals(h, back), ElemType.ofArray(h) + " did not round-trip");
                }
            }
            try (DeviceBuffer c = s.allocate(ElemType.FLOAT, 4, MemoryLevel.CONSTANT)) {
                assertEquals(MemoryLevel.CONSTANT, c.level());
            }
        }
    }

    @Test
    void badCopiesFailWithClearErrors() {
        try (DeviceSession s = Cells.open()) {
            DeviceBuffer b = s.allocate(ElemType.INT, 8);
            IllegalArgumentException type = assertThrows(IllegalArgumentException.class, () -> b.write(new float[8]));
            assertTrue(type.getMessage().contains("INT") && type.getMessage().contains("float[]"), type.getMessage());
            assertThrows(IllegalArgumentException.class, () -> b.read(new Object()));

            IndexOutOfBoundsException dev = assertThrows(IndexOutOfBoundsException.class, () -> b.write(5, new int[4], 0, 4));
            assertTrue(dev.getMessage().contains("[5, 9)") && dev.getMessage().contains("length 8"), dev.getMessage());
            IndexOutOfBoundsException host = assertThrows(IndexOutOfBoundsException.class, () -> b.read(0, new int[4], 2, 3));
            assertTrue(host.getMessage().contains("host array of length 4"), host.getMessage());
            assertThrows(IndexOutOfBoundsException.class, () -> b.read(-1, new int[4], 0, 1));

            b.close();
            assertTrue(b.isClosed());
            assertDoesNotThrow(b::close, "close is idempotent");
            IllegalStateException closed = assertThrows(IllegalStateException.class, () -> b.read(new int[8]));
            assertTrue(closed.getMessage().contains("released"), closed.getMessage());
            assertThrows(IllegalStateException.class, () -> b.write(new int[8]));
        }
    }

    @Test
    void allocationLimits() {
        try (DeviceSession s = Cells.open()) {
            assertThrows(IllegalArgumentException.class, () -> s.allocate(ElemType.INT, 0));
            assertThrows(IllegalArgumentException.class, () -> s.allocate(ElemType.INT, 4, MemoryLevel.LOCAL));
            // a Java array holds at most 2^31 - 9 elements; checked before any memory is touched
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> ArrayBuffer.checkLength(ElemType.INT, (1L << 31) - 8));
            assertTrue(e.getMessage().contains("2147483640 int elements") && e.getMessage().contains("2147483639"), e.getMessage());
            assertDoesNotThrow(() -> ArrayBuffer.checkLength(ElemType.INT, (1L << 31) - 9));
            // and beyond the heap the core check answers first
            assertThrows(InvalidLaunchException.class, () -> s.allocate(ElemType.DOUBLE, Runtime.getRuntime().maxMemory()));
        }
    }

    @Test
    void closingTheSessionReleasesBuffersKernelsAndWorkers() throws InterruptedException {
        DeviceSession s = Cells.open("workers", "3");
        Thread[] workers = ((CellSession) s).workerThreads();
        assertEquals(3, workers.length);
        for (Thread t : workers) {
            assertTrue(t.isAlive() && t.isDaemon(), t.getName());
            assertTrue(t.getName().startsWith("spe-"), t.getName());
        }
        DeviceBuffer a = s.allocate(ElemType.FLOAT, 100);
        DeviceBuffer c = s.allocate(ElemType.INT, 5);
        c.close();
        CompiledKernel k = s.compile(Cells.kernel("noop").global("x", ElemType.INT, Access.READ)
                .impl(Cells.java(0, g -> { })).build());
        s.close();
        assertTrue(a.isClosed());
        assertTrue(c.isClosed());
        assertThrows(IllegalStateException.class, () -> a.read(new float[100]));
        assertThrows(IllegalStateException.class, () -> s.allocate(ElemType.INT, 1));
        assertThrows(IllegalStateException.class, () -> s.launch(k, NDRange.of(1, 1), a));
        for (Thread t : workers) {
            t.join(2000);
            assertFalse(t.isAlive(), t.getName() + " still runs after close");
        }
        assertDoesNotThrow(s::close, "close is idempotent");
    }

    @Test
    void buffersOfAnotherSessionAreRefused() {
        try (DeviceSession s1 = Cells.open(); DeviceSession s2 = Cells.open()) {
            CompiledKernel k = s1.compile(Cells.kernel("noop").global("x", ElemType.INT, Access.READ)
                    .impl(Cells.java(0, g -> { })).build());
            DeviceBuffer foreign = s2.allocate(ElemType.INT, 4);
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class, () -> s1.launch(k, NDRange.of(4, 4), foreign));
            assertTrue(e.getMessage().contains("another session"), e.getMessage());
            DeviceBuffer own = s1.allocate(ElemType.INT, 4);
            own.close();
            InvalidLaunchException closed = assertThrows(InvalidLaunchException.class, () -> s1.launch(k, NDRange.of(4, 4), own));
            assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
        }
    }
}
