package dev.perfport.backend.tornado;

import org.pf4j.Plugin;

/**
 * The PF4J plugin of the TornadoVM backend. It holds no state: the backend is made by
 * {@link TornadoVmProvider}. Nothing is released on stop: TornadoVM's runtime and its JNI driver
 * library live in the boot layer for the life of the JVM.
 */
public final class TornadoVmPlugin extends Plugin {
    /** PF4J creates the plugin with this constructor. */
    public TornadoVmPlugin() {
        super();
    }
}
