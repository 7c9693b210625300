package dev.perfport.examples.kotlin

import dev.perfport.core.Perfport
import dev.perfport.core.config.PerfportConfig
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assumptions
import org.junit.jupiter.api.Test

class SaxpyKotlinTest {
    private fun config(backend: String) = PerfportConfig.of(mapOf(PerfportConfig.BACKEND to backend))

    @Test
    fun verifiesOnTheEmulator() {
        assertTrue(run(config("cell-emulation")))
    }

    @Test
    fun verifiesOnJocl() {
        if (!Perfport.registry(config("jocl")).entry("jocl").available()) {
            val why = "SKIPPED: jocl is unavailable here (no OpenCL driver; install pocl-opencl-icd)"
            println(why)
            Assumptions.abort<Unit>(why)
        }
        assertTrue(run(config("jocl")))
    }
}
