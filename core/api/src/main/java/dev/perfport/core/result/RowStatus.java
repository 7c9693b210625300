package dev.perfport.core.result;

/** What became of a row: the three answers a reader and an exit code need. */
public enum RowStatus {
    /** It ran and its result matched the reference. */
    VERIFIED,
    /** A wrong result, or an error while it ran. */
    FAILED,
    /** The route cannot run it (a kernel it has no form of, a feature it lacks); the error says why, for a user. */
    UNSUPPORTED;

    /** {@return the lower-case name shown in tables and files} */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
