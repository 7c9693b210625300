package dev.perfport.core.checked;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

/**
 * Oclgrind's reports, read back from files. Oclgrind opens {@code OCLGRIND_LOG} (truncating it)
 * when a context is created and writes that context's reports there for its life, so each context
 * gets a file of its own: the variable names a new file once the current one exists. A drain reads
 * what every file gained since the last drain.
 */
final class OclgrindLog {
    static final String VARIABLE = "OCLGRIND_LOG";

    private final Path dir;
    private final BiConsumer<String, String> setenv;
    private final Map<Path, Long> read = new HashMap<>();
    private Path current;
    private int next;

    private OclgrindLog(Path dir, BiConsumer<String, String> setenv) {
        this.dir = dir;
        this.setenv = setenv;
    }

    /** A log in a new temporary folder (removed at exit), with the variable set to its first file. */
    static OclgrindLog start(BiConsumer<String, String> setenv) throws IOException {
        Path dir = Files.createTempDirectory("perfport-oclgrind-log");
        Oclgrind.deleteOnExit(dir);
        OclgrindLog log = new OclgrindLog(dir, setenv);
        log.rotate();
        return log;
    }

    /** Points the variable at a new file, unless no context has opened the current one yet. */
    void rotate() {
        if (current != null && !Files.exists(current)) return;
        current = dir.resolve("context-" + next++ + ".log");
        setenv.accept(VARIABLE, current.toString());
    }

    /** What every file gained since the last drain, in file order; then {@link #rotate()}. */
    String drain() {
        StringBuilder out = new StringBuilder();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.sorted().toList()) {
                long from = read.getOrDefault(f, 0L);
                try (RandomAccessFile r = new RandomAccessFile(f.toFile(), "r")) {
                    long to = r.length();
                    if (to <= from) continue;
                    byte[] b = new byte[(int) Math.min(to - from, 1 << 24)];
                    r.seek(from);
                    r.readFully(b);
                    read.put(f, from + b.length);
                    out.append(new String(b, StandardCharsets.UTF_8)).append('\n');
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read Oclgrind's reports in " + dir + ": " + e.getMessage(), e);
        }
        rotate();
        return out.toString();
    }
}
