package dev.perfport.core.tune;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The tuning database shipped with perfport, in the manner of CLBlast's {@code src/database}: the best
 * configuration found per backend, device, workload, variant, element type and size, each with its provenance,
 * so that a user's first {@code compare} on a known device already runs a tuned configuration.
 *
 * <p>A lookup takes the entries of the backend and workload whose fixed parameters hold every one asked for,
 * prefers the exact device, then a device of the same architecture ({@link #architecture}), and among those the
 * entry tuned at the sizes nearest the row's (in powers of two). The file is readable JSON
 * ({@value #RESOURCE}); {@code perfport tune ... --export FILE} writes entries in the same form from a user's
 * tuning cache, to contribute a device.
 */
public final class TuneDatabase {
    /** Where the shipped database lies on the class path. */
    public static final String RESOURCE = "/dev/perfport/core/tune/database.json";
    /** The format the file declares. */
    public static final String FORMAT = "perfport-tuning-database/1";

    private static final JsonMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT).build();
    private static volatile TuneDatabase shipped;

    /**
     * One device's best configuration of one workload case.
     *
     * @param workload the workload, e.g. {@code gemm}
     * @param backend  the backend it was tuned on, e.g. {@code jocl}
     * @param device   the device's name as its backend reports it
     * @param fixed    the case's fixed parameters (variant, type, sizes, ...), as text
     * @param knobs    the tuned parameters
     * @param metric   the objective, e.g. {@code GFLOP/s}
     * @param value    its measured value
     * @param date     when it was measured, ISO date
     * @param commit   the perfport commit it was measured with
     * @param source   how it was found, e.g. {@code perfport tune --strategy genetic --budget 60}
     */
    public record Entry(String workload, String backend, String device, Map<String, String> fixed, Map<String, Integer> knobs,
                        String metric, double value, String date, String commit, String source) {
        public Entry {
            Objects.requireNonNull(workload, "workload");
            Objects.requireNonNull(backend, "backend");
            Objects.requireNonNull(device, "device");
            fixed = fixed == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(fixed));
            knobs = knobs == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(knobs));
        }
    }

    /**
     * The file: its format, the architectures (a name and the device-name patterns it covers), the entries.
     *
     * @param format        {@value #FORMAT}
     * @param architectures architecture name to regular expressions matched against device names, case-insensitive
     * @param entries       the entries
     */
    public record Contents(String format, Map<String, List<String>> architectures, List<Entry> entries) {
        public Contents {
            architectures = architectures == null ? Map.of() : architectures;
            entries = entries == null ? List.of() : List.copyOf(entries);
        }
    }

    /**
     * What a lookup found.
     *
     * @param entry   the entry
     * @param matched {@code device} (the same device) or {@code architecture: NAME}
     */
    public record Pick(Entry entry, String matched) {
    }

    private final Contents contents;
    private final Map<String, List<Pattern>> patterns = new LinkedHashMap<>();

    private TuneDatabase(Contents c) {
        if (!FORMAT.equals(c.format())) throw new IllegalArgumentException("not a tuning database: format '" + c.format() + "', expected '" + FORMAT + "'");
        this.contents = c;
        c.architectures().forEach((name, res) -> patterns.put(name,
                res.stream().map(r -> Pattern.compile(r, Pattern.CASE_INSENSITIVE)).toList()));
    }

    /** {@return the database shipped with perfport (empty where the resource is missing)} */
    public static TuneDatabase shipped() {
        TuneDatabase d = shipped;
        if (d == null) {
            try (InputStream in = TuneDatabase.class.getResourceAsStream(RESOURCE)) {
                d = in == null ? new TuneDatabase(new Contents(FORMAT, Map.of(), List.of())) : read(new String(in.readAllBytes(),
                        java.nio.charset.StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            shipped = d;
        }
        return d;
    }

    /**
     * {@return a database from its JSON text}
     *
     * @param json the file's text; a malformed one is an IllegalArgumentException naming the problem
     */
    public static TuneDatabase read(String json) {
        try {
            return new TuneDatabase(JSON.readValue(json, Contents.class));
        } catch (JacksonException e) {
            throw new IllegalArgumentException("not a tuning database: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * {@return the JSON text of {@code entries}, with {@code architectures}}
     *
     * @param architectures the architecture table to write beside them
     * @param entries       the entries
     */
    public static String write(Map<String, List<String>> architectures, List<Entry> entries) {
        try {
            return JSON.writeValueAsString(new Contents(FORMAT, architectures, entries)) + "\n";
        } catch (JacksonException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@return the file's contents} */
    public Contents contents() {
        return contents;
    }

    /**
     * {@return the architecture a device name belongs to, or empty}
     *
     * @param deviceName the name its backend reports
     */
    public Optional<String> architecture(String deviceName) {
        for (Map.Entry<String, List<Pattern>> e : patterns.entrySet()) {
            if (e.getValue().stream().anyMatch(p -> p.matcher(deviceName).find())) return Optional.of(e.getKey());
        }
        return Optional.empty();
    }

    /**
     * {@return the best entry for a case: the backend's and workload's, whose fixed parameters hold every one of
     * {@code match}; on the same device if any, else on the same architecture; the one tuned nearest {@code near}'s
     * sizes, then the highest value}
     *
     * @param backend  the backend
     * @param device   the device's name
     * @param workload the workload
     * @param match    fixed parameters an entry must hold (variant, type, ...)
     * @param near     size parameters (decimal integers) the entry should be tuned nearest to
     */
    public Optional<Pick> pick(String backend, String device, String workload, Map<String, String> match, Map<String, String> near) {
        List<Entry> candidates = new ArrayList<>();
        for (Entry e : contents.entries()) {
            if (!e.backend().equals(backend) || !e.workload().equals(workload)) continue;
            if (match.entrySet().stream().allMatch(m -> m.getValue().equals(e.fixed().get(m.getKey())))) candidates.add(e);
        }
        Comparator<Entry> order = Comparator.<Entry>comparingDouble(e -> distance(e.fixed(), near)).thenComparing(Comparator.comparingDouble(Entry::value).reversed());
        Optional<Entry> same = candidates.stream().filter(e -> e.device().equals(device)).min(order);
        if (same.isPresent()) return Optional.of(new Pick(same.get(), "device"));
        Optional<String> arch = architecture(device);
        if (arch.isEmpty()) return Optional.empty();
        return candidates.stream().filter(e -> arch.equals(architecture(e.device()))).min(order)
                .map(e -> new Pick(e, "architecture: " + arch.get()));
    }

    /**
     * {@return the entry for exactly this case, the yardstick a search is measured against: the same
     * backend, device name, workload and metric, and every fixed parameter of the entry equal to
     * the case's; one the entry left at {@code auto} matches whatever the case resolved it to (the
     * best value if several match)}
     *
     * @param fixed the case's fixed parameters (variant, type, sizes, ...)
     */
    public Optional<Entry> bestKnown(String backend, String device, String workload, String metric, Map<String, String> fixed) {
        return contents.entries().stream()
                .filter(e -> e.backend().equals(backend) && e.device().equals(device) && e.workload().equals(workload) && e.metric().equals(metric))
                .filter(e -> e.fixed().entrySet().stream().allMatch(f -> f.getValue().equals("auto") || f.getValue().equals(fixed.get(f.getKey()))))
                .max(Comparator.comparingDouble(Entry::value));
    }

    /** How far an entry's sizes lie from the row's: the sum over {@code near} of |log2(entry / row)|; 64 per missing size. */
    static double distance(Map<String, String> fixed, Map<String, String> near) {
        double d = 0;
        for (Map.Entry<String, String> n : near.entrySet()) {
            try {
                double want = Double.parseDouble(n.getValue()), have = Double.parseDouble(fixed.getOrDefault(n.getKey(), "NaN"));
                d += want > 0 && have > 0 ? Math.abs(Math.log(have / want) / Math.log(2)) : 64;
            } catch (NumberFormatException e) {
                d += 64;
            }
        }
        return d;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "tuning database: %d entries, %d architectures", contents.entries().size(), patterns.size());
    }
}
