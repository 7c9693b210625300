package dev.perfport.core.transfer;

import dev.perfport.core.backend.CompiledKernel;
import dev.perfport.core.launch.Launch;

import java.util.List;
import java.util.Objects;

/**
 * One kernel over host data split into chunks: chunk i reads {@code inCount} floats of the input
 * from {@code inOffset} (its halo included) and writes {@code outCount} floats of the output at
 * {@code outOffset}. Its arguments name its own input and output with {@link #IN} and
 * {@link #OUT}, which a runner replaces by the chunk's buffers; other buffers (a filter) are
 * ordinary device buffers already on the device.
 *
 * @param kernel the compiled kernel
 * @param input  the input, on the host
 * @param output the output, on the host
 * @param chunks the chunks, in order, covering the output
 */
public record ChunkedJob(CompiledKernel kernel, float[] input, float[] output, List<Chunk> chunks) {
    /** Marks the argument that is the chunk's input buffer. */
    public static final Object IN = new Object() {
        @Override
        public String toString() {
            return "IN";
        }
    };
    /** Marks the argument that is the chunk's output buffer. */
    public static final Object OUT = new Object() {
        @Override
        public String toString() {
            return "OUT";
        }
    };

    /** Checks the parts: at least one chunk, each within the host arrays. */
    public ChunkedJob {
        Objects.requireNonNull(kernel);
        Objects.requireNonNull(input);
        Objects.requireNonNull(output);
        chunks = List.copyOf(chunks);
        if (chunks.isEmpty()) throw new IllegalArgumentException("a job needs at least one chunk");
        for (Chunk c : chunks) {
            if (c.inOffset() < 0 || c.inOffset() + (long) c.inCount() > input.length || c.outOffset() < 0
                    || c.outOffset() + (long) c.outCount() > output.length) {
                throw new IllegalArgumentException("chunk " + c + " lies outside the input (" + input.length
                        + ") or output (" + output.length + ")");
            }
        }
    }

    /**
     * One chunk.
     *
     * @param inOffset  first input element
     * @param inCount   input elements (halo included)
     * @param outOffset first output element
     * @param outCount  output elements
     * @param launch    the launch shape for this chunk
     * @param args      the kernel's arguments, with {@link #IN} and {@link #OUT} in place of its buffers
     */
    public record Chunk(int inOffset, int inCount, int outOffset, int outCount, Launch launch, List<Object> args) {
        /** Copies the argument list. */
        public Chunk {
            args = List.copyOf(args);
        }
    }

    /** {@return input bytes over all chunks (halos counted each time they travel)} */
    public long inBytes() {
        long b = 0;
        for (Chunk c : chunks) b += 4L * c.inCount();
        return b;
    }

    /** {@return output bytes over all chunks} */
    public long outBytes() {
        long b = 0;
        for (Chunk c : chunks) b += 4L * c.outCount();
        return b;
    }

    /**
     * {@return a chunk's arguments with its own buffers in place of the markers}
     *
     * @param c   the chunk
     * @param in  its input buffer
     * @param out its output buffer
     */
    public static Object[] bind(Chunk c, Object in, Object out) {
        Object[] a = c.args().toArray();
        for (int i = 0; i < a.length; i++) {
            if (a[i] == IN) a[i] = in;
            else if (a[i] == OUT) a[i] = out;
        }
        return a;
    }
}
