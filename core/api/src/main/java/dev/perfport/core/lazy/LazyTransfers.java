package dev.perfport.core.lazy;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.backend.DeviceSession;
import dev.perfport.core.backend.LaunchStats;
import dev.perfport.core.device.MemoryLevel;
import dev.perfport.core.kernel.Access;
import dev.perfport.core.kernel.ArgDef;
import dev.perfport.core.launch.Launch;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Runs kernels on {@link LazyBuffer}s of one device session with Parallel-Horus's lazy coherence
 * (seed 002 §3.2): a buffer moves to the device only when a kernel reads it there and the device
 * copy is stale, and back only when the host needs it; a kernel leaves the buffers it writes valid
 * on the device alone (q2), those it only reads in their state. The eager policy is the naive
 * baseline that copies around every kernel; the counters of both say what was moved, and the lazy
 * one what it avoided.
 *
 * <p>An argument's access comes from the kernel definition: READ needs a valid device copy;
 * WRITE means the kernel overwrites the whole buffer, so nothing is copied in; READ_WRITE needs a
 * valid device copy. Other arguments (scalars, local sizes, plain device buffers) pass through.
 *
 * <pre>{@code
 * try (LazyTransfers t = new LazyTransfers(session)) {
 *     LazyBuffer img = t.buffer(pixels), a = t.buffer(new float[n]), b = t.buffer(new float[n]);
 *     t.launch(conv, range, img, filt, a, w, h);   // img copied in once
 *     t.launch(conv2, range, img, filt2, b, w, h); // img already there: nothing copied
 *     t.launch(max, range1d, a, b, n);             // a = max(a, b) on the device
 *     float[] out = (float[]) a.forHost();         // the one copy back
 * }
 * }</pre>
 */
public final class LazyTransfers implements AutoCloseable {
    private final DeviceSession session;
    private final CoherencePolicy policy;
    private final List<LazyBuffer> buffers = new ArrayList<>();
    private long h2dBytes, d2hBytes, h2dCopies, d2hCopies, eagerBytes;

    /**
     * Lazy coherence on this session.
     *
     * @param session the device session that runs the kernels
     */
    public LazyTransfers(DeviceSession session) {
        this(session, CoherencePolicy.LAZY);
    }

    /**
     * A policy of one's choice on this session.
     *
     * @param session the device session that runs the kernels
     * @param policy  lazy or eager
     */
    public LazyTransfers(DeviceSession session, CoherencePolicy policy) {
        this.session = Objects.requireNonNull(session);
        this.policy = Objects.requireNonNull(policy);
    }

    /** {@return the coherence policy} */
    public CoherencePolicy policy() {
        return policy;
    }

    DeviceSession session() {
        return session;
    }

    /**
     * A buffer over this host array whose data the host holds (q1), in global memory.
     *
     * @param host an int[], long[], float[] or double[]
     * @return the buffer
     */
    public LazyBuffer buffer(Object host) {
        return buffer(host, MemoryLevel.GLOBAL);
    }

    /**
     * A buffer over this host array whose data the host holds (q1), in global or constant memory.
     *
     * @param host  an int[], long[], float[] or double[]
     * @param level GLOBAL or CONSTANT
     * @return the buffer
     */
    public LazyBuffer buffer(Object host, MemoryLevel level) {
        LazyBuffer b = new LazyBuffer(this, host, level);
        b.state(Residency.HOST);
        buffers.add(b);
        return b;
    }

    /**
     * A buffer whose host array holds nothing yet (q0), e.g. a kernel's output or a temporary:
     * the first kernel that reads it gets an allocated, uncopied device buffer.
     *
     * @param host an int[], long[], float[] or double[]
     * @return the buffer
     */
    public LazyBuffer output(Object host) {
        LazyBuffer b = new LazyBuffer(this, host, MemoryLevel.GLOBAL);
        buffers.add(b);
        return b;
    }

    /**
     * Launches a kernel; {@link LazyBuffer} arguments are resolved by their access in the
     * definition, copying only what the policy requires.
     *
     * @param kernel a kernel compiled on this object's session
     * @param launch the launch shape
     * @param args   the kernel's arguments, {@link LazyBuffer}s among them
     * @return the launch's statistics
     */
    public LaunchStats launch(CompiledKernel kernel, Launch launch, Object... args) {
        List<ArgDef> defs = kernel.def().args();
        Object[] real = args.clone();
        for (int i = 0; i < args.length; i++) {
            if (!(args[i] instanceof LazyBuffer b)) continue;
            if (b.owner() != this) throw new IllegalArgumentException("argument " + i + " is a buffer of another LazyTransfers");
            Access a = i < defs.size() ? defs.get(i).access() : Access.READ_WRITE;
            if (a != Access.WRITE) eagerBytes += b.bytes();
            if (policy == CoherencePolicy.EAGER) {
                if (a != Access.WRITE) copyIn(b);
            } else if (a != Access.WRITE) {
                toDevice(b);
            }
            real[i] = b.device();
        }
        LaunchStats stats = session.launch(kernel, launch, real);
        for (int i = 0; i < args.length; i++) {
            if (!(args[i] instanceof LazyBuffer b)) continue;
            Access a = i < defs.size() ? defs.get(i).access() : Access.READ_WRITE;
            if (a == Access.READ) continue;
            b.state(Residency.DEVICE);   // q2: the kernel's output lives on the device
            eagerBytes += b.bytes();
            if (policy == CoherencePolicy.EAGER) copyOut(b);
        }
        return stats;
    }

    /** {@return what was moved so far, and what the eager schedule would have moved beyond it} */
    public TransferCounts counts() {
        long moved = h2dBytes + d2hBytes;
        return new TransferCounts(h2dBytes, d2hBytes, h2dCopies, d2hCopies, Math.max(0, eagerBytes - moved));
    }

    /** Releases every device copy this object allocated (host copies are made valid first). */
    @Override
    public void close() {
        for (LazyBuffer b : buffers) b.close();
        buffers.clear();
    }

    // ---- transitions -----------------------------------------------------------------------

    void toDevice(LazyBuffer b) {
        if (b.residency().deviceValid()) return;
        if (b.residency() == Residency.NONE) {
            b.device();                       // nothing to copy: allocate only
            return;
        }
        copyIn(b);
    }

    void toHost(LazyBuffer b) {
        if (b.residency() == Residency.DEVICE) copyOut(b);
    }

    private void copyIn(LazyBuffer b) {
        b.device().write(0, b.host(), 0, b.length());
        h2dBytes += b.bytes();
        h2dCopies++;
        b.state(Residency.BOTH);
    }

    private void copyOut(LazyBuffer b) {
        b.device().read(0, b.host(), 0, b.length());
        d2hBytes += b.bytes();
        d2hCopies++;
        b.state(Residency.BOTH);
    }
}
