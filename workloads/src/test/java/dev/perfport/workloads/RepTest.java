package dev.perfport.workloads;

import dev.perfport.core.backend.LaunchStats;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertSame;

class RepTest {
    private static Rep rep(long kernelNanos, long sleepMillis) throws InterruptedException {
        Rep r = new Rep();
        r.add(new LaunchStats(kernelNanos, -1, Map.of()));
        Thread.sleep(sleepMillis);
        return r.stop();
    }

    /** best keeps the lower kernel time even when its wall is longer; fastestWall keeps the shorter wall. */
    @Test
    void bestGoesByKernelTimeFastestWallByWallTime() throws InterruptedException {
        Rep slowWallFastKernel = rep(100, 30), fastWallSlowKernel = rep(200, 0);
        assertSame(slowWallFastKernel, Rep.best(slowWallFastKernel, fastWallSlowKernel));
        assertSame(slowWallFastKernel, Rep.best(fastWallSlowKernel, slowWallFastKernel));
        assertSame(fastWallSlowKernel, Rep.fastestWall(slowWallFastKernel, fastWallSlowKernel));
        assertSame(fastWallSlowKernel, Rep.fastestWall(fastWallSlowKernel, slowWallFastKernel));
        assertSame(fastWallSlowKernel, Rep.fastestWall(null, fastWallSlowKernel));
    }
}
