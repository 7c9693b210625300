package dev.perfport.backend.jocl;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Mapping build-log line numbers of compilers that ignore #line (logs in the form NVIDIA's driver 580 wrote them on an H100). */
class BuildLogsTest {
    private static final int K = BuildLogs.OFFSET;

    @Test
    void theKernelStartsRightAfterThePreludeAndTheSeparator() {
        String[] lines = (BuildLogs.PROBE).split("\n", -1);
        assertEquals("#line 1", lines[K - 1]);
        assertEquals("#error perfport_line_probe", lines[K], "kernel line 1 is physical line OFFSET + 1");
    }

    @Test
    void probeTellsWhetherLineDirectivesAreHonoured() {
        assertFalse(BuildLogs.honoursLineDirective("<kernel>:" + (K + 1) + ":2: error: perfport_line_probe\n#error perfport_line_probe\n ^\n"));
        assertTrue(BuildLogs.honoursLineDirective("error: /root/.cache/pocl/kcache/tempfile_x.cl:1:2: perfport_line_probe\n"));
        assertTrue(BuildLogs.honoursLineDirective(""), "no answer: do not remap");
    }

    @Test
    void remapsKernelAndPreludeLines() {
        String nv = "<kernel>:" + (K + 3) + ":18: error: use of undeclared identifier 'undefined_thing'\n"
                + "    out[0] = x + undefined_thing;\n                 ^\n"
                + "<kernel>:40:5: note: expanded from macro\n1 error generated.\n";
        String got = BuildLogs.remap(nv);
        assertTrue(got.contains("<kernel>:3:18: error: use of undeclared identifier 'undefined_thing'"), got);
        assertTrue(got.contains("<kernel>:prelude:40:5: note"), got);
        assertTrue(got.contains("1 error generated."), got);
        assertTrue(got.startsWith("[perfport: this OpenCL compiler ignores #line"), got);
    }
}
