/**
 * A workload's parameters and knobs, each declared once as a typed {@link dev.perfport.workloads.spec.Knob}
 * with its default, limits, grid, {@code -D} macro, tunability and help; a {@link dev.perfport.workloads.spec.Spec}
 * holds them in order with the rules that relate them to each other and to the device. Parsing and validation,
 * {@code perfport workloads} help, the tuning space with its constraints, the tuning cache's key and the constants
 * handed to every route all come from that one declaration.
 */
package dev.perfport.workloads.spec;
