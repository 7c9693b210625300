package dev.perfport.backend.cell;

import java.util.ArrayList;
import java.util.List;

/**
 * When a transfer strategy's commands end on the emulated device (seed 002 §6.3): copies in, kernels
 * and copies out, added in the order the host issues them, each on an in-order queue (it starts after
 * the queue's previous command ends) and after the commands it waits for. A copy in takes the input
 * engine, a copy out the output engine (the same one with one copy engine), a kernel the SPEs; a free
 * resource takes the earliest issued of the commands ready for it, or else the first to become ready.
 *
 * <p>Implicit synchronisation (Fermi): one hardware queue feeds the resources, so each takes its
 * commands strictly in issue order, and a command that waits for a kernel (a copy out, a kernel
 * waiting for another stage's kernel) also waits until every kernel issued before it has started all
 * its work-groups. The emulated SPEs run one kernel at a time and start its last work-groups near its
 * end, so the schedule takes that as its end: a copy out overlaps no kernel issued before it.
 */
final class CopySchedule {
    enum Kind { IN, KERNEL, OUT }

    private record Command(Kind kind, int queue, long nanos, int[] waits) {
    }

    private final int engines;
    private final boolean implicitSync;
    private final List<Command> commands = new ArrayList<>();

    CopySchedule(int engines, boolean implicitSync) {
        this.engines = engines;
        this.implicitSync = implicitSync;
    }

    /**
     * Adds a command, issued after every one added before.
     *
     * @param kind  copy in, kernel or copy out
     * @param queue its in-order queue
     * @param nanos its duration (a command of 0 takes no resource)
     * @param waits earlier commands it waits for (their indices)
     * @return its index
     */
    int add(Kind kind, int queue, long nanos, int... waits) {
        for (int w : waits) if (w < 0 || w >= commands.size()) throw new IllegalArgumentException("command waits for " + w + ", not an earlier one");
        commands.add(new Command(kind, queue, Math.max(0, nanos), waits.clone()));
        return commands.size() - 1;
    }

    private int resource(Kind k) {
        return switch (k) {
            case IN -> 0;
            case OUT -> engines == 2 ? 1 : 0;
            case KERNEL -> 2;
        };
    }

    /** {@return when the last command ends (0 for none)} */
    long end() {
        int n = commands.size();
        long[] end = new long[n];
        boolean[] done = new boolean[n];
        int[] queuePrev = new int[n], resourcePrev = new int[n];
        java.util.Map<Integer, Integer> lastOnQueue = new java.util.HashMap<>();
        int[] lastOnResource = {-1, -1, -1};
        int[] kernelsBefore = new int[n];   // the last kernel issued before each command, or -1
        int lastKernel = -1;
        for (int i = 0; i < n; i++) {
            Command c = commands.get(i);
            queuePrev[i] = lastOnQueue.getOrDefault(c.queue, -1);
            lastOnQueue.put(c.queue, i);
            int r = resource(c.kind);
            resourcePrev[i] = lastOnResource[r];
            lastOnResource[r] = i;
            kernelsBefore[i] = lastKernel;
            if (c.kind == Kind.KERNEL) lastKernel = i;
        }
        long[] free = new long[3];
        long last = 0;
        for (int step = 0; step < n; step++) {
            int best = -1;
            long bestStart = Long.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                if (done[i]) continue;
                Command c = commands.get(i);
                long ready = 0;
                boolean eligible = true;
                if (queuePrev[i] >= 0) {
                    eligible = done[queuePrev[i]];
                    ready = end[queuePrev[i]];
                }
                for (int w : c.waits) {
                    eligible &= done[w];
                    ready = Math.max(ready, end[w]);
                }
                if (implicitSync) {
                    if (resourcePrev[i] >= 0) eligible &= done[resourcePrev[i]];
                    if (waitsForKernel(c)) {
                        for (int k = kernelsBefore[i]; k >= 0; k--) {
                            if (commands.get(k).kind != Kind.KERNEL) continue;
                            eligible &= done[k];
                            ready = Math.max(ready, end[k]);
                        }
                    }
                }
                if (!eligible) continue;
                long start = c.nanos == 0 ? ready : Math.max(ready, free[resource(c.kind)]);
                if (start < bestStart) {
                    bestStart = start;
                    best = i;
                }
            }
            if (best < 0) throw new IllegalStateException("the commands wait for each other in a cycle");
            Command c = commands.get(best);
            end[best] = bestStart + c.nanos;
            if (c.nanos > 0) free[resource(c.kind)] = end[best];
            done[best] = true;
            last = Math.max(last, end[best]);
        }
        return last;
    }

    private boolean waitsForKernel(Command c) {
        if (c.kind == Kind.OUT) return true;
        if (c.kind != Kind.KERNEL) return false;
        for (int w : c.waits) if (commands.get(w).kind == Kind.KERNEL) return true;
        return false;
    }
}
