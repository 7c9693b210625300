package dev.perfport.core.backend;

/**
 * What a backend gets when it is created: the configuration (its own keys are
 * {@code perfport.<id>.*}).
 *
 * @param config the settings in effect for this backend
 */
public record BackendContext(Settings config) {
}
