package dev.perfport.workloads;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * tools/KernelGen.java, the build's template expander, prints nothing when it succeeds, so that a
 * quiet build ({@code ./mvnw -q}) is quiet; the files it writes are the proof of its work.
 */
class KernelGenQuietTest {

    @Test
    void expandingTemplatesPrintsNothing(@TempDir Path dir) throws Exception {
        Path tool = Path.of("..", "tools", "KernelGen.java").toAbsolutePath().normalize();
        assertTrue(Files.isRegularFile(tool), tool + " exists");
        Path templates = Files.createDirectories(dir.resolve("templates/p"));
        Files.writeString(templates.resolve("K.java"), """
                package p;
                //#for T=int,float
                class K$T$ {}
                //#end
                """);
        Path out = dir.resolve("out");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, tool.toString(), dir.resolve("templates").toString(), out.toString())
                .redirectErrorStream(true).start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "KernelGen finished");
        assertEquals(0, p.exitValue(), printed);
        assertEquals("", printed, "nothing printed");
        String generated = Files.readString(out.resolve("p/K.java"));
        assertTrue(generated.contains("class Kint {}") && generated.contains("class Kfloat {}"), generated);
    }
}
