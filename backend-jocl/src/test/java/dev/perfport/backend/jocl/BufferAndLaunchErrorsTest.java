package dev.perfport.backend.jocl;

import dev.perfport.conformance.ClassSession;
import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.error.InvalidLaunchException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input gets a clear error naming the problem and the limit, before anything runs. */
class BufferAndLaunchErrorsTest {

    static final KernelDef VADD = OpenCl.kernel("test.vadd.int", "basic.cl", "vadd_int")
            .global("a", ElemType.INT, Access.READ).global("b", ElemType.INT, Access.READ)
            .global("c", ElemType.INT, Access.WRITE).scalar("n", ElemType.INT).build();

    @RegisterExtension
    static final ClassSession<JoclSession> S = new ClassSession<>(OpenCl::session);
    private final JoclSession s = S.get();

    @Test
    void roundTripsOfEveryTypeWithOffsets() {
        try (DeviceBuffer b = s.allocate(ElemType.LONG, 10)) {
            long[] src = {1L << 40, 2, 3, 4, 5};
            b.write(0, new long[10], 0, 10);
            b.write(4, src, 1, 3);                          // elements 4..6 = 2, 3, 4
            long[] got = new long[12];
            b.read(2, got, 5, 6);                           // buffer 2..7 -> got 5..10
            assertArrayEquals(new long[]{0, 0, 0, 0, 0, 0, 0, 2, 3, 4, 0, 0}, got);
        }
        try (DeviceBuffer b = s.upload(new double[]{0.5, -1.25, Math.PI})) {
            double[] got = new double[3];
            b.read(got);
            assertArrayEquals(new double[]{0.5, -1.25, Math.PI}, got);
            assertEquals(ElemType.DOUBLE, b.type());
            assertEquals(3, b.length());
            assertEquals(24, b.bytes());
            assertEquals(MemoryLevel.GLOBAL, b.level());
        }
        try (DeviceBuffer b = s.upload(new float[]{1.5f, Float.NaN, -0f})) {
            float[] got = new float[3];
            b.read(got);
            assertArrayEquals(new float[]{1.5f, Float.NaN, -0f}, got);
        }
    }

    @Test
    void hostArrayOfTheWrongType() {
        try (DeviceBuffer b = s.allocate(ElemType.INT, 4)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.write(new float[4]));
            assertTrue(e.getMessage().contains("INT") && e.getMessage().contains("float[]"), e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> b.read(new long[4]));
            assertThrows(IllegalArgumentException.class, () -> b.write(new byte[4]));
        }
    }

    @Test
    void rangesOutsideTheBufferOrTheArray() {
        try (DeviceBuffer b = s.allocate(ElemType.INT, 4)) {
            IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, () -> b.write(new int[5]));
            assertTrue(e.getMessage().contains("[0, 5)") && e.getMessage().contains("length 4"), e.getMessage());
            assertThrows(IndexOutOfBoundsException.class, () -> b.read(3, new int[2], 0, 2));
            assertThrows(IndexOutOfBoundsException.class, () -> b.read(-1, new int[2], 0, 1));
            assertThrows(IndexOutOfBoundsException.class, () -> b.write(0, new int[2], 1, 2));
            assertThrows(IndexOutOfBoundsException.class, () -> b.write(0, new int[2], 0, -1));
            b.write(0, new int[0], 0, 0);                   // an empty copy is fine
        }
    }

    @Test
    void closedBuffer() {
        DeviceBuffer b = s.upload(new int[]{1, 2});
        b.close();
        b.close();                                          // idempotent
        assertTrue(b.isClosed());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> b.read(new int[2]));
        assertTrue(e.getMessage().contains("released"), e.getMessage());
        try (CompiledKernel k = s.compile(VADD); DeviceBuffer ok = s.allocate(ElemType.INT, 64)) {
            InvalidLaunchException le = assertThrows(InvalidLaunchException.class, () -> s.launch(k, NDRange.of(64, 64), b, ok, ok, 2));
            assertTrue(le.getMessage().contains("'a'") && le.getMessage().contains("released"), le.getMessage());
        }
    }

    @Test
    void allocationLimits() {
        long max = OpenCl.backendDevice().maxAllocBytes();
        assertEquals(String.valueOf(max), s.device().properties().get("maxMemAllocBytes"));
        long ints = max / 4 + 1;
        InvalidLaunchException e = assertThrows(InvalidLaunchException.class, () -> s.allocate(ElemType.INT, ints));
        assertTrue(e.getMessage().contains(String.valueOf(max)) && e.getMessage().contains("CL_DEVICE_MAX_MEM_ALLOC_SIZE"), e.getMessage());
        // overflowing byte counts are refused, not wrapped
        assertThrows(InvalidLaunchException.class, () -> s.allocate(ElemType.DOUBLE, Long.MAX_VALUE / 4));
        assertThrows(IllegalArgumentException.class, () -> s.allocate(ElemType.INT, 0));
        IllegalArgumentException local = assertThrows(IllegalArgumentException.class, () -> s.allocate(ElemType.INT, 4, MemoryLevel.LOCAL));
        assertTrue(local.getMessage().contains("LOCAL"), local.getMessage());
    }

    @Test
    void wrongArgumentKinds() {
        try (CompiledKernel k = s.compile(VADD); DeviceBuffer i = s.allocate(ElemType.INT, 64); DeviceBuffer f = s.allocate(ElemType.FLOAT, 64)) {
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class, () -> s.launch(k, NDRange.of(64, 64), i, f, i, 64));
            assertTrue(e.getMessage().contains("'b'") && e.getMessage().contains("FLOAT"), e.getMessage());
            e = assertThrows(InvalidLaunchException.class, () -> s.launch(k, NDRange.of(64, 64), i, i, i, 64L));
            assertTrue(e.getMessage().contains("'n'") && e.getMessage().contains("int"), e.getMessage());
            e = assertThrows(InvalidLaunchException.class, () -> s.launch(k, NDRange.of(64, 64), i, i, i));
            assertTrue(e.getMessage().contains("takes 4 arguments"), e.getMessage());
            e = assertThrows(InvalidLaunchException.class, () -> s.launch(k, NDRange.of(64, 64), i, i, LocalSize.of(4), 64));
            assertTrue(e.getMessage().contains("'c'"), e.getMessage());
            e = assertThrows(InvalidLaunchException.class, () -> s.launch(k, NDRange.of(100, 64), i, i, i, 64));
            assertTrue(e.getMessage().contains("does not divide"), e.getMessage());
        }
    }

    @Test
    void bufferOfAnotherSession() {
        try (JoclSession other = OpenCl.session(); DeviceBuffer foreign = other.allocate(ElemType.INT, 64);
             CompiledKernel k = s.compile(VADD); DeviceBuffer mine = s.allocate(ElemType.INT, 64)) {
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class, () -> s.launch(k, NDRange.of(64, 64), mine, foreign, mine, 64));
            assertTrue(e.getMessage().contains("another session") && e.getMessage().contains("'b'"), e.getMessage());
            try (CompiledKernel ko = other.compile(VADD)) {
                assertThrows(IllegalArgumentException.class, () -> s.launch(ko, NDRange.of(64, 64), mine, mine, mine, 64));
                assertThrows(IllegalArgumentException.class, () -> s.maxResidentGroups(ko, new long[]{64}, 0));
            }
        }
    }

    @Test
    void requiredWorkGroupSize() {
        KernelDef def = OpenCl.kernel("test.fixed64", "basic.cl", "fixed64").global("out", ElemType.INT, Access.WRITE).build();
        try (CompiledKernel k = s.compile(def); DeviceBuffer out = s.allocate(ElemType.INT, 128)) {
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class, () -> s.launch(k, NDRange.of(128, 32), out));
            assertTrue(e.getMessage().contains("reqd_work_group_size(64, 1, 1)") && e.getMessage().contains("[32]"), e.getMessage());
            assertEquals(0, s.maxResidentGroups(k, new long[]{32}, 0));
            s.launch(k, NDRange.of(128, 64), out);
            int[] got = new int[128];
            out.read(got);
            for (int v : got) assertEquals(64, v);
        }
    }

    @Test
    void kernelsOwnLocalMemoryCountsAgainstTheCapacity() {
        long cap = s.device().capacity(MemoryLevel.LOCAL);
        int big = (int) (cap / 4 * 3 / 4);                  // 3/4 of local memory in the kernel itself
        int extra = (int) (cap / 4 / 2);                    // plus 1/2 as an argument: over capacity
        KernelDef def = OpenCl.kernel("test.own_local", "basic.cl", "own_local")
                .global("out", ElemType.INT, Access.WRITE).local("extra", ElemType.INT).build();
        try (CompiledKernel k = s.compile(def, Constants.of("BIG", big)); DeviceBuffer out = s.allocate(ElemType.INT, 64)) {
            assertTrue(((JoclKernel) k).ownLocalBytes() >= 4L * big, "CL_KERNEL_LOCAL_MEM_SIZE: " + ((JoclKernel) k).ownLocalBytes());
            InvalidLaunchException e = assertThrows(InvalidLaunchException.class,
                    () -> s.launch(k, NDRange.of(64, 64), out, LocalSize.of(extra)));
            assertTrue(e.getMessage().contains("exceeds the " + cap + " B of local memory"), e.getMessage());
            assertEquals(0, s.maxResidentGroups(k, new long[]{64}, 4L * extra));
            // within capacity it runs
            s.launch(k, NDRange.of(64, 64), out, LocalSize.of(64));
            int[] got = new int[64];
            out.read(got);
            for (int lid = 0; lid < 64; lid++) assertEquals(3 * ((lid + 1) % 64), got[lid]);
        }
    }

    @Test
    void openClErrorsAreNamed() {
        // a real failing OpenCL call: an unknown device info parameter
        CLException ce = assertThrows(CLException.class, () -> CL.clGetDeviceInfo(deviceHandle(), 0x7fff, 8, Pointer.to(new long[1]), null));
        DeviceExecutionException e = Cl.error("querying parameter 0x7fff", ce);
        assertTrue(e.getMessage().contains("CL_INVALID_VALUE") && e.getMessage().contains("(-30)"), e.getMessage());
        assertEquals(ce, e.getCause());
    }

    private static org.jocl.cl_device_id deviceHandle() {
        return OpenCl.backendDevice().device();
    }
}
