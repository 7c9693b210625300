package dev.perfport.backend.cell;

import dev.perfport.backend.cell.model.CellCounters;
import dev.perfport.backend.cell.model.LinkWindows;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.transfer.ChunkedJob;
import dev.perfport.core.transfer.StagedJob;
import dev.perfport.core.transfer.TransferStrategy;
import dev.perfport.core.transfer.TransferTiming;

/**
 * Runs the transfer strategies of seed 002 §6.7 on the emulated Cell: the data really moves (the
 * kernels run on it, a mapped buffer's traffic counted across the link where there is one); the
 * times are the cost model's, as {@link TransferTimes} schedules them.
 *
 * @param s     the session whose buffers and kernels the jobs use
 * @param times the session's transfer times
 */
record CellTransfers(CellSession s, TransferTimes times) {
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
                in[i] = copyIn ? times.copyNanos(4L * c.inCount()) : 0;
                kernel[i] = times.withLink(k, li, lo);
                out[i] = copyOut ? times.copyNanos(4L * c.outCount()) : 0;
                kernels += k;
            }
            return new TransferTiming(strategy, n, q, times.chunks(in, kernel, out, q), kernels, times.bytes(copyIn, job.inBytes(), linkIn),
                    times.bytes(copyOut, job.outBytes(), linkOut), true, 0);
        } finally {
            for (int i = 0; i < n; i++) {
                if (ins[i] != null) ins[i].close();
                if (outs[i] != null) outs[i].close();
            }
        }
    }

    private static long address(DeviceBuffer b) {
        return ((ArrayBuffer) b).address();
    }

    /**
     * A staged job: the data moves and the kernels run stage by stage (an order every stage's waits
     * allow); the time is {@link TransferTimes#staged}'s. Mapped copies nothing (the kernels read and write the host
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
                    if (copyIn) in[i] += times.copyNanos(h.bytes(r.count()));
                }
                for (StagedJob.Step k : st.kernels()) {
                    LaunchStats ls = s.acrossLink(windows, () -> s.launch(k.kernel(), k.launch(), StagedJob.bind(k, bufs)));
                    long tk = Math.max(0, ls.modelledNanos());
                    long li = counter(ls, CellCounters.LINK_IN_BYTES), lo = counter(ls, CellCounters.LINK_OUT_BYTES);
                    linkIn += li;
                    linkOut += lo;
                    kernel[i] += times.withLink(tk, li, lo);
                    kernels += tk;
                }
                for (StagedJob.Range r : st.out()) {
                    StagedJob.HostArray h = job.arrays().get(r.array());
                    bufs[r.array()].read(r.offset(), h.data(), r.offset(), r.count());
                    if (copyOut) out[i] += times.copyNanos(h.bytes(r.count()));
                }
            }
            int[][] copies = new int[n][], computed = new int[n][];
            for (int i = 0; i < n; i++) {
                copies[i] = job.stages().get(i).waitCopies().stream().mapToInt(Integer::intValue).toArray();
                computed[i] = job.stages().get(i).waitKernels().stream().mapToInt(Integer::intValue).toArray();
            }
            return new TransferTiming(strategy, n, q, times.staged(in, kernel, out, copies, computed, q), kernels,
                    times.bytes(copyIn, job.inBytes(), linkIn), times.bytes(copyOut, job.outBytes(), linkOut), true, 0);
        } finally {
            for (DeviceBuffer b : bufs) if (b != null) b.close();
        }
    }
}
