/**
 * The backend SPI: a {@link dev.perfport.core.backend.BackendProvider} (listed in
 * {@code META-INF/services}) makes a {@link dev.perfport.core.backend.Backend}, which lists devices
 * and opens {@link dev.perfport.core.backend.DeviceSession}s that allocate, compile and launch.
 */
package dev.perfport.core.backend;
