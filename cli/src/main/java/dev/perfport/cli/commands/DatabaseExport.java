package dev.perfport.cli.commands;

import dev.perfport.cli.Context;
import dev.perfport.cli.Environment;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.tune.TuneDatabase;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@code perfport tune ... --export FILE}: each tuned row's best configuration becomes a tuning-database entry in
 * FILE (created, or merged: an entry of the same workload, backend, device and fixed parameters is replaced), with
 * its provenance. A user contributes a device by sending that file; {@code perfport.tune.database=FILE} uses it.
 */
final class DatabaseExport {
    private DatabaseExport() {
    }

    static void write(Context ctx, String workload, String strategy, Map<String, String> options, List<TuneCommand.Row> rows, Path file) {
        List<TuneDatabase.Entry> entries = new ArrayList<>();
        Map<String, List<String>> architectures = TuneDatabase.shipped().contents().architectures();
        try {
            TuneDatabase old = TuneDatabase.read(Files.readString(file, StandardCharsets.UTF_8));
            entries.addAll(old.contents().entries());
            architectures = old.contents().architectures();
        } catch (NoSuchFileException e) {
            // a new file
        } catch (IOException e) {
            throw new ConfigException("--export " + file + ": cannot read it (" + e.getClass().getSimpleName() + ")");
        } catch (IllegalArgumentException e) {
            throw new ConfigException("--export " + file + ": " + e.getMessage());
        }
        String source = "perfport tune --strategy " + (strategy == null ? "default" : strategy)
                + (options.containsKey("budget") ? " --budget " + options.get("budget") : "")
                + (options.containsKey("seed") ? " --seed " + options.get("seed") : "");
        String commit = Environment.host().get("commit");
        int written = 0;
        for (TuneCommand.Row r : rows) {
            if (r.result() == null || r.result().best() == null) continue;
            Map<String, String> fixed = new LinkedHashMap<>(r.fixed());
            fixed.putIfAbsent("variant", r.variant());
            // how the tuning run measured, not what it tuned: no key of the case
            for (String k : List.of("reps", "seed", "objective")) fixed.remove(k);
            TuneDatabase.Entry e = new TuneDatabase.Entry(workload, r.backend(), r.device(), fixed, r.result().best().values(),
                    r.metric(), r.result().bestValue(), LocalDate.now(ZoneOffset.UTC).toString(), commit, source);
            entries.removeIf(x -> x.workload().equals(workload) && x.backend().equals(e.backend()) && x.device().equals(e.device())
                    && Objects.equals(x.fixed(), e.fixed()));
            entries.add(e);
            written++;
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            Files.writeString(file, TuneDatabase.write(architectures, entries), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException("--export " + file + ": cannot write it (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
        }
        ctx.err().println("exported " + written + " entr" + (written == 1 ? "y" : "ies") + " to " + file
                + " (use it with --config " + TunedLookups.DATABASE_KEY + "=" + file + ")");
    }
}
