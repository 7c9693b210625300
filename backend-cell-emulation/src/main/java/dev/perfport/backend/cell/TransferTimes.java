package dev.perfport.backend.cell;

import dev.perfport.backend.cell.CopySchedule.Kind;
import dev.perfport.backend.cell.mfc.DmaCosts;
import dev.perfport.backend.cell.mfc.DmaRules;
import dev.perfport.backend.cell.model.CostModel;

import java.util.ArrayList;
import java.util.List;

/**
 * The modelled times of the transfer strategies of seed 002 §6.7 on the emulated Cell. Without a link
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
 * every copy out, as the thesis's POP host code. {@link CellTransfers} runs the jobs and takes their
 * times from here, so the fitted transfer model is checked against the emulator's own schedule.
 *
 * @param cost the cost model (the MFC's costs, the clock)
 * @param t    the transfer settings: copy engines, implicit synchronisation, link
 */
record TransferTimes(CostModel cost, TransferConfig t) {
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
    long withLink(long kernel, long in, long out) {
        return Math.max(kernel, Math.max(mappedNanos(in), mappedNanos(out)));
    }

    private CopySchedule schedule() {
        return new CopySchedule(t.copyEngines(), t.implicitSync());
    }

    /** Bytes that went each way: those copied, or on a linked device those the kernels moved across the link. */
    long bytes(boolean copied, long declared, long link) {
        return copied || !t.linked() ? declared : link;
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
