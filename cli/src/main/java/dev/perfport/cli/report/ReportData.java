package dev.perfport.cli.report;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.error.PerfportException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The saved measurements of one report, {@code DIR/seed-NNN/data.json}: what was run (the report,
 * the command line, its {@code --param}s, the configuration that matters), the machine, and one
 * entry per finished sweep with its rows. {@link #save(String, String, List)} rewrites the file
 * atomically after every sweep, so a run that is killed or fails later keeps what it measured;
 * {@code complete} turns true only when every sweep ended. The Markdown and the plots are made
 * from this data alone, in a live run and with {@code --from}.
 */
public final class ReportData {
    /** The file format; a reader refuses others. */
    public static final String FORMAT = "perfport-report-data/1";
    public static final String FILE = "data.json";

    static final JsonMapper JSON = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    /**
     * One finished sweep.
     *
     * @param name   the sweep, e.g. {@code posbs}
     * @param device the device's selector, or null for a sweep of the whole study
     * @param rows   its rows, as the report defines them
     */
    public record Sweep(String name, String device, List<JsonNode> rows) {
        public Sweep {
            rows = List.copyOf(rows);
        }
    }

    /**
     * The file's contents.
     *
     * @param format     {@link #FORMAT}
     * @param report     e.g. {@code seed-000}
     * @param command    the command line that measured, for the report's header
     * @param params     its {@code --param} items, from which the report's options are parsed again
     * @param config     configuration keys that change results (e.g. cost constants)
     * @param started    when the run started (ISO-8601)
     * @param machine    host facts (CPU, threads, OS, Java, load average)
     * @param wallMillis wall time of the sweeps so far
     * @param complete   every sweep ended
     * @param sweeps     the finished sweeps, in the order they ended
     * @param sources    for data assembled from several runs ({@link #merge}), each run; null for one run
     */
    public record Contents(String format, String report, String command, List<String> params, Map<String, String> config,
                           String started, Map<String, String> machine, long wallMillis, boolean complete, List<Sweep> sweeps,
                           List<Source> sources) {
    }

    /**
     * One run of data assembled from several.
     *
     * @param command  its command line
     * @param started  when it started
     * @param machine  its host
     * @param complete every sweep of it ended
     * @param devices  its devices as the assembled data names them (renamed {@code selector@N} where two runs share a selector)
     */
    public record Source(String command, String started, Map<String, String> machine, boolean complete, List<String> devices) {
    }

    /** The data file could not be written: the run stops (exit code 1, one line). */
    public static final class SaveException extends PerfportException {
        SaveException(String message) {
            super(message);
        }
    }

    private final Path file;
    private final long t0 = System.nanoTime();
    private Contents c;

    private ReportData(Path file, Contents c) {
        this.file = file;
        this.c = c;
    }

    /** A new data file {@code dir/data.json} for a run starting now; written at once (no sweeps, incomplete). */
    public static ReportData start(Path dir, String report, String command, List<String> params, Map<String, String> config,
                                   Map<String, String> machine) {
        ReportData d = new ReportData(dir.resolve(FILE), new Contents(FORMAT, report, command, List.copyOf(params), new LinkedHashMap<>(config),
                ZonedDateTime.now().toString(), new LinkedHashMap<>(machine), 0, false, List.of(), null));
        d.write();
        return d;
    }

    /**
     * Reads {@code dir/data.json} of {@code report}. A missing, unreadable or foreign file is a
     * ConfigException naming the file and the problem (the command's exit code 2).
     */
    public static ReportData load(Path dir, String report) {
        Path f = dir.resolve(FILE);
        Contents c;
        try {
            c = JSON.readValue(Files.readString(f, StandardCharsets.UTF_8), Contents.class);
        } catch (NoSuchFileException e) {
            throw new ConfigException("no saved data for " + report + ": " + f + " does not exist (it is written by 'perfport report " + report + " --out DIR')");
        } catch (JacksonException e) {
            throw new ConfigException("cannot read " + f + ": not a report data file (" + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new ConfigException("cannot read " + f + ": " + ReportFiles.reason(e));
        }
        if (c == null || !FORMAT.equals(c.format())) {
            throw new ConfigException("cannot read " + f + ": format '" + (c == null ? null : c.format()) + "', expected '" + FORMAT + "'");
        }
        if (!report.equals(c.report())) throw new ConfigException(f + " holds the data of " + c.report() + ", not of " + report);
        if (c.sweeps() == null) c = with(c, c.wallMillis(), c.complete(), List.of());
        for (int i = 0; i < c.sweeps().size(); i++) {
            Sweep s = c.sweeps().get(i);
            // a sweep is found by its name: one without is no data a report can use
            if (s == null || s.name() == null) throw new ConfigException("cannot read " + f + ": sweep " + (i + 1) + " has no name");
        }
        return new ReportData(f, c);
    }

    private static Contents with(Contents c, long wallMillis, boolean complete, List<Sweep> sweeps) {
        return new Contents(c.format(), c.report(), c.command(), c.params() == null ? List.of() : c.params(),
                c.config() == null ? Map.of() : c.config(), c.started(), c.machine() == null ? Map.of() : c.machine(), wallMillis, complete,
                List.copyOf(sweeps), c.sources());
    }

    public Contents contents() {
        return c;
    }

    public Path file() {
        return file;
    }

    /** Records a finished sweep (replacing one of the same name and device) and rewrites the file. */
    public void save(String sweep, String device, List<?> rows) {
        List<JsonNode> nodes = new ArrayList<>();
        for (Object r : rows) nodes.add(JSON.valueToTree(r));
        List<Sweep> l = new ArrayList<>(c.sweeps());
        l.removeIf(s -> s.name().equals(sweep) && java.util.Objects.equals(s.device(), device));
        l.add(new Sweep(sweep, device, nodes));
        c = with(c, elapsed(), false, l);
        write();
    }

    /** Adds a machine fact (e.g. the load average after the sweeps) and rewrites the file. */
    public void machine(String key, String value) {
        Map<String, String> m = new LinkedHashMap<>(c.machine());
        m.put(key, value);
        c = new Contents(c.format(), c.report(), c.command(), c.params(), c.config(), c.started(), m, c.wallMillis(), c.complete(), c.sweeps(),
                c.sources());
        write();
    }

    /** Marks the run complete (every sweep ended) and rewrites the file. */
    public void finish() {
        c = with(c, elapsed(), true, c.sweeps());
        write();
    }

    private long elapsed() {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    /** The rows of a sweep as {@code type}, or null when that sweep was not saved. */
    public <T> List<T> rows(String sweep, String device, Class<T> type) {
        for (Sweep s : c.sweeps()) {
            if (s.name().equals(sweep) && java.util.Objects.equals(s.device(), device)) {
                List<T> l = new ArrayList<>();
                for (JsonNode n : s.rows()) {
                    try {
                        l.add(JSON.treeToValue(n, type));
                    } catch (JacksonException e) {
                        throw new ConfigException("cannot read " + file + ": a row of sweep '" + sweep + "' is not a " + type.getSimpleName()
                                + " (" + e.getOriginalMessage() + ")");
                    }
                }
                return l;
            }
        }
        return null;
    }

    /** The devices with saved sweeps, in the order they first appear. */
    public List<String> devices() {
        List<String> l = new ArrayList<>();
        for (Sweep s : c.sweeps()) if (s.device() != null && !l.contains(s.device())) l.add(s.device());
        return l;
    }

    /** Names of the saved sweeps, e.g. for the note of an incomplete run. */
    public List<String> sweepNames() {
        List<String> l = new ArrayList<>();
        for (Sweep s : c.sweeps()) l.add(s.device() == null ? s.name() : s.name() + " (" + s.device() + ")");
        return l;
    }

    /**
     * Assembles the data of several runs (e.g. on several machines) into {@code dir/data.json}:
     * every device's sweeps, a device whose selector an earlier run already has renamed
     * {@code selector@N} (N: the run's place, from 1), and each run as a {@link Source}. The runs
     * must have the same report and {@code --param}s. Sweeps of the whole study (no device, e.g.
     * seed 003's emulator tables) are taken from the one run that has them, with that run's
     * {@code config}; two runs with such sweeps cannot be told apart and are refused.
     */
    public static ReportData merge(List<ReportData> runs, Path dir, String command) {
        ReportData first = runs.getFirst();
        List<Sweep> sweeps = new ArrayList<>();
        List<Source> sources = new ArrayList<>();
        List<String> taken = new ArrayList<>();
        ReportData whole = null;
        int wholeRun = -1;
        long wall = 0;
        boolean complete = true;
        for (int i = 0; i < runs.size(); i++) {
            ReportData r = runs.get(i);
            if (!r.c.params().equals(first.c.params())) {
                throw new ConfigException("cannot assemble " + first.file + " and " + r.file + ": they were measured with different --params ("
                        + String.join(" ", first.c.params()) + " / " + String.join(" ", r.c.params()) + ")");
            }
            Map<String, String> names = new LinkedHashMap<>();
            for (Sweep s : r.c.sweeps()) {
                if (s.device() == null) {
                    if (wholeRun >= 0 && wholeRun != i) {
                        throw new ConfigException("cannot assemble " + whole.file + " and " + r.file + ": both have sweeps of the whole study "
                                + "(no device, e.g. '" + s.name() + "'), and one report holds them once; measure them in one of the runs");
                    }
                    whole = r;
                    wholeRun = i;
                    sweeps.add(s);
                    continue;
                }
                int run = i + 1;
                String name = names.computeIfAbsent(s.device(), d -> {
                    String n = taken.contains(d) ? d + "@" + run : d;
                    for (int k = 2; taken.contains(n); k++) n = d + "@" + run + "." + k;
                    taken.add(n);
                    return n;
                });
                sweeps.add(new Sweep(s.name(), name, s.rows()));
            }
            sources.add(new Source(r.c.command(), r.c.started(), r.c.machine(), r.c.complete(), List.copyOf(names.values())));
            wall += r.c.wallMillis();
            complete &= r.c.complete();
        }
        Map<String, String> config = (whole != null ? whole : first).c.config();
        ReportData d = new ReportData(dir.resolve(FILE), new Contents(FORMAT, first.c.report(), command, first.c.params(), config,
                ZonedDateTime.now().toString(), first.c.machine(), wall, complete, sweeps, sources));
        d.write();
        return d;
    }

    /** Writes the file atomically: a reader sees the old or the new version, never half of one. */
    private void write() {
        try {
            ReportFiles.writeAtomically(file, JSON.writeValueAsString(c) + "\n");
        } catch (IOException e) {
            throw new SaveException("cannot save the measurements to " + file + ": " + ReportFiles.reason(e));
        }
    }

    /** Copies this data to {@code dir/data.json} (a report regenerated into another folder keeps its data beside it). */
    public void copyTo(Path dir) {
        Path target = dir.resolve(FILE);
        try {
            if (Files.exists(target) && Files.isSameFile(target, file)) return;
            ReportFiles.writeAtomically(target, Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new PerfportException("cannot write " + target + ": " + ReportFiles.reason(e));
        }
    }
}
