// perfport as a library from Kotlin: one SAXPY definition, the backend chosen by configuration
// (perfport.backend), then a built-in workload's row. Run: -Dperfport.backend=jocl or cell-emulation.
package dev.perfport.examples.kotlin

import dev.perfport.core.Perfport
import dev.perfport.core.config.PerfportConfig
import dev.perfport.core.kernel.Access
import dev.perfport.core.kernel.KernelDef
import dev.perfport.core.kernel.KernelImpl
import dev.perfport.core.launch.NDRange
import dev.perfport.core.memory.ElemType
import dev.perfport.core.wg.JavaKernelFactory
import dev.perfport.core.wg.WorkGroupKernel
import dev.perfport.workloads.Params
import dev.perfport.workloads.Workloads
import kotlin.system.exitProcess

val SAXPY: KernelDef = KernelDef.builder("example.saxpy.kotlin")
    .scalar("n", ElemType.INT).scalar("a", ElemType.FLOAT)
    .global("x", ElemType.FLOAT, Access.READ).global("y", ElemType.FLOAT, Access.READ_WRITE)
    .impl(KernelImpl.OpenClSource("""
        __kernel void saxpy(PP_PARAMS, int n, float a, __global const float *x, __global float *y) {
            int i = get_global_id(0);
            if (i < n) y[i] = a * x[i] + y[i];
        }
        """, "saxpy", "-cl-fp-contract=off"))
    .impl(KernelImpl.JavaWorkGroup.of(JavaKernelFactory { WorkGroupKernel { g ->
        val n = g.intArg("n"); val a = g.floatArg("a"); val x = g.floats("x"); val y = g.floats("y")
        g.forEachItem { lid -> val i = g.globalId(0, lid).toInt(); if (i < n) y.set(i, a * x.get(i) + y.get(i)) }
    } }, 0))
    .build()

/** Runs SAXPY and the reduction on the configured backend; true when both verified. */
fun run(config: PerfportConfig): Boolean {
    val n = 100_003
    val a = 2.5f
    val x = FloatArray(n) { (it % 1000) * 0.001f }
    val y = FloatArray(n) { 1f - (it % 7) }
    Perfport.open(config).use { s ->
        val out = FloatArray(n)
        s.compile(SAXPY).use { k -> s.upload(x).use { dx -> s.upload(y).use { dy ->
            s.launch(k, NDRange.over(n.toLong()), n, a, dx, dy)
            dy.read(out)
        } } }
        val wrong = (0 until n).count { out[it] != a * x[it] + y[it] }
        println("saxpy (Kotlin) on ${s.backendId()} (${s.device().name()}): n=$n, wrong=$wrong")
        val row = Workloads.get("reduction").run(s, "local-atomic", Params.of("n", "2^20", "type", "float"))
        println("reduction/${row.variant()} on ${row.backend()} (${row.device()}): verified=${row.verified()}, ${row.metrics()}")
        return wrong == 0 && row.verified()
    }
}

fun main() {
    if (!run(PerfportConfig.load())) exitProcess(1)
}
