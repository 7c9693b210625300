package dev.perfport.cluster;

import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorAdded;
import org.apache.spark.scheduler.SparkListenerExecutorRemoved;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.TaskFailedReason;

import java.util.Map;
import java.util.TreeMap;

/**
 * The executors a cluster manager has given the application and their cores, as Spark's listener
 * bus reports them (registered through {@code spark.extraListeners}, so that it hears executors
 * that register while the context starts). Local mode reports none: there the driver is the one
 * executor. It also counts failed task attempts, which Spark retries: a lost executor's tasks,
 * or a task that reached an executor without its device.
 */
public final class ExecutorWatch extends SparkListener {
    private static volatile ExecutorWatch current;
    private final Map<String, Integer> cores = new TreeMap<>();
    private final Map<String, String> hosts = new TreeMap<>();
    private final Map<String, Integer> gpus = new TreeMap<>();
    private int failed;
    private String lastFailure;

    /** Spark creates it by name; the newest one belongs to the running context. */
    public ExecutorWatch() {
        current = this;
    }

    static ExecutorWatch current() {
        return current;
    }

    @Override
    public synchronized void onExecutorAdded(SparkListenerExecutorAdded e) {
        cores.put(e.executorId(), e.executorInfo().totalCores());
        hosts.put(e.executorId(), e.executorInfo().executorHost());
        scala.Option<org.apache.spark.resource.ResourceInformation> gpu = e.executorInfo().resourcesInfo().get("gpu");
        gpus.put(e.executorId(), gpu.isDefined() ? gpu.get().addresses().length : 0);
    }

    @Override
    public synchronized void onExecutorRemoved(SparkListenerExecutorRemoved e) {
        cores.remove(e.executorId());
        hosts.remove(e.executorId());
        gpus.remove(e.executorId());
    }

    @Override
    public synchronized void onTaskEnd(SparkListenerTaskEnd e) {
        if (e.reason() instanceof TaskFailedReason r) {
            failed++;
            lastFailure = r.toErrorString().lines().findFirst().orElse("");
        }
    }

    /** Task attempts that failed (and that Spark retried, or gave up on), or null when none. */
    synchronized String failures() {
        return failed == 0 ? null : failed + (failed == 1 ? " task attempt" : " task attempts") + " failed (the last: "
                + (lastFailure.length() > 200 ? lastFailure.substring(0, 199) + "…" : lastFailure) + ")";
    }

    /** Executor id → host, of the executors alive now. */
    synchronized Map<String, String> hosts() {
        return Map.copyOf(hosts);
    }

    /**
     * Tasks that can run at once on the executors alive now: per executor its cores over
     * {@code taskCpus}, and where tasks ask for GPUs ({@code taskGpus} &gt; 0) at most its GPUs over that.
     */
    synchronized int slots(int taskCpus, double taskGpus) {
        int n = 0;
        for (Map.Entry<String, Integer> e : cores.entrySet()) {
            int s = e.getValue() / Math.max(1, taskCpus);
            if (taskGpus > 0) s = Math.min(s, (int) Math.floor(gpus.getOrDefault(e.getKey(), 0) / taskGpus + 1e-9));
            n += s;
        }
        return n;
    }

    /** Executor id → cores, of the executors alive now. */
    synchronized Map<String, Integer> executors() {
        return Map.copyOf(cores);
    }
}
