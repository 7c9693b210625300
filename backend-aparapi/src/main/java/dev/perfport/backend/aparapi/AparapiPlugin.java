package dev.perfport.backend.aparapi;

import org.pf4j.Plugin;

/**
 * The PF4J plugin of the Aparapi backend. It holds no state: the backend is made by
 * {@link AparapiProvider}, and nothing is released on stop, because Aparapi's JNI library cannot
 * be unloaded or loaded again by another class loader (anchors.md §0.9).
 */
public final class AparapiPlugin extends Plugin {
    /** PF4J creates the plugin with this constructor. */
    public AparapiPlugin() {
        super();
    }
}
