package dev.perfport.core.transfer;

import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;

/**
 * The explicit strategy on any session, through the session API alone: per chunk, allocate, copy
 * in, launch, copy out; nothing overlaps. Every backend can express it.
 */
public final class ExplicitTransfers {
    private ExplicitTransfers() {
    }

    /**
     * {@return the timing of the explicit strategy}
     *
     * @param s   the session
     * @param job the job
     */
    public static TransferTiming run(DeviceSession s, ChunkedJob job) {
        int n = job.chunks().size();
        DeviceBuffer[] ins = new DeviceBuffer[n], outs = new DeviceBuffer[n];
        try {
            // allocation is not a transfer: the buffers exist before the clock starts
            for (int i = 0; i < n; i++) {
                ins[i] = s.allocate(ElemType.FLOAT, job.chunks().get(i).inCount());
                outs[i] = s.allocate(ElemType.FLOAT, job.chunks().get(i).outCount());
            }
            long kernel = 0;
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                ChunkedJob.Chunk c = job.chunks().get(i);
                ins[i].write(0, job.input(), c.inOffset(), c.inCount());
                LaunchStats st = s.launch(job.kernel(), c.launch(), ChunkedJob.bind(c, ins[i], outs[i]));
                kernel += st.kernelNanos();
                outs[i].read(0, job.output(), c.outOffset(), c.outCount());
            }
            return new TransferTiming(TransferStrategy.EXPLICIT, n, 1, System.nanoTime() - t0, kernel, job.inBytes(), job.outBytes());
        } finally {
            for (int i = 0; i < n; i++) {
                if (ins[i] != null) ins[i].close();
                if (outs[i] != null) outs[i].close();
            }
        }
    }

    /**
     * {@return the timing of the explicit strategy for a staged job} Per stage: blocking copies in,
     * its kernels, blocking copies out, one after the other.
     *
     * @param s   the session
     * @param job the job
     */
    public static TransferTiming run(DeviceSession s, StagedJob job) {
        int n = job.arrays().size();
        DeviceBuffer[] bufs = new DeviceBuffer[n];
        try {
            for (int i = 0; i < n; i++) bufs[i] = s.allocate(job.arrays().get(i).type(), Math.max(1, job.arrays().get(i).length()));
            long kernel = 0;
            long t0 = System.nanoTime();
            for (StagedJob.Stage st : job.stages()) {
                for (StagedJob.Range r : st.in()) bufs[r.array()].write(r.offset(), job.arrays().get(r.array()).data(), r.offset(), r.count());
                for (StagedJob.Step k : st.kernels()) kernel += s.launch(k.kernel(), k.launch(), StagedJob.bind(k, bufs)).kernelNanos();
                for (StagedJob.Range r : st.out()) bufs[r.array()].read(r.offset(), job.arrays().get(r.array()).data(), r.offset(), r.count());
            }
            return new TransferTiming(TransferStrategy.EXPLICIT, job.stages().size(), 1, System.nanoTime() - t0, kernel, job.inBytes(), job.outBytes());
        } finally {
            for (DeviceBuffer b : bufs) if (b != null) b.close();
        }
    }
}
