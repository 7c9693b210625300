package dev.perfport.core.plugin;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.BackendContext;
import dev.perfport.core.backend.BackendProvider;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.DeviceSelector;
import dev.perfport.core.config.PerfportConfig;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.error.BackendUnavailableException;
import dev.perfport.core.error.ConfigException;
import org.pf4j.DefaultPluginManager;
import org.pf4j.PluginManager;
import org.pf4j.PluginState;
import org.pf4j.PluginWrapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Every backend this JVM can see: those on the classpath ({@link ServiceLoader}) first, then the
 * PF4J plugins (jar or zip) in the plugins folder. A plugin that cannot be read, started or
 * created is listed with its reason and the others keep working. A backend id found twice is
 * taken from its first origin only, so that a JNI binding is never loaded by two class loaders.
 *
 * <p>Registries are shared per plugins folder for the life of the JVM ({@link #shared}): plugins
 * are never unloaded or loaded twice, because a native library cannot be bound to a second
 * class loader (anchors.md §0.9).
 *
 * <p>Backends that a distribution builds only where their route is installed ({@link #OPTIONAL})
 * are listed even when their plugin is absent, as unavailable with origin {@value #NOT_INSTALLED}
 * and a reason that says how to get them, so that a distribution built without them still names
 * them. The distribution names them, not core: see {@link #OPTIONAL_RESOURCE}.
 */
public final class BackendRegistry {

    /**
     * One backend, available or not.
     *
     * @param id          backend id
     * @param description one line
     * @param origin      "classpath" or the plugin file it came from
     * @param backend     the live backend, or null when unavailable
     * @param reason      why it is unavailable, or null
     */
    public record Entry(String id, String description, String origin, Backend backend, String reason) {
        public boolean available() {
            return backend != null && reason == null;
        }
    }

    /** A file in the plugins folder that yielded no backend, and why. */
    public record PluginProblem(String file, String reason) {
    }

    /** Origin of an entry for an optional backend whose plugin is not in this distribution. */
    public static final String NOT_INSTALLED = "not installed";

    /**
     * Where a distribution lists its optional backends, as properties
     * {@code <id>.description} and {@code <id>.reason} (every copy on the class path is read).
     */
    public static final String OPTIONAL_RESOURCE = "META-INF/perfport/optional-backends.properties";

    /**
     * Optional backends: id, description, and the reason shown while the plugin is absent. These
     * need a route that cannot come from the Maven registry, so a build includes them only where
     * the route is installed; the distribution lists them in {@link #OPTIONAL_RESOURCE}.
     */
    public static final List<Entry> OPTIONAL = optionalBackends(BackendRegistry.class.getClassLoader());

    /** The optional backends that the {@link #OPTIONAL_RESOURCE} files visible to {@code loader} list. */
    static List<Entry> optionalBackends(ClassLoader loader) {
        Map<String, Entry> found = new LinkedHashMap<>();
        try {
            for (java.net.URL u : Collections.list(loader.getResources(OPTIONAL_RESOURCE))) {
                java.util.Properties p = new java.util.Properties();
                try (java.io.InputStream in = u.openStream()) {
                    p.load(in);
                }
                for (String key : new java.util.TreeSet<>(p.stringPropertyNames())) {
                    if (!key.endsWith(".description")) continue;
                    String id = key.substring(0, key.length() - ".description".length());
                    found.putIfAbsent(id, new Entry(id, p.getProperty(key), NOT_INSTALLED, null,
                            p.getProperty(id + ".reason", "not installed in this distribution")));
                }
            }
        } catch (IOException e) {
            throw new ConfigException("cannot read " + OPTIONAL_RESOURCE + ": " + e.getMessage());
        }
        return List.copyOf(found.values());
    }

    private static final Map<String, BackendRegistry> SHARED = new ConcurrentHashMap<>();

    private final PerfportConfig config;
    private final Path pluginsDir;
    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private final Map<String, BackendProvider> providers = new LinkedHashMap<>();
    private final List<PluginProblem> problems = new ArrayList<>();
    private PluginManager pluginManager;

    private BackendRegistry(PerfportConfig config, Path pluginsDir) {
        this.config = config;
        this.pluginsDir = pluginsDir;
        discoverClasspath();
        if (pluginsDir != null) discoverPlugins();
        for (Entry e : OPTIONAL) entries.putIfAbsent(e.id(), e);
    }

    /**
     * The registry for the configured plugins folder ({@code perfport.plugins.dir}, else
     * {@code $perfport.home/plugins}, else {@code ./plugins}), created once per JVM and folder.
     */
    public static BackendRegistry shared(PerfportConfig config) {
        Path dir = pluginsDir(config);
        String key = dir.toAbsolutePath().normalize().toString();
        return SHARED.computeIfAbsent(key, k -> new BackendRegistry(config, dir));
    }

    /** The plugins folder a configuration points at. */
    public static Path pluginsDir(PerfportConfig config) {
        return config.get(PerfportConfig.PLUGINS_DIR).map(Path::of).orElseGet(() -> {
            String home = System.getProperty("perfport.home");
            return home != null ? Path.of(home, "plugins") : Path.of("plugins");
        });
    }

    public Path pluginsDir() {
        return pluginsDir;
    }

    private void discoverClasspath() {
        ServiceLoader<BackendProvider> loader = ServiceLoader.load(BackendProvider.class, BackendRegistry.class.getClassLoader());
        for (ServiceLoader.Provider<BackendProvider> p : loader.stream().toList()) {
            BackendProvider provider;
            try {
                provider = p.get();
            } catch (Throwable t) {
                problems.add(new PluginProblem("classpath " + p.type().getName(), describe(t)));
                continue;
            }
            add(provider, "classpath");
        }
    }

    private void discoverPlugins() {
        if (!Files.isDirectory(pluginsDir)) {
            // a folder someone named that is not there is a problem to show, never an empty list
            // without a word; the implicit ./plugins of a class-path-only embedding is not
            if (config.get(PerfportConfig.PLUGINS_DIR).isPresent() || System.getProperty("perfport.home") != null) {
                problems.add(new PluginProblem(pluginsDir.toString(), (Files.exists(pluginsDir)
                        ? "the plugins folder is not a folder" : "the plugins folder does not exist")
                        + " (" + PerfportConfig.PLUGINS_DIR + " from " + config.sourceOf(PerfportConfig.PLUGINS_DIR) + ")"));
            }
            return;
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(pluginsDir)) {
            files = s.filter(p -> {
                String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
                return n.endsWith(".jar") || n.endsWith(".zip");
            }).sorted().toList();
        } catch (IOException e) {
            problems.add(new PluginProblem(pluginsDir.toString(), "cannot list plugins folder: " + e.getMessage()));
            return;
        }
        if (files.isEmpty()) return;
        DefaultPluginManager pm = new BackendPluginManager(pluginsDir);
        this.pluginManager = pm;
        Map<String, Path> byId = new LinkedHashMap<>();
        for (Path f : files) {
            String bad = checkJar(f);
            if (bad != null) {
                problems.add(new PluginProblem(f.toString(), bad));
                continue;
            }
            try {
                String id = pm.loadPlugin(f);
                if (id == null) {
                    problems.add(new PluginProblem(f.toString(), "not a PF4J plugin (no plugin descriptor)"));
                } else {
                    byId.put(id, f);
                }
            } catch (Throwable t) {
                problems.add(new PluginProblem(f.toString(), "cannot load plugin: " + describe(t)));
            }
        }
        for (Map.Entry<String, Path> e : byId.entrySet()) {
            String pluginId = e.getKey();
            Path file = e.getValue();
            String missing = missingPluginClass(pm.getPlugin(pluginId));
            if (missing != null) {
                // PF4J would log an ERROR with a stack trace and then fail with a NullPointerException
                problems.add(new PluginProblem(file.toString(), "plugin '" + pluginId + "': " + missing));
                continue;
            }
            PluginState state;
            try {
                state = pm.startPlugin(pluginId);
            } catch (Throwable t) {
                problems.add(new PluginProblem(file.toString(), "plugin '" + pluginId + "' failed to start: " + describe(t)));
                continue;
            }
            if (state != PluginState.STARTED) {
                PluginWrapper w = pm.getPlugin(pluginId);
                Throwable why = w == null ? null : w.getFailedException();
                problems.add(new PluginProblem(file.toString(), "plugin '" + pluginId + "' is " + state
                        + (why != null ? ": " + describe(why) : "")));
                continue;
            }
            List<BackendProvider> providers;
            try {
                providers = pm.getExtensions(BackendProvider.class, pluginId);
            } catch (Throwable t) {
                problems.add(new PluginProblem(file.toString(), "plugin '" + pluginId + "' extensions failed: " + describe(t)));
                continue;
            }
            if (providers.isEmpty()) {
                problems.add(new PluginProblem(file.toString(), "plugin '" + pluginId + "' provides no backend (no BackendProvider extension)"));
            }
            for (BackendProvider p : providers) add(p, file.toString());
        }
    }

    /** Why the plugin's Plugin-Class cannot be loaded, naming it, or null when it can (or none is declared). */
    private static String missingPluginClass(PluginWrapper w) {
        if (w == null) return null;
        String cls = w.getDescriptor().getPluginClass();
        if (cls == null || cls.isBlank() || cls.equals(org.pf4j.Plugin.class.getName())) return null;
        try {
            Class.forName(cls, false, w.getPluginClassLoader());
            return null;
        } catch (ClassNotFoundException e) {
            return "its Plugin-Class " + cls + " is not in the jar";
        } catch (LinkageError e) {
            return "its Plugin-Class " + cls + " cannot be loaded: " + describe(e);
        }
    }

    /** Why a jar cannot be a PF4J plugin, in plain words, or null when it may be one. */
    private static String checkJar(Path f) {
        if (!f.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jar")) return null;
        try (java.util.jar.JarFile jar = new java.util.jar.JarFile(f.toFile())) {
            java.util.jar.Manifest m = jar.getManifest();
            boolean hasId = m != null && m.getMainAttributes().getValue("Plugin-Id") != null;
            if (!hasId && jar.getEntry("plugin.properties") == null) {
                return "not a PF4J plugin: no Plugin-Id in META-INF/MANIFEST.MF and no plugin.properties";
            }
            return null;
        } catch (IOException e) {
            return "not a valid jar file (" + e.getMessage() + ")";
        }
    }

    private void add(BackendProvider provider, String origin) {
        String id;
        String desc;
        try {
            id = provider.id();
            desc = provider.description();
        } catch (Throwable t) {
            problems.add(new PluginProblem(origin, "backend provider " + provider.getClass().getName() + " failed: " + describe(t)));
            return;
        }
        Entry first = entries.get(id);
        if (first != null) {
            problems.add(new PluginProblem(origin, "backend '" + id + "' is already provided by " + first.origin() + "; this copy is ignored"));
            return;
        }
        Backend backend = null;
        String reason = null;
        ClassLoader tccl = Thread.currentThread().getContextClassLoader();
        try {
            // Libraries that use ServiceLoader or resources must see the plugin's own class loader.
            Thread.currentThread().setContextClassLoader(provider.getClass().getClassLoader());
            backend = provider.create(new BackendContext(config));
            reason = backend.unavailableReason();
        } catch (Throwable t) {
            reason = describe(t);
        } finally {
            Thread.currentThread().setContextClassLoader(tccl);
        }
        entries.put(id, new Entry(id, desc, origin, backend, reason));
        providers.put(id, provider);
    }

    /**
     * A new instance of backend {@code id} created with another configuration (e.g. an emulator
     * with 3 workers), from the same provider and class loader as the shared one, so no native
     * library is loaded twice. The caller closes it.
     */
    public Backend createWith(String id, PerfportConfig other) {
        backend(id);   // unknown or unavailable: the usual error
        BackendProvider p = providers.get(id);
        ClassLoader tccl = Thread.currentThread().getContextClassLoader();
        try {
            Thread.currentThread().setContextClassLoader(p.getClass().getClassLoader());
            return p.create(new BackendContext(other));
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new BackendUnavailableException("backend '" + id + "' could not be created: " + describe(e), e);
        } finally {
            Thread.currentThread().setContextClassLoader(tccl);
        }
    }

    /**
     * The settings the backends found here declare ({@link BackendProvider#settings}), and
     * {@code perfport.<id>.*} for an optional backend that is not installed (its keys are unknown).
     */
    public List<String> settings() {
        List<String> keys = new ArrayList<>();
        providers.values().forEach(p -> {
            try {
                keys.addAll(p.settings());
            } catch (RuntimeException | LinkageError e) {
                // a provider that cannot say is listed among the problems when it was created
            }
        });
        for (Entry e : entries.values()) if (NOT_INSTALLED.equals(e.origin())) keys.add("perfport." + e.id() + ".*");
        return keys;
    }

    /** The configuration this registry was created with. */
    public PerfportConfig config() {
        return config;
    }

    /** Short text of an error and its root cause, e.g. "UnsatisfiedLinkError: no OpenCL in java.library.path". */
    static String describe(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        String s = t.getClass().getSimpleName() + ": " + t.getMessage();
        if (root != t) s += " (cause: " + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
        return s;
    }

    /** Every backend found, available or not, in discovery order. */
    public List<Entry> entries() {
        return List.copyOf(entries.values());
    }

    /** Plugin files and providers that yielded no backend, with reasons. */
    public List<PluginProblem> problems() {
        return Collections.unmodifiableList(problems);
    }

    /** The available backends. */
    public List<Backend> available() {
        return entries.values().stream().filter(Entry::available).map(Entry::backend).toList();
    }

    /** The backend with this id; an error lists what exists if it is unknown or unavailable. */
    public Backend backend(String id) {
        Entry e = entries.get(id);
        if (e == null) {
            throw new ConfigException("unknown backend '" + id + "'; backends here: " + listing()
                    + (problems.isEmpty() ? "" : "; plugin problems: " + problems));
        }
        if (!e.available()) {
            throw new BackendUnavailableException("backend '" + id + "' is unavailable: " + e.reason());
        }
        return e.backend();
    }

    private String listing() {
        List<String> l = new ArrayList<>();
        List<String> absent = new ArrayList<>();
        for (Entry e : entries.values()) {
            if (NOT_INSTALLED.equals(e.origin())) {
                absent.add(e.id());
            } else {
                l.add(e.id() + (e.available() ? " (available)" : " (unavailable: " + e.reason() + ")"));
            }
        }
        String s = l.isEmpty() ? "none (plugins folder " + pluginsDir + ")" : String.join(", ", l);
        return absent.isEmpty() ? s : s + "; not installed: " + String.join(", ", absent) + " (see 'perfport backends')";
    }

    /** The device a selector picks: backend, then the first matching device. */
    public DeviceInfo resolve(DeviceSelector selector) {
        Backend b = backend(selector.backend());
        return b.devices().get(selector.choose(b.devices()));
    }

    /** Opens a session on the device a selector picks. */
    public DeviceSession open(DeviceSelector selector) {
        Backend b = backend(selector.backend());
        return b.open(selector.choose(b.devices()));
    }

    public DeviceSession open(String selector) {
        return open(DeviceSelector.parse(selector));
    }

    /** Opens a session on the configured backend ({@code perfport.backend}). */
    public DeviceSession openConfigured() {
        return open(config.backendSelector());
    }

    /** The plugin manager, when a plugins folder had plugins. */
    public PluginManager pluginManager() {
        return pluginManager;
    }
}
