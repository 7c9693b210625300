package dev.perfport.examples.saxpy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/install.md's library example is complete: its pom imports the BOM and names the scopes this
 * example's own pom uses, and its Java block compiles, as it stands, against what that pom brings
 * (this module's class path: runtime, workloads, backend-aparapi at compile scope, the backends at
 * run time), and runs on the default backend.
 */
class InstallDocTest {
    private static final Path ROOT = Path.of(System.getProperty("examples.repo.root", "../.."));

    private static String block(String doc, String lang, String containing) {
        Matcher m = Pattern.compile("```" + lang + "\\n(.*?)```", Pattern.DOTALL).matcher(doc);
        while (m.find()) if (m.group(1).contains(containing)) return m.group(1);
        return null;
    }

    @Test
    void theLibraryExampleCompilesAndRuns(@TempDir Path dir) throws Exception {
        String doc = Files.readString(ROOT.resolve("docs/install.md"));
        String pom = block(doc, "xml", "perfport-bom");
        assertNotNull(pom, "a pom snippet importing perfport-bom");
        assertTrue(pom.contains("<scope>import</scope>") && pom.contains("<maven.compiler.release>25</maven.compiler.release>"), pom);
        // perfport-backend-aparapi without a scope (compile), the backends at run time
        assertTrue(Pattern.compile("<artifactId>perfport-backend-aparapi</artifactId>\\s*</dependency>").matcher(pom).find(), pom);
        assertTrue(Pattern.compile("<artifactId>perfport-backends</artifactId>\\s*<type>pom</type>\\s*<scope>runtime</scope>")
                .matcher(pom).find(), pom);

        String java = block(doc, "java", "class SaxpyApp");
        assertNotNull(java, "the Java example");
        Path src = dir.resolve("src/com/example/SaxpyApp.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, java);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        int rc = javac.run(null, diagnostics, diagnostics, "--release", "25", "-Xlint:all", "-Werror", "-proc:none",
                "-cp", System.getProperty("java.class.path"), "-d", classes.toString(), src.toString());
        assertEquals(0, rc, diagnostics.toString(StandardCharsets.UTF_8));

        PrintStream before = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[]{classes.toUri().toURL()}, getClass().getClassLoader())) {
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            loader.loadClass("com.example.SaxpyApp").getMethod("main", String[].class).invoke(null, (Object) new String[0]);
        } finally {
            System.setOut(before);
        }
        String out = printed.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("saxpy on ") && out.contains(": verified") && out.contains("verified=true"), out);
    }
}
