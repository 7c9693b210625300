package dev.perfport.backend.jocl;

import dev.perfport.core.backend.Settings;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.files.UserFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * Compiled OpenCL program binaries on disk, so that a later process (a warm start) loads a kernel
 * with {@code clCreateProgramWithBinary} instead of compiling its source again (seed 001: run-time
 * compilation dominates OpenCL's set-up; caching the binary makes it about 10× faster).
 *
 * <p>A binary is keyed by the SHA-256 of everything that decides it: the platform's name and
 * version, the device's name, vendor and version, the driver version, the full source as built
 * (prelude included) and the build options. A new driver, another device, a changed kernel or
 * other {@code -D} constants therefore miss and compile anew; nothing is ever invalidated by hand.
 * Files are {@code <key>.bin} in the cache folder (default {@code jocl} in perfport's cache
 * folder: {@code perfport.cache.dir}, else {@code $XDG_CACHE_HOME/perfport} or
 * {@code ~/.cache/perfport}), written to a temporary file and moved into place, so a concurrent
 * reader sees a whole binary or none. A hit refreshes the file's modification time; when the
 * folder exceeds its size bound, the least recently used binaries are deleted. A binary the driver
 * refuses (corrupt, or from a driver that kept its version string) is deleted and the source is
 * built as on a miss. Thread-safe: it holds no state but the folder.
 *
 * @param dir      the folder
 * @param maxBytes the folder's size bound, at least 1
 */
record BinaryCache(Path dir, long maxBytes) {
    /**
     * Whether built programs are kept on disk as binaries and loaded from there by later
     * processes ({@code perfport.jocl.binaryCache}, default true).
     */
    static final String KEY = "perfport.jocl.binaryCache";
    /**
     * The folder ({@code perfport.jocl.binaryCache.dir}, default {@code jocl} in perfport's cache
     * folder: {@code ~/.cache/perfport/jocl}, see {@link UserFiles#cacheFolder(Settings, String)}).
     */
    static final String DIR_KEY = "perfport.jocl.binaryCache.dir";
    /** The folder's size bound in MiB ({@code perfport.jocl.binaryCache.maxMiB}, default 256, 1..1048576). */
    static final String MAX_KEY = "perfport.jocl.binaryCache.maxMiB";
    /** Default size bound of the folder. */
    static final long DEFAULT_MAX_BYTES = 256L << 20;

    BinaryCache {
        if (maxBytes < 1) throw new IllegalArgumentException("binary cache size bound must be >= 1 byte, got " + maxBytes);
    }

    /** {@return the cache {@code config} asks for, or null where it turns the cache off} */
    static BinaryCache configured(Settings config) {
        if (!config.getBoolean(KEY, true)) return null;
        long mib = config.getLong(MAX_KEY, DEFAULT_MAX_BYTES >> 20);
        if (mib < 1 || mib > 1 << 20) {
            throw new ConfigException(MAX_KEY + " must be in [1, 1048576] MiB, got " + mib + " (from " + config.sourceOf(MAX_KEY) + ")");
        }
        String dir = config.get(DIR_KEY, "");
        return new BinaryCache(dir.isBlank() ? UserFiles.cacheFolder(config, "jocl") : Path.of(dir), mib << 20);
    }

    /**
     * The key of one build: SHA-256 (hex) over the identity strings of platform, device and driver,
     * the source and the options, each length-prefixed so that no two inputs share an encoding.
     */
    static String key(List<String> deviceIdentity, String source, String options) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            List<String> parts = new ArrayList<>(deviceIdentity);
            parts.add(source);
            parts.add(options);
            for (String s : parts) {
                byte[] b = s.getBytes(StandardCharsets.UTF_8);
                md.update(Integer.toString(b.length).getBytes(StandardCharsets.US_ASCII));
                md.update((byte) ':');
                md.update(b);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }

    private Path file(String key) {
        return dir.resolve(key + ".bin");
    }

    /** The binary stored under {@code key}, or null; a hit marks it as recently used. */
    byte[] get(String key) {
        Path f = file(key);
        try {
            byte[] b = Files.readAllBytes(f);
            try {
                Files.setLastModifiedTime(f, FileTime.fromMillis(System.currentTimeMillis()));
            } catch (IOException ignored) {
                // a read-only cache still serves its binaries
            }
            return b.length == 0 ? null : b;
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            return null;   // unreadable: compile from source, as on a miss
        }
    }

    /** Stores a binary (atomically), then trims the folder to its bound. I/O errors are not fatal: the cache is an optimisation. */
    void put(String key, byte[] binary) {
        if (binary == null || binary.length == 0 || binary.length > maxBytes) return;
        try {
            UserFiles.write(file(key), binary);
            trim();
        } catch (IOException | UncheckedIOException e) {
            // a full or read-only disk must not fail a build that succeeded
        }
    }

    /** Deletes the binary of {@code key} (the driver refused it). */
    void remove(String key) {
        try {
            Files.deleteIfExists(file(key));
        } catch (IOException ignored) {
            // the next put replaces it
        }
    }

    /** Bytes of the binaries in the folder. */
    long size() throws IOException {
        long total = 0;
        for (Entry e : entries()) total += e.bytes();
        return total;
    }

    /** Number of binaries in the folder. */
    int count() throws IOException {
        return entries().size();
    }

    private record Entry(Path path, long bytes, long modified) {
    }

    private List<Entry> entries() throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        List<Entry> l = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(p -> p.getFileName().toString().endsWith(".bin")).toList()) {
                try {
                    l.add(new Entry(p, Files.size(p), Files.getLastModifiedTime(p).toMillis()));
                } catch (NoSuchFileException gone) {
                    // removed by another process meanwhile
                }
            }
        }
        return l;
    }

    /** Deletes least recently used binaries until the folder is within its bound. */
    void trim() throws IOException {
        List<Entry> l = new ArrayList<>(entries());
        long total = l.stream().mapToLong(Entry::bytes).sum();
        l.sort(Comparator.comparingLong(Entry::modified));
        for (Entry e : l) {
            if (total <= maxBytes) break;
            Files.deleteIfExists(e.path());
            total -= e.bytes();
        }
    }
}
