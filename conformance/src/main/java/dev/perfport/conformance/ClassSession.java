package dev.perfport.conformance;

import dev.perfport.core.backend.DeviceSession;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.function.Supplier;

/**
 * One device session for all tests of a class: opened before the first, closed after the last.
 * A backend's own tests declare it instead of the open/close pair:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final ClassSession<JoclSession> S = new ClassSession<>(OpenCl::session);   // S.get() in the tests
 * }</pre>
 *
 * The supplier may abort with a JUnit assumption (no device here): then every test of the class
 * is skipped with that reason.
 */
public final class ClassSession<S extends DeviceSession> implements BeforeAllCallback, AfterAllCallback {
    private final Supplier<S> open;
    private S session;

    public ClassSession(Supplier<S> open) {
        this.open = open;
    }

    /** The open session. */
    public S get() {
        if (session == null) throw new IllegalStateException("no session: ClassSession must be a static @RegisterExtension field");
        return session;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        session = open.get();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (session != null) session.close();
        session = null;
    }
}
