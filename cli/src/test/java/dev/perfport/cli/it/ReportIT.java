package dev.perfport.cli.it;

import dev.perfport.cli.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code perfport report seed-000} with tiny sweeps: the Markdown report and its PNG plots, drawn by
 * XChart; and seed-002's strategy study on the emulator's device categories at its default (small) sizes.
 */
class ReportIT {
    @Test
    void writesTheReportWithPlotsFitsAndTunedConfigurations(@TempDir Path dir) throws Exception {
        List<String> args = new ArrayList<>(List.of("--config", "perfport.tune.cache=" + dir.resolve("cache.json"), "report", "seed-000",
                "--out", dir.toString(), "--param", "npos=2^11", "--param", "gridnpos=2^9", "--param", "reps=1",
                "--param", "posbs=1,4,16,64,256", "--param", "wgsizes=4,8", "--param", "ngroups=1,2",
                "--param", "knee=1,2,3,4,6,8", "--param", "tunenpos=2^8"));
        for (String b : VarIT.available()) args.addAll(List.of("--backend", b));
        Run r = Run.of(args.toArray(String[]::new));
        Dist.assertExit(0, r);
        Path md = dir.resolve("seed-000.md");
        String text = Files.readString(md);
        for (String s : List.of("## Kernel variants (Fig. 4)", "## Block size posbs (Fig. 5) and Eq. 3", "## Vector width (Fig. 6) and Eq. 5",
                "## Work-group size per number of groups (Figs. 12–14)", "## Scaling over work-groups (Fig. 11) and Eq. 8",
                "## simbs × vwidth (Figs. 7, 8), Eqs. 4 and 6", "## Work-group size with one group (Figs. 9, 10) and Eq. 7",
                "## Not reproducible here", "## Tuned configurations", "t_const", "R²", "n_CU", "cell-emulation:0")) {
            assertTrue(text.contains(s), "report lacks '" + s + "'");
        }
        for (String f : List.of("fig04-variants.png", "fig05-posbs.png", "fig06-vwidth.png", "fig11-ngroup.png", "fig12-wgsize-cell-emulation-0.png")) {
            Path p = dir.resolve("seed-000").resolve(f);
            assertTrue(Files.size(p) > 1000, f);
            byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(p), 8);
            assertArrayEquals(new byte[]{(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, head, f + " is a PNG file");
            assertTrue(text.contains("(seed-000/" + f + ")"), "report links " + f);
        }
        assertFalse(text.contains("| failed"), "every point verified:\n" + text);
        // the emulator's Eqs. 4, 6 and 7 fitted from its simbs x vwidth and wgsize sweeps (modelled times: always enough points)
        assertTrue(text.lines().anyMatch(l -> l.startsWith("- cell-emulation:0 ") && l.contains("Eq. 4 (vwidth 1) t_calc = ") && l.contains("Eq. 6 (all points) vwidth_max = ")), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("- cell-emulation:0 ") && l.contains(", Eq. 7: (1, 1) n_PE = ")), text);
        assertTrue(Files.size(dir.resolve("seed-000").resolve("data.json")) > 1000, "the measurements are saved beside the plots");
        assertTrue(r.out().contains(" plot(s) in ") && r.err().lines().noneMatch(l -> l.contains(" not drawn: ")), r.describe());
    }

    @Test
    void seed002sStrategyStudyRunsOnEveryEmulatedCategory(@TempDir Path dir) throws Exception {
        Run r = Run.of("report", "seed-002", "--backend", "cell-emulation", "--out", dir.toString(), "--param", "parts=study");
        Dist.assertExit(0, r);
        String text = Files.readString(dir.resolve("seed-002.md"));
        for (String s : List.of("## Device cell-emulation:0 category 1", "## Device cell-emulation:0 category 2", "## Device cell-emulation:0 category 3",
                "### The strategy study", "| matmul 128² | hybrid |", "| buoydiff+ddmix 64×32×16 | streams |", "## POP's choice reproduced",
                "### ddmix reusing the tracers buoydiff copied", "## The stream count (Fig. 5.8)", "**n = 38** (11.543 ms)",
                "## Not reproducible here", "A second GPU cluster", "POP's R0.1 bathymetry")) {
            assertTrue(text.contains(s), "report lacks '" + s + "'");
        }
        // state's Implicit (mapped) is the emulator's best on every category, as the thesis's choice
        assertEquals(3, text.lines().filter(l -> l.matches("\\| cell-emulation:0 category \\d \\| state \\| mapped .*\\| same \\|.*")).count(), text);
        assertFalse(text.contains("| failed"), text);
        assertTrue(Files.exists(dir.resolve("seed-002").resolve("study-cell-emulation-0-category-1.png")));
    }

    @Test
    void unknownReportsAndParametersAreUsageErrors() {
        Run r = Run.of("report", "seed-999");
        Dist.assertExit(2, r);
        assertTrue(r.err().contains("unknown report 'seed-999'; reports: seed-000"), r.describe());
        r = Run.of("report", "seed-000", "--param", "tile=3");
        Dist.assertExit(2, r);
        assertTrue(r.err().contains("unknown parameter 'tile' of report seed-000"), r.describe());
        r = Run.of("report", "seed-002", "--param", "study=state,fft");
        Dist.assertExit(2, r);
        assertTrue(r.err().contains("unknown study kernel 'fft'"), r.describe());
        r = Run.of("report", "seed-002", "--param", "scale=huge");
        Dist.assertExit(2, r);
        assertTrue(r.err().contains("scale must be small or thesis"), r.describe());
    }
}
