package dev.perfport.backend.tornado;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The TornadoVM options perfport sets when the JVM was started without them take effect: TornadoVM reads them after
 * {@link TornadoEnvironment#problem}, which is what the backend calls first.
 */
class OptionsTest {

    @Test
    void tornadoVmRunsWithPerfportsEventListLength() throws Exception {
        Tornado.DEVICE.assumeDevice();
        if (!"1024".equals(System.getProperty(TornadoEnvironment.MAX_EVENTS))) {
            Tornado.skip("SKIPPED: this JVM was started with -D" + TornadoEnvironment.MAX_EVENTS + "="
                    + System.getProperty(TornadoEnvironment.MAX_EVENTS) + ", which perfport leaves as it is");
        }
        // TornadoVM's runtime, read reflectively: this module compiles against tornado-api alone
        Class<?> options = Class.forName("uk.ac.manchester.tornado.runtime.common.TornadoOptions");
        assertEquals(1024, options.getField("MAX_EVENTS").getInt(null),
                "TornadoVM's event lists have the length perfport set (its default is 32768)");
        if ("65536".equals(System.getProperty(TornadoEnvironment.BYTECODE_SIZE))) {
            Class<?> builder = Class.forName("uk.ac.manchester.tornado.runtime.graph.TornadoVMBytecodeBuilder");
            assertEquals(65536, builder.getField("MAX_TORNADO_VM_BYTECODE_SIZE").getInt(null),
                    "a task graph's bytecode buffer has the size perfport set (TornadoVM's default is 4096)");
        }
    }
}
