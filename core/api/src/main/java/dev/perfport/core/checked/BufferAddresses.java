package dev.perfport.core.checked;

import dev.perfport.core.memory.DeviceBuffer;

import java.util.OptionalLong;

/**
 * Where a route's buffers lie in Oclgrind's global memory, so that a report's address names an
 * argument. A route that cannot tell (Aparapi keeps its buffers to itself) uses {@link #NONE}, and
 * reports then name Oclgrind's buffer number and the source statement instead.
 */
public interface BufferAddresses extends AutoCloseable {
    /** Knows no buffer's address. */
    BufferAddresses NONE = b -> OptionalLong.empty();

    /**
     * {@return the buffer's base address in Oclgrind's memory, or empty where it is not known}
     *
     * @param buffer a buffer of the checked session
     */
    OptionalLong of(DeviceBuffer buffer);

    /** Releases what finding addresses holds; called before the session closes. */
    @Override
    default void close() {
    }
}
