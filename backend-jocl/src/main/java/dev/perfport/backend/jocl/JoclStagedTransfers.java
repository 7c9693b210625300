package dev.perfport.backend.jocl;

import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.kernel.OpenClPrelude;
import dev.perfport.core.launch.NDRange;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.transfer.StagedJob;
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
 * The transfer strategies for a {@link StagedJob} (POP's functions, seed 002 §5.6) on one OpenCL
 * session, with the host data in pinned memory as {@link JoclTransfers} keeps it. Every array is
 * one buffer, whole on the device:
 *
 * <ul>
 *   <li>explicit: per stage, blocking copies in, its kernels, blocking copies out, on one queue;</li>
 *   <li>mapped: the arrays that travel are host-visible ({@code CL_MEM_ALLOC_HOST_PTR}); the clock
 *       runs from the unmap of the inputs until the map of the outputs returns;</li>
 *   <li>streams: stage i on queue i mod queues; every stage's non-blocking copies in, then every
 *       stage's kernels, the first waiting for the copies of the stages it names, then every copy
 *       out (the order of the thesis's POP host code, events in place of CUDA's);</li>
 *   <li>hybrid: streams' copies in; the arrays that travel out are host-visible, and each stage maps
 *       the ranges its kernels wrote after them.</li>
 * </ul>
 */
final class JoclStagedTransfers {
    private final JoclSession s;
    private final JoclTransfers t;

    JoclStagedTransfers(JoclSession s) {
        this.s = s;
        this.t = new JoclTransfers(s);
    }

    TransferTiming run(StagedJob job, TransferStrategy strategy, int queues) {
        int q = strategy == TransferStrategy.STREAMS || strategy == TransferStrategy.HYBRID ? Math.max(2, queues) : 1;
        List<Runnable> undo = new ArrayList<>();
        try {
            cl_command_queue[] qs = new cl_command_queue[q];
            for (int i = 0; i < q; i++) qs[i] = t.queue(CL.CL_QUEUE_PROFILING_ENABLE, undo);
            return strategy == TransferStrategy.MAPPED ? mapped(job, qs[0], undo) : staged(job, strategy, qs, undo);
        } catch (CLException e) {
            throw new DeviceExecutionException(strategy.id() + " transfers on " + s.device().name() + " failed: " + Cl.name(e), e);
        } finally {
            JoclTransfers.undo(undo);
        }
    }

    private static long bytes(StagedJob.HostArray a) {
        return Math.max(4, a.bytes(a.length()));
    }

    /** Copies a host array into (or out of) a mapped or pinned byte buffer of the same layout. */
    private static void put(ByteBuffer b, StagedJob.HostArray a, int offset, int count) {
        ByteBuffer o = b.duplicate().order(ByteOrder.nativeOrder());
        switch (a.type()) {
            case FLOAT -> o.asFloatBuffer().put(offset, (float[]) a.data(), offset, count);
            case DOUBLE -> o.asDoubleBuffer().put(offset, (double[]) a.data(), offset, count);
            case INT -> o.asIntBuffer().put(offset, (int[]) a.data(), offset, count);
            default -> throw new IllegalArgumentException("no staged arrays of " + a.type());
        }
    }

    /** Copies {@code count} elements from element {@code at} of a byte buffer into the host array at {@code offset}. */
    private static void get(ByteBuffer b, int at, StagedJob.HostArray a, int offset, int count) {
        ByteBuffer o = b.duplicate().order(ByteOrder.nativeOrder());
        switch (a.type()) {
            case FLOAT -> o.asFloatBuffer().get(at, (float[]) a.data(), offset, count);
            case DOUBLE -> o.asDoubleBuffer().get(at, (double[]) a.data(), offset, count);
            case INT -> o.asIntBuffer().get(at, (int[]) a.data(), offset, count);
            default -> throw new IllegalArgumentException("no staged arrays of " + a.type());
        }
    }

    private JoclBuffer wrap(cl_mem m, StagedJob.HostArray a) {
        return new JoclBuffer(s, m, a.type(), Math.max(1, a.length()), MemoryLevel.GLOBAL);
    }

    /** Sets a step's arguments and enqueues it on a queue after the events given (an ordinary NDRange only). */
    private cl_event enqueue(StagedJob.Step k, cl_command_queue queue, Object[] bufs, cl_event[] waits) {
        JoclKernel jk = s.ownKernel(k.kernel());
        NDRange r = (NDRange) k.launch();
        int dims = r.dims();
        long[] global = r.globalSizes(), local = new long[dims];
        for (int d = 0; d < dims; d++) local[d] = r.local(d);
        cl_event ev = new cl_event();
        synchronized (s.launchLock()) {
            s.setArgs(jk, StagedJob.bind(k, bufs), (int) Math.min(r.groupCount(), Integer.MAX_VALUE), OpenClPrelude.MAP_NONE,
                    (int) r.groups(0), dims > 1 ? (int) r.groups(1) : 1, "kernel '" + k.kernel().def().name() + "'");
            CL.clEnqueueNDRangeKernel(queue, jk.kernel(), dims, null, global, local, waits.length, waits.length == 0 ? null : waits, ev);
        }
        return ev;
    }

    /** Explicit (one queue, blocking), streams and hybrid (several queues, non-blocking, events across them). */
    private TransferTiming staged(StagedJob job, TransferStrategy strategy, cl_command_queue[] qs, List<Runnable> undo) {
        boolean hybrid = strategy == TransferStrategy.HYBRID, blocking = strategy == TransferStrategy.EXPLICIT;
        List<StagedJob.HostArray> arrays = job.arrays();
        int na = arrays.size(), n = job.stages().size();
        ByteBuffer[] host = new ByteBuffer[na];
        JoclBuffer[] dev = new JoclBuffer[na];
        for (int a = 0; a < na; a++) {
            StagedJob.HostArray h = arrays.get(a);
            boolean mappedOut = hybrid && h.role().out();
            long flags = CL.CL_MEM_READ_WRITE | (mappedOut ? CL.CL_MEM_ALLOC_HOST_PTR : 0);
            dev[a] = wrap(t.buffer(flags, bytes(h), undo), h);
            if (mappedOut) JoclTransfers.warmMapped(qs[0], dev[a].mem(), bytes(h));
            else JoclTransfers.warm(qs[0], dev[a].mem());
            if (h.role().in() || (h.role().out() && !hybrid)) {
                host[a] = t.pinned(bytes(h), qs[0], undo);
                if (h.role().in()) put(host[a], h, 0, h.length());
            }
        }
        CL.clFinish(qs[0]);
        List<List<cl_event>> copied = new ArrayList<>();
        List<cl_event> kernels = new ArrayList<>();
        List<cl_event> lastKernel = new ArrayList<>();
        List<ByteBuffer[]> maps = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            List<cl_event> evs = new ArrayList<>();
            for (StagedJob.Range r : job.stages().get(i).in()) {
                StagedJob.HostArray h = arrays.get(r.array());
                cl_event ev = new cl_event();
                long at = h.bytes(r.offset());
                CL.clEnqueueWriteBuffer(qs[i % qs.length], dev[r.array()].mem(), blocking, at, h.bytes(r.count()),
                        Pointer.to(host[r.array()]).withByteOffset(at), 0, null, ev);
                evs.add(ev);
            }
            copied.add(evs);
        }
        for (int i = 0; i < n; i++) {
            StagedJob.Stage st = job.stages().get(i);
            List<cl_event> waits = new ArrayList<>();
            for (int j : st.waitCopies()) if (j % qs.length != i % qs.length) waits.addAll(copied.get(j));
            for (int j : st.waitKernels()) if (j % qs.length != i % qs.length && lastKernel.get(j) != null) waits.add(lastKernel.get(j));
            cl_event last = null;
            for (StagedJob.Step k : st.kernels()) {
                last = enqueue(k, qs[i % qs.length], dev, last == null ? waits.toArray(new cl_event[0]) : new cl_event[0]);
                kernels.add(last);
            }
            lastKernel.add(last);
            if (blocking) CL.clFinish(qs[0]);
        }
        for (int i = 0; i < n; i++) {
            List<StagedJob.Range> out = job.stages().get(i).out();
            ByteBuffer[] m = new ByteBuffer[out.size()];
            for (int o = 0; o < out.size(); o++) {
                StagedJob.Range r = out.get(o);
                StagedJob.HostArray h = arrays.get(r.array());
                long at = h.bytes(r.offset()), len = h.bytes(r.count());
                if (len == 0) continue;
                if (hybrid) {
                    m[o] = CL.clEnqueueMapBuffer(qs[i % qs.length], dev[r.array()].mem(), CL.CL_FALSE, CL.CL_MAP_READ, at, len, 0, null, null, null);
                } else {
                    CL.clEnqueueReadBuffer(qs[i % qs.length], dev[r.array()].mem(), blocking, at, len, Pointer.to(host[r.array()]).withByteOffset(at),
                            0, null, null);
                }
            }
            maps.add(m);
        }
        for (cl_command_queue q : qs) CL.clFinish(q);
        long total = System.nanoTime() - t0;
        for (List<cl_event> evs : copied) for (cl_event e : evs) CL.clReleaseEvent(e);
        long kernel = JoclTransfers.busy(kernels.toArray(new cl_event[0]));
        for (int i = 0; i < n; i++) {
            List<StagedJob.Range> out = job.stages().get(i).out();
            for (int o = 0; o < out.size(); o++) {
                StagedJob.Range r = out.get(o);
                StagedJob.HostArray h = arrays.get(r.array());
                if (hybrid) {
                    ByteBuffer m = maps.get(i)[o];
                    if (m == null) continue;
                    get(m, 0, h, r.offset(), r.count());   // the mapped region starts at the range's first element
                    CL.clEnqueueUnmapMemObject(qs[i % qs.length], dev[r.array()].mem(), m, 0, null, null);
                } else {
                    get(host[r.array()], r.offset(), h, r.offset(), r.count());
                }
            }
        }
        for (cl_command_queue q : qs) CL.clFinish(q);
        return new TransferTiming(strategy, n, qs.length, total, kernel, job.inBytes(), job.outBytes(), false, -1);
    }

    /** Mapped: every array that travels host-visible, no copies; all stages' kernels on one queue. */
    private TransferTiming mapped(StagedJob job, cl_command_queue q, List<Runnable> undo) {
        List<StagedJob.HostArray> arrays = job.arrays();
        int na = arrays.size();
        JoclBuffer[] dev = new JoclBuffer[na];
        ByteBuffer[] written = new ByteBuffer[na];
        for (int a = 0; a < na; a++) {
            StagedJob.HostArray h = arrays.get(a);
            boolean visible = h.role() != StagedJob.Role.DEVICE;
            dev[a] = wrap(t.buffer(CL.CL_MEM_READ_WRITE | (visible ? CL.CL_MEM_ALLOC_HOST_PTR : 0), bytes(h), undo), h);
            if (!visible) {
                JoclTransfers.warm(q, dev[a].mem());
            } else if (h.role().in()) {
                // the host writes its data into the mapped input (producing it, not a transfer)
                written[a] = CL.clEnqueueMapBuffer(q, dev[a].mem(), CL.CL_TRUE, CL.CL_MAP_WRITE, 0, bytes(h), 0, null, null, null);
                put(written[a], h, 0, h.length());
            } else {
                JoclTransfers.warmMapped(q, dev[a].mem(), bytes(h));
            }
        }
        CL.clFinish(q);
        List<cl_event> kernels = new ArrayList<>();
        long t0 = System.nanoTime();
        for (int a = 0; a < na; a++) if (written[a] != null) CL.clEnqueueUnmapMemObject(q, dev[a].mem(), written[a], 0, null, null);
        for (StagedJob.Stage st : job.stages()) for (StagedJob.Step k : st.kernels()) kernels.add(enqueue(k, q, dev, new cl_event[0]));
        ByteBuffer[] read = new ByteBuffer[na];
        int last = -1;
        for (int a = 0; a < na; a++) if (arrays.get(a).role().out()) last = a;
        for (int a = 0; a < na; a++) {
            if (!arrays.get(a).role().out()) continue;
            read[a] = CL.clEnqueueMapBuffer(q, dev[a].mem(), a == last, CL.CL_MAP_READ, 0, bytes(arrays.get(a)), 0, null, null, null);
        }
        CL.clFinish(q);
        long total = System.nanoTime() - t0;
        long kernel = JoclTransfers.busy(kernels.toArray(new cl_event[0]));
        for (int a = 0; a < na; a++) {
            if (read[a] == null) continue;
            get(read[a], 0, arrays.get(a), 0, arrays.get(a).length());
            CL.clEnqueueUnmapMemObject(q, dev[a].mem(), read[a], 0, null, null);
        }
        CL.clFinish(q);
        long in = 0, out = 0;
        for (StagedJob.HostArray h : arrays) {
            if (h.role().in()) in += h.bytes(h.length());
            if (h.role().out()) out += h.bytes(h.length());
        }
        return new TransferTiming(TransferStrategy.MAPPED, job.stages().size(), 1, total, kernel, in, out, false, -1);
    }
}
