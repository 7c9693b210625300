package dev.perfport.cluster;

/**
 * A task reached an executor without its device (thrown on the executor, so that Spark retries
 * the task elsewhere). When every attempt failed so, the job's failure is turned into one line
 * that says no executor had the device.
 */
final class NoDevice extends IllegalStateException {
    private static final String MARK = NoDevice.class.getName() + ": ";

    NoDevice(String message) {
        super(message);
    }

    /**
     * {@code e} as one clear line when Spark gave up on a task because no executor it tried had
     * the device (Spark carries the executor's exception as text in its message); else {@code e}.
     */
    static RuntimeException clearer(RuntimeException e) {
        String m = String.valueOf(e.getMessage());
        int at = m.indexOf(MARK);
        if (at < 0) return e;
        String why = m.substring(at + MARK.length()).lines().findFirst().orElse("").strip();
        return new IllegalStateException("no executor of the cluster that Spark tried has the device any more (" + why
                + "); see 'perfport devices' on the workers", e);
    }
}
