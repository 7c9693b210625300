package dev.perfport.backend.jocl;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.kernel.LocalSize;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.launch.TaskMapping;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import org.jocl.CL;
import org.jocl.Pointer;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Native OpenCL objects are released deterministically: by close() of each object and of the session. */
class ReleaseTest {

    @Test
    void sessionCloseReleasesEverything() {
        JoclSession s = OpenCl.session();
        assertEquals(Map.of("context", 1, "queue", 1, "mem", 2), s.liveNativeObjects(), "a new session: context, queue, 2 hidden buffers");
        DeviceBuffer a = s.upload(new int[256]);
        DeviceBuffer b = s.upload(new int[256]);
        DeviceBuffer c = s.allocate(ElemType.INT, 256);
        CompiledKernel vadd = s.compile(BufferAndLaunchErrorsTest.VADD);
        CompiledKernel mark = s.compile(PersistentTest.MARK);
        s.launch(vadd, NDRange.of(256, 64), a, b, c, 256);
        s.launch(mark, StaticGroups.of(1, 64, TaskMapping.DYNAMIC, 256), a, b);
        assertEquals(Map.of("context", 1, "queue", 1, "mem", 5, "program", 2, "kernel", 2), s.liveNativeObjects(),
                "events of copies and launches are released at once");

        s.close();
        assertEquals(Map.of(), s.liveNativeObjects());
        assertTrue(a.isClosed() && b.isClosed() && c.isClosed());
        assertThrows(IllegalStateException.class, () -> s.allocate(ElemType.INT, 1));
        assertThrows(IllegalStateException.class, () -> s.compile(BufferAndLaunchErrorsTest.VADD));
        assertThrows(IllegalStateException.class, () -> s.launch(vadd, NDRange.of(256, 64), a, b, c, 256));
        assertThrows(IllegalStateException.class, () -> c.read(new int[1]));
        s.close();                                            // idempotent
        a.close();
        vadd.close();
        assertEquals(Map.of(), s.liveNativeObjects());
    }

    @Test
    void launchThenReadMakesItsQueueOnceAndCloseReleasesIt() {
        JoclSession s = OpenCl.session();
        try (CompiledKernel vadd = s.compile(BufferAndLaunchErrorsTest.VADD);
             DeviceBuffer a = s.upload(new int[]{1, 2, 3, 4}); DeviceBuffer b = s.upload(new int[]{10, 20, 30, 40});
             DeviceBuffer c = s.allocate(ElemType.INT, 4)) {
            int[] got = new int[4];
            for (int i = 0; i < 3; i++) {
                java.util.Arrays.fill(got, -1);
                s.launchThenRead(vadd, NDRange.of(4, 4), c, got, a, b, c, 4);
                assertEquals("[11, 22, 33, 44]", java.util.Arrays.toString(got), "launch " + i + " read through the pinned staging area");
            }
            // the queue without profiling and its pinned staging buffer, made by the first read-back only
            assertEquals(Map.of("context", 1, "queue", 2, "mem", 6, "program", 1, "kernel", 1), s.liveNativeObjects());
            // a later copy on the profiling queue sees what the read-back queue's kernel wrote
            int[] again = new int[4];
            c.read(again);
            assertEquals("[11, 22, 33, 44]", java.util.Arrays.toString(again));
        }
        s.close();
        assertEquals(Map.of(), s.liveNativeObjects());
    }

    @Test
    void objectsReleaseThemselvesOnce() {
        try (JoclSession s = OpenCl.session()) {
            DeviceBuffer b = s.allocate(ElemType.FLOAT, 16);
            int[] refs = new int[1];
            CL.clGetMemObjectInfo(((JoclBuffer) b).mem(), CL.CL_MEM_REFERENCE_COUNT, 4, Pointer.to(refs), null);
            assertEquals(1, refs[0], "the session holds exactly one reference");
            assertEquals(3, s.liveNativeObjects().get("mem"));
            b.close();
            b.close();
            assertEquals(2, s.liveNativeObjects().get("mem"));

            CompiledKernel k = s.compile(BufferAndLaunchErrorsTest.VADD);
            assertEquals(1, s.liveNativeObjects().get("kernel"));
            k.close();
            k.close();
            assertEquals(null, s.liveNativeObjects().get("kernel"));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> s.launch(k, NDRange.of(64, 64), b, b, b, 1));
            assertTrue(e.getMessage().contains("closed"), e.getMessage());
            assertEquals(1, s.liveNativeObjects().get("program"), "the program stays cached for the next compile");
        }
    }

    @Test
    void manySessionsInTurn() {
        // each session allocates and frees its own context; 20 in a row must not exhaust anything
        for (int i = 0; i < 20; i++) {
            try (JoclSession s = OpenCl.session(); CompiledKernel k = s.compile(BufferAndLaunchErrorsTest.VADD);
                 DeviceBuffer a = s.upload(new int[]{i}); DeviceBuffer c = s.allocate(ElemType.INT, 1)) {
                s.launch(k, NDRange.of(1, 1), a, a, c, 1);
                int[] got = new int[1];
                c.read(got);
                assertEquals(2 * i, got[0]);
            }
        }
    }

    @Test
    void localSizeArgumentsNeedNoRelease() {
        try (JoclSession s = OpenCl.session()) {
            CompiledKernel k = s.compile(OpenCl.kernel("test.local_rotate", "basic.cl", "local_rotate")
                    .global("in", ElemType.INT, dev.perfport.core.kernel.Access.READ)
                    .global("out", ElemType.INT, dev.perfport.core.kernel.Access.WRITE).local("tmp", ElemType.INT).build());
            try (DeviceBuffer in = s.upload(new int[64]); DeviceBuffer out = s.allocate(ElemType.INT, 64)) {
                for (int i = 0; i < 5; i++) s.launch(k, NDRange.of(64, 32), in, out, LocalSize.of(32));
            }
            assertEquals(Map.of("context", 1, "queue", 1, "mem", 2, "program", 1, "kernel", 1), s.liveNativeObjects());
        }
    }
}
