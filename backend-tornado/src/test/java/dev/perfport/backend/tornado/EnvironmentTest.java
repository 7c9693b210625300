package dev.perfport.backend.tornado;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The plugin in a JVM that was not started with TornadoVM's options: it must load, and the
 * backend must be unavailable with a reason that says what is missing and what to do, never a
 * NoClassDefFoundError. Needs no TornadoVM, so it runs everywhere this module builds.
 */
class EnvironmentTest {

    @Test
    void withoutTornadoVmsOptionsTheBackendIsUnavailableWithTheReason() throws Exception {
        String out = ChildJvm.run(List.of(), ChildJvm.classPath(), EnvironmentProbe.class);
        assertTrue(out.contains("devices=0"), out);
        assertTrue(out.contains("reason=this JVM was not started with TornadoVM's options"), out);
        assertTrue(out.contains("TornadoVM's modules are not on the module path"), out);
        assertTrue(out.contains("-Dtornado.load.* properties are not set"), out);
        assertTrue(out.contains("JVMCI is off"), out);
        assertTrue(out.contains("TORNADOVM_HOME"), out);
        assertFalse(out.contains("error="), out);
    }

    @Test
    void anSdkTheOptionsCouldNotBeMadeFromIsTheReason() throws Exception {
        // what bin/tornado-jvm-args --lenient passes when TORNADOVM_HOME is not an SDK
        String out = ChildJvm.run(List.of("-Dperfport.tornado.problem=TORNADOVM_HOME='/nowhere' is not a folder"),
                ChildJvm.classPath(), EnvironmentProbe.class);
        assertTrue(out.contains("reason=TornadoVM's JVM options could not be generated: TORNADOVM_HOME='/nowhere' is not a folder"), out);
    }
}
