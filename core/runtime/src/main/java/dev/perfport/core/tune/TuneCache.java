package dev.perfport.core.tune;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tuning results kept in a JSON file, keyed by backend, device fingerprint, kernel hash and every
 * parameter (tuned and fixed). Each record says whether the configuration was valid, and if not,
 * why ({@link Status}). Every {@link #put} rewrites the file <em>atomically</em>: the new content
 * goes to a temporary file in the same folder, is forced to disk and renamed over the old one, so
 * a reader (or a run killed mid-write) sees the old file or the new one, never a torn one. Before
 * writing, entries that another process added meanwhile are merged in, under a lock file.
 *
 * <p>Location: the configuration key {@value #CONFIG_KEY}, else {@link #defaultPath}.
 */
public final class TuneCache {
    /** Configuration key of the cache file's path. */
    public static final String CONFIG_KEY = "perfport.tune.cache";
    static final String FORMAT = "perfport-tune-cache";
    static final int VERSION = 1;
    /**
     * Reads integers as Long and other numbers as Double and refuses a member given twice; writes
     * compactly, keeping map order, so that equal keys are equal strings.
     */
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.USE_LONG_FOR_INTS)
            .build();
    /** The file's layout: objects on one line, one array element (one entry) per line. */
    private static final DefaultPrettyPrinter ONE_ENTRY_PER_LINE =
            new DefaultPrettyPrinter(Separators.createDefaultInstance().withObjectFieldValueSpacing(Separators.Spacing.NONE))
                    .withObjectIndenter(new DefaultPrettyPrinter.NopIndenter())
                    .withArrayIndenter(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE);
    /** One monitor per file, since a JVM may not take the same file lock twice. */
    private static final Map<Path, Object> MONITORS = new ConcurrentHashMap<>();

    private final Path file;
    private final Map<String, Map<String, Object>> entries = new LinkedHashMap<>();

    private TuneCache(Path file) {
        this.file = file.toAbsolutePath().normalize();
    }

    /**
     * {@code $XDG_CACHE_HOME/perfport/tune/tune-cache.json}, else
     * {@code ~/.cache/perfport/tune/tune-cache.json}.
     */
    public static Path defaultPath(Map<String, String> env, Path home) {
        String xdg = env.get("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : home.resolve(".cache");
        return base.resolve("perfport").resolve("tune").resolve("tune-cache.json");
    }

    /** The cache in {@code file}, reading what it already holds; a missing file is an empty cache. */
    public static TuneCache open(Path file) {
        TuneCache c = new TuneCache(file);
        synchronized (monitor(c.file)) {
            c.entries.putAll(read(c.file));
        }
        return c;
    }

    public Path file() {
        return file;
    }

    public synchronized int size() {
        return entries.size();
    }

    /** The cached evaluation of {@code config} in {@code ctx}, if any. */
    public synchronized Optional<Evaluation> get(TuneContext ctx, Config config) {
        Map<String, Object> e = entries.get(key(ctx, config));
        return e == null ? Optional.empty() : Optional.of(evaluation(e));
    }

    /** Records an evaluation and rewrites the file atomically. */
    public synchronized void put(TuneContext ctx, Config config, Evaluation ev) {
        entries.put(key(ctx, config), entry(ctx, config, ev));
        save();
    }

    /**
     * Records several evaluations with one atomic rewrite of the file: results that arrive
     * together (a batch on several devices or a cluster) would otherwise rewrite it once each.
     */
    public synchronized void putAll(TuneContext ctx, Map<Config, Evaluation> evaluations) {
        if (evaluations.isEmpty()) return;
        evaluations.forEach((c, ev) -> entries.put(key(ctx, c), entry(ctx, c, ev)));
        save();
    }

    /**
     * Marks the entry of {@code config} in {@code ctx} as a tuning's pick ({@code "chosen"}: when), which {@link #best}
     * then prefers: a strategy may pick a configuration within a fraction of the fastest it measured (the
     * hierarchical one takes the smallest values within 97%), and a run should use what the tuning printed.
     * Nothing happens when the configuration has no valid entry.
     */
    public synchronized void choose(TuneContext ctx, Config config) {
        Map<String, Object> e = entries.get(key(ctx, config));
        if (e == null || !Boolean.TRUE.equals(e.get("valid"))) return;
        Map<String, Object> marked = new LinkedHashMap<>(e);
        marked.put("chosen", Instant.now().toString());
        entries.put(key(ctx, config), marked);
        save();
    }

    /** When the entry of {@code config} in {@code ctx} was last marked as a tuning's pick ({@link #choose}), if ever. */
    public synchronized Optional<Instant> chosenAt(TuneContext ctx, Config config) {
        Map<String, Object> e = entries.get(key(ctx, config));
        return e != null && e.get("chosen") instanceof String when ? Optional.of(Instant.parse(when)) : Optional.empty();
    }

    private static Map<String, Object> entry(TuneContext ctx, Config config, Evaluation ev) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("backend", ctx.backend());
        e.put("device", ctx.device().toJson());
        e.put("kernel", ctx.kernelHash());
        e.put("params", params(ctx, config));
        e.put("valid", ev.valid());
        e.put("status", ev.status().label());
        e.put("value", ev.valid() ? ev.value() : null);
        e.put("message", ev.message());
        e.put("time", Instant.now().toString());
        return e;
    }

    /**
     * The parameters of the best valid entry for this backend, device and kernel among those whose
     * parameters include every entry of {@code match} (compared as text): the most recent tuning's pick
     * ({@link #choose}) where one is recorded, else the highest value when {@code maximize}, else the lowest
     * (caches written before picks were recorded): how a run finds what tuning found for its device.
     */
    public synchronized Optional<Map<String, Object>> best(String backend, DeviceFingerprint device, String kernelHash,
                                                           Map<String, String> match, boolean maximize) {
        Object dev = device.toJson();
        Map<String, Object> best = null, chosen = null;
        double bestValue = 0;
        for (Map<String, Object> e : entries.values()) {
            if (!backend.equals(e.get("backend")) || !kernelHash.equals(e.get("kernel")) || !Boolean.TRUE.equals(e.get("valid"))) continue;
            if (!dev.equals(DeviceFingerprint.fromJson((Map<?, ?>) e.get("device")).toJson())) continue;
            Map<?, ?> p = (Map<?, ?>) e.get("params");
            if (!match.entrySet().stream().allMatch(m -> p.containsKey(m.getKey()) && m.getValue().equals(String.valueOf(p.get(m.getKey()))))) continue;
            if (e.get("chosen") instanceof String when
                    && (chosen == null || Instant.parse(when).isAfter(Instant.parse((String) chosen.get("chosen"))))) {
                chosen = e;
            }
            double v = ((Number) e.get("value")).doubleValue();
            if (best == null || (maximize ? v > bestValue : v < bestValue)) {
                best = e;
                bestValue = v;
            }
        }
        if (chosen != null) best = chosen;
        if (best == null) return Optional.empty();
        Map<String, Object> params = new LinkedHashMap<>();
        ((Map<?, ?>) best.get("params")).forEach((k, v) -> params.put((String) k, v));
        return Optional.of(params);
    }

    /** Every entry as stored (for reports and tests). */
    public synchronized List<Map<String, Object>> entries() {
        return List.copyOf(entries.values());
    }

    private static Map<String, Object> params(TuneContext ctx, Config config) {
        Map<String, Object> p = new TreeMap<>(ctx.fixed());
        config.values().forEach((k, v) -> p.put(k, (long) v));
        return p;
    }

    private static String key(TuneContext ctx, Config config) {
        Map<String, String> p = new TreeMap<>(ctx.fixed());
        config.values().forEach((k, v) -> p.put(k, Long.toString(v)));
        return key(ctx.backend(), ctx.device().toJson(), ctx.kernelHash(), p);
    }

    private static String key(String backend, Object device, String kernel, Map<String, String> params) {
        try {
            return JSON.writeValueAsString(List.of(backend, device, kernel, params));
        } catch (JacksonException e) {
            throw new IllegalStateException("cannot write a tuning cache key: " + e.getOriginalMessage(), e);
        }
    }

    private static String keyOf(Map<String, Object> e) {
        Map<String, String> p = new TreeMap<>();
        ((Map<?, ?>) e.get("params")).forEach((k, v) -> p.put((String) k, String.valueOf(v)));
        return key((String) e.get("backend"), DeviceFingerprint.fromJson((Map<?, ?>) e.get("device")).toJson(),
                (String) e.get("kernel"), p);
    }

    private static Evaluation evaluation(Map<String, Object> e) {
        Status s = Status.ofLabel((String) e.get("status"));
        if (s == Status.OK) return Evaluation.ok(((Number) e.get("value")).doubleValue());
        return Evaluation.invalid(s, String.valueOf(e.get("message")));
    }

    private static Object monitor(Path file) {
        return MONITORS.computeIfAbsent(file, f -> new Object());
    }

    /** The entries in {@code file} by key; an unreadable file is an error naming it and the way out. */
    private static Map<String, Map<String, Object>> read(Path file) {
        Map<String, Map<String, Object>> m = new LinkedHashMap<>();
        if (!Files.exists(file)) return m;
        try {
            Object root = JSON.readValue(Files.readString(file, StandardCharsets.UTF_8), new TypeReference<Object>() {
            });
            if (!(root instanceof Map<?, ?> r) || !FORMAT.equals(r.get("format"))) {
                throw new IllegalArgumentException("not a " + FORMAT + " file");
            }
            if (!(r.get("version") instanceof Long v) || v != VERSION) {
                throw new IllegalArgumentException("version " + r.get("version") + " is not the supported version " + VERSION);
            }
            if (!(r.get("entries") instanceof List<?> list)) throw new IllegalArgumentException("'entries' is not a list");
            int i = 0;
            for (Object o : list) {
                i++;
                Map<String, Object> e = checkedEntry(o, i);
                m.put(keyOf(e), e);
            }
            return m;
        } catch (JacksonException e) {
            throw unreadable(file, "not JSON: " + e.getOriginalMessage(), e);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw unreadable(file, "not UTF-8 text", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the tuning cache " + file + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw unreadable(file, e.getMessage(), e);
        }
    }

    private static IllegalStateException unreadable(Path file, String why, Exception cause) {
        return new IllegalStateException("the tuning cache " + file + " is unreadable (" + why + "); delete it or set " + CONFIG_KEY
                + " to another file", cause);
    }

    /**
     * Entry {@code i} (from 1) as the rest of this class reads it, or an IllegalArgumentException
     * saying in words which member is wrong: what {@link #best} and {@link #get} cast must be there.
     */
    private static Map<String, Object> checkedEntry(Object o, int i) {
        if (!(o instanceof Map<?, ?> raw)) throw new IllegalArgumentException("entry " + i + " is not an object");
        @SuppressWarnings("unchecked")
        Map<String, Object> e = (Map<String, Object>) raw;
        String where = "entry " + i + ": ";
        for (String k : List.of("backend", "kernel", "status")) {
            if (!(e.get(k) instanceof String)) throw new IllegalArgumentException(where + "'" + k + "' is not a string");
        }
        if (!(e.get("params") instanceof Map<?, ?>)) throw new IllegalArgumentException(where + "'params' is not an object");
        if (!(e.get("device") instanceof Map<?, ?> d)) throw new IllegalArgumentException(where + "'device' is not an object");
        if (!(d.get("name") instanceof String)) throw new IllegalArgumentException(where + "the device's 'name' is not a string");
        for (String k : List.of("vendor", "driver", "version", "properties")) {
            if (d.get(k) != null && !(d.get(k) instanceof String)) throw new IllegalArgumentException(where + "the device's '" + k + "' is not a string");
        }
        for (String k : List.of("computeUnits", "localMemBytes")) {
            if (!(d.get(k) instanceof Long)) throw new IllegalArgumentException(where + "the device's '" + k + "' is not an integer");
        }
        if (!(e.get("valid") instanceof Boolean valid)) throw new IllegalArgumentException(where + "'valid' is not true or false");
        Status s = Status.ofLabel((String) e.get("status"));
        if (valid != (s == Status.OK)) throw new IllegalArgumentException(where + "'valid' is " + valid + " but the status is " + s.label());
        if (valid && !(e.get("value") instanceof Number n && Double.isFinite(n.doubleValue()))) {
            throw new IllegalArgumentException(where + "'value' of a valid entry is not a finite number");
        }
        if (e.get("chosen") != null) {
            if (!(e.get("chosen") instanceof String when)) throw new IllegalArgumentException(where + "'chosen' is not a time");
            try {
                Instant.parse(when);
            } catch (java.time.format.DateTimeParseException bad) {
                throw new IllegalArgumentException(where + "'chosen' is not a time: '" + when + "'");
            }
        }
        return e;
    }

    private void save() {
        synchronized (monitor(file)) {
            try {
                Files.createDirectories(file.getParent());
                Path lockFile = file.resolveSibling(file.getFileName() + ".lock");
                try (FileChannel lc = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                     FileLock ignored = lc.lock()) {
                    // another process may have added entries since we read the file: keep them
                    Map<String, Map<String, Object>> merged = read(file);
                    merged.putAll(entries);
                    entries.clear();
                    entries.putAll(merged);
                    Map<String, Object> root = new LinkedHashMap<>();
                    root.put("format", FORMAT);
                    root.put("version", (long) VERSION);
                    root.put("entries", new ArrayList<>(entries.values()));
                    writeAtomically(file, JSON.writer(ONE_ENTRY_PER_LINE).writeValueAsString(root) + "\n");
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the tuning cache " + file + ": " + e.getMessage(), e);
            }
        }
    }

    /**
     * Writes {@code text} to {@code target} so that readers see the old or the new content only:
     * a temporary file in the same folder, forced to disk, then renamed over the target.
     */
    static void writeAtomically(Path target, String text) throws IOException {
        Path tmp = Files.createTempFile(target.getParent(), target.getFileName() + ".", ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer b = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
                while (b.hasRemaining()) ch.write(b);
                ch.force(true);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                throw new IOException("the file system of " + target + " cannot rename atomically, so the tuning cache cannot be kept there", e);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
