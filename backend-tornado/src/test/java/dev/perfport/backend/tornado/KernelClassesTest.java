package dev.perfport.backend.tornado;

import dev.perfport.backend.tornado.kernels.ReductionTornado;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every class with TornadoVM kernels is compiled with local-variable tables (javac -g):
 * TornadoVM's OpenCL code generator needs them, and without them a kernel either fails to
 * compile or, with bailout recovery on, silently runs as sequential Java. Needs no TornadoVM.
 */
class KernelClassesTest {

    @Test
    void kernelClassesCarryLocalVariableTables() throws IOException {
        Path dir = Path.of(ChildJvm.location(ReductionTornado.class)).resolve("dev/perfport/backend/tornado/kernels");
        assertTrue(Files.isDirectory(dir), "compiled kernels expected in a classes folder: " + dir);
        List<Path> classes;
        try (Stream<Path> s = Files.list(dir)) {
            classes = s.filter(p -> p.toString().endsWith(".class")).toList();
        }
        int kernelClasses = 0;
        for (Path c : classes) {
            String bytes = new String(Files.readAllBytes(c), StandardCharsets.ISO_8859_1);
            // a kernel method takes the KernelContext first: descriptor "(Luk/.../KernelContext;..."
            if (!bytes.contains("(Luk/ac/manchester/tornado/api/KernelContext;")) continue;
            kernelClasses++;
            assertTrue(bytes.contains("LocalVariableTable"), c.getFileName() + " was compiled without -g");
        }
        assertFalse(kernelClasses == 0, "no kernel class found in " + dir);
    }
}
