package dev.perfport.core.files;

import dev.perfport.core.backend.Settings;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Files perfport keeps for its user (caches of compiled kernels and native libraries, reports):
 * where its caches live, and how a file is replaced so that a concurrent reader sees the old or
 * the new content, never a part.
 */
public final class UserFiles {
    /**
     * The setting that moves perfport's caches out of the user's cache folder (the tests point it
     * into the build tree): {@value}, a folder that then holds {@code <name>} for each cache.
     */
    public static final String CACHE_DIR_KEY = "perfport.cache.dir";

    private UserFiles() {
    }

    /**
     * {@return the cache folder {@code name} of perfport: {@code $XDG_CACHE_HOME/perfport/<name>},
     * else {@code ~/.cache/perfport/<name>}}
     *
     * @param name the folder, e.g. the route whose cache it is
     */
    public static Path cacheFolder(String name) {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home", ".")).resolve(".cache");
        return base.resolve("perfport").resolve(name);
    }

    /**
     * {@return the cache folder {@code name}: under {@value #CACHE_DIR_KEY} where it is set, else
     * {@linkplain #cacheFolder(String) the user's}}
     *
     * @param settings the configuration
     * @param name     the folder, e.g. the route whose cache it is
     */
    public static Path cacheFolder(Settings settings, String name) {
        return settings.get(CACHE_DIR_KEY).filter(d -> !d.isBlank()).map(d -> Path.of(d).resolve(name))
                .orElseGet(() -> cacheFolder(name));
    }

    /**
     * Moves {@code tmp} over {@code target}: atomically where the file system can rename so,
     * else by a plain replacing move.
     *
     * @param tmp    a finished file in {@code target}'s folder
     * @param target the file it replaces
     * @throws IOException as {@link Files#move} does
     */
    public static void replace(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Writes {@code bytes} to a temporary file beside {@code file} (its folder created if needed),
     * then {@linkplain #replace replaces} {@code file} with it; the temporary file never stays.
     *
     * @param file  the file
     * @param bytes its new content
     * @throws IOException when a step fails
     */
    public static void write(Path file, byte[] bytes) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, file.getFileName() + ".", ".tmp");
        try {
            Files.write(tmp, bytes);
            replace(tmp, file);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
