package dev.perfport.core.checked;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.device.DeviceInfo;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.error.DeviceExecutionException;
import dev.perfport.core.kernel.Constants;
import dev.perfport.core.kernel.KernelDef;
import dev.perfport.core.launch.Launch;
import dev.perfport.core.launch.LaunchStep;
import dev.perfport.core.memory.DeviceBuffer;
import dev.perfport.core.memory.ElemType;
import dev.perfport.core.result.Counters;
import dev.perfport.core.result.Profile;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A route's session on Oclgrind's device, checked: every compile and launch holds
 * {@link Oclgrind#LOCK}, and after each launch Oclgrind's reports are read; any report fails the
 * launch with one line ({@link DeviceExecutionException}) naming the kernel, the argument or
 * memory, the index, the work-items and the source line. Oclgrind simulates the device's memory
 * and skips an invalid access after reporting it, so nothing outside the buffers is touched.
 */
public final class CheckedSession implements DeviceSession {
    private final DeviceSession inner;
    private final BufferAddresses addresses;
    /** Oclgrind stopped reporting on this session's context ({@link Oclgrind#MAX_REPORTS}). */
    private boolean deaf;

    private CheckedSession(DeviceSession inner, BufferAddresses addresses) {
        this.inner = inner;
        this.addresses = addresses;
    }

    /**
     * {@return {@code inner}, checked} It times no transfer strategies (a simulator's copy times
     * mean nothing, and their overlapping queues would run Oclgrind from several threads at once):
     * workloads then copy explicitly.
     *
     * @param inner     a session on Oclgrind's device
     * @param addresses where the route's buffers lie in Oclgrind's memory ({@link BufferAddresses#NONE} where unknown)
     */
    public static DeviceSession wrap(DeviceSession inner, BufferAddresses addresses) {
        return new CheckedSession(inner, addresses);
    }

    @Override
    public String backendId() {
        return inner.backendId();
    }

    @Override
    public DeviceInfo device() {
        return inner.device();
    }

    @Override
    public DeviceBuffer allocate(ElemType type, long length, MemoryLevel level) {
        return inner.allocate(type, length, level);
    }

    @Override
    public Optional<String> cannotRun(KernelDef def) {
        return inner.cannotRun(def);
    }

    @Override
    public CompiledKernel compile(KernelDef def, Constants constants) {
        return checked(List.of(), () -> inner.compile(def, constants));
    }

    @Override
    public int maxResidentGroups(CompiledKernel kernel, long[] localSize, long localBytesPerGroup) {
        return inner.maxResidentGroups(kernel, localSize, localBytesPerGroup);
    }

    @Override
    public LaunchStats launch(CompiledKernel kernel, Launch launch, Object... args) {
        return checked(List.of(LaunchStep.of(kernel, launch, args)), () -> inner.launch(kernel, launch, args));
    }

    @Override
    public LaunchStats launchRepeated(CompiledKernel kernel, Launch launch, int times, Object... args) {
        return checked(List.of(LaunchStep.of(kernel, launch, args)), () -> inner.launchRepeated(kernel, launch, times, args));
    }

    @Override
    public List<LaunchStats> launchSequence(List<LaunchStep> steps) {
        return checked(steps, () -> inner.launchSequence(steps));
    }

    @Override
    public Profile profile() {
        return inner.profile();
    }

    @Override
    public Profile threadProfile() {
        return inner.threadProfile();
    }

    @Override
    public Counters counters() {
        return inner.counters();
    }

    @Override
    public void close() {
        synchronized (Oclgrind.LOCK) {
            try {
                addresses.close();
            } finally {
                inner.close();
                Oclgrind.drain();   // what closing reported belongs to no launch
            }
        }
    }

    /**
     * What Oclgrind reported, less the races a kernel declares intended: a race one of whose
     * statements carries the comment {@value #BENIGN}, which says why.
     */
    private List<OclgrindReport> reportsOf(List<LaunchStep> steps) {
        String log = Oclgrind.drain();
        if (log.contains("suppressing further errors")) deaf = true;
        return OclgrindReport.parse(log).stream()
                .filter(r -> !(r.race() && java.util.stream.Stream.concat(r.texts().stream(),
                        ReportLine.statements(r, ReportLine.stepOf(r, steps)).stream()).anyMatch(t -> t.contains(BENIGN))))
                .toList();
    }

    /** The mark of an intended benign race on a line of OpenCL C, in a comment that goes on to say why. */
    public static final String BENIGN = "benign race:";

    /**
     * Runs {@code body} with the lock held, then fails with Oclgrind's reports, if any. A failure of
     * the body itself is reported with them: they usually say why.
     */
    private <T> T checked(List<LaunchStep> steps, Supplier<T> body) {
        synchronized (Oclgrind.LOCK) {
            if (deaf) {
                throw new DeviceExecutionException("checked mode: Oclgrind stopped reporting on this session after "
                        + Oclgrind.MAX_REPORTS + " reports; open a new session");
            }
            T value;
            try {
                value = body.get();
            } catch (RuntimeException e) {
                List<OclgrindReport> reports = reportsOf(steps);
                if (reports.isEmpty()) throw e;
                throw new DeviceExecutionException(ReportLine.of(reports, steps, addresses, device().name()) + "; then: "
                        + e.getMessage(), e);
            }
            List<OclgrindReport> reports = reportsOf(steps);
            if (!reports.isEmpty()) throw new DeviceExecutionException(ReportLine.of(reports, steps, addresses, device().name()));
            return value;
        }
    }
}
