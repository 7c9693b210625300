package dev.perfport.workloads;

/**
 * What limits a workload's rows on a GPU, and which of a row's metrics is the rate of that resource: the
 * fraction of the device's measured limit that {@code perfport bench gpu} shows beside each row.
 */
public sealed interface Bound {
    /** The row's metric that is the rate of the limiting resource. */
    String metric();

    /** A memory-bound row of this type. */
    static Bound memory() {
        return new Memory();
    }

    /** A compute-bound row in {@code precision} ({@code float} or {@code double}). */
    static Bound compute(String precision) {
        return new Compute(precision);
    }

    /**
     * Memory-bound: the row's {@code GB/s} are the bytes it must move (each input read and each output written
     * once, at the least) over its kernel time, compared with the best {@code stream} rate of the device.
     */
    record Memory() implements Bound {
        @Override
        public String metric() {
            return "GB/s";
        }
    }

    /**
     * Compute-bound: the row's {@code GFLOP/s} (its workload's count of floating-point operations) over its kernel
     * time, compared with the {@code flops} workload's multiply-add rate of the device in the same precision.
     *
     * @param precision {@code float} or {@code double}
     */
    record Compute(String precision) implements Bound {
        public Compute {
            if (!precision.equals("float") && !precision.equals("double")) {
                throw new IllegalArgumentException("precision must be float or double, got '" + precision + "'");
            }
        }

        @Override
        public String metric() {
            return "GFLOP/s";
        }
    }
}
