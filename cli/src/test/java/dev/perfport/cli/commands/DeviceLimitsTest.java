package dev.perfport.cli.commands;

import dev.perfport.workloads.Bound;
import dev.perfport.workloads.Params;
import dev.perfport.workloads.Workloads;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * bench gpu's % columns: the limits are the best verified stream and flops rates of each device, and a row's
 * fraction is its bound's metric over its own device's limit.
 */
class DeviceLimitsTest {
    private static final String GPU = "NVIDIA H200", CPU = "pthread";

    private static DeviceLimits.Row row(String workload, String device, boolean verified, String type, String metric, double v) {
        return new DeviceLimits.Row(workload, device, verified, type, Map.of(metric, v));
    }

    private final DeviceLimits limits = DeviceLimits.of(List.of(
            row("stream", GPU, true, "float", "GB/s", 4100),
            row("stream", GPU, true, "double", "GB/s", 4200),     // the best of any kernel and type
            row("stream", GPU, false, "float", "GB/s", 9999),     // a row that failed its check sets no limit
            row("stream", CPU, true, "float", "GB/s", 40),
            row("flops", GPU, true, "float", "GFLOP/s", 50000),
            row("flops", GPU, true, "float", "GFLOP/s", 53800),
            row("flops", GPU, true, "double", "GFLOP/s", 33000),
            row("reduction", GPU, true, "float", "GB/s", 5000)));   // not a limit, however fast

    @Test
    void theLimitsAreEachDevicesBestVerifiedStreamAndFlopsRates() {
        assertEquals(Map.of(GPU, 4200.0, CPU, 40.0), limits.stream());
        assertEquals(Map.of("float", 53800.0, "double", 33000.0), limits.flops().get(GPU));
    }

    @Test
    void aMemoryBoundRowIsItsBytesPerSecondOverItsDevicesStreamRate() {
        DeviceLimits.Row scan = row("scan", GPU, true, "int", "GB/s", 2640);
        assertEquals(2640 / 4200.0, limits.fraction(scan, Bound.memory()).orElseThrow(), 1e-12);
        DeviceLimits.Row onCpu = row("scan", CPU, true, "int", "GB/s", 30);
        assertEquals(0.75, limits.fraction(onCpu, Bound.memory()).orElseThrow(), 1e-12);
    }

    @Test
    void aComputeBoundRowIsItsFlopsOverTheFlopsRateInItsPrecision() {
        DeviceLimits.Row conv = row("convolution", GPU, true, null, "GFLOP/s", 14780);
        assertEquals(14780 / 53800.0, limits.fraction(conv, Bound.compute("float")).orElseThrow(), 1e-12);
        DeviceLimits.Row dgemm = row("gemm", GPU, true, "double", "GFLOP/s", 23100);
        assertEquals(0.7, limits.fraction(dgemm, Bound.compute("double")).orElseThrow(), 1e-12);
    }

    @Test
    void noFractionForAFailedRowOrADeviceWithoutThatLimit() {
        assertTrue(limits.fraction(row("scan", GPU, false, "int", "GB/s", 2640), Bound.memory()).isEmpty());
        assertTrue(limits.fraction(row("gemm", CPU, true, "float", "GFLOP/s", 10), Bound.compute("float")).isEmpty());
        assertTrue(limits.fraction(row("scan", "another GPU", true, "int", "GB/s", 10), Bound.memory()).isEmpty());
    }

    @Test
    void theHeadlineWorkloadsDeclareTheirBoundAndItsMetricIsInTheirRows() {
        Map<String, Bound> want = Map.of("reduction", Bound.memory(), "scan", Bound.memory(), "spmv", Bound.memory(), "fft", Bound.memory(),
                "stream", Bound.memory(), "convolution", Bound.compute("float"), "flops", Bound.compute("float"));
        want.forEach((w, b) -> assertEquals(Optional.of(b), Workloads.get(w).bound(Workloads.get(w).variants().getFirst(), Params.of()), w));
        assertEquals(Optional.of(Bound.compute("double")), Workloads.get("gemm").bound("indirect", Params.of("type", "double")));
        assertEquals(Optional.of(Bound.compute("double")), Workloads.get("flops").bound("fma", Params.of("type", "double")));
    }

    @Test
    void theJsonRowOfBenchGpuReadsAsALimitRow() {
        Map<String, Object> json = Map.of("workload", "stream", "variant", "copy", "device", GPU, "status", "verified",
                "params", Map.of("n", "268435456", "type", "double"), "metrics", Map.of("GB/s", 4200.5, "modelled GB/s", 1));
        DeviceLimits.Row r = GpuBench.limitRow(json);
        assertEquals(new DeviceLimits.Row("stream", GPU, true, "double", Map.of("GB/s", 4200.5, "modelled GB/s", 1.0)), r);
        assertEquals(Optional.of(Bound.memory()), GpuBench.boundOf(json));
    }
}
