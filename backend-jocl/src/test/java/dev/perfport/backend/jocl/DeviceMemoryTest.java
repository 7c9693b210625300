package dev.perfport.backend.jocl;

import dev.perfport.conformance.ChildJvm;
import dev.perfport.conformance.TestDevice;
import dev.perfport.core.error.DeviceMemoryException;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Out of device memory, as a library user meets it: on PoCL limited to 1 GiB
 * ({@code POCL_MEMORY_LIMIT=1}, so 256 MiB per buffer), a buffer beyond what the device holds
 * next to the session's buffers, and one larger than one buffer may be, are each one line naming
 * the device, the bytes asked and the bytes available; the session goes on working. Runs in a
 * child JVM, since the limit is read when the OpenCL driver starts.
 */
class DeviceMemoryTest {

    @Test
    void moreThanTheDeviceHasIsOneLineAndTheSessionGoesOn() throws Exception {
        OpenCl.assumeLibrary();
        Map<String, String> env = new HashMap<>(Map.of("POCL_MEMORY_LIMIT", "1"));
        Path jsig = Path.of(System.getProperty("java.home"), "lib", "libjsig.so");
        if (Files.isRegularFile(jsig)) env.put("LD_PRELOAD", jsig.toString());
        String out = ChildJvm.run(List.of("--enable-native-access=ALL-UNNAMED"), ChildJvm.classPathOf(DeviceMemoryProbe.class,
                JoclBackend.class, org.jocl.CL.class, dev.perfport.core.backend.Backend.class), DeviceMemoryProbe.class, env, 120);
        Map<String, String> v = new HashMap<>();
        out.lines().forEach(l -> {
            int eq = l.indexOf('=');
            if (eq > 0) v.putIfAbsent(l.substring(0, eq), l.substring(eq + 1));
        });
        if (v.containsKey("skip")) TestDevice.skip("SKIPPED: " + v.get("skip"));
        assertFalse(v.containsKey("error"), out);
        String device = v.get("device");
        long global = Long.parseLong(v.get("global")), one = Long.parseLong(v.get("maxAlloc"));
        assertEquals(1L << 30, global, "POCL_MEMORY_LIMIT=1 gives 1 GiB: " + out);
        int buffers = Integer.parseInt(v.get("buffers"));
        assertEquals(global / one, buffers, "as many largest buffers as fit: " + out);
        assertEquals("out of device memory on " + device + ": a buffer of " + DeviceMemoryException.bytes(one) + " asked, "
                + DeviceMemoryException.bytes(global - buffers * one) + " available (" + DeviceMemoryException.bytes(global)
                + " of global memory, " + DeviceMemoryException.bytes(buffers * one) + " held by this session's " + buffers + " buffers)",
                v.get("full"));
        assertEquals("out of device memory on " + device + ": a buffer of " + DeviceMemoryException.bytes(one + 4) + " asked, "
                + DeviceMemoryException.bytes(one) + " available (the most one buffer may have, CL_DEVICE_MAX_MEM_ALLOC_SIZE)", v.get("tooLarge"));
        assertTrue(v.get("fullAsked").startsWith(Long.toString(one)), out);
        assertEquals("[1.0, 2.0, 3.0, 4.0]", v.get("after"), "after a buffer is freed the session allocates, copies and reads: " + out);
    }
}
