package dev.perfport.cli.commands;

import dev.perfport.cli.format.Table;
import dev.perfport.core.backend.Backend;
import dev.perfport.core.config.DeviceSelector;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.error.BackendUnavailableException;
import dev.perfport.core.error.ConfigException;
import dev.perfport.core.plugin.BackendRegistry;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Turns selectors into the devices they name. */
final class Targets {
    private Targets() {
    }

    /**
     * A device to run on, or a backend that was asked for but cannot be used.
     *
     * @param backendId the backend
     * @param index     the device's index in the backend's list, or -1 with a problem
     * @param backend   the live backend, or null with a problem
     * @param device    the device, or null with a problem
     * @param problem   why the backend cannot be used, or null
     */
    record Target(String backendId, int index, Backend backend, DeviceInfo device, String problem) {
        String selector() {
            return index >= 0 ? backendId + ":" + index : backendId;
        }
    }

    /**
     * Every device of every available backend that may be chosen by default; unavailable backends
     * are left out silently (only a backend named explicitly is reported as unavailable). Explicit-only devices ({@link DeviceInfo#explicitOnly()}, e.g.
     * Aparapi's Java thread pool) are left out: a selector must name them.
     */
    static List<Target> all(BackendRegistry reg, PrintStream err) {
        return all(reg, err, false);
    }

    /** As {@link #all(BackendRegistry, PrintStream)}, with the explicit-only devices too when {@code withExplicitOnly} (listing them). */
    static List<Target> all(BackendRegistry reg, PrintStream err, boolean withExplicitOnly) {
        List<Target> l = new ArrayList<>();
        for (BackendRegistry.Entry e : reg.entries()) {
            if (!e.available()) {
                // no note: nothing asked for this backend ('perfport backends' says why it is
                // unavailable), and a usage error later stays the one line it is
                misconfigured(e.id(), e.reason());
                continue;
            }
            List<DeviceInfo> ds;
            try {
                ds = e.backend().devices();
            } catch (RuntimeException ex) {
                err.println("note: backend " + e.id() + " failed to list its devices (" + ex + "); skipped");
                continue;
            }
            for (int i = 0; i < ds.size(); i++) {
                if (withExplicitOnly || !ds.get(i).explicitOnly()) l.add(new Target(e.id(), i, e.backend(), ds.get(i), null));
            }
        }
        return l;
    }

    /**
     * The devices the selectors pick: a bare backend id gives all its devices, a selector with
     * criteria the one device it picks everywhere else. An unknown backend or a selector that
     * matches no device is a ConfigException (listing what exists); an unavailable backend
     * becomes a target with a problem, so that the others still run. A bare backend id leaves out
     * its explicit-only devices.
     */
    static List<Target> of(BackendRegistry reg, List<String> selectors) {
        return of(reg, selectors, false);
    }

    /** As {@link #of(BackendRegistry, List)}; a bare backend id gives the explicit-only devices too when {@code withExplicitOnly}. */
    static List<Target> of(BackendRegistry reg, List<String> selectors, boolean withExplicitOnly) {
        List<Target> l = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String text : selectors) {
            DeviceSelector sel = DeviceSelector.parse(text);
            Backend b;
            try {
                b = reg.backend(sel.backend());
            } catch (BackendUnavailableException e) {
                misconfigured(sel.backend(), e.getMessage());
                if (seen.add(sel.backend())) l.add(new Target(sel.backend(), -1, null, null, e.getMessage()));
                continue;
            }
            List<DeviceInfo> ds = b.devices();
            boolean bare = sel.type() == null && sel.name() == null && sel.vendor() == null && sel.index() == null;
            if (bare) {
                for (int i = 0; i < ds.size(); i++) {
                    if (!withExplicitOnly && ds.get(i).explicitOnly()) continue;
                    if (seen.add(sel.backend() + ":" + i)) l.add(new Target(sel.backend(), i, b, ds.get(i), null));
                }
            } else {
                int i = sel.choose(ds);
                if (seen.add(sel.backend() + ":" + i)) l.add(new Target(sel.backend(), i, b, ds.get(i), null));
            }
        }
        return l;
    }

    /**
     * A backend whose creation failed on a bad setting (its provider threw a ConfigException) is
     * a configuration error, exit 2, not a backend to skip: running the others instead would
     * hide the mistake.
     */
    static void misconfigured(String id, String reason) {
        if (reason != null && reason.contains("ConfigException: ")) {
            throw new ConfigException("backend '" + id + "' is misconfigured: "
                    + reason.substring(reason.indexOf("ConfigException: ") + "ConfigException: ".length()));
        }
    }

    /** The first line of a reason, cut to a line's length (some carry native stack traces). */
    static String brief(String reason) {
        if (reason == null) return "";
        String first = reason.strip().lines().findFirst().orElse("");
        return Table.cut(first, 160);
    }

    /** The device one selector picks (run). */
    static Target one(BackendRegistry reg, String selector) {
        DeviceSelector sel = DeviceSelector.parse(selector);
        Backend b;
        try {
            b = reg.backend(sel.backend());
        } catch (BackendUnavailableException e) {
            misconfigured(sel.backend(), e.getMessage());
            return new Target(sel.backend(), -1, null, null, e.getMessage());
        }
        int i = sel.choose(b.devices());
        return new Target(sel.backend(), i, b, b.devices().get(i), null);
    }
}
