/**
 * perfport core: the device model, kernels and launches, the backend SPI, configuration and plugin
 * discovery. {@link dev.perfport.core.Perfport} opens the configured device.
 */
package dev.perfport.core;
