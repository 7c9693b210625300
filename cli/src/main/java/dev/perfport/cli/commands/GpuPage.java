package dev.perfport.cli.commands;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One GPU's results: one Markdown page and one data file, {@code <model>.md} and {@code <model>.json}, that
 * {@code bench gpu} updates in place. The page's section between {@link #BEGIN} and {@link #END} is the command's,
 * rewritten by each run; the rest (searches, studies, their provenance) is kept as written by hand. In the data
 * file, the key {@link #KEPT} holds the hand-kept figures and every other key is the command's.
 */
final class GpuPage {
    /** The markers around the section {@code bench gpu} writes. */
    static final String BEGIN = "<!-- bench gpu: the section below is written by `perfport bench gpu`; the rest of the page is kept by hand -->",
            END = "<!-- /bench gpu -->";
    /** The data file's key that {@code bench gpu} keeps as it is. */
    static final String KEPT = "kept";

    private GpuPage() {
    }

    /**
     * {@return the page's and data file's name: the device's model, lower case (NVIDIA H200: h200)} The vendor's
     * word is dropped, and the name is cut to its first word where that word is a model number (it has a digit:
     * NVIDIA H100 80GB HBM3 is h100); other names are kept whole (Cell/B.E. emulator (6 SPEs): cell-b-e-emulator-6-spes).
     *
     * @param device the device's name
     */
    static String name(String device) {
        String d = device.strip().replaceFirst("(?i)^(nvidia|amd|intel(\\(r\\))?)\\s+", "");
        String first = d.split("\\s+")[0];
        String model = first.matches(".*[0-9].*") ? first : d;
        String slug = model.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
        return slug.isEmpty() ? "no-device" : slug;
    }

    /**
     * {@return the page with {@code section} as the command's section}: in place of the one between the markers, or,
     * in a page without them, after its title; a new page is {@code # device} and the section.
     *
     * @param existing the page as it is, or null
     * @param device   the device's name, the new page's title
     * @param section  the command's section, without the markers
     */
    static String page(String existing, String device, String section) {
        String block = BEGIN + "\n\n" + section.strip() + "\n\n" + END + "\n";
        if (existing == null) return "# " + device + "\n\n" + block;
        int b = existing.indexOf(BEGIN), e = existing.indexOf(END);
        if (b >= 0 && e > b) return existing.substring(0, b) + block + existing.substring(e + END.length()).replaceFirst("^\n", "");
        int title = existing.startsWith("# ") ? existing.indexOf('\n') : -1;
        String head = title < 0 ? "" : existing.substring(0, title + 1) + "\n";
        String rest = title < 0 ? existing : existing.substring(title + 1).stripLeading();
        return head + block + "\n" + rest;
    }

    /**
     * {@return the data file with the command's data}: the data, then the existing file's {@link #KEPT} key
     *
     * @param existing the data file as read, or null
     * @param data     the command's data
     */
    static Map<String, Object> data(Map<String, Object> existing, Map<String, Object> data) {
        Map<String, Object> m = new LinkedHashMap<>(data);
        if (existing != null && existing.containsKey(KEPT)) m.put(KEPT, existing.get(KEPT));
        return m;
    }
}
