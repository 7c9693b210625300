package dev.perfport.cli.report;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.perfport.core.error.ConfigException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A report's saved data ({@code report --from DIR}) on any bytes: data whose devices, sweeps and
 * rows can all be read, or one {@link ConfigException} line naming the file. Anything else (another
 * exception, now or when the data is used) is a defect. Inputs that found one are in
 * {@code ReportDataFuzzTestInputs/}.
 */
@Tag("fuzz-report-data")
class ReportDataFuzzTest {
    /** One folder for the whole run, removed with what the reader left in it. */
    @TempDir
    static Path dir;

    @DictionaryEntries({"\"format\":\"perfport-report-data/1\"", "\"report\":\"seed-000\"", "\"sweeps\":[", "\"name\":", "\"device\":",
            "\"rows\":[", "\"params\":[", "\"config\":{", "\"machine\":{", "\"sources\":[", "\"complete\":true", "\"wallMillis\":", "null"})
    @FuzzTest(maxDuration = "5s")
    void readsSavedDataOrRefusesInOneLine(byte[] data) throws IOException {
        Files.write(dir.resolve(ReportData.FILE), data);
        try {
            ReportData d = ReportData.load(dir, "seed-000");
            d.devices();
            d.sweepNames();
            for (ReportData.Sweep s : d.contents().sweeps()) d.rows(s.name(), s.device(), Map.class);
            assertEquals("seed-000", d.contents().report());
        } catch (ConfigException e) {
            assertTrue(e.getMessage().contains(dir.resolve(ReportData.FILE).toString()), e.getMessage());
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        }
    }
}
