package dev.perfport.cli.report;

import dev.perfport.core.error.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

class ReportDataTest {
    record Row(String name, double value, Map<String, Long> counters) {
    }

    @Test
    void eachSweepIsOnDiskAsSoonAsItIsSavedAndReadsBackExactly(@TempDir Path dir) throws Exception {
        ReportData d = ReportData.start(dir, "seed-999", "perfport report seed-999", List.of("n=2^4"), Map.of("k", "v"), Map.of("cpu", "x"));
        assertFalse(ReportData.load(dir, "seed-999").contents().complete(), "written at once, incomplete");
        Map<String, Long> c = new LinkedHashMap<>();
        c.put("z", 3L);
        c.put("a", 1L);
        d.save("first", null, List.of(new Row("a", 0.1 + 0.2, c), new Row("b", 1e-300, Map.of())));
        ReportData onDisk = ReportData.load(dir, "seed-999");
        assertEquals(List.of("first"), onDisk.sweepNames());
        assertFalse(onDisk.contents().complete());
        List<Row> rows = onDisk.rows("first", null, Row.class);
        assertEquals(0.1 + 0.2, rows.getFirst().value(), 0.0, "doubles round-trip exactly");
        assertEquals(List.of("z", "a"), List.copyOf(rows.getFirst().counters().keySet()), "map order kept");
        assertEquals(1e-300, rows.get(1).value(), 0.0);
        d.save("second", "dev:0", List.of(new Row("c", 2, Map.of())));
        d.save("first", null, List.of(new Row("a2", 5, Map.of())));
        d.finish();
        ReportData done = ReportData.load(dir, "seed-999");
        assertTrue(done.contents().complete());
        assertEquals(List.of("second (dev:0)", "first"), done.sweepNames(), "a sweep saved again replaces the old one");
        assertEquals(List.of("dev:0"), done.devices());
        assertNull(done.rows("third", null, Row.class));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of("data.json"), s.map(p -> p.getFileName().toString()).toList(), "no temporary file left");
        }
    }

    @Test
    void foreignOrMissingFilesAreOneLineErrors(@TempDir Path dir) throws Exception {
        ConfigException e = assertThrows(ConfigException.class, () -> ReportData.load(dir, "seed-000"));
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
        Files.writeString(dir.resolve("data.json"), "{ not json");
        e = assertThrows(ConfigException.class, () -> ReportData.load(dir, "seed-000"));
        assertTrue(e.getMessage().startsWith("cannot read " + dir.resolve("data.json") + ": not a report data file"), e.getMessage());
        ReportData.start(dir, "seed-003", "c", List.of(), Map.of(), Map.of());
        e = assertThrows(ConfigException.class, () -> ReportData.load(dir, "seed-000"));
        assertTrue(e.getMessage().contains("holds the data of seed-003, not of seed-000"), e.getMessage());
    }

    @Test
    void sweepsOfTheWholeStudyAreAssembledFromTheOneRunThatHasThem(@TempDir Path dir) throws Exception {
        ReportData emulator = ReportData.start(Files.createDirectories(dir.resolve("a")), "seed-003", "run a", List.of(), Map.of("cost", "1"), Map.of());
        emulator.save("scan", null, List.of(new Row("whole", 1, Map.of())));
        emulator.save("gpu/device", "jocl:0", List.of(new Row("pocl", 2, Map.of())));
        ReportData gpu = ReportData.start(Files.createDirectories(dir.resolve("b")), "seed-003", "run b", List.of(), Map.of(), Map.of());
        gpu.save("gpu/device", "jocl:0", List.of(new Row("h200", 3, Map.of())));
        ReportData both = ReportData.merge(List.of(gpu, emulator), Files.createDirectories(dir.resolve("c")), "assembled");
        assertEquals(List.of("gpu/device (jocl:0)", "scan", "gpu/device (jocl:0@2)"), both.sweepNames());
        assertEquals("whole", both.rows("scan", null, Row.class).getFirst().name());
        assertEquals(Map.of("cost", "1"), both.contents().config(), "the configuration of the run that measured the whole-study sweeps");
        ConfigException e = assertThrows(ConfigException.class,
                () -> ReportData.merge(List.of(emulator, emulator), Files.createDirectories(dir.resolve("d")), "twice"));
        assertTrue(e.getMessage().contains("both have sweeps of the whole study (no device, e.g. 'scan')"), e.getMessage());
    }

    @Test
    void anUnusableFolderIsRefusedWithItsReason(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("file"), "x");
        ConfigException e = assertThrows(ConfigException.class, () -> ReportFiles.prepare(f, "seed-000"));
        assertTrue(e.getMessage().startsWith("cannot write the report to " + f + ": "), e.getMessage());
        Path ok = ReportFiles.prepare(dir.resolve("a/b"), "seed-000");
        assertTrue(Files.isDirectory(ok));
        try (Stream<Path> s = Files.list(ok)) {
            assertEquals(0, s.count(), "the probe is removed");
        }
    }
}
