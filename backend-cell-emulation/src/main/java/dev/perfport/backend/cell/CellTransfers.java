package dev.perfport.backend.cell;

import dev.perfport.backend.cell.CopySchedule.Kind;
import dev.perfport.backend.cell.mfc.DmaCosts;
import dev.perfport.backend.cell.mfc.DmaRules;
import dev.perfport.backend.cell.model.CellCounters;
import dev.perfport.backend.cell.model.CostModel;
import dev.perfport.backend.cell.model.LinkWindows;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.transfer.ChunkedJob;
import dev.perfport.core.transfer.StagedJob;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.core.transfer.TransferTiming;

import java.util.ArrayList;
import java.util.List;

/**
 * The transfer strategies of seed 002 §6.7 on the emulated Cell, in modelled time. Without a link
 * (the default) the Cell has no device memory: host arrays and device buffers are both main memory,
 * a copy between them is MFC DMA (a get into a local-store staging area and a put out in 16 KiB
 * commands, so every byte crosses an SPE's port twice), and a mapped buffer is one the kernel's own
 * DMA reads or writes in place, which its modelled time already charges, so it costs no copy. With a
 * link ({@link TransferConfig#linkGbs}) the device sits behind it as a GPU behind PCIe: a copy costs
 * the MFC's latency plus its bytes at the link's rate, and a kernel's traffic to a mapped buffer
 * crosses the link too, overlapped with its arithmetic (Eq. 5.6): the kernel takes the longest of its
 * own time and the link time of the bytes it read and wrote there, re-reads included.
 *
 * <p>The schedule ({@link CopySchedule}) follows the configured copy engines and implicit
 * synchronisation. Chunks go round robin over the queues, issued a round of one chunk per queue at
 * a time: the round's copies in, its kernels, its copies out. A staged job issues every stage's copies
 * in, then every kernel (each also waiting for the copies and kernels of the stages it names), then
 * every copy out, as the thesis's POP host code. The data really moves (the kernels run on it); the
 * times are the cost model's, so the fitted transfer model is checked against the emulator's own
 * schedule.
 */
final class CellTransfers {
    private final CellSession s;
    private final CostModel cost;
    private final TransferConfig t;

    CellTransfers(CellSession s, CostModel cost, TransferConfig t) {
        this.s = s;
        this.cost = cost;
        this.t = t;
    }

    /** Modelled nanoseconds of one copy of {@code bytes} (0 for none): MFC DMA, or across the link where one is set. */
    long copyNanos(long bytes) {
        if (bytes <= 0) return 0;
        DmaCosts d = cost.dma();
        long full = bytes / DmaRules.MAX_COMMAND_BYTES, rest = bytes % DmaRules.MAX_COMMAND_BYTES;
        long commands = full + (rest > 0 ? 1 : 0);
        if (t.linked()) return cost.nanos(d.latencyCycles() + commands * d.issueCycles()) + Math.round(bytes / t.linkGbs());
        long port = full * d.commandCycles(0, DmaRules.MAX_COMMAND_BYTES) + (rest > 0 ? d.commandCycles(0, rest) : 0);
        return cost.nanos(d.latencyCycles() + commands * d.issueCycles() + 2 * port);
    }

    /** Modelled nanoseconds of a kernel's {@code bytes} of mapped traffic one way: across the link, or none without one. */
    long mappedNanos(long bytes) {
        return t.linked() ? copyNanos(bytes) : 0;
    }

    /** A kernel that read {@code in} and wrote {@code out} mapped bytes: its own time, or the link's where longer. */
    private long withLink(long kernel, long in, long out) {
        return Math.max(kernel, Math.max(mappedNanos(in), mappedNanos(out)));
    }

    private CopySchedule schedule() {
        return new CopySchedule(t.copyEngines(), t.implicitSync());
    }

    private static boolean chunked(TransferStrategy st) {
        return st == TransferStrategy.STREAMS || st == TransferStrategy.HYBRID;
    }

    private static long counter(LaunchStats st, String key) {
        return st.counters().getOrDefault(key, 0L);
    }

    TransferTiming run(ChunkedJob job, TransferStrategy strategy, int queues) {
        int n = job.chunks().size();
        int q = chunked(strategy) ? Math.max(2, queues) : 1;
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
            long kernels = 0, linkIn = 0, linkOut = 0;
            for (int i = 0; i < n; i++) {
                ChunkedJob.Chunk c = job.chunks().get(i);
                ins[i].write(0, job.input(), c.inOffset(), c.inCount());
                LinkWindows w = LinkWindows.NONE;
                if (!copyIn) w = w.with(address(ins[i]), 4L * c.inCount(), true, false);
                if (!copyOut) w = w.with(address(outs[i]), 4L * c.outCount(), false, true);
                int chunk = i;
                LaunchStats st = s.acrossLink(w, () -> s.launch(job.kernel(), c.launch(), ChunkedJob.bind(c, ins[chunk], outs[chunk])));
                outs[i].read(0, job.output(), c.outOffset(), c.outCount());
                long k = Math.max(0, st.modelledNanos());
                long li = counter(st, CellCounters.LINK_IN_BYTES), lo = counter(st, CellCounters.LINK_OUT_BYTES);
                linkIn += li;
                linkOut += lo;
                in[i] = copyIn ? copyNanos(4L * c.inCount()) : 0;
                kernel[i] = withLink(k, li, lo);
                out[i] = copyOut ? copyNanos(4L * c.outCount()) : 0;
                kernels += k;
            }
            return new TransferTiming(strategy, n, q, chunks(in, kernel, out, q), kernels, bytes(copyIn, job.inBytes(), linkIn),
                    bytes(copyOut, job.outBytes(), linkOut), true, 0);
        } finally {
            for (int i = 0; i < n; i++) {
                if (ins[i] != null) ins[i].close();
                if (outs[i] != null) outs[i].close();
            }
        }
    }

    /** Bytes that went each way: those copied, or on a linked device those the kernels moved across the link. */
    private long bytes(boolean copied, long declared, long link) {
        return copied || !t.linked() ? declared : link;
    }

    private static long address(DeviceBuffer b) {
        return ((ArrayBuffer) b).address();
    }

    /** Modelled: {@code chunks} chunks of a 4 KiB copy in, an empty kernel and a 4 KiB copy out (with {@code mappedOut} written across the link instead). */
    long timeChunks(int chunks, int queues, boolean mappedOut) {
        long[] copy = new long[chunks], kernel = new long[chunks], none = new long[chunks];
        java.util.Arrays.fill(copy, copyNanos(4096));
        java.util.Arrays.fill(kernel, mappedOut ? mappedNanos(4096) : 0);
        return chunks(copy, kernel, mappedOut ? none : copy, queues);
    }

    /** Modelled: {@code bytes} copied in while as many go out on a second queue, by a copy or written by a kernel across the link. */
    long timeDuplex(long bytes, boolean mappedOut) {
        CopySchedule c = schedule();
        c.add(Kind.IN, 0, copyNanos(bytes));
        if (mappedOut) c.add(Kind.KERNEL, 1, mappedNanos(bytes));
        else c.add(Kind.OUT, 1, copyNanos(bytes));
        return c.end();
    }

    /** The end of chunks i on queue i mod q, issued a round of q chunks at a time: copies in, kernels, copies out (a 0 is no command). */
    long chunks(long[] in, long[] kernel, long[] out, int queues) {
        CopySchedule c = schedule();
        int n = in.length;
        int[] inCmd = new int[n], kCmd = new int[n];
        for (int r0 = 0; r0 < n; r0 += queues) {
            int r1 = Math.min(n, r0 + queues);
            for (int i = r0; i < r1; i++) inCmd[i] = in[i] > 0 ? c.add(Kind.IN, i % queues, in[i]) : -1;
            for (int i = r0; i < r1; i++) kCmd[i] = inCmd[i] >= 0 ? c.add(Kind.KERNEL, i % queues, kernel[i], inCmd[i]) : c.add(Kind.KERNEL, i % queues, kernel[i]);
            for (int i = r0; i < r1; i++) if (out[i] > 0) c.add(Kind.OUT, i % queues, out[i], kCmd[i]);
        }
        return c.end();
    }

    /**
     * A staged job: the data moves and the kernels run stage by stage (an order every stage's waits
     * allow); the time is {@link #staged}'s. Mapped copies nothing (the kernels read and write the host
     * arrays in place: across the link where there is one), hybrid copies nothing out (the kernels
     * write the arrays that travel out in place).
     */
    TransferTiming run(StagedJob job, TransferStrategy strategy, int queues) {
        int n = job.stages().size(), a = job.arrays().size();
        int q = chunked(strategy) ? Math.max(2, queues) : 1;
        boolean copyIn = strategy != TransferStrategy.MAPPED;
        boolean copyOut = strategy == TransferStrategy.EXPLICIT || strategy == TransferStrategy.STREAMS;
        long[] in = new long[n], kernel = new long[n], out = new long[n];
        DeviceBuffer[] bufs = new DeviceBuffer[a];
        try {
            LinkWindows w = LinkWindows.NONE;
            for (int i = 0; i < a; i++) {
                StagedJob.HostArray h = job.arrays().get(i);
                bufs[i] = s.allocate(h.type(), Math.max(1, h.length()));
                boolean reads = !copyIn && h.role().in(), writes = !copyOut && h.role().out();
                if (reads || writes) w = w.with(address(bufs[i]), h.bytes(h.length()), reads, writes);
            }
            LinkWindows windows = w;
            long kernels = 0, linkIn = 0, linkOut = 0;
            for (int i = 0; i < n; i++) {
                StagedJob.Stage st = job.stages().get(i);
                for (StagedJob.Range r : st.in()) {
                    StagedJob.HostArray h = job.arrays().get(r.array());
                    bufs[r.array()].write(r.offset(), h.data(), r.offset(), r.count());
                    if (copyIn) in[i] += copyNanos(h.bytes(r.count()));
                }
                for (StagedJob.Step k : st.kernels()) {
                    LaunchStats ls = s.acrossLink(windows, () -> s.launch(k.kernel(), k.launch(), StagedJob.bind(k, bufs)));
                    long tk = Math.max(0, ls.modelledNanos());
                    long li = counter(ls, CellCounters.LINK_IN_BYTES), lo = counter(ls, CellCounters.LINK_OUT_BYTES);
                    linkIn += li;
                    linkOut += lo;
                    kernel[i] += withLink(tk, li, lo);
                    kernels += tk;
                }
                for (StagedJob.Range r : st.out()) {
                    StagedJob.HostArray h = job.arrays().get(r.array());
                    bufs[r.array()].read(r.offset(), h.data(), r.offset(), r.count());
                    if (copyOut) out[i] += copyNanos(h.bytes(r.count()));
                }
            }
            int[][] copies = new int[n][], computed = new int[n][];
            for (int i = 0; i < n; i++) {
                copies[i] = job.stages().get(i).waitCopies().stream().mapToInt(Integer::intValue).toArray();
                computed[i] = job.stages().get(i).waitKernels().stream().mapToInt(Integer::intValue).toArray();
            }
            return new TransferTiming(strategy, n, q, staged(in, kernel, out, copies, computed, q), kernels,
                    bytes(copyIn, job.inBytes(), linkIn), bytes(copyOut, job.outBytes(), linkOut), true, 0);
        } finally {
            for (DeviceBuffer b : bufs) if (b != null) b.close();
        }
    }

    /**
     * The end of a staged job, stage i on queue i mod q: every stage's copy in, then every stage's
     * kernels (each after its own copy and the copies and kernels of the stages it waits for), then
     * every copy out (a 0 is no command).
     */
    long staged(long[] in, long[] kernel, long[] out, int[][] copies, int[][] computed, int queues) {
        CopySchedule c = schedule();
        int n = in.length;
        int[] inCmd = new int[n], kCmd = new int[n];
        for (int i = 0; i < n; i++) inCmd[i] = in[i] > 0 ? c.add(Kind.IN, i % queues, in[i]) : -1;
        for (int i = 0; i < n; i++) {
            List<Integer> waits = new ArrayList<>();
            if (inCmd[i] >= 0) waits.add(inCmd[i]);
            for (int j : copies[i]) if (inCmd[j] >= 0) waits.add(inCmd[j]);
            for (int j : computed[i]) waits.add(kCmd[j]);
            kCmd[i] = c.add(Kind.KERNEL, i % queues, kernel[i], waits.stream().mapToInt(Integer::intValue).toArray());
        }
        for (int i = 0; i < n; i++) if (out[i] > 0) c.add(Kind.OUT, i % queues, out[i], kCmd[i]);
        return c.end();
    }
}
