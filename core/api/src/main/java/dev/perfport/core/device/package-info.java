/**
 * The device model: compute units, work-group limits, the memory levels global, constant,
 * static local, local and private, and how a backend supports each (native, emulated, unsupported).
 */
package dev.perfport.core.device;
