package dev.perfport.core.backend;

import java.util.List;

/**
 * A {@link BackendProvider} whose id, description and settings are constants: a backend's
 * provider passes them to this constructor and implements {@link #create}. Nothing here touches
 * a route library, as the interface requires of {@link #id()} and {@link #description()}.
 */
public abstract class AbstractBackendProvider implements BackendProvider {
    private final String id;
    private final String description;
    private final List<String> settings;

    /**
     * A provider.
     *
     * @param id          the backend id used in selectors
     * @param description one line for {@code perfport backends}
     * @param settings    the configuration keys the backend reads (see {@link BackendProvider#settings()})
     */
    protected AbstractBackendProvider(String id, String description, List<String> settings) {
        this.id = id;
        this.description = description;
        this.settings = List.copyOf(settings);
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final List<String> settings() {
        return settings;
    }
}
