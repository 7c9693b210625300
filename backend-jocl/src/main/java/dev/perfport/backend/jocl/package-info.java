/**
 * The JOCL backend: OpenCL C kernels (with the perfport prelude) on every OpenCL platform through
 * JOCL 2.0.5. Static local memory and static work-groups are emulated by persistent work-groups,
 * sized by a residency heuristic (the package-private {@code Residency}).
 *
 * <p>JOCL binds its native library to the class loader that loads {@code org.jocl.CL}; it is shaded
 * into this backend's PF4J plugin jar and must not be loaded by a second class loader in one JVM.
 */
package dev.perfport.backend.jocl;
