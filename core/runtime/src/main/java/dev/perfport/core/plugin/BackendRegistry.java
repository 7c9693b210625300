package dev.perfport.core.plugin;

import dev.perfport.core.backend.Backend;
import dev.perfport.core.backend.BackendContext;
import dev.perfport.core.backend.BackendProvider;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.config.DeviceSelector;
import dev.perfport.core.config.KnownSettings;
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
 * Every backend this JVM can see: those on the class path ({@link ServiceLoader}, e.g. the
 * {@code perfport-backends} artifacts) first, then the PF4J plugins (jar or zip) in the plugins
 * folder, which is optional. A plugin that cannot be read, started or created is listed with its
 * reason and the others keep working. A backend id found twice is taken from its first origin
 * only, so that a JNI binding is never loaded by two class loaders.
 *
 * <p><b>Lazy start.</b> Finding a backend only instantiates its {@link BackendProvider}, which
 * must not touch its route library. The backend itself (and with it a native library such as
 * JOCL's or Aparapi's, and the OpenCL driver behind it) is created on first use: when its
 * {@link Entry#backend()}, {@link Entry#available()} or {@link Entry#reason()} is asked for, or
 * a session is opened on it. A program that only uses the emulator never loads an OpenCL library.
 *
 * <p><b>Configuration.</b> A registry belongs to one configuration: backends are created with
 * its {@code perfport.<id>.*} settings and {@link #openConfigured()} opens its
 * {@code perfport.backend}. {@link #shared(PerfportConfig)} gives the registry of a configuration
 * and makes a new one for a configuration that means something else, so a setting changed
 * between two calls takes effect. What is discovered (providers, plugin class loaders) is shared
 * per plugins folder for the life of the JVM: plugins are never unloaded or loaded twice,
 * because a native library cannot be bound to a second class loader (anchors.md §0.9).
 *
 * <p>Backends that a distribution builds only where their route is installed ({@link #OPTIONAL})
 * are listed even when their plugin is absent, as unavailable with origin {@value #NOT_INSTALLED}
 * and a reason that says how to get them, so that a distribution built without them still names
 * them. The distribution names them, not core: see {@link #OPTIONAL_RESOURCE}.
 *
 * <p>A registry may be used from several threads.
 */
public final class BackendRegistry {

    /**
     * One backend, available or not. Its id, description and origin are known without starting
     * it; {@link #backend()}, {@link #available()} and {@link #reason()} start it (once).
     */
    public static final class Entry {
        private final String id;
        private final String description;
        private final String origin;
        private final BackendProvider provider;
        private final PerfportConfig config;
        private boolean started;
        private Backend backend;
        private String reason;

        private Entry(String id, String description, String origin, BackendProvider provider, PerfportConfig config,
                      String reason) {
            this.id = id;
            this.description = description;
            this.origin = origin;
            this.provider = provider;
            this.config = config;
            this.reason = reason;
            this.started = provider == null;
        }

        /**
         * An entry for a backend that is not installed here: never available, with a reason.
         *
         * @param id          the backend id
         * @param description one line
         * @param reason      why it is absent and how to get it
         * @return the entry, origin {@value BackendRegistry#NOT_INSTALLED}
         */
        public static Entry notInstalled(String id, String description, String reason) {
            return new Entry(id, description, NOT_INSTALLED, null, null, reason);
        }

        /** @return the backend id used in selectors, e.g. {@code jocl} */
        public String id() {
            return id;
        }

        /** @return one line describing the route */
        public String description() {
            return description;
        }

        /** @return {@code "classpath"}, the plugin file it came from, or {@value BackendRegistry#NOT_INSTALLED} */
        public String origin() {
            return origin;
        }

        /** @return whether the backend has been created (its route library loaded, or its creation failed) */
        public synchronized boolean started() {
            return started && provider != null;
        }

        /** @return the live backend (started on first call), or null when it is unavailable */
        public Backend backend() {
            start();
            return backend;
        }

        /** @return why the backend is unavailable (started on first call), or null when it is available */
        public String reason() {
            start();
            return reason;
        }

        /** @return whether the backend can open sessions (started on first call) */
        public boolean available() {
            start();
            return backend != null && reason == null;
        }

        private synchronized void start() {
            if (started) return;
            started = true;
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
        }

        @Override
        public String toString() {
            return id + " (" + origin + (started ? ", " + (reason == null ? "available" : "unavailable: " + reason) : ", not started") + ")";
        }
    }

    /**
     * A file in the plugins folder (or a class path provider) that yielded no backend, and why.
     *
     * @param file   the plugin file, or {@code classpath <class>}
     * @param reason why it yielded no backend
     */
    public record PluginProblem(String file, String reason) {
    }

    /** Origin of an entry for an optional backend whose plugin is not in this distribution. */
    public static final String NOT_INSTALLED = "not installed";

    /** Origin of an entry found on the class path. */
    public static final String CLASSPATH = "classpath";

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
                    found.putIfAbsent(id, Entry.notInstalled(id, p.getProperty(key),
                            p.getProperty(id + ".reason", "not installed in this distribution")));
                }
            }
        } catch (IOException e) {
            throw new ConfigException("cannot read " + OPTIONAL_RESOURCE + ": " + e.getMessage());
        }
        return List.copyOf(found.values());
    }

    /** A provider found once per JVM and plugins folder, with where it came from. */
    private record Found(String id, String description, String origin, BackendProvider provider) {
    }

    /** What one plugins folder (and the class path) yields; shared because plugins load once per JVM. */
    private static final class Discovery {
        final Path pluginsDir;
        /** Where a folder that was named came from ("system property", ...), or null for the implicit one. */
        final String namedBy;
        final List<Found> found = new ArrayList<>();
        final List<PluginProblem> problems = new ArrayList<>();
        PluginManager pluginManager;

        Discovery(Path pluginsDir, String namedBy) {
            this.pluginsDir = pluginsDir;
            this.namedBy = namedBy;
            discoverClasspath();
            if (pluginsDir != null) discoverPlugins();
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
                add(provider, CLASSPATH);
            }
        }

        private void discoverPlugins() {
            if (!Files.isDirectory(pluginsDir)) {
                // a folder someone named that is not there is a problem to show, never an empty list
                // without a word; the implicit ./plugins of a class-path-only program is optional
                if (namedBy != null) {
                    problems.add(new PluginProblem(pluginsDir.toString(), (Files.exists(pluginsDir)
                            ? "the plugins folder is not a folder" : "the plugins folder does not exist")
                            + " (" + PerfportConfig.PLUGINS_DIR + " from " + namedBy + ")"));
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
                    // starting a plugin creates its Plugin object, not its backend: no route library loads here
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
                    // only this plugin's own providers: a jar that is also on the class path (TornadoVM's plugin,
                    // whose kernel class files TornadoVM reads through the system class loader) shows its
                    // META-INF/services to every plugin through the parent class loader
                    ClassLoader own = pm.getPluginClassLoader(pluginId);
                    providers = pm.getExtensions(BackendProvider.class, pluginId).stream()
                            .filter(p -> p.getClass().getClassLoader() == own).toList();
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
            for (Found f : found) {
                if (f.id().equals(id)) {
                    problems.add(new PluginProblem(origin, "backend '" + id + "' is already provided by " + f.origin() + "; this copy is ignored"));
                    return;
                }
            }
            found.add(new Found(id, desc, origin, provider));
        }
    }

    private static final Map<String, Discovery> DISCOVERIES = new ConcurrentHashMap<>();
    private static final Map<List<Object>, BackendRegistry> SHARED = new ConcurrentHashMap<>();

    private final PerfportConfig config;
    private final Discovery discovery;
    private final Map<String, Entry> entries = new LinkedHashMap<>();

    private BackendRegistry(PerfportConfig config, Discovery discovery) {
        this.config = config;
        this.discovery = discovery;
        for (Found f : discovery.found) {
            entries.put(f.id(), new Entry(f.id(), f.description(), f.origin(), f.provider(), config, null));
        }
        for (Entry e : OPTIONAL) entries.putIfAbsent(e.id(), e);
    }

    /**
     * The registry of a configuration. Providers are discovered once per JVM and plugins folder
     * ({@code perfport.plugins.dir}, else {@code $perfport.home/plugins}, else {@code ./plugins};
     * a missing folder is no error); backends are created lazily with this configuration's
     * settings. The same registry is returned for configurations with the same effective values,
     * a new one for any other, so an earlier choice never leaks into a later configuration.
     *
     * @param config the configuration whose settings the backends get
     * @return the registry for it
     * @throws ConfigException when a key of the configuration is one that nothing reads
     *                         ({@link KnownSettings#check}); an unknown {@code PERFPORT_}
     *                         environment variable is no error here
     */
    public static BackendRegistry shared(PerfportConfig config) {
        Path dir = pluginsDir(config);
        String folder = dir.toAbsolutePath().normalize().toString();
        String namedBy = config.get(PerfportConfig.PLUGINS_DIR).isPresent() ? config.sourceOf(PerfportConfig.PLUGINS_DIR)
                : System.getProperty("perfport.home") != null ? "perfport.home" : null;
        Discovery d = DISCOVERIES.computeIfAbsent(folder + (namedBy == null ? "" : "|named"), k -> new Discovery(dir, namedBy));
        BackendRegistry r = SHARED.computeIfAbsent(List.of(folder, config.effective()), k -> new BackendRegistry(config, d));
        KnownSettings.check(config, r::settings);
        return r;
    }

    /**
     * The plugins folder a configuration points at.
     *
     * @param config a configuration
     * @return {@code perfport.plugins.dir}, else {@code $perfport.home/plugins}, else {@code ./plugins}
     */
    public static Path pluginsDir(PerfportConfig config) {
        return config.get(PerfportConfig.PLUGINS_DIR).map(Path::of).orElseGet(() -> {
            String home = System.getProperty("perfport.home");
            return home != null ? Path.of(home, "plugins") : Path.of("plugins");
        });
    }

    /** @return the plugins folder this registry looked at (it need not exist) */
    public Path pluginsDir() {
        return discovery.pluginsDir;
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

    /**
     * A new instance of backend {@code id} created with another configuration (e.g. an emulator
     * with 3 workers), from the same provider and class loader as this registry's, so no native
     * library is loaded twice. The caller closes it.
     *
     * @param id    a backend id
     * @param other the configuration to create it with
     * @return a new backend, not shared with this registry
     * @throws ConfigException             when the id is unknown
     * @throws BackendUnavailableException when it cannot be created
     */
    public Backend createWith(String id, PerfportConfig other) {
        Entry e = entry(id);
        if (e.provider == null) throw new BackendUnavailableException("backend '" + id + "' is unavailable: " + e.reason());
        ClassLoader tccl = Thread.currentThread().getContextClassLoader();
        try {
            Thread.currentThread().setContextClassLoader(e.provider.getClass().getClassLoader());
            return e.provider.create(new BackendContext(other));
        } catch (RuntimeException ex) {
            throw ex;
        } catch (Exception ex) {
            throw new BackendUnavailableException("backend '" + id + "' could not be created: " + describe(ex), ex);
        } finally {
            Thread.currentThread().setContextClassLoader(tccl);
        }
    }

    /**
     * The settings the backends found here declare ({@link BackendProvider#settings}), and
     * {@code perfport.<id>.*} for an optional backend that is not installed (its keys are unknown).
     * Starts no backend.
     *
     * @return the keys; an entry ending in {@code .*} stands for every key with that prefix
     */
    public List<String> settings() {
        List<String> keys = new ArrayList<>();
        for (Found f : discovery.found) {
            try {
                keys.addAll(f.provider().settings());
            } catch (RuntimeException | LinkageError e) {
                // a provider that cannot say is listed among the problems when it is created
            }
        }
        for (Entry e : entries.values()) if (NOT_INSTALLED.equals(e.origin())) keys.add("perfport." + e.id() + ".*");
        return keys;
    }

    /** @return the configuration this registry was created with */
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

    /**
     * The ids of every backend found, in discovery order, without starting any.
     *
     * @return backend ids, the optional ones not installed included
     */
    public List<String> ids() {
        return List.copyOf(entries.keySet());
    }

    /**
     * Every backend found, available or not, in discovery order. Listing starts none; asking an
     * entry for its availability starts that one.
     *
     * @return the entries
     */
    public List<Entry> entries() {
        return List.copyOf(entries.values());
    }

    /**
     * The entry of one backend, without starting it.
     *
     * @param id a backend id
     * @return its entry
     * @throws ConfigException when no backend has this id (the message lists what exists and how to add backends)
     */
    public Entry entry(String id) {
        Entry e = entries.get(id);
        if (e == null) {
            throw new ConfigException("unknown backend '" + id + "'; backends here: " + listing()
                    + (discovery.problems.isEmpty() ? "" : "; plugin problems: " + discovery.problems));
        }
        return e;
    }

    /** @return plugin files and providers that yielded no backend, with reasons */
    public List<PluginProblem> problems() {
        return Collections.unmodifiableList(discovery.problems);
    }

    /** @return the available backends (starts every backend) */
    public List<Backend> available() {
        return entries.values().stream().filter(Entry::available).map(Entry::backend).toList();
    }

    /**
     * The backend with this id, started if it was not.
     *
     * @param id a backend id
     * @return the live backend
     * @throws ConfigException             when the id is unknown (the message lists what exists)
     * @throws BackendUnavailableException when it is unavailable (the message says why)
     */
    public Backend backend(String id) {
        Entry e = entry(id);
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
                // only what is known without starting a backend: listing must not load a native library
                l.add(e.id() + (e.started() ? (e.available() ? " (available)" : " (unavailable: " + e.reason() + ")") : ""));
            }
        }
        String s;
        if (l.isEmpty()) {
            Path dir = discovery.pluginsDir.toAbsolutePath().normalize();
            s = "none. Put backends on the class path (the Maven artifact dev.perfport:perfport-backends, or one"
                    + " perfport-backend-<id>) or set " + PerfportConfig.PLUGINS_DIR + " to a folder of plugin jars"
                    + " (looked at " + dir + (Files.isDirectory(dir) ? "" : ", which does not exist") + ")";
        } else {
            s = String.join(", ", l);
        }
        return absent.isEmpty() ? s : s + "; not installed: " + String.join(", ", absent) + " (see 'perfport backends')";
    }

    /**
     * The device a selector picks: backend, then the first matching device.
     *
     * @param selector a parsed selector
     * @return the device's description
     */
    public DeviceInfo resolve(DeviceSelector selector) {
        Backend b = backend(selector.backend());
        return b.devices().get(selector.choose(b.devices()));
    }

    /**
     * Opens a session on the device a selector picks.
     *
     * @param selector a parsed selector
     * @return a new session; the caller closes it
     */
    public DeviceSession open(DeviceSelector selector) {
        Backend b = backend(selector.backend());
        return b.open(selector.choose(b.devices()));
    }

    /**
     * Opens a session on the device a selector picks.
     *
     * @param selector e.g. {@code jocl:gpu} (see {@link DeviceSelector})
     * @return a new session; the caller closes it
     */
    public DeviceSession open(String selector) {
        return open(DeviceSelector.parse(selector));
    }

    /**
     * Opens a session on this registry's configured backend ({@code perfport.backend}).
     *
     * @return a new session; the caller closes it
     */
    public DeviceSession openConfigured() {
        return open(config.backendSelector());
    }

    /** @return the plugin manager, when the plugins folder had plugins; else null */
    public PluginManager pluginManager() {
        return discovery.pluginManager;
    }
}
