package dev.perfport.cli.format;

import dev.perfport.cli.UsageException;

import java.util.Locale;

/** The output formats of {@code --format}; {@link #T4} (Kernel Tuner's T4 results, {@link T4}) is for {@code tune} only. */
public enum Format {
    TABLE, JSON, CSV, T4;

    public static Format parse(String s) {
        for (Format f : values()) if (f.name().equalsIgnoreCase(s)) return f;
        throw new UsageException("unknown format '" + s + "'; formats: table, json, csv, t4 (tune only)");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
