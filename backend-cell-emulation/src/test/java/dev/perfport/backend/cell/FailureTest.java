package dev.perfport.backend.cell;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.error.KernelBuildException;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.kernel.KernelImpl;
import dev.perfport.core.kernel.LaunchForm;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.launch.StaticGroups;
import dev.perfport.core.launch.TaskMapping;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Kernels that throw, hang or cannot be built: clear errors, no hang, and the session keeps working. */
class FailureTest {

    /** out[gid] = gid * 3 + arg for every work-item; used to show that a session still works. */
    static final KernelDef FILL = Cells.kernel("fill").global("out", ElemType.INT, Access.WRITE).scalar("add", ElemType.INT)
            .impl(Cells.java(0, g -> {
                int add = g.intArg(1);
                g.forEachItem(lid -> g.ints(0).set((int) g.globalId(0, lid), (int) g.globalId(0, lid) * 3 + add));
            })).build();

    /** Indexes past its local array in the group whose id equals the argument. */
    static final KernelDef BOOM = Cells.kernel("boom").global("out", ElemType.INT, Access.WRITE).scalar("bad", ElemType.INT)
            .impl(Cells.java(0, g -> {
                int[] scratch = new int[g.localItems()];
                int bad = g.intArg(1);
                g.forEachItem(lid -> scratch[lid + (g.groupLinearId() == bad ? 1 : 0)] = lid);
                g.ints(0).set((int) g.groupLinearId(), scratch[0] + 1);
            })).build();

    private static void assertSessionWorks(DeviceSession s, int workers) {
        try (CompiledKernel k = s.compile(FILL); DeviceBuffer out = s.allocate(ElemType.INT, 64L * workers * 2)) {
            int n = 64 * workers * 2;
            LaunchStats st = s.launch(k, NDRange.of(n, 64), out, 5);
            int[] v = new int[n];
            out.read(v);
            for (int i = 0; i < n; i++) assertEquals(i * 3 + 5, v[i], "out[" + i + "]");
            assertEquals(workers, st.counters().get(Counters.UNITS_USED), "every worker serves again");
        }
    }

    @Test
    void aThrowingKernelFailsTheLaunchNamingKernelGroupAndException() {
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(BOOM); DeviceBuffer out = s.allocate(ElemType.INT, 12)) {
            DeviceExecutionException e = assertThrows(DeviceExecutionException.class, () -> s.launch(k, NDRange.of(12 * 16, 16), out, 5));
            assertTrue(e.getMessage().contains("kernel 'test.boom'"), e.getMessage());
            assertTrue(e.getMessage().contains("work-group 5 (group id (5))"), e.getMessage());
            assertTrue(e.getMessage().contains("on SPE 2"), e.getMessage());   // 12 groups on 6 SPEs: 4 and 5 on SPE 2
            assertTrue(e.getMessage().contains("ArrayIndexOutOfBoundsException"), e.getMessage());
            assertInstanceOf(ArrayIndexOutOfBoundsException.class, e.getCause());

            // same kernel, no bad group: the session is intact
            LaunchStats st = s.launch(k, NDRange.of(12 * 16, 16), out, -1);
            int[] v = new int[12];
            out.read(v);
            assertArrayEquals(new int[]{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, v);
            assertEquals(12, st.counters().get(Counters.WORK_GROUPS));
            assertEquals(1, s.profile().launches(), "the failed launch is not counted");
            assertSessionWorks(s, 6);
        }
    }

    @Test
    @Timeout(30)
    void theOtherWorkersStopPromptly() {
        AtomicInteger ran = new AtomicInteger();
        KernelDef slow = Cells.kernel("slow-then-boom").global("out", ElemType.INT, Access.WRITE)
                .impl(Cells.java(0, g -> {
                    if (g.groupLinearId() == 0) throw new IllegalStateException("group zero gives up");
                    ran.incrementAndGet();
                    sleep(1);
                })).build();
        int groups = 6000;   // 1000 per SPE: about a second each if nobody stopped them
        try (DeviceSession s = Cells.open(); CompiledKernel k = s.compile(slow); DeviceBuffer out = s.allocate(ElemType.INT, 1)) {
            DeviceExecutionException e = assertThrows(DeviceExecutionException.class, () -> s.launch(k, NDRange.of(groups, 1), out));
            assertTrue(e.getMessage().contains("group zero gives up"), e.getMessage());
            assertFalse(e.getMessage().contains("abandoned"), e.getMessage());
            assertTrue(ran.get() < groups / 10, ran.get() + " groups ran after the failure");
            assertSessionWorks(s, 6);
        }
    }

    @Test
    @Timeout(30)
    void aSpinningLaunchTimesOutWithAClearErrorAndIsStopped() {
        KernelDef waitForever = Cells.kernel("wait-forever").form(LaunchForm.STATIC_GROUPS)
                .global("flag", ElemType.INT, Access.READ_WRITE)
                .impl(Cells.java(0, g -> {
                    if (g.staticGroupId() == 0) {
                        while (g.ints(0).atomicAdd(0, 0) == 0) Thread.onSpinWait();   // nobody sets the flag
                    }
                })).build();
        try (DeviceSession s = Cells.open("timeoutSeconds", "1"); CompiledKernel k = s.compile(waitForever);
             DeviceBuffer flag = s.allocate(ElemType.INT, 1)) {
            long t0 = System.nanoTime();
            DeviceExecutionException e = assertThrows(DeviceExecutionException.class,
                    () -> s.launch(k, StaticGroups.of(2, 1, TaskMapping.DYNAMIC, 0), flag));
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(e.getMessage().contains("did not finish within the launch timeout of 1 s"), e.getMessage());
            assertTrue(e.getMessage().contains("perfport.cell-emulation.timeoutSeconds = 1"), e.getMessage());
            assertFalse(e.getMessage().contains("abandoned"), "a kernel polling atomics is stopped: " + e.getMessage());
            assertTrue(ms >= 1000 && ms < 5000, "timed out after " + ms + " ms");   // loose: shared machines
            assertSessionWorks(s, 6);
        }
    }

    @Test
    @Timeout(30)
    void aKernelThatIgnoresTheStopIsAbandonedAndItsWorkerReplaced() throws InterruptedException {
        KernelDef stubborn = Cells.kernel("stubborn").global("out", ElemType.INT, Access.WRITE)
                .impl(Cells.java(0, g -> {
                    if (g.groupLinearId() == 0) sleep(3000);   // no atomics, no group boundary: nothing to stop it
                })).build();
        Thread before;
        try (DeviceSession s = Cells.open("timeoutSeconds", "1", "workers", "2"); CompiledKernel k = s.compile(stubborn);
             DeviceBuffer out = s.allocate(ElemType.INT, 1)) {
            before = ((CellSession) s).workerThreads()[0];
            DeviceExecutionException e = assertThrows(DeviceExecutionException.class, () -> s.launch(k, NDRange.of(2, 1), out));
            assertTrue(e.getMessage().contains("1 SPE worker(s) still inside kernel code"), e.getMessage());
            assertTrue(e.getMessage().contains("abandoned and replaced"), e.getMessage());
            Thread after = ((CellSession) s).workerThreads()[0];
            assertTrue(before != after && after.isAlive(), "SPE 0 got a fresh thread");
            assertTrue(before.isAlive(), "the abandoned thread is still in its kernel");
            assertSessionWorks(s, 2);
        }
        before.join(5000);
        assertFalse(before.isAlive(), "the abandoned thread ends once its kernel returns");
    }

    @Test
    @Timeout(30)
    void interruptingTheLaunchingThreadStopsTheLaunch() throws Exception {
        KernelDef waitForFlag = Cells.kernel("wait-for-flag").global("flag", ElemType.INT, Access.READ_WRITE)
                .impl(Cells.java(0, g -> {
                    g.ints(0).atomicAdd(1, 1);                                       // "I am running"
                    while (g.ints(0).atomicAdd(0, 0) == 0) Thread.onSpinWait();
                })).build();
        try (DeviceSession s = Cells.open("workers", "1"); CompiledKernel k = s.compile(waitForFlag);
             DeviceBuffer flag = s.allocate(ElemType.INT, 2)) {
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            AtomicBoolean flagAfter = new AtomicBoolean();
            Thread host = new Thread(() -> {
                try {
                    s.launch(k, NDRange.of(1, 1), flag);
                } catch (Throwable t) {
                    thrown.set(t);
                    flagAfter.set(Thread.currentThread().isInterrupted());
                }
            });
            host.start();
            int[] v = new int[2];
            while (v[1] == 0) {
                Thread.sleep(5);
                flag.read(v);
            }
            host.interrupt();
            host.join(10_000);
            assertInstanceOf(DeviceExecutionException.class, thrown.get());
            assertTrue(thrown.get().getMessage().contains("interrupted"), thrown.get().getMessage());
            assertTrue(flagAfter.get(), "the interrupt status is kept");
            assertSessionWorks(s, 1);
        }
    }

    @Test
    void kernelsThatCannotBeBuiltFailAtCompile() {
        try (DeviceSession s = Cells.open()) {
            KernelDef throwing = Cells.kernel("no-factory").global("x", ElemType.INT, Access.READ)
                    .impl(KernelImpl.JavaWorkGroup.of(c -> {
                        throw new IllegalArgumentException("TILE must be a power of two");
                    }, 0)).build();
            KernelBuildException e = assertThrows(KernelBuildException.class, () -> s.compile(throwing));
            assertTrue(e.getMessage().contains("test.no-factory") && e.getMessage().contains("TILE must be a power of two"), e.getMessage());
            assertTrue(e.buildLog().contains("IllegalArgumentException"), e.buildLog());

            KernelDef nothing = Cells.kernel("null-factory").global("x", ElemType.INT, Access.READ)
                    .impl(KernelImpl.JavaWorkGroup.of(c -> null, 0)).build();
            assertThrows(KernelBuildException.class, () -> s.compile(nothing));

            KernelDef negative = Cells.kernel("negative-private").global("x", ElemType.INT, Access.READ)
                    .impl(Cells.java(-4, g -> { })).build();
            KernelBuildException n = assertThrows(KernelBuildException.class, () -> s.compile(negative));
            assertTrue(n.getMessage().contains("-4 B of private memory"), n.getMessage());

            KernelDef openClOnly = KernelDef.builder("test.opencl-only").global("x", ElemType.INT, Access.READ)
                    .impl(new KernelImpl.OpenClSource("__kernel void k(__global int* x) {}", "k")).build();
            assertTrue(s.cannotRun(openClOnly).isPresent());
        }
    }

    @Test
    void aClosedKernelCannotBeLaunched() {
        try (DeviceSession s = Cells.open(); DeviceBuffer out = s.allocate(ElemType.INT, 4)) {
            CompiledKernel k = s.compile(FILL);
            k.close();
            k.close();
            assertThrows(IllegalArgumentException.class, () -> s.launch(k, NDRange.of(4, 4), out, 1));
        }
    }

    private static void sleep(long ms) {
        long end = System.nanoTime() + ms * 1_000_000;
        for (long left; (left = end - System.nanoTime()) > 0; ) {
            try {
                Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
            } catch (InterruptedException e) {
                // keep sleeping: this kernel ignores interruption on purpose
            }
        }
    }
}
