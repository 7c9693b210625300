package dev.perfport.cli.format;

import dev.perfport.cli.UsageException;

import java.util.Locale;

/** The output formats of {@code --format}. */
public enum Format {
    TABLE, JSON, CSV;

    public static Format parse(String s) {
        for (Format f : values()) if (f.name().equalsIgnoreCase(s)) return f;
        throw new UsageException("unknown format '" + s + "'; formats: table, json, csv");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
