package dev.perfport.cli.report;

import dev.perfport.core.error.ConfigException;
import dev.perfport.core.files.UserFiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/** The files of a report: the output folder, checked before anything is measured, and atomic writes. */
public final class ReportFiles {
    private static final AtomicLong COUNTER = new AtomicLong();

    private ReportFiles() {
    }

    /**
     * Creates {@code out} and {@code out/<report>/} and proves them writable with a probe file, so
     * that an unusable folder is found before the first measurement; throws a ConfigException
     * (exit code 2) naming the folder and why. Returns {@code out/<report>/}, the folder of the
     * data and the plots.
     */
    public static Path prepare(Path out, String report) {
        Path dir = out.resolve(report);
        try {
            Files.createDirectories(dir);
            Path probe = dir.resolve(".write-probe." + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet() + ".tmp");
            Files.writeString(probe, "", StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            Files.delete(probe);
            return dir;
        } catch (NoSuchFileException e) {
            throw new ConfigException("cannot write the report to " + out + ": " + e.getFile() + " cannot be created");
        } catch (IOException e) {
            String why = reason(e);
            if (why.startsWith(out + ": ")) why = why.substring(out.toString().length() + 2);
            throw new ConfigException("cannot write the report to " + out + ": " + why);
        }
    }

    /** Writes {@code text} to a temporary file beside {@code file} and moves it over {@code file}. */
    public static void writeAtomically(Path file, String text) throws IOException {
        // a name of our own rather than createTempFile, whose files are private (0600): the report's files get the usual permissions
        Path tmp = file.resolveSibling("." + file.getFileName() + "." + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet() + ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            UserFiles.replace(tmp, file);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** An I/O failure in words: which path and what is wrong with it. */
    static String reason(IOException e) {
        return switch (e) {
            case FileAlreadyExistsException f -> f.getFile() + " exists and is not a folder";
            case AccessDeniedException a -> "permission denied on " + a.getFile();
            case NoSuchFileException n -> n.getFile() + " does not exist";
            case FileSystemException f -> f.getFile() + (f.getReason() != null ? ": " + f.getReason() : "");
            default -> e.getMessage() != null ? e.getMessage() : e.toString();
        };
    }
}
