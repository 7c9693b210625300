/**
 * The Aparapi backend: route-native Aparapi kernels (subclasses of {@code com.aparapi.Kernel},
 * carried by a definition or supplied by a {@link dev.perfport.core.kernel.KernelLibrary}, see
 * {@link dev.perfport.backend.aparapi.kernels.KernelSpec})
 * on every OpenCL device through Aparapi 3.0.2, with explicit buffer handling, explicit local sizes,
 * {@code @Local} memory and {@code localBarrier()}. Static local memory and static work-groups are
 * emulated by persistent work-groups. Aparapi's fallback to its Java thread pool is refused: a kernel
 * Aparapi cannot run on the chosen device fails with Aparapi's reason. The thread pool is a device of
 * its own, chosen only by name ({@code aparapi:name=jtp}).
 *
 * <p>Aparapi binds its JNI library to the class loader that loads it; it is shaded into this backend's
 * PF4J plugin jar and must not be loaded by a second class loader in one JVM.
 */
package dev.perfport.backend.aparapi;
