package dev.perfport.core.backend;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What a session hands out and takes back (buffers, kernels): it knows its session, closes once,
 * and on close leaves the session's list of open resources, so that the session's own close
 * releases only what is still open.
 *
 * @param <S> the backend's session type
 */
public abstract class SessionResource<S extends AbstractDeviceSession> implements AutoCloseable {
    private final S session;
    private final AtomicBoolean closed = new AtomicBoolean();

    /**
     * A resource of a session.
     *
     * @param session the session that made it
     */
    protected SessionResource(S session) {
        this.session = session;
    }

    /** {@return the session that made it} */
    public final S session() {
        return session;
    }

    /** {@return whether {@link #close()} has run} */
    public final boolean isClosed() {
        return closed.get();
    }

    /** Frees the route's resources; called once, by the first {@link #close()}. */
    protected abstract void release();

    /** Releases the resource once; the session no longer counts it as open, even if the release failed. */
    @Override
    public final void close() {
        if (!closed.compareAndSet(false, true)) return;
        try {
            release();
        } finally {
            session.released(this);
        }
    }
}
