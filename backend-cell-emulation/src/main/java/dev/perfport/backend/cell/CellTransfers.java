package dev.perfport.backend.cell;

import dev.perfport.backend.cell.mfc.DmaCosts;
import dev.perfport.backend.cell.mfc.DmaRules;
import dev.perfport.backend.cell.model.CostModel;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.transfer.ChunkedJob;
import dev.perfport.core.transfer.StagedJob;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.core.transfer.TransferTiming;

/**
 * The transfer strategies of seed 002 §6.7 on the emulated Cell, in modelled time. A Cell has no
 * device memory: host arrays and device buffers are both main memory. A copy between them is MFC
 * DMA, a get into a local-store staging area and a put out in 16 KiB commands, so every byte
 * crosses an SPE's port twice; the device has one such MFC queue per direction beside the SPEs
 * that run the kernels (the thesis's category 3: two copy engines, no implicit synchronisation). A
 * mapped buffer is one the kernel's own DMA reads or writes in place, which its modelled time
 * already charges, so it costs no copy.
 *
 * <p>The schedule is the one in-order queues give: chunks round robin over the queues; a chunk's
 * copy in waits for its queue's previous command and the input engine, its kernel for its copy and
 * the SPEs, its copy out for its kernel and the output engine. The data really moves (the kernels
 * run on it); the times are the cost model's, so the fitted transfer model is checked against the
 * emulator's own schedule.
 */
final class CellTransfers {
    private final CellSession s;
    private final CostModel cost;

    CellTransfers(CellSession s, CostModel cost) {
        this.s = s;
        this.cost = cost;
    }

    /** Modelled nanoseconds of one copy of {@code bytes} through an MFC (0 for none). */
    long copyNanos(long bytes) {
        if (bytes <= 0) return 0;
        DmaCosts d = cost.dma();
        long full = bytes / DmaRules.MAX_COMMAND_BYTES, rest = bytes % DmaRules.MAX_COMMAND_BYTES;
        long commands = full + (rest > 0 ? 1 : 0);
        long port = full * d.commandCycles(0, DmaRules.MAX_COMMAND_BYTES) + (rest > 0 ? d.commandCycles(0, rest) : 0);
        return cost.nanos(d.latencyCycles() + commands * d.issueCycles() + 2 * port);
    }

    TransferTiming run(ChunkedJob job, TransferStrategy strategy, int queues) {
        int n = job.chunks().size();
        int q = strategy == TransferStrategy.STREAMS || strategy == TransferStrategy.HYBRID ? Math.max(2, queues) : 1;
        boolean copyIn = strategy != TransferStrategy.MAPPED;
        boolean copyOut = strategy == TransferStrategy.EXPLICIT || strategy == TransferStrategy.STREAMS;
        long[] in = new long[n], kernel = new long[n], out = new long[n];
        DeviceBuffer[] ins = new DeviceBuffer[n], outs = new DeviceBuffer[n];
        try {
            for (int i = 0; i < n; i++) {
                ChunkedJob.Chunk c = job.chunks().get(i);
                ins[i] = s.allocate(ElemType.FLOAT, c.inCount());
                outs[i] = s.allocate(ElemType.FLOAT, c.outCount());
            }
            long kernels = 0;
            for (int i = 0; i < n; i++) {
                ChunkedJob.Chunk c = job.chunks().get(i);
                ins[i].write(0, job.input(), c.inOffset(), c.inCount());
                LaunchStats st = s.launch(job.kernel(), c.launch(), ChunkedJob.bind(c, ins[i], outs[i]));
                outs[i].read(0, job.output(), c.outOffset(), c.outCount());
                in[i] = copyIn ? copyNanos(4L * c.inCount()) : 0;
                kernel[i] = Math.max(0, st.modelledNanos());
                out[i] = copyOut ? copyNanos(4L * c.outCount()) : 0;
                kernels += kernel[i];
            }
            return new TransferTiming(strategy, n, q, schedule(in, kernel, out, q), kernels, job.inBytes(), job.outBytes(), true, 0);
        } finally {
            for (int i = 0; i < n; i++) {
                if (ins[i] != null) ins[i].close();
                if (outs[i] != null) outs[i].close();
            }
        }
    }

    /** Modelled: {@code chunks} chunks of a 4 KiB copy in, an empty kernel and a 4 KiB copy out (none when mapped). */
    long timeChunks(int chunks, int queues, boolean mappedOut) {
        long[] copy = new long[chunks], none = new long[chunks];
        java.util.Arrays.fill(copy, copyNanos(4096));
        return schedule(copy, none, mappedOut ? none : copy, queues);
    }

    /**
     * The end of the schedule that in-order queues give over one input engine, the SPEs and one
     * output engine: chunk i on queue i mod q; its copy in waits for its queue's previous command
     * and the input engine, its kernel for its copy and the SPEs, its copy out for its kernel and
     * the output engine (a chunk without a copy out ends with its kernel).
     */
    static long schedule(long[] in, long[] kernel, long[] out, int queues) {
        long inFree = 0, outFree = 0, speFree = 0, end = 0;
        long[] queueFree = new long[queues];
        for (int i = 0; i < in.length; i++) {
            int k = i % queues;
            long inEnd = Math.max(inFree, queueFree[k]) + in[i];
            if (in[i] > 0) inFree = inEnd;
            long kEnd = Math.max(speFree, inEnd) + kernel[i];
            speFree = kEnd;
            long outEnd = out[i] > 0 ? Math.max(outFree, kEnd) + out[i] : kEnd;
            if (out[i] > 0) outFree = outEnd;
            queueFree[k] = outEnd;
            end = Math.max(end, outEnd);
        }
        return end;
    }

    /**
     * A staged job: the data moves and the kernels run stage by stage (an order every stage's
     * waits allow); the time is {@link #scheduleStaged}'s. Mapped copies nothing (the kernels' own
     * DMA reads the host arrays), hybrid copies nothing out.
     */
    TransferTiming run(StagedJob job, TransferStrategy strategy, int queues) {
        int n = job.stages().size(), a = job.arrays().size();
        int q = strategy == TransferStrategy.STREAMS || strategy == TransferStrategy.HYBRID ? Math.max(2, queues) : 1;
        boolean copyIn = strategy != TransferStrategy.MAPPED;
        boolean copyOut = strategy == TransferStrategy.EXPLICIT || strategy == TransferStrategy.STREAMS;
        long[] in = new long[n], kernel = new long[n], out = new long[n];
        DeviceBuffer[] bufs = new DeviceBuffer[a];
        try {
            for (int i = 0; i < a; i++) bufs[i] = s.allocate(job.arrays().get(i).type(), Math.max(1, job.arrays().get(i).length()));
            long kernels = 0;
            for (int i = 0; i < n; i++) {
                StagedJob.Stage st = job.stages().get(i);
                for (StagedJob.Range r : st.in()) {
                    StagedJob.HostArray h = job.arrays().get(r.array());
                    bufs[r.array()].write(r.offset(), h.data(), r.offset(), r.count());
                    if (copyIn) in[i] += copyNanos(h.bytes(r.count()));
                }
                for (StagedJob.Step k : st.kernels()) {
                    LaunchStats ls = s.launch(k.kernel(), k.launch(), StagedJob.bind(k, bufs));
                    kernel[i] += Math.max(0, ls.modelledNanos());
                }
                for (StagedJob.Range r : st.out()) {
                    StagedJob.HostArray h = job.arrays().get(r.array());
                    bufs[r.array()].read(r.offset(), h.data(), r.offset(), r.count());
                    if (copyOut) out[i] += copyNanos(h.bytes(r.count()));
                }
                kernels += kernel[i];
            }
            int[][] copies = new int[n][], computed = new int[n][];
            for (int i = 0; i < n; i++) {
                copies[i] = job.stages().get(i).waitCopies().stream().mapToInt(Integer::intValue).toArray();
                computed[i] = job.stages().get(i).waitKernels().stream().mapToInt(Integer::intValue).toArray();
            }
            return new TransferTiming(strategy, n, q, scheduleStaged(in, kernel, out, copies, computed, q), kernels, job.inBytes(),
                    job.outBytes(), true, 0);
        } finally {
            for (DeviceBuffer b : bufs) if (b != null) b.close();
        }
    }

    /**
     * The end of the schedule of a staged job on in-order queues, stage i on queue i mod q, its
     * commands enqueued as the thesis's POP host code does: every stage's copy in (one input
     * engine), then every stage's kernels (the SPEs; each also after the copies in and the kernels
     * of the stages it waits for), then every copy out (one output engine).
     */
    static long scheduleStaged(long[] in, long[] kernel, long[] out, int[][] copies, int[][] computed, int queues) {
        int n = in.length;
        long[] queueFree = new long[queues], inEnd = new long[n], kEnd = new long[n];
        long inFree = 0, speFree = 0, outFree = 0, end = 0;
        for (int i = 0; i < n; i++) {
            int k = i % queues;
            inEnd[i] = in[i] > 0 ? Math.max(inFree, queueFree[k]) + in[i] : queueFree[k];
            if (in[i] > 0) inFree = inEnd[i];
            queueFree[k] = inEnd[i];
        }
        for (int i = 0; i < n; i++) {
            int k = i % queues;
            long start = Math.max(speFree, queueFree[k]);
            for (int j : copies[i]) start = Math.max(start, inEnd[j]);
            for (int j : computed[i]) start = Math.max(start, kEnd[j]);
            kEnd[i] = start + kernel[i];
            speFree = kEnd[i];
            queueFree[k] = kEnd[i];
        }
        for (int i = 0; i < n; i++) {
            int k = i % queues;
            long e = out[i] > 0 ? Math.max(outFree, queueFree[k]) + out[i] : queueFree[k];
            if (out[i] > 0) outFree = e;
            queueFree[k] = e;
            end = Math.max(end, e);
        }
        return end;
    }
}
