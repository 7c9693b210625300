package dev.perfport.backend.jocl;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The on-disk program binary cache: keys change with everything that decides a binary, the
 * folder stays within its bound, and on the real driver (PoCL here) a second session loads the
 * binary instead of compiling, a corrupt binary is rebuilt and replaced, and other constants miss.
 * (How much faster a warm start is, is measured by the CLI, not here: docs/results/seed-001.md.)
 */
class BinaryCacheTest {
    private static final List<String> DEVICE = List.of("Portable Computing Language", "OpenCL 3.0 PoCL 5.0", "cpu", "GenuineIntel",
            "OpenCL 3.0", "5.0");

    @Test
    void keyChangesWithDeviceDriverSourceAndOptions() {
        String k = BinaryCache.key(DEVICE, "src", "-DX=1");
        assertEquals(64, k.length());
        assertEquals(k, BinaryCache.key(DEVICE, "src", "-DX=1"));
        assertNotEquals(k, BinaryCache.key(DEVICE, "src", "-DX=2"));
        assertNotEquals(k, BinaryCache.key(DEVICE, "src ", "-DX=1"));
        List<String> newDriver = new java.util.ArrayList<>(DEVICE);
        newDriver.set(5, "5.1");
        assertNotEquals(k, BinaryCache.key(newDriver, "src", "-DX=1"));
        List<String> otherDevice = new java.util.ArrayList<>(DEVICE);
        otherDevice.set(2, "gpu");
        assertNotEquals(k, BinaryCache.key(otherDevice, "src", "-DX=1"));
        // length prefixes: moving text between fields changes the key
        assertNotEquals(BinaryCache.key(DEVICE, "ab", "c"), BinaryCache.key(DEVICE, "a", "bc"));
    }

    @Test
    void storesReadsAndTrimsLeastRecentlyUsedFirst(@TempDir Path dir) throws IOException {
        BinaryCache c = new BinaryCache(dir.resolve("jocl"), 250);
        assertNull(c.get("a"), "miss on an empty (not yet created) folder");
        c.put("a", new byte[100]);
        c.put("b", new byte[100]);
        assertArrayEquals(new byte[100], c.get("a"));
        Files.setLastModifiedTime(dir.resolve("jocl/b.bin"), FileTime.fromMillis(1000));
        Files.setLastModifiedTime(dir.resolve("jocl/a.bin"), FileTime.fromMillis(2000));
        c.put("c", new byte[100]);   // 300 B > 250: the least recently used (b) goes
        assertNull(c.get("b"));
        assertEquals(2, c.count());
        assertTrue(c.size() <= 250);
        c.put("huge", new byte[251]);   // larger than the bound: never stored
        assertNull(c.get("huge"));
        c.remove("a");
        assertNull(c.get("a"));
        try (var s = Files.list(dir.resolve("jocl"))) {
            assertTrue(s.noneMatch(p -> p.toString().endsWith(".tmp")), "no temporary file is left behind");
        }
    }

    private static final String SOURCE = """
            __kernel void scale(PP_PARAMS, __global float *x) {
                x[get_global_id(0)] *= F;
            }
            """;

    private static float[] run(JoclSession s, KernelDef def, int f) {
        try (CompiledKernel k = s.compile(def, Constants.of("F", f)); DeviceBuffer b = s.upload(new float[]{1, 2, 3, 4})) {
            s.launch(k, NDRange.of(4, 1), b);
            float[] out = new float[4];
            b.read(out);
            return out;
        }
    }

    @Test
    void aSecondSessionLoadsTheBinaryAndACorruptOneIsRebuilt(@TempDir Path dir) throws IOException {
        OpenCl.DEVICE.assumeDevice();
        KernelDef def = OpenCl.inline("test.scale", SOURCE, "scale").global("x", ElemType.FLOAT, dev.perfport.core.kernel.Access.READ_WRITE).build();
        BinaryCache cache = new BinaryCache(dir, 64L << 20);
        JoclDevice d = OpenCl.backendDevice();
        try (JoclSession s = new JoclSession(d, true, "", cache)) {
            assertArrayEquals(new float[]{3, 6, 9, 12}, run(s, def, 3));
            assertEquals(0, s.binaryHits());
            assertEquals(1, s.binaryMisses());
        }
        assertEquals(1, cache.count(), "the built program's binary is on disk");
        try (JoclSession s = new JoclSession(d, true, "", cache)) {
            assertArrayEquals(new float[]{3, 6, 9, 12}, run(s, def, 3));
            assertEquals(1, s.binaryHits(), "a new session (as a new process would) loads the binary");
            assertEquals(0, s.binaryMisses());
            assertArrayEquals(new float[]{5, 10, 15, 20}, run(s, def, 5));
            assertEquals(1, s.binaryMisses(), "other -D constants are another binary");
        }
        assertEquals(2, cache.count());
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) Files.write(p, "not a binary".getBytes());
        }
        try (JoclSession s = new JoclSession(d, true, "", cache)) {
            assertArrayEquals(new float[]{3, 6, 9, 12}, run(s, def, 3), "a corrupt binary is rebuilt from source");
            assertEquals(0, s.binaryHits());
            assertEquals(1, s.binaryMisses());
        }
        try (JoclSession s = new JoclSession(d, true, "", cache)) {
            run(s, def, 3);
            assertEquals(1, s.binaryHits(), "and replaced by a good one");
        }
    }
}
