package dev.perfport.cli;

import java.util.Locale;

/** How enum constants and quantities are written in every output format. */
public final class Labels {
    private Labels() {
    }

    /** {@code STATIC_WORK_GROUPS} as {@code static-work-groups}. */
    public static String of(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Bytes as a short binary size: 262144 as "256 KiB", 1000 as "1000 B". */
    public static String bytes(long b) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
        double v = b;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        if (u == 0) return b + " B";
        return (v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v)) + " " + units[u];
    }

    /** Nanoseconds as milliseconds with microsecond resolution. */
    public static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }

    /** A metric value: 3 decimals below 100, 1 above. */
    public static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) return String.valueOf(v);
        return String.format(Locale.ROOT, Math.abs(v) < 100 ? "%.3f" : "%.1f", v);
    }
}
