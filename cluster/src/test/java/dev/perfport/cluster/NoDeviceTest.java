package dev.perfport.cluster;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/** The driver's one line for a job Spark gave up on because no executor it tried had the device. */
class NoDeviceTest {
    @Test
    void sparksAbortOfATaskWithoutItsDeviceBecomesOneLine() {
        // the form of Spark's message for a task that failed on every attempt (ExceptionFailure's text)
        RuntimeException spark = new RuntimeException("Job aborted due to stage failure: Task 0 in stage 3.0 failed 4 times, most recent failure:"
                + " Lost task 0.3 in stage 3.0 (TID 9) (127.0.0.2 executor 1): dev.perfport.cluster.NoDevice: executor 127.0.0.2/4711 has no"
                + " jocl device like pthread-cpu (fingerprint Fingerprint[name=pthread-cpu])\n\tat dev.perfport.cluster.OnExecutor.withSession(OnExecutor.java:120)\n");
        RuntimeException e = NoDevice.clearer(spark);
        assertNotSame(spark, e);
        assertEquals("no executor of the cluster that Spark tried has the device any more (executor 127.0.0.2/4711 has no jocl device like"
                + " pthread-cpu (fingerprint Fingerprint[name=pthread-cpu])); see 'perfport devices' on the workers", e.getMessage());
        assertSame(spark, e.getCause());
    }

    @Test
    void otherFailuresStayAsTheyAre() {
        RuntimeException other = new RuntimeException("Job aborted due to stage failure: java.lang.OutOfMemoryError");
        assertSame(other, NoDevice.clearer(other));
    }
}
