package dev.perfport.core.backend;

import dev.perfport.core.config.PerfportConfig;

/**
 * What a backend gets when it is created: the configuration (its own keys are
 * {@code perfport.<id>.*}).
 *
 * @param config the configuration the backend is created with
 */
public record BackendContext(PerfportConfig config) {
}
