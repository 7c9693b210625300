package dev.perfport.workloads.transfer;

import dev.perfport.workloads.transfer.OverlapModel.Job;
import dev.perfport.workloads.transfer.OverlapModel.Side;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The thesis's equations against numbers computed by hand from its Table 5.1 (GTX Titan, PCIe 3.0,
 * times in ms, MB = 2^20; seed 002 §6.4–6.6 and §10 items 14–16).
 */
class OverlapModelTest {
    static final Side HD = new Side(0.009420, 8.318392E-8, 0.002503);
    static final Side DH = new Side(0.009023, 7.924734E-8, 0.002674);
    static final double MB = 1 << 20;

    @Test
    void theLogGpTransferTimesOfTable51() {
        assertEquals(1.405, HD.time(16 * MB), 0.0005, "16 MB H2D, one stream");
        assertEquals(2.043, HD.time(16 * MB, 256), 0.0005, "16 MB H2D in 256 streams");
        assertEquals(1.339, DH.time(16 * MB), 0.0005, "16 MB D2H, one stream");
        assertEquals(2.020, DH.time(16 * MB, 256), 0.0005, "16 MB D2H in 256 streams");
        assertEquals(89.33, HD.time(1024 * MB), 0.005, "1 GB H2D");
    }

    /** Fig. 5.8's example: 128 MB in, 2 MB out, tE = 10 ms on category 2 (the Titan). */
    @Test
    void theStreamCountOfFig58IsWhereTheTopTwoClausesOfEq54Meet() {
        Job j = Job.even(128 * MB, 2 * MB, 10, 1);
        assertEquals(21.35, OverlapModel.streams(2, HD, DH, j), 0.005, "one stream: nothing overlaps");
        assertEquals(12.01, OverlapModel.streams(2, HD, DH, j.split(128)), 0.005, "128 streams pay their gaps");
        OverlapModel.Optimum o = OverlapModel.optimum(2, HD, DH, j, 128);
        assertEquals(38, o.n());
        assertEquals(11.54, o.time(), 0.005);
        assertEquals(11.58, OverlapModel.streams(2, HD, DH, j.split(32)), 0.005);
        assertEquals(11.68, OverlapModel.streams(2, HD, DH, j.split(64)), 0.005);
        // at the optimum the first two clauses (both directions in full; the input in full beside a stream's compute) are within a gap
        Job at = j.split(38);
        double both = HD.time(128 * MB, 38) + DH.time(2 * MB, 38);
        double inThenStream = HD.time(128 * MB, 38) + 10.0 / 38 + DH.time(2 * MB / 38);
        assertEquals(both, inThenStream, HD.gap() + DH.gap());
        assertEquals(Math.max(both, inThenStream), OverlapModel.eq54(HD, DH, at), 1e-12);
    }

    @Test
    void eachEquationByHand() {
        // 64 MB each way, tE 20 ms, 8 streams, Table 5.1's links
        Job j = Job.even(64 * MB, 64 * MB, 20, 8);
        double in = 0.009420 + 64 * MB * 8.318392E-8, out = 0.009023 + 64 * MB * 7.924734E-8;   // 5.5921, 5.3272 ms
        double sIn = 0.009420 + 8 * MB * 8.318392E-8, sOut = 0.009023 + 8 * MB * 7.924734E-8;
        double gIn = 7 * 0.002503, gOut = 7 * 0.002674;
        assertEquals(in + 20 + out, OverlapModel.explicit(HD, DH, j), 1e-9);
        assertEquals(sIn + 20 + out + gOut, OverlapModel.eq51(HD, DH, j), 1e-9);
        assertEquals(in + gIn + 20.0 / 8 + out + gOut, OverlapModel.eq52(HD, DH, j), 1e-9);
        assertEquals(sIn + 20 + sOut, OverlapModel.eq53(HD, DH, j), 1e-9);
        assertEquals(Math.max(in + gIn + out + gOut, Math.max(in + gIn + 2.5 + sOut, sIn + 2.5 + out + gOut)), OverlapModel.eq54(HD, DH, j), 1e-9);
        assertEquals(Math.max(in + gIn + 2.5 + sOut, Math.max(sIn + 20 + sOut, sIn + 2.5 + out + gOut)), OverlapModel.eq55(HD, DH, j), 1e-9);
        // mapped: the longest part plus the latencies of the two it overlaps
        assertEquals(0.009420 + 20 + 0.009023, OverlapModel.eq56(HD, DH, j), 1e-9);
        // kernel dominant here: categories 2 and 3 hide both directions but a stream's worth, category 1 not the output
        assertEquals(sIn + 20 + out + gOut, OverlapModel.streams(1, HD, DH, j), 1e-9);
        assertEquals(sIn + 20 + sOut, OverlapModel.streams(2, HD, DH, j), 1e-9);
        assertEquals(sIn + 20 + sOut, OverlapModel.streams(3, HD, DH, j), 1e-9);
    }

    /** Table 5.2: with both directions at once on PCIe 3.0 (explicit–mapped), G grows from 12.0 to 8.4 GB/s in and 12.6 to 6.8 out. */
    @Test
    void contentionSlowsTheOverlappedDirections() {
        Job j = Job.even(256 * MB, 256 * MB, 5, 16);   // transfers dominate
        Side hdC = HD.withPerByte(1.193386E-7), dhC = DH.withPerByte(1.480396E-7);
        double free = OverlapModel.eq55(HD, DH, j), contended = OverlapModel.eq55(hdC, dhC, j);
        // the output in full, contended, after one stream's input and compute: 2.012 + 0.313 + 39.788 ms
        double byHand = 0.009420 + 16 * MB * 1.193386E-7 + 5.0 / 16 + 0.009023 + 256 * MB * 1.480396E-7 + 15 * 0.002674;
        assertEquals(byHand, contended, 1e-9);
        assertEquals(42.11, contended, 0.005);
        assertEquals(24.03, free, 0.005, "the input in full, then a stream's compute and output");
    }

    @Test
    void aSequentialPrefixIsSentBeforeTheStreams() {
        Job plain = Job.even(64 * MB, 64 * MB, 20, 8);
        Job withB = new Job(128 * MB, 64 * MB, 20, 8, 8 * MB, 8 * MB, 64 * MB);
        assertEquals(HD.time(64 * MB) + OverlapModel.eq55(HD, DH, plain), OverlapModel.eq55(HD, DH, withB), 1e-9);
    }

    /** §6.6's closed forms are the minimum of their equation over a continuous n. */
    @Test
    void theClosedFormBoundsAreTheArgminOfTheirEquations() {
        Random r = new Random(7);
        for (int i = 0; i < 20; i++) {
            Side hd = new Side(r.nextDouble() * 0.02, (0.5 + r.nextDouble()) * 1e-7, 0.001 + r.nextDouble() * 0.004);
            Side dh = new Side(r.nextDouble() * 0.02, (0.5 + r.nextDouble()) * 1e-7, 0.001 + r.nextDouble() * 0.004);
            Job j = Job.even((1 + r.nextInt(512)) * MB, (1 + r.nextInt(512)) * MB, 1 + r.nextDouble() * 50, 1);
            check(n -> OverlapModel.eq51(hd, dh, j.split(n)), OverlapModel.nMax(1, hd, dh, j, true), j);
            check(n -> OverlapModel.eq52(hd, dh, j.split(n)), OverlapModel.nMax(1, hd, dh, j, false), j);
            double tThd = hd.perByte() * j.bhd(), tTdh = dh.perByte() * j.bdh();
            // the transfer-dominant clause of Eq. 5.5 that the bound minimises
            java.util.function.IntToDoubleFunction clause = tThd > tTdh
                    ? n -> hd.time(j.bhd(), n) + j.tE() / n + dh.time(j.bdh() / n)
                    : n -> hd.time(j.bhd() / n) + j.tE() / n + dh.time(j.bdh(), n);
            check(clause, OverlapModel.nMax(3, hd, dh, j, false), j);
        }
        assertTrue(Double.isNaN(OverlapModel.nMax(2, HD, DH, Job.even(MB, MB, 1, 1), true)), "no bound: tE(n) would be needed");
    }

    /** f, sampled at integers, is smallest next to the continuous argmin {@code nMax}. */
    private static void check(java.util.function.IntToDoubleFunction f, double nMax, Job j) {
        int lo = Math.max(1, (int) Math.floor(nMax)), hi = lo + 1;
        double best = Math.min(f.applyAsDouble(lo), f.applyAsDouble(hi));
        for (int n = 1; n <= 4096; n++) assertTrue(f.applyAsDouble(n) >= best - 1e-9, "n=" + n + " beats n_max=" + nMax + " for " + j);
    }
}
