package dev.perfport.workloads.pop;

import dev.perfport.workloads.LastInput;
import dev.perfport.workloads.gemm.Precision;

import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The inputs of one run, seeded: temperature falling with latitude and depth, salinity about 0.035
 * g/g, both with noise that makes neighbouring levels unstable in places (so that ddmix meets salt
 * fingering and diffusive convection) and some temperatures below the state's clamp at −2 °C; the
 * ocean levels of each column (kmt, a tenth of the columns land); background diffusivities for ddmix
 * to add to. Values are rounded to the run's precision first, so the reference reads what the
 * kernels read.
 */
record PopFields(int nxy, int km, double[] t, double[] s, int[] kmt, double[] vdc1, double[] vdc2) {
    private static final LastInput<Key, PopFields> LAST = new LastInput<>();

    private record Key(Precision p, int nx, int ny, int km, long seed) {
    }

    /** The fields of one domain and seed, made once for every variant and strategy of a compare. */
    static PopFields of(Precision p, int nx, int ny, int km, long seed) {
        return LAST.get(new Key(p, nx, ny, km, seed), () -> generate(p, nx, ny, km, seed));
    }

    static PopFields generate(Precision p, int nx, int ny, int km, long seed) {
        int nxy = nx * ny;
        SplittableRandom r = new SplittableRandom(seed);
        double[] z = Mwjf.depths(km);
        double[] t = new double[km * nxy], s = new double[km * nxy], v1 = new double[km * nxy], v2 = new double[km * nxy];
        int[] kmt = new int[nxy];
        for (int q = 0; q < nxy; q++) kmt[q] = r.nextDouble() < 0.1 ? 0 : 1 + r.nextInt(km);
        // a generator of its own per level, split in order, so that the levels fill in parallel and the same every time
        SplittableRandom[] rs = new SplittableRandom[km];
        for (int k = 0; k < km; k++) rs[k] = r.split();
        IntStream.range(0, km).parallel().forEach(k -> {
            SplittableRandom rk = rs[k];
            for (int q = 0; q < nxy; q++) {
                int i = k * nxy + q;
                double lat = ny == 1 ? 0.5 : (double) (q / nx) / (ny - 1);
                double surface = 29 - 32 * lat;
                t[i] = p.round(1.5 + (surface - 1.5) * Math.exp(-z[k] / 700) + rk.nextDouble(-1, 1));
                s[i] = p.round(0.0348 + 0.0008 * Math.exp(-z[k] / 300) * (1 - 2 * lat) + rk.nextDouble(-3e-4, 3e-4));
                v1[i] = p.round(rk.nextDouble(0.1, 1));
                v2[i] = p.round(rk.nextDouble(0.1, 1));
            }
        });
        return new PopFields(nxy, km, t, s, kmt, v1, v2);
    }
}
