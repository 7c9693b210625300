package dev.perfport.cli.commands;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.tune.TuneDatabase;
import dev.perfport.workloads.TunedLookup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The lookup {@code run} and {@code compare} give a tunable workload: the user's tuning cache first, then the
 * tuning database ({@value #DATABASE_KEY}: {@code shipped}, the default, the one in perfport; {@code none}; or a
 * file in the database's format, e.g. one {@code tune --export} wrote).
 */
public final class TunedLookups {
    /** Which tuning database {@code config=auto} falls back on. */
    public static final String DATABASE_KEY = "perfport.tune.database";

    private TunedLookups() {
    }

    /** {@return the database the configuration names; a bad value or an unreadable file is one error line} */
    public static Optional<TuneDatabase> database(PerfportConfig config) {
        String v = config.get(DATABASE_KEY).orElse("shipped").trim();
        if (v.equals("none")) return Optional.empty();
        if (v.equals("shipped")) return Optional.of(TuneDatabase.shipped());
        Path f = Path.of(v);
        try {
            return Optional.of(TuneDatabase.read(Files.readString(f, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new ConfigException(DATABASE_KEY + "=" + v + ": cannot read the file (" + e.getClass().getSimpleName() + "); give shipped, none or a tuning database file");
        } catch (IllegalArgumentException e) {
            throw new ConfigException(DATABASE_KEY + "=" + v + ": " + e.getMessage());
        }
    }

    /** {@return the cache, then the database} */
    public static TunedLookup of(PerfportConfig config) {
        TunedLookup cache = TuneCommand.lookup(config);
        Optional<TuneDatabase> db = database(config);
        return new TunedLookup() {
            @Override
            public Optional<Map<String, Integer>> best(DeviceSession s, String kernelHash, Map<String, String> match) {
                return cache.best(s, kernelHash, match);
            }

            @Override
            public Optional<Pick> pick(DeviceSession s, String workload, String kernelHash, Map<String, String> match,
                                       Map<String, String> near) {
                Optional<Map<String, Integer>> c = cache.best(s, kernelHash, match);
                if (c.isPresent()) return Optional.of(new Pick(c.get(), CACHE, ""));
                return db.flatMap(d -> d.pick(s.backendId(), s.device().name(), workload, match, near))
                        .map(p -> new Pick(new LinkedHashMap<>(p.entry().knobs()), DATABASE, p.matched()));
            }
        };
    }
}
