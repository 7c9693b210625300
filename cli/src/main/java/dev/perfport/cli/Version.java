package dev.perfport.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * {@code perfport --version}: the version and git commit the distribution was built from (its
 * {@code build.properties}, written by the build) and the routes (backends) built in, the
 * Plugin-Id of each plugin jar in its plugins folder. Reads manifests only; no plugin is started.
 */
public final class Version {
    private Version() {
    }

    /** {@return this distribution's version} (its build.properties, else the jar's, else "unknown") */
    public static String number() {
        return value(stamp(), "version", Version.class.getPackage().getImplementationVersion());
    }

    /** {@return the git commit the distribution was built from, or "unknown"} */
    public static String commit() {
        return value(stamp(), "commit", null);
    }

    /** The distribution's build stamp, {@code <perfport.home>/build.properties}; empty outside a distribution or unreadable. */
    private static Properties stamp() {
        Properties p = new Properties();
        String home = System.getProperty("perfport.home");
        if (home == null) return p;
        Path stamp = Path.of(home, "build.properties");
        if (Files.isRegularFile(stamp)) {
            try (InputStream in = Files.newInputStream(stamp)) {
                p.load(in);
            } catch (IOException | IllegalArgumentException ignored) {
                // an unreadable stamp: the fields say unknown
            }
        }
        return p;
    }

    /** {@return the version text, two lines} */
    static String text() {
        String home = System.getProperty("perfport.home");
        Properties p = stamp();
        Path plugins = home == null ? null : Path.of(home, "plugins");
        String configured = System.getProperty(dev.perfport.core.config.PerfportConfig.PLUGINS_DIR);
        if (configured == null) configured = System.getenv(dev.perfport.core.config.PerfportConfig.envName(dev.perfport.core.config.PerfportConfig.PLUGINS_DIR));
        if (configured != null && !configured.isBlank()) plugins = Path.of(configured);
        String version = value(p, "version", Version.class.getPackage().getImplementationVersion());
        String commit = value(p, "commit", null);
        String built = value(p, "built", null);
        List<String> routes = routes(plugins);
        return "perfport " + version + " (commit " + commit + ", built " + built + ")\n"
                + "routes: " + (routes.isEmpty() ? "none (no plugin jar in " + plugins + ")" : String.join(", ", routes)) + "\n";
    }

    private static String value(Properties p, String key, String fallback) {
        String v = p.getProperty(key);
        if (v == null || v.isBlank() || v.startsWith("${")) v = fallback;
        return v == null || v.isBlank() ? "unknown" : v.strip();
    }

    /** The Plugin-Id of each jar in {@code dir}, sorted; empty when there is none. */
    static List<String> routes(Path dir) {
        List<String> ids = new ArrayList<>();
        if (dir == null || !Files.isDirectory(dir)) return ids;
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(dir, "*.jar")) {
            for (Path jar : jars) {
                try (JarFile f = new JarFile(jar.toFile())) {
                    Manifest m = f.getManifest();
                    String id = m == null ? null : m.getMainAttributes().getValue("Plugin-Id");
                    if (id != null && !id.isBlank()) ids.add(id.strip());
                } catch (IOException notAJar) {
                    // 'perfport backends' names a broken jar; the version line only lists routes
                }
            }
        } catch (IOException e) {
            return ids;
        }
        ids.sort(null);
        return ids;
    }
}
