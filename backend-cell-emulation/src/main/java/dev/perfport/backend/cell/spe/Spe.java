package dev.perfport.backend.cell.spe;

import java.util.concurrent.LinkedBlockingQueue;

/**
 * One SPE-like worker: a daemon platform thread that takes jobs (its part of a launch) one at a
 * time, with its own private-memory store. A retired worker ends after its current job.
 */
final class Spe {

    /** A worker's part of a launch. */
    interface Job {
        void runOn(int unit, PrivateStore store);
    }

    private static final Job STOP = (unit, store) -> { };

    final int index;
    private final Thread thread;
    private final LinkedBlockingQueue<Job> jobs = new LinkedBlockingQueue<>();
    private final PrivateStore store = new PrivateStore();
    private volatile boolean retired;

    private Spe(int index, String name) {
        this.index = index;
        this.thread = Thread.ofPlatform().name(name).daemon(true).unstarted(this::loop);
    }

    static Spe start(int index, String name) {
        Spe s = new Spe(index, name);
        s.thread.start();
        return s;
    }

    void submit(Job job) {
        jobs.add(job);
    }

    /** Ends the worker once it is idle (at once if it is waiting for work). */
    void retire() {
        retired = true;
        jobs.add(STOP);
    }

    Thread thread() {
        return thread;
    }

    private void loop() {
        while (!retired) {
            Job job;
            try {
                job = jobs.take();
            } catch (InterruptedException e) {
                continue;   // only retire() ends a worker
            }
            if (job == STOP) return;
            job.runOn(index, store);
        }
    }
}
