package dev.perfport.cli.commands;

import dev.perfport.workloads.Bound;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The limits {@code perfport bench gpu} measures on each device, the denominators of its {@code % of stream} and
 * {@code % of flops} columns: the best verified {@code stream} rate of the device (any kernel, type and route), and
 * the best verified {@code flops} rate per precision. A row's fraction is its bound's metric over the limit of the
 * device that ran it: bytes it must move per second over the stream rate, or flops per second over the flops rate in
 * its precision.
 *
 * @param stream the best stream GB/s per device name
 * @param flops  the best flops GFLOP/s per device name, then per precision ({@code float}, {@code double})
 */
record DeviceLimits(Map<String, Double> stream, Map<String, Map<String, Double>> flops) {

    DeviceLimits {
        stream = Map.copyOf(stream);
        Map<String, Map<String, Double>> f = new HashMap<>();
        flops.forEach((d, m) -> f.put(d, Map.copyOf(m)));
        flops = Map.copyOf(f);
    }

    /**
     * One result row as the limits read it.
     *
     * @param workload its workload
     * @param device   the device that ran it
     * @param verified whether it verified (only verified rows set or take a fraction of a limit)
     * @param type     its {@code type} parameter, or null
     * @param metrics  its metrics
     */
    record Row(String workload, String device, boolean verified, String type, Map<String, Double> metrics) {
        Row {
            metrics = Map.copyOf(metrics);
        }

        double metric(String name) {
            Double v = metrics.get(name);
            return v == null ? 0 : v;
        }
    }

    /** The limits of every device among {@code rows}: their stream and flops rows' best rates. */
    static DeviceLimits of(Iterable<Row> rows) {
        Map<String, Double> stream = new HashMap<>();
        Map<String, Map<String, Double>> flops = new HashMap<>();
        for (Row r : rows) {
            if (!r.verified()) continue;
            if (r.workload().equals("stream")) stream.merge(r.device(), r.metric("GB/s"), Math::max);
            if (r.workload().equals("flops") && r.type() != null) {
                flops.computeIfAbsent(r.device(), d -> new HashMap<>()).merge(r.type(), r.metric("GFLOP/s"), Math::max);
            }
        }
        return new DeviceLimits(stream, flops);
    }

    /**
     * The fraction of its device's limit that {@code row} reaches under {@code bound}; empty where the row did not
     * verify or its device has no positive limit of that kind.
     */
    OptionalDouble fraction(Row row, Bound bound) {
        if (!row.verified()) return OptionalDouble.empty();
        Double limit = switch (bound) {
            case Bound.Memory m -> stream.get(row.device());
            case Bound.Compute c -> flops.getOrDefault(row.device(), Map.of()).get(c.precision());
        };
        if (limit == null || !(limit > 0)) return OptionalDouble.empty();
        return OptionalDouble.of(row.metric(bound.metric()) / limit);
    }
}
