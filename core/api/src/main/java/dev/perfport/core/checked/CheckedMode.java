package dev.perfport.core.checked;

import dev.perfport.core.backend.Settings;

/**
 * The checked-mode switch and what a route says when it cannot run checked. Device code runs
 * unchecked on real devices: an out-of-bounds write there may corrupt memory or kill the process
 * long after the launch returned; checked mode runs the same kernels where every access is checked.
 */
public final class CheckedMode {
    /** {@code perfport.checked} (default false); the command's {@code --checked} sets it. */
    public static final String KEY = "perfport.checked";

    /**
     * {@code perfport.checked.uninitialized} (default true): Oclgrind's uninitialised-value checks.
     * Oclgrind 21.10's plugin for them (experimental in Oclgrind) dies with SIGSEGV on some vector
     * code, taking the process with it: reduction's tuned kernel with vector loads (vw 2..8) is one;
     * set false to check such kernels for memory errors and races only.
     */
    public static final String UNINITIALIZED_KEY = "perfport.checked.uninitialized";

    private CheckedMode() {
    }

    /**
     * {@return whether {@code settings} ask for checked mode}
     *
     * @param settings the configuration
     */
    public static boolean on(Settings settings) {
        return settings.getBoolean(KEY, false);
    }

    /**
     * {@return whether {@code settings} ask for the uninitialised-value checks ({@link #UNINITIALIZED_KEY})}
     *
     * @param settings the configuration
     */
    public static boolean uninitialized(Settings settings) {
        return settings.getBoolean(UNINITIALIZED_KEY, true);
    }

    /**
     * {@return the reason a route that cannot run checked gives, naming the route and why}
     *
     * @param route the route's name
     * @param why   why it cannot
     */
    public static String cannot(String route, String why) {
        return route + " cannot run checked (" + KEY + "=true): " + why
                + "; checked mode runs OpenCL C kernels (jocl) and Aparapi kernels (aparapi) on Oclgrind";
    }
}
