package dev.perfport.workloads;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * tools/KernelGen.java's route forms of a shared kernel template (workloads/src/main/kernels): the
 * Java work-group, Aparapi and TornadoVM classes one //#kernel block becomes, with their
 * registrations, and the one-line refusals of what a route cannot take.
 */
class KernelRoutesTest {
    private static final String TEMPLATE = """
            /** A test kernel. */
            //#kernel demo.scaled scaled x:float[] out:float[] n:int scratch:float[local] k:int{K}
                    int i = $gid$;
                    float v = 0f;
                    if (i < n) {
                        v = k * x.get(i);
                    }
                    scratch[$lid$] = v;
            //#tree scratch
                    if ($lid$ == 0) {
                        out.set($group$, scratch[0]);
                    }
            //#end
            """;

    record Run(int exit, String printed) {
    }

    private static Run kernelGen(Path dir, String route, Path shared) throws IOException, InterruptedException {
        Path tool = Path.of("..", "tools", "KernelGen.java").toAbsolutePath().normalize();
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, tool.toString(), dir.resolve("none").toString(), dir.resolve("out-" + route).toString(),
                route, shared.toString()).redirectErrorStream(true).start();
        String printed = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "KernelGen finished");
        return new Run(p.exitValue(), printed);
    }

    private static Path shared(Path dir, String template) throws IOException {
        Path shared = dir.resolve("kernels");
        Files.createDirectories(shared.resolve("demo"));
        Files.writeString(shared.resolve("demo/Demo.java"), template);
        return shared;
    }

    @Test
    void oneKernelBecomesEachRoutesFormWithItsRegistration(@TempDir Path dir) throws Exception {
        Path shared = shared(dir, TEMPLATE);
        for (String route : List.of("wg", "aparapi", "tornado")) assertEquals(new Run(0, ""), kernelGen(dir, route, shared), route);

        String wg = Files.readString(dir.resolve("out-wg/dev/perfport/workloads/demo/DemoGroups.java"));
        assertTrue(wg.contains("static WorkGroupKernel scaled(int k) {"), wg);
        assertTrue(wg.contains("float[] scratch = g.localFloats(3);"), wg);
        // loop fission: the load phase, the tree, then the store phase, each a loop over the work-items
        assertEquals(2, wg.split("for \\(int wgLid = 0; wgLid < wgItems; wgLid\\+\\+\\)", -1).length - 1, wg);
        assertTrue(wg.contains("for (int l = 0; l < treeStep; l++) scratch[l] += scratch[l + treeStep];"), wg);

        String aparapi = Files.readString(dir.resolve("out-aparapi/dev/perfport/backend/aparapi/kernels/DemoKernels.java"));
        assertTrue(aparapi.contains("@Local float[] scratch;") && aparapi.contains("final int k;"), aparapi);
        assertTrue(aparapi.contains("v = k * x[i];") && aparapi.contains("out[getGroupId()] = scratch[0];"), aparapi);
        assertTrue(aparapi.contains("KernelSpec.of(\"demo.scaled\", Scaled.class, c -> new Scaled(c.getInt(\"K\")), \"x\", \"out\", \"n\", \"scratch\")"),
                aparapi);

        String tornado = Files.readString(dir.resolve("out-tornado/dev/perfport/backend/tornado/kernels/DemoTornado.java"));
        assertTrue(tornado.contains("public static void scaled(KernelContext ctx, FloatArray x, FloatArray out, int n, int scratchLength, int k)"),
                tornado);
        assertTrue(tornado.contains("float[] scratch = ctx.allocateFloatLocalArray(scratchLength);"), tornado);
        assertTrue(tornado.contains("sig(GLOBAL, FLOAT, GLOBAL, FLOAT, PRIVATE, INT, LOCAL, FLOAT)"), tornado);
        assertTrue(tornado.contains("a.floats(0), a.floats(1), a.intArg(2), a.localLength(3), a.constants().getInt(\"K\")"), tornado);
    }

    @Test
    void aTwoDimensionalKernelIsRefusedInTheWorkGroupFormByName(@TempDir Path dir) throws Exception {
        Path shared = shared(dir, """
                //#kernel demo.flat flat out:float[] w:int
                        out.set($gid1$ * w + $gid0$, 1f);
                //#end
                """);
        assertEquals(0, kernelGen(dir, "aparapi", shared).exit());
        Run wg = kernelGen(dir, "wg", shared);
        assertEquals(2, wg.exit());
        assertEquals("KernelGen: demo/Demo.java:1: kernel demo.flat: the Java work-group form is one-dimensional; "
                + "give it its own form (//#if R=wg)", wg.printed().strip());
    }

    @Test
    void aSessionTaskIsWrittenForTornadoVmButRegisteredUnderNoName(@TempDir Path dir) throws Exception {
        Path shared = shared(dir, TEMPLATE + """
                //#if R=tornado
                //#kernel - addAll ops:float[] target:float[] count:int
                        if ($gid$ == 0) target.set(0, target.get(0) + ops.get(count - 1));
                //#end
                //#end
                """);
        assertEquals(new Run(0, ""), kernelGen(dir, "tornado", shared));
        String tornado = Files.readString(dir.resolve("out-tornado/dev/perfport/backend/tornado/kernels/DemoTornado.java"));
        assertTrue(tornado.contains("public static void addAll(KernelContext ctx, FloatArray ops, FloatArray target, int count)"), tornado);
        assertTrue(tornado.contains("new TornadoKernel(\"demo.scaled\""), tornado);
        assertFalse(tornado.contains("DemoTornado::addAll"), "registered under no name: " + tornado);

        Run aparapi = kernelGen(dir, "aparapi", shared(dir, "//#kernel - addAll n:int\n//#end\n"));
        assertEquals(2, aparapi.exit());
        assertEquals("KernelGen: demo/Demo.java:1: kernel addAll: '-' (no definition) is for a TornadoVM session task; "
                + "give it //#if R=tornado", aparapi.printed().strip());
    }

    @Test
    void aTaskLoopIsEachRoutesOwnAndRefusedInTheWorkGroupForm(@TempDir Path dir) throws Exception {
        Path shared = shared(dir, """
                //#kernel demo.tasks tasks out:int[] tasks:int mapping:int
                //#tasks t
                            if ($lid$ == 0) out.set(t, $group$);
                        }
                //#end
                """);
        assertEquals(new Run(0, ""), kernelGen(dir, "aparapi", shared));
        String aparapi = Files.readString(dir.resolve("out-aparapi/dev/perfport/backend/aparapi/kernels/DemoKernels.java"));
        assertTrue(aparapi.contains("for (int t = taskBegin(); t >= 0; t = taskNext(t)) {"), aparapi);
        assertEquals(new Run(0, ""), kernelGen(dir, "tornado", shared));
        String tornado = Files.readString(dir.resolve("out-tornado/dev/perfport/backend/tornado/kernels/DemoTornado.java"));
        assertTrue(tornado.contains("int taskFirst = (int) (((long) tasks * taskGroup) / taskGroups);"), tornado);
        assertTrue(tornado.contains("for (int t = taskFirst; t < taskEnd; t += taskStep) {"), tornado);

        Run wg = kernelGen(dir, "wg", shared);
        assertEquals(2, wg.exit());
        assertEquals("KernelGen: demo/Demo.java:2: //#tasks: the Java work-group form has no task loop; give it its own form (//#if R=wg)",
                wg.printed().strip());
    }

    @Test
    void badInputIsOneLineNamingIt(@TempDir Path dir) throws Exception {
        Run route = kernelGen(dir, "cuda", shared(dir, TEMPLATE));
        assertEquals(2, route.exit());
        assertEquals("KernelGen: unknown route 'cuda'; routes: wg, aparapi, tornado", route.printed().strip());

        Run option = kernelGen(dir, "tornado", shared(dir, "//#kernel demo.k k n:int tornado.regs=\"32\"\n//#end\n"));
        assertEquals(2, option.exit());
        assertTrue(option.printed().startsWith("KernelGen: demo/Demo.java:1: unknown option 'tornado.regs' ("), option.printed());
        assertEquals(1, option.printed().strip().lines().count(), option.printed());
    }

    @Test
    void aClassNoTemplateWritesAnyMoreIsRemoved(@TempDir Path dir) throws Exception {
        Path shared = shared(dir, TEMPLATE);
        assertEquals(0, kernelGen(dir, "aparapi", shared).exit());
        Path generated = dir.resolve("out-aparapi/dev/perfport/backend/aparapi/kernels/DemoKernels.java");
        assertTrue(Files.exists(generated));
        Files.move(shared.resolve("demo/Demo.java"), shared.resolve("demo/Other.java"));
        assertEquals(0, kernelGen(dir, "aparapi", shared).exit());
        assertFalse(Files.exists(generated), "the old class is gone");
        assertTrue(Files.exists(generated.resolveSibling("OtherKernels.java")));
    }
}
