/**
 * The {@code tornado} backend: perfport's kernels in TornadoVM's Kernel API, run through
 * TornadoVM execution plans on every device of every TornadoVM backend. Built only where TornadoVM
 * is installed (Maven profile {@code tornado}, {@code TORNADOVM_HOME}); compiled against
 * {@code tornado-api} alone, whose classes come from the SDK's boot layer at run time.
 */
package dev.perfport.backend.tornado;
