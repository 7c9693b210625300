package dev.perfport.cli.it;

import dev.perfport.cli.MiniJson;
import dev.perfport.cli.Run;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Reports never lose their measurements: the sweeps are saved to DIR/seed-NNN/data.json, the
 * Markdown is written from them before the plots, a plot that cannot be drawn is one line and a
 * note (exit 1), {@code --from} writes the same report again without measuring, and an unwritable
 * output folder is refused before anything is measured. On the real distribution, at tiny sizes.
 */
class ReportDataIT {
    /** seed-000 on the emulator, tiny sweeps, no tuning: a few seconds. */
    static final List<String> SEED000 = List.of("report", "seed-000", "--backend", "cell-emulation", "--param", "npos=2^8",
            "--param", "gridnpos=2^6", "--param", "reps=1", "--param", "posbs=1,4,16", "--param", "wgsizes=4,8", "--param", "ngroups=1,2",
            "--param", "knee=1,2,3", "--param", "tune=false");
    /** seed-003, every part at 2 SPEs and tiny sizes: a few seconds. */
    static final List<String> SEED003 = List.of("report", "seed-003", "--param", "spes=2", "--param", "matmuln=64", "--param", "matmultile=32",
            "--param", "matmultileeps=16", "--param", "tablegroups=16", "--param", "tableiters=4", "--param", "reductionn=2^14",
            "--param", "sweepn=2^12", "--param", "sweepwgs=16,64", "--param", "scann=2^12");

    record Proc(int code, String out, String err) {
        String describe() {
            return "exit " + code + "\n--- stdout ---\n" + out + "\n--- stderr ---\n" + err;
        }
    }

    /**
     * perfport in a JVM of its own, headless, whose fontconfig knows no font: FONTCONFIG_FILE is an
     * empty configuration, and user.home an empty folder, so the JDK's cache of an earlier font
     * list (~/.java/fonts) is not read either. AWT then fails as on a server without fonts:
     * "Fontconfig head is null, check your fonts or fonts configuration".
     */
    static Proc withoutFonts(Path scratch, List<String> args) throws IOException, InterruptedException {
        Path conf = scratch.resolve("fonts.conf");
        Files.writeString(conf, "<?xml version=\"1.0\"?>\n<!DOCTYPE fontconfig SYSTEM \"fonts.dtd\">\n<fontconfig></fontconfig>\n");
        Path home = Files.createDirectories(scratch.resolve("home"));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Djava.awt.headless=true", "-Duser.home=" + home,
                "-Dperfport.home=" + Dist.home(), "-Dperfport.plugins.dir=" + Dist.plugins(),
                "-cp", Dist.home().resolve("lib") + File.separator + "*", "dev.perfport.cli.Main"));
        cmd.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(scratch.toFile());
        pb.environment().put("FONTCONFIG_FILE", conf.toString());
        Path out = scratch.resolve("stdout.txt"), err = scratch.resolve("stderr.txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("perfport " + String.join(" ", args) + " did not finish in 180 s");
        }
        return new Proc(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    static List<String> with(List<String> a, String... more) {
        List<String> l = new ArrayList<>(a);
        l.addAll(List.of(more));
        return l;
    }

    /** The Markdown without its pictures: each image link or the note that replaces it. */
    static String tables(String md) {
        return md.lines().filter(l -> !l.startsWith("![") && !l.startsWith("> Plot not drawn")).collect(Collectors.joining("\n"));
    }

    static List<String> shapes(String stdout) {
        // PASS/FAIL for the asserted shapes, holds/differs for the informative ones
        return stdout.lines().filter(l -> l.startsWith("PASS ") || l.startsWith("FAIL ") || l.startsWith("not run ")
                || l.startsWith("holds ") || l.startsWith("differs ")).toList();
    }

    static List<String> pngs(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".png")).sorted().toList();
        }
    }

    @Test
    void aReportWhosePlotsFailKeepsItsDataAndMarkdownAndFromDrawsThemLater(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(System.getProperty("os.name").startsWith("Linux"),
                "a JVM without fonts is made through fontconfig (FONTCONFIG_FILE), which the JDK uses on Linux only");
        Path out = dir.resolve("headless");
        Proc p = withoutFonts(Files.createDirectories(dir.resolve("scratch")), with(SEED000, "--out", out.toString()));
        Assumptions.assumeFalse(p.code() == 0 && !pngs(out.resolve("seed-000")).isEmpty(),
                "this JDK drew the plots without fontconfig fonts, so a machine without fonts cannot be simulated here: " + p.describe());
        assertEquals(1, p.code(), "a report with plots not drawn is incomplete: " + p.describe());
        List<String> notDrawn = p.err().lines().filter(l -> l.contains(" not drawn: ")).toList();
        assertEquals(6, notDrawn.size(), "one line per plot: " + p.describe());
        assertTrue(notDrawn.getFirst().startsWith("perfport: plot ") && notDrawn.getFirst().contains("fig04-variants.png")
                && notDrawn.getFirst().contains("Fontconfig"), "the line names the plot and the reason: " + p.describe());
        assertFalse(p.err().contains("internal error") || p.err().contains("\tat "), "no stack trace: " + p.describe());
        assertTrue(p.err().contains("report incomplete: 6 plot(s) not drawn"), p.describe());

        String md = Files.readString(out.resolve("seed-000.md"));
        for (String s : List.of("## Kernel variants (Fig. 4)", "## Block size posbs (Fig. 5) and Eq. 3", "t_const", "n_CU", "cell-emulation:0",
                "> Plot not drawn (mpps vs posbs with the Eq. 3 model, seed-000/fig05-posbs.png): RuntimeException: Fontconfig head is null")) {
            assertTrue(md.contains(s), "report lacks '" + s + "':\n" + md);
        }
        assertFalse(md.contains("!["), "no link to a picture that was not drawn");
        assertEquals(List.of(), pngs(out.resolve("seed-000")), "no half-written picture left");
        Map<?, ?> data = (Map<?, ?>) MiniJson.parse(Files.readString(out.resolve("seed-000").resolve("data.json")));
        assertEquals("perfport-report-data/1", data.get("format"));
        assertEquals(Boolean.TRUE, data.get("complete"));
        List<?> sweeps = (List<?>) data.get("sweeps");
        assertEquals(List.of("device", "variants", "posbs", "vwidth", "simbs-vwidth", "wgsize-items", "wgsize-ngroup", "ngroup", "layout", "form",
                        "align"),
                sweeps.stream().map(s -> ((Map<?, ?>) s).get("name")).toList(), "every sweep saved, in the order it ran");

        // this JVM has fonts: --from draws the plots without measuring, and the tables are the same bytes
        Path again = dir.resolve("again");
        Run r = Run.of("report", "seed-000", "--from", out.toString(), "--out", again.toString());
        Dist.assertExit(0, r);
        assertFalse(r.err().contains("[report"), "nothing measured: " + r.describe());
        assertEquals(List.of("fig-align.png", "fig04-variants.png", "fig05-posbs.png", "fig06-vwidth.png", "fig11-ngroup.png", "fig12-wgsize-cell-emulation-0.png"),
                pngs(again.resolve("seed-000")));
        String md2 = Files.readString(again.resolve("seed-000.md"));
        assertEquals(tables(md), tables(md2), "the same report but for its pictures");
        assertTrue(md2.contains("![mpps vs posbs with the Eq. 3 model](seed-000/fig05-posbs.png)"), md2);
        assertArrayEquals(Files.readAllBytes(out.resolve("seed-000").resolve("data.json")), Files.readAllBytes(again.resolve("seed-000").resolve("data.json")),
                "the data is copied beside the report written elsewhere");
    }

    @Test
    void fromWritesTheSameReportByteForByte(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        Run r = Run.of(with(SEED003, "--out", out.toString()).toArray(String[]::new));
        Dist.assertExit(0, r);
        assertTrue(Files.isRegularFile(out.resolve("seed-003").resolve("data.json")), r.describe());
        Run f = Run.of("report", "seed-003", "--from", out.toString(), "--out", dir.resolve("from").toString());
        Dist.assertExit(0, f);
        assertFalse(f.err().contains("[seed-003]"), "nothing measured: " + f.describe());
        assertArrayEquals(Files.readAllBytes(out.resolve("seed-003.md")), Files.readAllBytes(dir.resolve("from").resolve("seed-003.md")),
                "seed-003.md from --from is the same bytes");
        assertEquals(shapes(r.out()), shapes(f.out()), "the same shapes on stdout");
        assertEquals(11, shapes(f.out()).size(), f.describe());

        Path out0 = dir.resolve("run0");
        Dist.assertExit(0, Run.of(with(SEED000, "--out", out0.toString()).toArray(String[]::new)));
        byte[] first = Files.readAllBytes(out0.resolve("seed-000.md"));
        Run f0 = Run.of("report", "seed-000", "--from", out0.toString());   // in place
        Dist.assertExit(0, f0);
        assertArrayEquals(first, Files.readAllBytes(out0.resolve("seed-000.md")), "seed-000.md from --from is the same bytes");
    }

    @Test
    void runsOfSeveralMachinesAreAssembledIntoOneReport(@TempDir Path dir) throws Exception {
        // two runs standing for two machines; both measured cell-emulation:0, so the second is renamed
        for (String m : List.of("a", "b")) Dist.assertExit(0, Run.of(with(SEED000, "--out", dir.resolve(m).toString()).toArray(String[]::new)));
        Path both = dir.resolve("both");
        Run r = Run.of("report", "seed-000", "--from", dir.resolve("a") + "," + dir.resolve("b"), "--out", both.toString());
        Dist.assertExit(0, r);
        String md = Files.readString(both.resolve("seed-000.md"));
        assertTrue(md.contains("- Run 1: `perfport report seed-000 --backend cell-emulation") && md.contains("- Run 2 host: "), md);
        assertTrue(md.contains("| `cell-emulation:0` |") && md.contains("| `cell-emulation:0@2` |"), md);
        assertTrue(pngs(both.resolve("seed-000")).contains("fig12-wgsize-cell-emulation-0@2.png"), r.describe());
        // the assembled data is a report's data like any other
        Run again = Run.of("report", "seed-000", "--from", both.toString(), "--out", dir.resolve("again").toString());
        Dist.assertExit(0, again);
        assertArrayEquals(Files.readAllBytes(both.resolve("seed-000.md")), Files.readAllBytes(dir.resolve("again").resolve("seed-000.md")));
        // seed 003 has no devices to tell apart; several folders need --out
        r = Run.of("report", "seed-000", "--from", dir.resolve("a") + "," + dir.resolve("b"));
        Dist.assertExit(2, r);
        assertTrue(r.err().contains("give --out DIR"), r.describe());
    }

    @Test
    void aRunKilledAfterItsFirstSweepKeepsThatSweep(@TempDir Path dir) throws Exception {
        // matmul is over in a moment, the reduction at 2^24 elements and 6 SPEs takes much longer: kill the JVM in between
        Path out = dir.resolve("run");
        Path data = out.resolve("seed-003").resolve("data.json");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Dperfport.home=" + Dist.home(), "-Dperfport.plugins.dir=" + Dist.plugins(),
                "-cp", Dist.home().resolve("lib") + File.separator + "*", "dev.perfport.cli.Main",
                "report", "seed-003", "--out", out.toString(), "--param", "parts=matmul,reduction", "--param", "matmuln=64",
                "--param", "matmultile=32", "--param", "matmultileeps=16", "--param", "reductionn=2^24"));
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!(Files.exists(data) && Files.readString(data).contains("\"name\" : \"matmul\""))) {
                assertTrue(p.isAlive(), "perfport ended before saving its first sweep: exit " + (p.isAlive() ? "" : p.exitValue()));
                assertTrue(System.nanoTime() < deadline, "no sweep saved in 120 s");
                Thread.sleep(20);
            }
        } finally {
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
        Map<?, ?> saved = (Map<?, ?>) MiniJson.parse(Files.readString(data));
        Assumptions.assumeTrue(Boolean.FALSE.equals(saved.get("complete")), "the run ended before it could be killed");
        assertEquals("matmul", ((Map<?, ?>) ((List<?>) saved.get("sweeps")).getFirst()).get("name"));
        Run f = Run.of("report", "seed-003", "--from", out.toString());
        Dist.assertExit(1, f);
        String md = Files.readString(out.resolve("seed-003.md"));
        assertTrue(md.contains("**Incomplete**: the run stopped before every sweep ended. This report shows the sweeps that were saved: matmul"), md);
        assertTrue(md.contains("| δ (vloadn: DMA + wait), 32² | 2.30 | "), md);
    }

    @Test
    void aRunThatStoppedIsReportedFromWhatItSaved(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        Dist.assertExit(0, Run.of(with(SEED003, "--out", out.toString()).toArray(String[]::new)));
        // what a run killed after its first two sweeps leaves: those sweeps, complete = false
        Path data = out.resolve("seed-003").resolve("data.json");
        String json = Files.readString(data);
        int scan = json.indexOf("\"name\" : \"reduction\"");
        assertTrue(scan > 0, json);
        String cut = json.substring(0, json.lastIndexOf('{', scan)).replaceAll(",\\s*$", "") + " ]\n}\n";
        Files.writeString(data, cut.replace("\"complete\" : true", "\"complete\" : false"));
        Run f = Run.of("report", "seed-003", "--from", out.toString());
        Dist.assertExit(1, f);
        assertTrue(f.err().contains("report incomplete: ") && f.err().contains("stopped before every sweep ended"), f.describe());
        String md = Files.readString(out.resolve("seed-003.md"));
        assertTrue(md.contains("**Incomplete**: the run stopped before every sweep ended. This report shows the sweeps that were saved: matmul, table."), md);
        assertTrue(md.contains("## Table 3: Einstein@Home (proxy)") && md.contains("| 1 | 172 | 189 |"), md);
        assertTrue(md.contains("## Table 4: reduction\n\nNot measured: the run stopped before this part's sweep ended."), md);
    }

    @Test
    void anUnwritableOutputFolderIsRefusedBeforeAnythingIsMeasured(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        for (List<String> args : List.of(SEED000, SEED003)) {
            Run r = Run.of(with(args, "--out", file.resolve("x").toString()).toArray(String[]::new));
            Dist.assertExit(2, r);
            assertEquals(List.of("perfport: cannot write the report to " + file.resolve("x") + ": Not a directory"), r.err().lines().toList(),
                    "one line, before any measurement: " + r.describe());
        }
        Run r = Run.of("report", "seed-000", "--out", "/dev/null/x");
        Dist.assertExit(2, r);
        assertEquals(1, r.err().lines().count(), r.describe());
    }

    @Test
    void fromNeedsSavedDataAndTakesNoMeasuringOptions(@TempDir Path dir) {
        Run r = Run.of("report", "seed-003", "--from", dir.toString());
        Dist.assertExit(2, r);
        assertTrue(r.err().contains("no saved data for seed-003: " + dir.resolve("seed-003").resolve("data.json") + " does not exist"), r.describe());
        r = Run.of("report", "seed-000", "--from", dir.toString(), "--param", "npos=2^8");
        Dist.assertExit(2, r);
        assertTrue(r.err().contains("--backend and --param do not apply"), r.describe());
    }
}
