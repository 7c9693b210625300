package dev.perfport.cli.it;

import dev.perfport.cli.Run;
import dev.perfport.cli.report.ReportData;
import dev.perfport.cli.report.Seed000Report;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code perfport report seed-000} with tiny sweeps: the Markdown report and its PNG plots, drawn by XChart; seed 003's
 * GPU part on this machine's OpenCL devices, assembled with a run of the emulator as two machines' runs are; and
 * seed-002's strategy study on the emulator's device categories at its default (small) sizes.
 */
class ReportIT {
    @Test
    void writesTheReportWithPlotsFitsAndTunedConfigurations(@TempDir Path dir) throws Exception {
        List<String> args = new ArrayList<>(List.of("--config", "perfport.tune.cache=" + dir.resolve("cache.json"), "report", "seed-000",
                "--out", dir.toString(), "--param", "npos=2^11", "--param", "gridnpos=2^9", "--param", "reps=3",
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
        // the static studies: both layouts, both forms and every offset verified, a row per device and variant
        for (String s : List.of("## Array of structures against structure of arrays (§4.9)", "## Tasks against NDRange (§5)", "## Alignment (§4.9)",
                "(seed-000/fig-align.png)")) {
            assertTrue(text.contains(s), "report lacks '" + s + "'");
        }
        ReportData data = ReportData.load(dir.resolve("seed-000"), "seed-000");
        for (String b : VarIT.available()) {
            String dev = b + ":0";
            List<Seed000Report.PointRow> layout = data.rows("layout", dev, Seed000Report.PointRow.class);
            for (String v : List.of("loadstore", "singlebuffer", "doublebuffer")) {
                for (String l : List.of("soa", "aos")) {
                    assertTrue(layout.stream().anyMatch(p -> p.variant().equals(v) && l.equals(p.params().get("layout")) && p.error() == null && p.mpps() > 0),
                            dev + " " + v + " " + l + " verified: " + layout);
                }
                assertTrue(text.lines().anyMatch(x -> x.startsWith("| " + dev + " ") && x.contains(" | " + v + " | ") && x.contains(" ± ")),
                        "a layout row of " + dev + " " + v + " with mean ± sd:\n" + text);
            }
            List<Seed000Report.PointRow> form = data.rows("form", dev, Seed000Report.PointRow.class);
            assertEquals(4, form.stream().filter(p -> p.error() == null).count(), dev + " both forms of two variants: " + form);
            List<Seed000Report.PointRow> align = data.rows("align", dev, Seed000Report.PointRow.class);
            assertEquals(2 * 8, align.stream().filter(p -> p.error() == null).count(), dev + " every offset of two variants: " + align);
            // every point: the mean and sd of the 3 timed runs asked for
            for (String sweep : List.of("posbs", "variants", "layout", "form", "align")) {
                for (Seed000Report.PointRow p : data.rows(sweep, dev, Seed000Report.PointRow.class)) {
                    if (p.error() != null) continue;
                    assertEquals(3, p.runs(), dev + " " + sweep + " runs: " + p);
                    assertTrue(p.mppsSd() != null && p.mppsSd() >= 0 && p.secondsSd() != null, dev + " " + sweep + " sd: " + p);
                    if (b.equals("cell-emulation")) assertEquals(0.0, p.mppsSd(), 1e-9 * p.mpps(), "modelled times repeat exactly: " + p);
                }
            }
        }
        if (VarIT.available().contains("cell-emulation")) {
            // the emulator's misaligned copies go through the bounce buffer, and the observation says so from its counters
            assertTrue(text.lines().anyMatch(l -> l.startsWith("- cell-emulation:0 ") && l.contains("went through the bounce buffer")), text);
            assertTrue(data.rows("align", "cell-emulation:0", Seed000Report.PointRow.class).stream()
                    .anyMatch(p -> "singlebuffer".equals(p.variant()) && "1".equals(p.params().get("offset")) && p.counters().get("dmaUnaligned") > 0));
        }
    }

    /**
     * seed-001 on every available route at tiny sizes: the portability matrices have every route as a row and a column,
     * each row's own configuration at 1.00 and every other cell a fraction or a reason; Table 6 and the TRSM phases
     * have a row per route; and --from writes the same page again.
     */
    @Test
    void seed001PortabilityPeakAndPhasesOnEveryRoute(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        List<String> args = new ArrayList<>(List.of("--config", "perfport.tune.cache=" + dir.resolve("cache.json"), "report", "seed-001",
                "--out", out.toString(), "--param", "sizes=32", "--param", "types=float", "--param", "budget=3", "--param", "tunesize=32",
                "--param", "reps=1", "--param", "trsmm=32", "--param", "trsmn=4", "--param", "nbs=8,16", "--param", "rounds=1",
                "--param", "flopsn=1024", "--param", "flopsiters=256"));
        List<String> sels = new ArrayList<>();
        for (String b : VarIT.available()) {
            String sel = b.equals("cell-emulation") ? "cell-emulation" : b + ":0";   // one device per route (aparapi's second is its Java pool)
            args.addAll(List.of("--backend", sel));
            sels.add(b + ":0");
        }
        Run r = Run.of(args.toArray(String[]::new));
        Dist.assertExit(0, r);
        String md = Files.readString(out.resolve("seed-001.md"));
        for (String s : List.of("## Where a TRSM's time goes (Fig. 3)", "## Share of peak and per watt (Table 6)",
                "## Portability: a configuration tuned on one device run on another (Figs. 11–12)", "**GEMM, float** (32³)", "**TRSM, float** (m = 32, n = 4)")) {
            assertTrue(md.contains(s), "report lacks '" + s + "':\n" + md);
        }
        String header = "| ran on \\ tuned on | " + String.join(" | ", sels) + " |";
        assertEquals(2, md.lines().filter(header::equals).count(), "a GEMM and a TRSM matrix over every route:\n" + md);
        List<String> notes = md.lines().filter(l -> l.startsWith("- [")).toList();
        for (String ranOn : sels) {
            List<String> lines = md.lines().filter(l -> l.startsWith("| " + ranOn + " | ")).toList();
            List<String[]> matrixRows = lines.stream().map(l -> l.split(" \\| ")).filter(c -> c.length == sels.size() + 1).toList();
            assertEquals(2, matrixRows.size(), ranOn + "'s rows of the two matrices:\n" + md);
            for (String[] cells : matrixRows) {
                for (int j = 0; j < sels.size(); j++) {
                    String c = cells[j + 1].replace(" |", "");
                    if (sels.get(j).equals(ranOn)) assertTrue(c.startsWith("1.00 ("), "own configuration at 1: " + c + "\n" + md);
                    else if (c.startsWith("not run [")) assertFalse(notes.isEmpty(), "a cell that did not run has its reason listed:\n" + md);
                    else assertTrue(c.matches("\\*\\*\\d+\\.\\d\\d\\*\\* \\(.+\\)"), "a fraction of " + ranOn + "'s own: " + c + "\n" + md);
                }
            }
            assertTrue(md.contains("| " + ranOn + " | first | "), "TRSM phases of " + ranOn + ":\n" + md);
            assertTrue(md.lines().anyMatch(l -> l.startsWith("| " + ranOn + " | float | ") && l.contains(" % | not reported |")),
                    "Table 6 row of " + ranOn + " with its % of peak, and no power on a CPU or the emulator:\n" + md);
        }
        // Fig. 15's baseline: OpenBLAS at the GEMM size and the TRSM size, verified, or each row skipped with the reason
        assertTrue(md.contains("## CPU BLAS baseline (Fig. 15)"), md);
        for (String row : List.of("| gemm | float | 32³ | ", "| trsm | float | m = 32, n = 4 | ")) {
            String line = md.lines().filter(l -> l.startsWith(row)).findFirst().orElseThrow(() -> new AssertionError("no baseline row " + row + ":\n" + md));
            String cell = line.substring(row.length()).split(" \\| ")[0];
            assertTrue(cell.matches("[0-9.]+") || cell.startsWith("skipped: "), "a rate or the reason it is missing: " + line);
        }
        Files.delete(out.resolve("seed-001.md"));
        Dist.assertExit(0, Run.of("report", "seed-001", "--from", out.toString()));
        assertEquals(md, Files.readString(out.resolve("seed-001.md")), "--from writes the same report from the saved data");
    }

    @Test
    void seed003sGpuPartRunsOnTheOpenClDevicesAndAssemblesWithAnEmulatorRun(@TempDir Path dir) throws Exception {
        // no jocl device (no OpenCL platform here): VarIT's rule says why and skips
        Assumptions.assumeTrue(VarIT.available().contains("jocl"), "jocl is not available here");
        List<String> params = List.of("--param", "parts=scan,gpu", "--param", "spes=2", "--param", "scann=2^12", "--param", "gpureps=1");
        // "machine a": the emulator's Table 5 alone; "machine b": the GPU part alone (as --backend jocl:gpu on a GPU machine)
        Run a = Run.of(args(List.of("report", "seed-003", "--backend", "cell-emulation", "--out", dir.resolve("a").toString()), params));
        Dist.assertExit(0, a);
        Run b = Run.of(args(List.of("report", "seed-003", "--backend", "jocl", "--out", dir.resolve("b").toString()), params));
        Dist.assertExit(0, b);
        String gpu = Files.readString(dir.resolve("b").resolve("seed-003.md"));
        assertFalse(gpu.contains("## Table 5: scan") || gpu.contains("## Shapes"), "no emulator tables in a GPU-only run:\n" + gpu);
        for (String s : List.of("## The GPU half: Table 6, Figs. 9 and 10 on OpenCL devices", "### `jocl:0`: ", "**Table 6: reduction against N**",
                "| 2^17 | 10.1 | 2.20 | 2.10 | ", "**Fig. 9: static-work-group matmul**", "| mapping at k = ", "| cyclic | ", "| dynamic | ",
                "**Fig. 10: scan**", "| 2^20 | ", "- **Table 6 on `jocl:0`** (paper, GTX 280:", "- **Fig. 9 on `jocl:0`**",
                "- **Fig. 10 on `jocl:0`**", "- **The GPU numbers that prompted this part**")) {
            assertTrue(gpu.contains(s), "the GPU part lacks '" + s + "':\n" + gpu);
        }
        assertFalse(gpu.contains("| failed") || gpu.contains("## Failed runs"), "every point verified:\n" + gpu);
        // every static point ran on the k it asked for: k = 1 and the residency in the sweep, the counters say so
        assertTrue(gpu.lines().anyMatch(l -> l.startsWith("| 1 | ") && l.endsWith(" | 1 |")), "k = 1 used one unit:\n" + gpu);

        Path both = dir.resolve("both");
        Run f = Run.of("report", "seed-003", "--from", dir.resolve("a") + "," + dir.resolve("b"), "--out", both.toString());
        Dist.assertExit(0, f);
        String md = Files.readString(both.resolve("seed-003.md"));
        for (String s : List.of("## Table 5: scan at 1–2 SPEs", "## Shapes", "- Run 1: `perfport report seed-003 --backend cell-emulation",
                "- Run 2: `perfport report seed-003 --backend jocl", "### `jocl:0`: ", "- **Fig. 10 on `jocl:0`**")) {
            assertTrue(md.contains(s), "the assembled report lacks '" + s + "':\n" + md);
        }
        // a run with the emulator's tables on both sides cannot be assembled: one report holds them once
        Run twice = Run.of("report", "seed-003", "--from", dir.resolve("a") + "," + dir.resolve("a"), "--out", dir.resolve("twice").toString());
        Dist.assertExit(2, twice);
        assertTrue(twice.err().contains("both have sweeps of the whole study"), twice.describe());
    }

    private static String[] args(List<String> head, List<String> params) {
        List<String> l = new ArrayList<>(head);
        l.addAll(params);
        return l.toArray(String[]::new);
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
    void seed002sFilterStudyFillsTheLookUpTableOfItsWholeGrid(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(VarIT.available().contains("jocl"), "jocl is not available here");
        // the default (small) grid: 3,7,11 by 3,7,11 on a 128² image
        Run r = Run.of("report", "seed-002", "--backend", "jocl", "--out", dir.toString(), "--param", "parts=filters");
        Dist.assertExit(0, r);
        String text = Files.readString(dir.resolve("seed-002.md"));
        for (String s : List.of("### The filter study", "Grid: **3,7,11 (widths) × 3,7,11 (heights), 9 filter sizes**, smaller than the thesis's",
                "| filter sizes in the table | 441 (3..43 odd × 3..43 odd) | 9 (9 with an entry) |", "**The padding sweep**", "| 135² (not a multiple of 16) | 7×7 |",
                "naive, input loads uncached (volatile)", "What the numbers show:", "**The ladder's gain.**", "Cache-hit and bank-conflict counters")) {
            assertTrue(text.contains(s), "report lacks '" + s + "'");
        }
        // the table as data: one line per filter size of the grid, each with its entry built for its size and verified
        List<String> lut = Files.readAllLines(dir.resolve("seed-002").resolve("lut-jocl-0.csv"));
        assertEquals(10, lut.size(), String.join("\n", lut));
        List<String> sizes = new ArrayList<>();
        for (String line : lut.subList(1, lut.size())) {
            String[] f = line.split(",", -1);
            sizes.add(f[0] + "x" + f[1]);
            assertEquals("adapt+unroll", f[10], line);
            assertFalse(f[3].isEmpty() || f[9].isEmpty() || f[11].isEmpty(), "a verified best, entry and naive rate: " + line);
        }
        assertEquals(List.of("3x3", "7x3", "11x3", "3x7", "7x7", "11x7", "3x11", "7x11", "11x11"), sizes);
        assertFalse(text.contains("| failed"), text);
        assertTrue(Files.exists(dir.resolve("seed-002").resolve("roofline-jocl-0.png")));
        assertTrue(Files.exists(dir.resolve("seed-002").resolve("lut-jocl-0.png")));
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
        r = Run.of("report", "seed-002", "--param", "filterwidths=3");
        Dist.assertExit(2, r);
        assertTrue(r.err().contains("unknown parameter 'filterwidths' of report seed-002"), r.describe());
        r = Run.of("report", "seed-002", "--param", "scale=huge");
        Dist.assertExit(2, r);
        assertTrue(r.err().contains("scale must be small or thesis"), r.describe());
    }
}
