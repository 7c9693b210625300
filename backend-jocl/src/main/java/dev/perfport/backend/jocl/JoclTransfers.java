package dev.perfport.backend.jocl;

import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.kernel.OpenClPrelude;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.transfer.ChunkedJob;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.core.transfer.TransferTiming;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.cl_command_queue;
import org.jocl.cl_event;
import org.jocl.cl_mem;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The transfer strategies of seed 002 §6.7 on one OpenCL session. The host data lives in pinned
 * memory: a {@code CL_MEM_ALLOC_HOST_PTR} buffer kept mapped for the run, the OpenCL counterpart
 * of CUDA's page-locked memory. Only from such memory can a GPU's copy engines move data by DMA
 * while the host goes on; from ordinary (pageable) memory NVIDIA's driver stages every copy
 * through a bounce buffer, synchronously, at about half the bandwidth, and nothing overlaps.
 * Filling it from the Java arrays and back is the host producing and consuming its data, outside
 * the clock.
 *
 * <ul>
 *   <li>explicit: blocking copy in, kernel, blocking copy out, on one queue;</li>
 *   <li>mapped: buffers made with {@code CL_MEM_ALLOC_HOST_PTR}; the host writes the input into the
 *       mapped input and reads the result from the mapped output; the clock runs from the unmap
 *       of the input until the output's map returns (zero-copy on a CPU device; on an NVIDIA GPU
 *       the unmap and the map are copies of the whole buffer);</li>
 *   <li>streams: chunks round robin over {@code queues} in-order queues, each chunk a non-blocking
 *       copy in, its kernel, a non-blocking copy out, so one queue's copies overlap another's kernel;</li>
 *   <li>hybrid: streams' copies in, the kernel writing a host-visible output that is mapped
 *       (non-blocking) after it.</li>
 * </ul>
 */
final class JoclTransfers {
    private final JoclSession s;

    JoclTransfers(JoclSession s) {
        this.s = s;
    }

    TransferTiming run(ChunkedJob job, TransferStrategy strategy, int queues) {
        int q = switch (strategy) {
            case EXPLICIT, MAPPED -> 1;
            case STREAMS, HYBRID -> Math.max(2, queues);
        };
        List<Runnable> undo = new ArrayList<>();
        try {
            cl_command_queue[] qs = new cl_command_queue[q];
            for (int i = 0; i < q; i++) qs[i] = queue(CL.CL_QUEUE_PROFILING_ENABLE, undo);
            return switch (strategy) {
                case MAPPED -> mapped(job, qs[0], undo);
                default -> streamed(job, strategy, qs, undo);
            };
        } catch (CLException e) {
            throw new DeviceExecutionException(strategy.id() + " transfers on " + s.device().name() + " failed: " + Cl.name(e), e);
        } finally {
            undo(undo);
        }
    }

    /** Releases what a run made, last made first; a failure here never hides the run's own. */
    static void undo(List<Runnable> undo) {
        for (Runnable r : undo) {
            try {
                r.run();
            } catch (RuntimeException ignored) {
                // the first failure is the one reported
            }
        }
    }

    /** A command queue of this session's device, released with the run's other objects. */
    cl_command_queue queue(long properties, List<Runnable> undo) {
        cl_command_queue q = CL.clCreateCommandQueue(s.context(), s.joclDevice().device(), properties, null);
        undo.addFirst(() -> CL.clReleaseCommandQueue(q));
        return q;
    }

    cl_mem buffer(long flags, long bytes, List<Runnable> undo) {
        cl_mem m = CL.clCreateBuffer(s.context(), flags, Math.max(4, bytes), null, null);
        undo.addFirst(() -> CL.clReleaseMemObject(m));
        return m;
    }

    private JoclBuffer wrap(cl_mem m, int floats) {
        return new JoclBuffer(s, m, ElemType.FLOAT, floats, MemoryLevel.GLOBAL);
    }

    /**
     * Pinned host memory of {@code bytes}: a host-allocated buffer mapped until the run ends (the
     * unmap is undone before the buffer and the queue are released).
     */
    ByteBuffer pinned(long bytes, cl_command_queue q, List<Runnable> undo) {
        cl_mem m = buffer(CL.CL_MEM_READ_WRITE | CL.CL_MEM_ALLOC_HOST_PTR, bytes, undo);
        ByteBuffer b = CL.clEnqueueMapBuffer(q, m, CL.CL_TRUE, CL.CL_MAP_READ | CL.CL_MAP_WRITE, 0, Math.max(4, bytes), 0, null, null, null);
        undo.addFirst(() -> {
            CL.clEnqueueUnmapMemObject(q, m, b, 0, null, null);
            CL.clFinish(q);
        });
        return b.order(ByteOrder.nativeOrder());
    }

    /** Places a device buffer before the clock: its content is undefined until the copy in. */
    static void warm(cl_command_queue q, cl_mem m) {
        CL.clEnqueueMigrateMemObjects(q, 1, new cl_mem[]{m}, CL.CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED, 0, null, null);
    }

    /** Maps and unmaps a host-visible buffer once before the clock, so that its host memory exists. */
    static void warmMapped(cl_command_queue q, cl_mem m, long bytes) {
        ByteBuffer b = CL.clEnqueueMapBuffer(q, m, CL.CL_TRUE, CL.CL_MAP_WRITE, 0, Math.max(4, bytes), 0, null, null, null);
        CL.clEnqueueUnmapMemObject(q, m, b, 0, null, null);
        CL.clFinish(q);
    }

    /**
     * The kernels' device time: the union of their [start, end] intervals, releasing the events.
     * Kernels of different queues may run at the same time, so the sum of their durations would
     * count the device twice.
     */
    static long busy(cl_event[] events) {
        long[][] iv = new long[events.length][];
        for (int i = 0; i < events.length; i++) {
            iv[i] = new long[]{Cl.eventStart(events[i]), Cl.eventEnd(events[i])};
            CL.clReleaseEvent(events[i]);
        }
        java.util.Arrays.sort(iv, java.util.Comparator.comparingLong(a -> a[0]));
        long sum = 0, start = Long.MIN_VALUE, end = Long.MIN_VALUE;
        for (long[] a : iv) {
            if (a[0] > end) {
                if (end > start) sum += end - start;
                start = a[0];
                end = a[1];
            } else {
                end = Math.max(end, a[1]);
            }
        }
        if (end > start) sum += end - start;
        return sum;
    }

    /** Sets the chunk's arguments and enqueues its kernel on a queue, as JoclSession's launch does (an ordinary NDRange only). */
    private cl_event enqueueKernel(ChunkedJob job, ChunkedJob.Chunk c, cl_command_queue queue, JoclBuffer in, JoclBuffer out) {
        JoclKernel k = s.ownKernel(job.kernel());
        NDRange r = (NDRange) c.launch();
        int dims = r.dims();
        long[] global = r.globalSizes(), local = new long[dims];
        for (int d = 0; d < dims; d++) local[d] = r.local(d);
        cl_event ev = new cl_event();
        synchronized (s.launchLock()) {
            s.setArgs(k, ChunkedJob.bind(c, in, out), (int) Math.min(r.groupCount(), Integer.MAX_VALUE), OpenClPrelude.MAP_NONE,
                    (int) r.groups(0), dims > 1 ? (int) r.groups(1) : 1, "kernel '" + job.kernel().def().name() + "'");
            CL.clEnqueueNDRangeKernel(queue, k.kernel(), dims, null, global, local, 0, null, ev);
        }
        return ev;
    }

    /** Explicit (one queue, blocking), streams and hybrid (several queues, non-blocking). */
    private TransferTiming streamed(ChunkedJob job, TransferStrategy strategy, cl_command_queue[] qs, List<Runnable> undo) {
        List<ChunkedJob.Chunk> chunks = job.chunks();
        int n = chunks.size();
        boolean hybrid = strategy == TransferStrategy.HYBRID;
        boolean blocking = strategy == TransferStrategy.EXPLICIT;
        ByteBuffer hostIn = pinned(4L * job.input().length, qs[0], undo), hostOut = pinned(4L * job.output().length, qs[0], undo);
        hostIn.asFloatBuffer().put(job.input());
        JoclBuffer[] ins = new JoclBuffer[n], outs = new JoclBuffer[n];
        for (int i = 0; i < n; i++) {
            ChunkedJob.Chunk c = chunks.get(i);
            ins[i] = wrap(buffer(CL.CL_MEM_READ_ONLY, 4L * c.inCount(), undo), c.inCount());
            long outFlags = hybrid ? CL.CL_MEM_WRITE_ONLY | CL.CL_MEM_ALLOC_HOST_PTR : CL.CL_MEM_WRITE_ONLY;
            outs[i] = wrap(buffer(outFlags, 4L * c.outCount(), undo), c.outCount());
        }
        // allocation is not a transfer: a driver may place a new buffer at its first use (NVIDIA:
        // device memory at the first copy, pinned host memory at the first map, ~90 ms for 256 MiB
        // on an H100), so every buffer is used once before the clock starts
        for (int i = 0; i < n; i++) {
            warm(qs[0], ins[i].mem());
            if (hybrid) warmMapped(qs[0], outs[i].mem(), 4L * chunks.get(i).outCount());
            else warm(qs[0], outs[i].mem());
        }
        CL.clFinish(qs[0]);
        cl_event[] kernels = new cl_event[n];
        ByteBuffer[] mapped = new ByteBuffer[n];
        boolean flag = blocking;
        long issue = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            ChunkedJob.Chunk c = chunks.get(i);
            cl_command_queue q = qs[i % qs.length];
            CL.clEnqueueWriteBuffer(q, ins[i].mem(), flag, 0, 4L * c.inCount(), Pointer.to(hostIn).withByteOffset(4L * c.inOffset()),
                    0, null, null);
            long e0 = System.nanoTime();
            kernels[i] = enqueueKernel(job, c, q, ins[i], outs[i]);
            issue += System.nanoTime() - e0;
            if (hybrid) {
                mapped[i] = CL.clEnqueueMapBuffer(q, outs[i].mem(), CL.CL_FALSE, CL.CL_MAP_READ, 0, 4L * c.outCount(), 0, null, null, null);
            } else {
                CL.clEnqueueReadBuffer(q, outs[i].mem(), flag, 0, 4L * c.outCount(),
                        Pointer.to(hostOut).withByteOffset(4L * c.outOffset()), 0, null, null);
            }
        }
        for (cl_command_queue q : qs) CL.clFinish(q);
        long total = System.nanoTime() - t0;
        long kernel = busy(kernels);
        if (hybrid) {
            for (int i = 0; i < n; i++) {
                ChunkedJob.Chunk c = chunks.get(i);
                mapped[i].order(ByteOrder.nativeOrder()).asFloatBuffer().get(job.output(), c.outOffset(), c.outCount());
                CL.clEnqueueUnmapMemObject(qs[i % qs.length], outs[i].mem(), mapped[i], 0, null, null);
            }
            for (cl_command_queue q : qs) CL.clFinish(q);
        } else {
            hostOut.asFloatBuffer().get(job.output());
        }
        return new TransferTiming(strategy, n, qs.length, total, kernel, job.inBytes(), job.outBytes(), false, issue / n);
    }

    /** Mapped: one chunk, host-visible input and output. */
    private TransferTiming mapped(ChunkedJob job, cl_command_queue q, List<Runnable> undo) {
        long kernel = 0, issue = 0;
        long total = 0;
        for (ChunkedJob.Chunk c : job.chunks()) {
            JoclBuffer in = wrap(buffer(CL.CL_MEM_READ_ONLY | CL.CL_MEM_ALLOC_HOST_PTR, 4L * c.inCount(), undo), c.inCount());
            JoclBuffer out = wrap(buffer(CL.CL_MEM_WRITE_ONLY | CL.CL_MEM_ALLOC_HOST_PTR, 4L * c.outCount(), undo), c.outCount());
            warmMapped(q, out.mem(), 4L * c.outCount());
            // the host writes its data into the mapped input (producing it, not a transfer)
            ByteBuffer w = CL.clEnqueueMapBuffer(q, in.mem(), CL.CL_TRUE, CL.CL_MAP_WRITE, 0, 4L * c.inCount(), 0, null, null, null);
            w.order(ByteOrder.nativeOrder()).asFloatBuffer().put(job.input(), c.inOffset(), c.inCount());
            long t0 = System.nanoTime();
            CL.clEnqueueUnmapMemObject(q, in.mem(), w, 0, null, null);
            long e0 = System.nanoTime();
            cl_event ev = enqueueKernel(job, c, q, in, out);
            issue += System.nanoTime() - e0;
            ByteBuffer r = CL.clEnqueueMapBuffer(q, out.mem(), CL.CL_TRUE, CL.CL_MAP_READ, 0, 4L * c.outCount(), 0, null, null, null);
            total += System.nanoTime() - t0;
            kernel += Cl.eventNanos(ev);
            CL.clReleaseEvent(ev);
            r.order(ByteOrder.nativeOrder()).asFloatBuffer().get(job.output(), c.outOffset(), c.outCount());
            CL.clEnqueueUnmapMemObject(q, out.mem(), r, 0, null, null);
            CL.clFinish(q);
        }
        return new TransferTiming(TransferStrategy.MAPPED, job.chunks().size(), 1, total, kernel, job.inBytes(), job.outBytes(), false,
                issue / job.chunks().size());
    }

    /** The mean host time of setting the touching kernel's arguments and enqueuing it, over 64 enqueues (best of three rounds). */
    long timeKernelIssue() {
        List<Runnable> undo = new ArrayList<>();
        try {
            cl_command_queue q = queue(0, undo);
            cl_mem in = buffer(CL.CL_MEM_READ_WRITE, 4096, undo), out = buffer(CL.CL_MEM_READ_WRITE, 4096, undo);
            TouchKernels touch = s.touch();
            touch.run(q, true, in, out);
            CL.clFinish(q);
            long best = Long.MAX_VALUE;
            for (int rep = 0; rep < 3; rep++) {
                long t0 = System.nanoTime();
                for (int i = 0; i < 64; i++) touch.run(q, true, in, out);
                best = Math.min(best, (System.nanoTime() - t0) / 64);
                CL.clFinish(q);
            }
            return best;
        } catch (CLException e) {
            throw new DeviceExecutionException("timing a kernel's issue on " + s.device().name() + " failed: " + Cl.name(e), e);
        } finally {
            undo(undo);
        }
    }

    /** The fastest of three runs of {@code chunks} tiny chunks, as {@link #streamed} runs them (for the per-chunk gap). */
    long timeChunks(int chunks, int queues, boolean mappedOut) {
        if (chunks < 1 || queues < 2) throw new IllegalArgumentException("chunks >= 1 and queues >= 2, got " + chunks + ", " + queues);
        final long bytes = 4096;
        List<Runnable> undo = new ArrayList<>();
        try {
            cl_command_queue[] qs = new cl_command_queue[queues];
            for (int i = 0; i < queues; i++) qs[i] = queue(0, undo);
            ByteBuffer host = pinned(2 * bytes * chunks, qs[0], undo);
            cl_mem[] ins = new cl_mem[chunks], outs = new cl_mem[chunks];
            for (int i = 0; i < chunks; i++) {
                ins[i] = buffer(CL.CL_MEM_READ_ONLY, bytes, undo);
                outs[i] = buffer(CL.CL_MEM_WRITE_ONLY | (mappedOut ? CL.CL_MEM_ALLOC_HOST_PTR : 0), bytes, undo);
                warm(qs[0], ins[i]);
                if (mappedOut) warmMapped(qs[0], outs[i], bytes);
                else warm(qs[0], outs[i]);
            }
            CL.clFinish(qs[0]);
            TouchKernels touch = s.touch();
            ByteBuffer[] maps = new ByteBuffer[chunks];
            long best = Long.MAX_VALUE;
            for (int rep = 0; rep < 3; rep++) {
                long t0 = System.nanoTime();
                for (int i = 0; i < chunks; i++) {
                    cl_command_queue q = qs[i % queues];
                    CL.clEnqueueWriteBuffer(q, ins[i], CL.CL_FALSE, 0, bytes, Pointer.to(host).withByteOffset(bytes * i), 0, null, null);
                    touch.run(q, true, ins[i], outs[i]);
                    if (mappedOut) {
                        maps[i] = CL.clEnqueueMapBuffer(q, outs[i], CL.CL_FALSE, CL.CL_MAP_READ, 0, bytes, 0, null, null, null);
                    } else {
                        CL.clEnqueueReadBuffer(q, outs[i], CL.CL_FALSE, 0, bytes, Pointer.to(host).withByteOffset(bytes * (chunks + i)),
                                0, null, null);
                    }
                }
                for (cl_command_queue q : qs) CL.clFinish(q);
                best = Math.min(best, System.nanoTime() - t0);
                if (mappedOut) {
                    for (int i = 0; i < chunks; i++) CL.clEnqueueUnmapMemObject(qs[i % queues], outs[i], maps[i], 0, null, null);
                    for (cl_command_queue q : qs) CL.clFinish(q);
                }
            }
            return best;
        } catch (CLException e) {
            throw new DeviceExecutionException("timing " + chunks + " chunks on " + s.device().name() + " failed: " + Cl.name(e), e);
        } finally {
            undo(undo);
        }
    }

    /**
     * The fastest of three blocking transfers of one size (for fitting the model), each as its
     * strategy does it: a copy call from pinned host memory, or for a host-visible buffer the
     * unmap of a written mapping followed by a kernel that reads the buffer (a driver may defer
     * the copy to the first use), or a kernel that writes the buffer followed by its map for
     * reading (a driver copies only what the device may have changed). The touching kernel's own
     * time, measured alone, is taken off.
     */
    long timeCopy(long bytes, boolean toDevice, boolean mapped) {
        List<Runnable> undo = new ArrayList<>();
        try {
            cl_command_queue q = queue(0, undo);
            long flags = CL.CL_MEM_READ_WRITE | (mapped ? CL.CL_MEM_ALLOC_HOST_PTR : 0);
            cl_mem m = buffer(flags, bytes, undo);
            long best = Long.MAX_VALUE;
            if (!mapped) {
                ByteBuffer host = pinned(bytes, q, undo);
                for (int rep = 0; rep < 3; rep++) {
                    long t0 = System.nanoTime();
                    if (toDevice) CL.clEnqueueWriteBuffer(q, m, CL.CL_TRUE, 0, bytes, Pointer.to(host), 0, null, null);
                    else CL.clEnqueueReadBuffer(q, m, CL.CL_TRUE, 0, bytes, Pointer.to(host), 0, null, null);
                    best = Math.min(best, System.nanoTime() - t0);
                }
                return best;
            }
            TouchKernels touch = s.touch();
            cl_mem sink = buffer(CL.CL_MEM_READ_WRITE, 4, undo);
            long alone = Long.MAX_VALUE;
            for (int rep = 0; rep < 3; rep++) {
                long t0 = System.nanoTime();
                touch.run(q, toDevice, m, sink);
                CL.clFinish(q);
                alone = Math.min(alone, System.nanoTime() - t0);
            }
            for (int rep = 0; rep < 3; rep++) {
                long t;
                if (toDevice) {
                    ByteBuffer w = CL.clEnqueueMapBuffer(q, m, CL.CL_TRUE, CL.CL_MAP_WRITE, 0, bytes, 0, null, null, null);
                    long t0 = System.nanoTime();
                    CL.clEnqueueUnmapMemObject(q, m, w, 0, null, null);
                    touch.run(q, true, m, sink);
                    CL.clFinish(q);
                    t = System.nanoTime() - t0;
                } else {
                    long t0 = System.nanoTime();
                    touch.run(q, false, m, sink);
                    ByteBuffer r = CL.clEnqueueMapBuffer(q, m, CL.CL_TRUE, CL.CL_MAP_READ, 0, bytes, 0, null, null, null);
                    t = System.nanoTime() - t0;
                    CL.clEnqueueUnmapMemObject(q, m, r, 0, null, null);
                    CL.clFinish(q);
                }
                best = Math.min(best, t);
            }
            return Math.max(0, best - alone);
        } catch (CLException e) {
            throw new DeviceExecutionException("timing a " + bytes + " B " + (mapped ? "mapped " : "") + (toDevice ? "write" : "read")
                    + " on " + s.device().name() + " failed: " + Cl.name(e), e);
        } finally {
            undo(undo);
        }
    }

    /**
     * The fastest of three runs of {@code bytes} copied in on one queue while as many go out on a
     * second (a copy into pinned host memory, or with {@code mappedOut} a kernel writing a
     * host-visible buffer followed by its map), both enqueued before either is waited for.
     */
    long timeDuplex(long bytes, boolean mappedOut) {
        List<Runnable> undo = new ArrayList<>();
        try {
            cl_command_queue q0 = queue(0, undo), q1 = queue(0, undo);
            cl_mem in = buffer(CL.CL_MEM_READ_WRITE, bytes, undo);
            cl_mem out = buffer(CL.CL_MEM_READ_WRITE | (mappedOut ? CL.CL_MEM_ALLOC_HOST_PTR : 0), bytes, undo);
            ByteBuffer hostIn = pinned(bytes, q0, undo);
            ByteBuffer hostOut = mappedOut ? null : pinned(bytes, q1, undo);
            warm(q0, in);
            if (mappedOut) warmMapped(q1, out, bytes);
            else warm(q1, out);
            CL.clFinish(q0);
            CL.clFinish(q1);
            TouchKernels touch = s.touch();
            cl_mem sink = buffer(CL.CL_MEM_READ_WRITE, 4, undo);
            long best = Long.MAX_VALUE;
            for (int rep = 0; rep < 3; rep++) {
                ByteBuffer m = null;
                long t0 = System.nanoTime();
                CL.clEnqueueWriteBuffer(q0, in, CL.CL_FALSE, 0, bytes, Pointer.to(hostIn), 0, null, null);
                if (mappedOut) {
                    touch.run(q1, false, out, sink);
                    m = CL.clEnqueueMapBuffer(q1, out, CL.CL_FALSE, CL.CL_MAP_READ, 0, bytes, 0, null, null, null);
                } else {
                    CL.clEnqueueReadBuffer(q1, out, CL.CL_FALSE, 0, bytes, Pointer.to(hostOut), 0, null, null);
                }
                CL.clFinish(q0);
                CL.clFinish(q1);
                best = Math.min(best, System.nanoTime() - t0);
                if (m != null) {
                    CL.clEnqueueUnmapMemObject(q1, out, m, 0, null, null);
                    CL.clFinish(q1);
                }
            }
            return best;
        } catch (CLException e) {
            throw new DeviceExecutionException("timing " + bytes + " B each way at once on " + s.device().name() + " failed: " + Cl.name(e), e);
        } finally {
            undo(undo);
        }
    }
}
