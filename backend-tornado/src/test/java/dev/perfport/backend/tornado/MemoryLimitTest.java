package dev.perfport.backend.tornado;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A launch past TornadoVM's own device-memory limit ({@code tornado.device.memory}) is that launch's error, in one
 * readable line naming the setting, and the session goes on: TornadoVM 5.2 throws an Error while freeing the failed
 * plan, which once ended the process (and every other backend's rows with it).
 */
class MemoryLimitTest {
    @Test
    void aLaunchPastTheLimitFailsAloneAndSaysWhichSettingToRaise() throws Exception {
        Tornado.DEVICE.assumeDevice();
        String argfile = ChildJvm.tornadoArgfile();
        if (argfile == null) Tornado.skip("SKIPPED: perfport.tornado.argfile is not set (run through Maven)");
        List<String> cp = new ArrayList<>(ChildJvm.classPath());
        String out = ChildJvm.run(List.of("@" + argfile, "-Dtornado.device.memory=1MB"), cp, MemoryLimitProbe.class);
        assertTrue(out.contains("big=DeviceExecutionException") && out.contains("TornadoOutOfMemoryException")
                && out.contains("-Dtornado.device.memory=<X>GB"), out);
        assertFalse(out.contains("\u001B"), "no terminal colour codes in the error: " + out);
        assertTrue(out.contains("small=[3, 6, 9, 12]"), out);
        assertFalse(out.contains("error="), out);
    }
}
