package dev.perfport.core.config;

import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.DeviceType;
import dev.perfport.core.error.ConfigException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A backend-and-device selector: {@code backend[:criterion[,criterion...]]}. Criteria:
 * <ul>
 *   <li>a device type: {@code gpu}, {@code cpu}, {@code accelerator}, {@code custom} (or {@code type=gpu});</li>
 *   <li>{@code name=TEXT}, or a bare word that is not a type: the device name contains TEXT, ignoring case
 *       (so {@code aparapi:jtp} names Aparapi's thread pool, {@code jocl:H200} the GPU);</li>
 *   <li>{@code vendor=TEXT}: the vendor contains TEXT, ignoring case;</li>
 *   <li>{@code index=N} or just {@code N}: the N-th device of the backend (0-based).</li>
 * </ul>
 * Examples: {@code cell-emulation}, {@code jocl:gpu}, {@code jocl:name=H200}, {@code jocl:cpu,name=pthread}, {@code jocl:1}.
 * All criteria must hold; the first matching device is chosen. A device marked
 * {@link DeviceInfo#explicitOnly() explicit-only} matches only a selector with a {@code name=} or an
 * index criterion, never a bare backend id or a type alone.
 */
public record DeviceSelector(String backend, DeviceType type, String name, String vendor, Integer index) {

    public static DeviceSelector parse(String text) {
        if (text == null || text.isBlank()) throw new ConfigException("empty backend selector");
        String s = text.trim();
        int colon = s.indexOf(':');
        String backend = colon < 0 ? s : s.substring(0, colon);
        if (!backend.matches("[a-z0-9][a-z0-9._-]*")) {
            throw new ConfigException("bad backend id '" + backend + "' in selector '" + text + "'");
        }
        DeviceType type = null;
        String name = null, vendor = null;
        Integer index = null;
        if (colon >= 0) {
            for (String raw : s.substring(colon + 1).split(",")) {
                String c = raw.trim();
                if (c.isEmpty()) continue;
                int eq = c.indexOf('=');
                String k = eq < 0 ? null : c.substring(0, eq).trim().toLowerCase(Locale.ROOT);
                String v = eq < 0 ? c : c.substring(eq + 1).trim();
                // an empty value would match every device (every name contains ""): say so instead
                if (eq >= 0 && v.isEmpty()) {
                    throw new ConfigException("empty value for '" + c.substring(0, eq).trim() + "' in selector '" + text
                            + "'; give the text to match, e.g. " + backend + ":" + c.substring(0, eq).trim() + "=gpu-name");
                }
                if (k == null && v.matches("\\d+")) {
                    index = Integer.parseInt(v);
                } else if (k == null && DeviceType.parseOrNull(v) == null) {
                    name = v;   // a bare word that is not a type: a name substring
                } else if (k == null || k.equals("type")) {
                    type = DeviceType.parseOrNull(v);
                    if (type == null) {
                        throw new ConfigException("unknown device criterion '" + c + "' in selector '" + text
                                + "'; use gpu, cpu, accelerator, custom, name=..., vendor=... or index=N");
                    }
                } else if (k.equals("name")) {
                    name = v;
                } else if (k.equals("vendor")) {
                    vendor = v;
                } else if (k.equals("index")) {
                    if (!v.matches("\\d+")) throw new ConfigException("index must be a number in selector '" + text + "'");
                    index = Integer.parseInt(v);
                } else {
                    throw new ConfigException("unknown device criterion '" + k + "' in selector '" + text
                            + "'; use type, name, vendor or index");
                }
            }
        }
        return new DeviceSelector(backend, type, name, vendor, index);
    }

    public boolean matches(int i, DeviceInfo d) {
        if (d.explicitOnly() && !namesADevice()) return false;
        if (index != null && index != i) return false;
        if (type != null && d.type() != type) return false;
        if (name != null && !d.name().toLowerCase(Locale.ROOT).contains(name.toLowerCase(Locale.ROOT))) return false;
        return vendor == null || d.vendor().toLowerCase(Locale.ROOT).contains(vendor.toLowerCase(Locale.ROOT));
    }

    /** Whether this selector names a device (a {@code name=} or an index criterion), as explicit-only devices require. */
    public boolean namesADevice() {
        return name != null || index != null;
    }

    /** Index of the first matching device, or an error listing the devices that exist. */
    public int choose(List<DeviceInfo> devices) {
        for (int i = 0; i < devices.size(); i++) if (matches(i, devices.get(i))) return i;
        List<String> have = new ArrayList<>();
        for (int i = 0; i < devices.size(); i++) {
            DeviceInfo d = devices.get(i);
            have.add(backend + ":" + i + " = " + d.summary() + (d.explicitOnly() ? " (chosen only by name= or index)" : ""));
        }
        throw new ConfigException("selector '" + this + "' matches no device; " + backend + " has "
                + (have.isEmpty() ? "no devices" : String.join("; ", have)));
    }

    @Override
    public String toString() {
        List<String> c = new ArrayList<>();
        if (type != null) c.add(type.label());
        if (name != null) c.add("name=" + name);
        if (vendor != null) c.add("vendor=" + vendor);
        if (index != null) c.add("index=" + index);
        return c.isEmpty() ? backend : backend + ":" + String.join(",", c);
    }
}
