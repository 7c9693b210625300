package dev.perfport.core.config;

import dev.perfport.core.backend.Settings;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.files.UserFiles;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

/**
 * perfport's configuration: keys such as {@code perfport.backend}, read from several sources.
 * The first source that sets a key wins:
 * <ol>
 *   <li>explicit overrides (command-line options, {@link #with(String, String)});</li>
 *   <li>Java system properties ({@code -Dperfport.backend=jocl:gpu});</li>
 *   <li>environment variables: the key upper-cased with dots and dashes as underscores
 *       ({@code PERFPORT_BACKEND=jocl:gpu});</li>
 *   <li>{@code perfport.properties} in the working directory;</li>
 *   <li>{@code perfport.properties} in the user's home directory;</li>
 *   <li>the defaults of the distribution: {@value #DEFAULTS_RESOURCE} on the class path (the
 *       command's distribution ships one that names the emulator; so does the emulator's jar,
 *       the default of a library that has it on its class path). Core itself names no backend.</li>
 * </ol>
 */
public final class PerfportConfig implements Settings {
    public static final String BACKEND = "perfport.backend";
    public static final String PLUGINS_DIR = "perfport.plugins.dir";
    /**
     * The defaults a distribution ships, as properties (e.g. {@code perfport.backend=...}); where
     * several copies on the class path set a key, the first one's value counts.
     */
    public static final String DEFAULTS_RESOURCE = "META-INF/perfport/defaults.properties";
    public static final String FILE_NAME = "perfport.properties";

    /** One source of values, highest precedence first in {@link #sources}. */
    private record Source(String name, Map<String, String> values) {
    }

    private final List<Source> sources;

    private PerfportConfig(List<Source> sources) {
        this.sources = List.copyOf(sources);
    }

    /** The standard sources, as documented on this class. */
    public static PerfportConfig load() {
        return load(System.getenv(), Path.of("").toAbsolutePath(), Path.of(System.getProperty("user.home", ".")));
    }

    /** The standard sources with the given environment, working directory and home (for tests). */
    public static PerfportConfig load(Map<String, String> env, Path workingDir, Path home) {
        List<Source> s = new ArrayList<>();
        Map<String, String> sys = new LinkedHashMap<>();
        System.getProperties().forEach((k, v) -> {
            if (k.toString().startsWith("perfport.")) sys.put(k.toString(), v.toString());
        });
        s.add(new Source("system property", sys));
        s.add(new Source("environment", envValues(env)));
        s.add(new Source(workingDir.resolve(FILE_NAME).toString(), readFile(workingDir.resolve(FILE_NAME))));
        if (!home.toAbsolutePath().normalize().equals(workingDir.toAbsolutePath().normalize())) {
            s.add(new Source(home.resolve(FILE_NAME).toString(), readFile(home.resolve(FILE_NAME))));
        }
        s.add(DEFAULTS);
        return new PerfportConfig(s);
    }

    /** Only the given values and the defaults (for tests and embedding). */
    public static PerfportConfig of(Map<String, String> values) {
        return new PerfportConfig(List.of(new Source("given", Map.copyOf(values)), DEFAULTS));
    }

    /** Only the given values and the given defaults (for tests). */
    static PerfportConfig of(Map<String, String> values, Map<String, String> defaults) {
        return new PerfportConfig(List.of(new Source("given", Map.copyOf(values)), new Source("default", Map.copyOf(defaults))));
    }

    /** The distribution's defaults ({@link #DEFAULTS_RESOURCE}), read once. */
    private static final Source DEFAULTS = new Source("default", defaults(PerfportConfig.class.getClassLoader()));

    /** The values of the {@link #DEFAULTS_RESOURCE} files visible to {@code loader}, the first file's first. */
    static Map<String, String> defaults(ClassLoader loader) {
        Map<String, String> m = new LinkedHashMap<>();
        try {
            for (java.net.URL u : Collections.list(loader.getResources(DEFAULTS_RESOURCE))) {
                Properties p = new Properties();
                try (java.io.InputStream in = u.openStream()) {
                    p.load(in);
                }
                p.forEach((k, v) -> m.putIfAbsent(k.toString().trim(), v.toString().trim()));
            }
        } catch (IOException e) {
            throw new ConfigException("cannot read " + DEFAULTS_RESOURCE + ": " + e.getMessage());
        }
        return Map.copyOf(m);
    }

    /** This configuration with {@code key} overridden (highest precedence). */
    public PerfportConfig with(String key, String value) {
        List<Source> s = new ArrayList<>();
        s.add(new Source("override", Map.of(key, value)));
        s.addAll(sources);
        return new PerfportConfig(s);
    }

    /** The environment variable that sets a key: {@code perfport.cell.workers} is {@code PERFPORT_CELL_WORKERS}. */
    public static String envName(String key) {
        return key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    private static Map<String, String> envValues(Map<String, String> env) {
        Map<String, String> m = new LinkedHashMap<>();
        env.forEach((k, v) -> {
            if (k.startsWith("PERFPORT_")) m.put(k, v);
        });
        return m;
    }

    private static Map<String, String> readFile(Path p) {
        if (!Files.isRegularFile(p)) return Map.of();
        Properties props = new Properties();
        try (Reader r = Files.newBufferedReader(p)) {
            props.load(r);
        } catch (IOException e) {
            throw new ConfigException("cannot read " + p + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            // Properties.load: "Malformed \\uxxxx encoding." (a backslash-u not followed by 4 hex digits)
            throw new ConfigException("cannot read " + p + ": not a valid properties file: " + e.getMessage()
                    + " (a \\u must be followed by 4 hex digits; write a backslash as \\\\)");
        }
        Map<String, String> m = new LinkedHashMap<>();
        props.forEach((k, v) -> m.put(k.toString().trim(), v.toString().trim()));
        return m;
    }

    private static String lookup(Source s, String key) {
        return s.name().equals("environment") ? s.values().get(envName(key)) : s.values().get(key);
    }

    @Override
    public Optional<String> get(String key) {
        for (Source s : sources) {
            String v = lookup(s, key);
            if (v != null && !v.isBlank()) return Optional.of(v.trim());
        }
        return Optional.empty();
    }

    /** Where the value of {@code key} comes from, or "unset". */
    @Override
    public String sourceOf(String key) {
        for (Source s : sources) {
            String v = lookup(s, key);
            if (v != null && !v.isBlank()) return s.name();
        }
        return "unset";
    }

    /**
     * Refuses a key of the {@code perfport.} namespace that no one reads, so that a misspelt
     * setting is an error instead of being silently ignored. {@code known} holds keys, and
     * prefixes written {@code prefix.*}. A key given explicitly (an override, a system property,
     * a properties file) that is unknown is an error naming the key, where it was set, the
     * nearest known key, and every known key. The environment is not chosen as deliberately (a
     * shell may export any {@code PERFPORT_} variable, e.g. a script's own): a variable counts
     * when it is the {@linkplain #envName variable of} a known key (or of a prefix), or is one of
     * {@code otherVariables} (variables that are not settings, e.g. a launcher's); any other is
     * returned, not refused.
     *
     * @param known the known keys and {@code prefix.*} prefixes
     * @param otherVariables environment variables that are not settings but are expected
     * @return the unknown {@code PERFPORT_} environment variables, sorted (empty when none), for
     *         the caller to warn about
     * @throws ConfigException when an explicitly given key is unknown
     */
    public List<String> requireKnown(java.util.Collection<String> known, java.util.Set<String> otherVariables) {
        List<String> exact = new ArrayList<>();
        List<String> prefixes = new ArrayList<>();
        for (String k : known) {
            if (k.endsWith(".*")) prefixes.add(k.substring(0, k.length() - 1)); else exact.add(k);
        }
        java.util.TreeSet<String> unknownVariables = new java.util.TreeSet<>();
        for (Source s : sources) {
            boolean env = s.name().equals("environment");
            for (String key : s.values().keySet()) {
                boolean ok;
                if (env) {
                    ok = otherVariables.contains(key) || exact.stream().anyMatch(k -> envName(k).equals(key))
                            || prefixes.stream().anyMatch(p -> key.startsWith(envName(p)));
                } else {
                    ok = !key.startsWith("perfport.") || exact.contains(key) || prefixes.stream().anyMatch(key::startsWith);
                }
                if (ok) continue;
                if (env) {
                    unknownVariables.add(key);
                    continue;
                }
                List<String> all = new ArrayList<>(new java.util.TreeSet<>(known));
                String near = nearest(key, all);
                throw new ConfigException("unknown setting " + key + " (from " + s.name() + ")"
                        + (near == null ? "" : "; did you mean " + near + "?")
                        + " Known settings: " + String.join(", ", all));
            }
        }
        return List.copyOf(unknownVariables);
    }

    /**
     * {@return one line warning about unknown environment variables} (as {@link #requireKnown}
     * returns them), naming the nearest known key's variable where one is near
     *
     * @param variables the unknown variables, not empty
     * @param known the known keys and {@code prefix.*} prefixes
     */
    public static String unknownVariablesWarning(List<String> variables, java.util.Collection<String> known) {
        List<String> all = new ArrayList<>(new java.util.TreeSet<>(known));
        List<String> named = new ArrayList<>();
        for (String v : variables) {
            String near = nearest(v.toLowerCase(Locale.ROOT).replace('_', '.'), all);
            named.add(near == null ? v : v + " (did you mean " + envName(near.endsWith(".*") ? near.substring(0, near.length() - 2) : near) + "?)");
        }
        return "warning: ignoring " + (variables.size() == 1 ? "environment variable " : "environment variables ")
                + String.join(", ", named) + ": not a perfport setting";
    }

    /** The known key closest to {@code key} (edit distance, at most a third of its length), or null. */
    private static String nearest(String key, List<String> known) {
        String best = null;
        int bestD = Integer.MAX_VALUE;
        for (String k : known) {
            String plain = k.endsWith(".*") ? k.substring(0, k.length() - 2) : k;
            String a = key.toLowerCase(Locale.ROOT).replace('-', '.');
            String b = plain.toLowerCase(Locale.ROOT).replace('-', '.');
            int d = distance(a, b);
            if (d < bestD) {
                bestD = d;
                best = k;
            }
        }
        return bestD <= Math.max(2, key.length() / 3) ? best : null;
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                cur[j] = Math.min(Math.min(cur[j - 1], prev[j]) + 1, prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /** The keys perfport's runtime itself reads; backends, workloads and the command add theirs. */
    public static final List<String> KEYS = List.of(BACKEND, PLUGINS_DIR, "perfport.home", UserFiles.CACHE_DIR_KEY,
            dev.perfport.core.checked.CheckedMode.KEY, dev.perfport.core.checked.CheckedMode.UNINITIALIZED_KEY);

    /**
     * {@return the configured backend selector} ({@link #BACKEND}; by default the one the
     * distribution's {@value #DEFAULTS_RESOURCE} names)
     *
     * @throws ConfigException when nothing names one
     */
    public String backendSelector() {
        return get(BACKEND).orElseThrow(() -> new ConfigException("no backend chosen: set " + BACKEND
                + " to a backend's id (see 'perfport backends'), e.g. in perfport.properties; no " + DEFAULTS_RESOURCE
                + " on the class path names a default"));
    }

    /** Every perfport key that has a value, with its effective value (for display). */
    public Map<String, String> effective() {
        return effectiveWithout(Set.of());
    }

    /**
     * {@return the effective settings, as {@link #effective()}, leaving out the given environment
     * variables} For a configuration handed to another process: a variable that is no setting
     * (a launcher's, or one {@link #requireKnown} only warned about) must not come back there as
     * an explicit, and then refused, key.
     *
     * @param variables {@code PERFPORT_} environment variables to leave out
     */
    public Map<String, String> effectiveWithout(Set<String> variables) {
        Map<String, String> m = new TreeMap<>();
        for (int i = sources.size() - 1; i >= 0; i--) {
            Source s = sources.get(i);
            s.values().forEach((k, v) -> {
                if (s.name().equals("environment") && variables.contains(k)) return;
                String key = s.name().equals("environment") ? k.toLowerCase(Locale.ROOT).replace('_', '.') : k;
                m.put(key, v);
            });
        }
        return Collections.unmodifiableMap(m);
    }
}
