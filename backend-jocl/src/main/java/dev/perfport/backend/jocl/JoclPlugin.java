package dev.perfport.backend.jocl;

import org.pf4j.Plugin;

/**
 * The PF4J plugin of the JOCL backend. It holds no state: the backend is made by
 * {@link JoclProvider}, and nothing is released on stop because a JNI library cannot be unloaded
 * or loaded again by another class loader (anchors.md §0.9).
 */
public final class JoclPlugin extends Plugin {
    /** PF4J creates the plugin with this constructor. */
    public JoclPlugin() {
        super();
    }
}
