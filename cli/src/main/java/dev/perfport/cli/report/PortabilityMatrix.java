package dev.perfport.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The paper's portability experiment (Figs. 11–12) as a matrix: one kernel in one type, a row per device that ran, a
 * column per device whose tuned configuration it ran, and in each cell the rate over that row device's own tuned
 * configuration's rate, both measured in the same pass. A cell that did not run keeps its reason; a row whose own
 * configuration did not run has no denominator and says so.
 *
 * @param kernel  gemm or trsm
 * @param type    float or double
 * @param devices the devices, in order (rows and columns alike)
 * @param cells   per row device (ran on), per column device (tuned on), the cell
 */
record PortabilityMatrix(String kernel, String type, List<String> devices, Map<String, Map<String, Cell>> cells) {

    /**
     * One configuration run on one device.
     *
     * @param kernel  gemm or trsm
     * @param type    float or double
     * @param tunedOn the device the configuration was tuned on
     * @param ranOn   the device it ran on
     * @param gflops  its verified rate (modelled on the emulator), or null
     * @param error   why it has no rate (refused before compiling, failed, wrong, or nothing tuned to run), else null
     */
    record CrossRow(String kernel, String type, String tunedOn, String ranOn, Double gflops, String error) {
    }

    /** A cell of the matrix. */
    sealed interface Cell permits Share, NotRun, NoOwnBest {
    }

    /** The configuration ran at {@code gflops}; the row device's own tuned configuration at {@code own}. */
    record Share(double gflops, double own) implements Cell {
        /** The fraction of the row device's own best: 1 on the diagonal, above 1 where a foreign configuration beat the tuner's pick. */
        double fraction() {
            return gflops / own;
        }
    }

    /** The configuration did not run on this device, and why. */
    record NotRun(String why) implements Cell {
    }

    /** The configuration ran ({@code gflops}), but the row device's own did not, so there is no fraction: {@code why}. */
    record NoOwnBest(double gflops, String why) implements Cell {
    }

    PortabilityMatrix {
        devices = List.copyOf(devices);
        Map<String, Map<String, Cell>> c = new LinkedHashMap<>();
        cells.forEach((k, v) -> c.put(k, Map.copyOf(v)));
        cells = java.util.Collections.unmodifiableMap(c);
    }

    /**
     * The matrix of {@code kernel} in {@code type} from the rows of every device; a pair with no row is a cell that did
     * not run ("not measured").
     */
    static PortabilityMatrix of(String kernel, String type, List<String> devices, List<CrossRow> rows) {
        Map<String, Map<String, CrossRow>> by = new LinkedHashMap<>();
        for (CrossRow r : rows) {
            if (r.kernel().equals(kernel) && r.type().equals(type)) by.computeIfAbsent(r.ranOn(), k -> new LinkedHashMap<>()).put(r.tunedOn(), r);
        }
        Map<String, Map<String, Cell>> cells = new LinkedHashMap<>();
        for (String ranOn : devices) {
            Map<String, CrossRow> row = by.getOrDefault(ranOn, Map.of());
            CrossRow own = row.get(ranOn);
            String noOwn = own == null ? "its own configuration was not measured"
                    : own.gflops() == null || !(own.gflops() > 0) ? "its own configuration did not run: " + own.error() : null;
            Map<String, Cell> line = new LinkedHashMap<>();
            for (String tunedOn : devices) {
                CrossRow r = row.get(tunedOn);
                Cell cell;
                if (r == null) cell = new NotRun("not measured");
                else if (r.gflops() == null || !(r.gflops() > 0)) cell = new NotRun(r.error() == null ? "no rate" : r.error());
                else if (noOwn != null) cell = new NoOwnBest(r.gflops(), noOwn);
                else cell = new Share(r.gflops(), own.gflops());
                line.put(tunedOn, cell);
            }
            cells.put(ranOn, line);
        }
        return new PortabilityMatrix(kernel, type, devices, cells);
    }

    Cell cell(String ranOn, String tunedOn) {
        return cells.get(ranOn).get(tunedOn);
    }

    /** The off-diagonal fractions (a configuration on a device it was not tuned on), row by row. */
    List<Double> foreignFractions() {
        List<Double> l = new ArrayList<>();
        for (String ranOn : devices) {
            for (String tunedOn : devices) {
                if (!ranOn.equals(tunedOn) && cell(ranOn, tunedOn) instanceof Share s) l.add(s.fraction());
            }
        }
        return l;
    }

    /** The lowest off-diagonal fraction: how badly a configuration tuned elsewhere did at worst (the paper's 4 %). */
    Optional<Double> worst() {
        return foreignFractions().stream().min(Double::compare);
    }

    /** Off-diagonal cells that did not run: configurations a route could not take. */
    long refused() {
        long n = 0;
        for (String ranOn : devices) {
            for (String tunedOn : devices) if (!ranOn.equals(tunedOn) && cell(ranOn, tunedOn) instanceof NotRun) n++;
        }
        return n;
    }
}
