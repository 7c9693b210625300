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
 * The transfer strategies of seed 002 §6.7 on one OpenCL session. The host data lives in direct
 * (page-aligned, non-moving) buffers, the OpenCL counterpart of pinned memory, so that copies can
 * be non-blocking; filling them from the Java arrays and back is the host producing and consuming
 * its data, outside the clock.
 *
 * <ul>
 *   <li>explicit: blocking copy in, kernel, blocking copy out, on one queue;</li>
 *   <li>mapped: buffers made with {@code CL_MEM_ALLOC_HOST_PTR}; the host writes the input into the
 *       mapped input and reads the result from the mapped output; the clock runs from the unmap
 *       of the input until the output's map returns (zero-copy on a CPU device);</li>
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
            for (int i = 0; i < q; i++) {
                cl_command_queue c = CL.clCreateCommandQueue(s.context(), s.joclDevice().device(), CL.CL_QUEUE_PROFILING_ENABLE, null);
                qs[i] = c;
                undo.addFirst(() -> CL.clReleaseCommandQueue(c));
            }
            return switch (strategy) {
                case MAPPED -> mapped(job, qs[0], undo);
                default -> streamed(job, strategy, qs, undo);
            };
        } catch (CLException e) {
            throw new DeviceExecutionException(strategy.id() + " transfers on " + s.device().name() + " failed: " + Cl.name(e), e);
        } finally {
            for (Runnable r : undo) {
                try {
                    r.run();
                } catch (RuntimeException ignored) {
                    // the first failure is the one reported
                }
            }
        }
    }

    private cl_mem buffer(long flags, long bytes, List<Runnable> undo) {
        cl_mem m = CL.clCreateBuffer(s.context(), flags, Math.max(4, bytes), null, null);
        undo.addFirst(() -> CL.clReleaseMemObject(m));
        return m;
    }

    private JoclBuffer wrap(cl_mem m, int floats) {
        return new JoclBuffer(s, m, ElemType.FLOAT, floats, MemoryLevel.GLOBAL);
    }

    private static ByteBuffer direct(int floats) {
        return ByteBuffer.allocateDirect(Math.max(4, floats * 4)).order(ByteOrder.nativeOrder());
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
        ByteBuffer hostIn = direct(job.input().length), hostOut = direct(job.output().length);
        hostIn.asFloatBuffer().put(job.input());
        JoclBuffer[] ins = new JoclBuffer[n], outs = new JoclBuffer[n];
        for (int i = 0; i < n; i++) {
            ChunkedJob.Chunk c = chunks.get(i);
            ins[i] = wrap(buffer(CL.CL_MEM_READ_ONLY, 4L * c.inCount(), undo), c.inCount());
            long outFlags = hybrid ? CL.CL_MEM_WRITE_ONLY | CL.CL_MEM_ALLOC_HOST_PTR : CL.CL_MEM_WRITE_ONLY;
            outs[i] = wrap(buffer(outFlags, 4L * c.outCount(), undo), c.outCount());
        }
        cl_event[] kernels = new cl_event[n];
        ByteBuffer[] mapped = new ByteBuffer[n];
        boolean flag = blocking;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            ChunkedJob.Chunk c = chunks.get(i);
            cl_command_queue q = qs[i % qs.length];
            CL.clEnqueueWriteBuffer(q, ins[i].mem(), flag, 0, 4L * c.inCount(), Pointer.to(hostIn).withByteOffset(4L * c.inOffset()),
                    0, null, null);
            kernels[i] = enqueueKernel(job, c, q, ins[i], outs[i]);
            if (hybrid) {
                mapped[i] = CL.clEnqueueMapBuffer(q, outs[i].mem(), CL.CL_FALSE, CL.CL_MAP_READ, 0, 4L * c.outCount(), 0, null, null, null);
            } else {
                CL.clEnqueueReadBuffer(q, outs[i].mem(), flag, 0, 4L * c.outCount(),
                        Pointer.to(hostOut).withByteOffset(4L * c.outOffset()), 0, null, null);
            }
        }
        for (cl_command_queue q : qs) CL.clFinish(q);
        long total = System.nanoTime() - t0;
        long kernel = 0;
        for (cl_event e : kernels) {
            kernel += Cl.eventNanos(e);
            CL.clReleaseEvent(e);
        }
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
        return new TransferTiming(strategy, n, qs.length, total, kernel, job.inBytes(), job.outBytes());
    }

    /** Mapped: one chunk, host-visible input and output. */
    private TransferTiming mapped(ChunkedJob job, cl_command_queue q, List<Runnable> undo) {
        long kernel = 0;
        long total = 0;
        for (ChunkedJob.Chunk c : job.chunks()) {
            JoclBuffer in = wrap(buffer(CL.CL_MEM_READ_ONLY | CL.CL_MEM_ALLOC_HOST_PTR, 4L * c.inCount(), undo), c.inCount());
            JoclBuffer out = wrap(buffer(CL.CL_MEM_WRITE_ONLY | CL.CL_MEM_ALLOC_HOST_PTR, 4L * c.outCount(), undo), c.outCount());
            // the host writes its data into the mapped input (producing it, not a transfer)
            ByteBuffer w = CL.clEnqueueMapBuffer(q, in.mem(), CL.CL_TRUE, CL.CL_MAP_WRITE, 0, 4L * c.inCount(), 0, null, null, null);
            w.order(ByteOrder.nativeOrder()).asFloatBuffer().put(job.input(), c.inOffset(), c.inCount());
            long t0 = System.nanoTime();
            CL.clEnqueueUnmapMemObject(q, in.mem(), w, 0, null, null);
            cl_event ev = enqueueKernel(job, c, q, in, out);
            ByteBuffer r = CL.clEnqueueMapBuffer(q, out.mem(), CL.CL_TRUE, CL.CL_MAP_READ, 0, 4L * c.outCount(), 0, null, null, null);
            total += System.nanoTime() - t0;
            kernel += Cl.eventNanos(ev);
            CL.clReleaseEvent(ev);
            r.order(ByteOrder.nativeOrder()).asFloatBuffer().get(job.output(), c.outOffset(), c.outCount());
            CL.clEnqueueUnmapMemObject(q, out.mem(), r, 0, null, null);
            CL.clFinish(q);
        }
        return new TransferTiming(TransferStrategy.MAPPED, job.chunks().size(), 1, total, kernel, job.inBytes(), job.outBytes());
    }

    /** The fastest of three blocking transfers of one size (for fitting the model). */
    long timeCopy(long bytes, boolean toDevice, boolean mapped) {
        List<Runnable> undo = new ArrayList<>();
        try {
            cl_command_queue q = CL.clCreateCommandQueue(s.context(), s.joclDevice().device(), 0, null);
            undo.addFirst(() -> CL.clReleaseCommandQueue(q));
            long flags = CL.CL_MEM_READ_WRITE | (mapped ? CL.CL_MEM_ALLOC_HOST_PTR : 0);
            cl_mem m = buffer(flags, bytes, undo);
            ByteBuffer host = ByteBuffer.allocateDirect((int) Math.max(4, bytes));
            long best = Long.MAX_VALUE;
            for (int rep = 0; rep < 3; rep++) {
                long t;
                if (!mapped) {
                    long t0 = System.nanoTime();
                    if (toDevice) CL.clEnqueueWriteBuffer(q, m, CL.CL_TRUE, 0, bytes, Pointer.to(host), 0, null, null);
                    else CL.clEnqueueReadBuffer(q, m, CL.CL_TRUE, 0, bytes, Pointer.to(host), 0, null, null);
                    t = System.nanoTime() - t0;
                } else if (toDevice) {
                    ByteBuffer w = CL.clEnqueueMapBuffer(q, m, CL.CL_TRUE, CL.CL_MAP_WRITE, 0, bytes, 0, null, null, null);
                    long t0 = System.nanoTime();
                    CL.clEnqueueUnmapMemObject(q, m, w, 0, null, null);
                    CL.clFinish(q);
                    t = System.nanoTime() - t0;
                } else {
                    long t0 = System.nanoTime();
                    ByteBuffer r = CL.clEnqueueMapBuffer(q, m, CL.CL_TRUE, CL.CL_MAP_READ, 0, bytes, 0, null, null, null);
                    t = System.nanoTime() - t0;
                    CL.clEnqueueUnmapMemObject(q, m, r, 0, null, null);
                    CL.clFinish(q);
                }
                best = Math.min(best, t);
            }
            return best;
        } catch (CLException e) {
            throw new DeviceExecutionException("timing a " + bytes + " B " + (mapped ? "mapped " : "") + (toDevice ? "write" : "read")
                    + " on " + s.device().name() + " failed: " + Cl.name(e), e);
        } finally {
            for (Runnable r : undo) {
                try {
                    r.run();
                } catch (RuntimeException ignored) {
                    // the first failure is the one reported
                }
            }
        }
    }
}
