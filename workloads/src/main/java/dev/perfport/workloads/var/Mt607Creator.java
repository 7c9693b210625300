package dev.perfport.workloads.var;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;

/**
 * Our own implementation of the idea of Matsumoto and Nishimura's Dynamic Creator (DCMT) for the
 * MT607 streams of Nvidia's sample: one parameter set per stream, the stream id in the low 16 bits
 * of {@code matrix_a}, so that the characteristic polynomials of different streams differ and
 * their sequences are independent. Nvidia's precomputed {@code MersenneTwister.dat} is not used.
 *
 * <p>For stream {@code id} (0 ≤ id &lt; {@value #MAX_STREAMS}): a base MT19937 seeded with
 * {@code init_by_array({4172, id})} (4172 = Nvidia's {@code DCMT_SEED}) draws candidates
 * {@code matrix_a = (r & 0xFFFF0000) | id} until the recurrence's characteristic polynomial is
 * primitive: its minimal polynomial is found by Berlekamp–Massey on the top bit of 1214 raw
 * outputs (from a fixed state, initial word 4172) and must have degree 607, then
 * {@link Gf2Poly#isPrimitive} decides. The stream's seed is the base generator's next non-zero
 * output. Tempering masks are a documented fixed choice, MT19937's {@code 0x9d2c5680} and
 * {@code 0xefc60000} (DCMT searches them per stream for better equidistribution; the period and
 * independence come from {@code matrix_a}).
 *
 * <p>A stream costs about 0.1 s on one core (several hundred candidates; a gcd sieve rejects most
 * of them early), so sets are made lazily, only as many as a launch has work-items, in parallel,
 * and kept in a text file (see {@link #defaultFile}), written atomically.
 */
public final class Mt607Creator {
    /** Nvidia's sample has 4096 streams; one per work-item, so at most this many work-items with rng=mt. */
    public static final int MAX_STREAMS = 4096;
    public static final int DCMT_SEED = 4172;
    public static final int MASK_B = 0x9d2c5680;
    public static final int MASK_C = 0xefc60000;
    /** Degrees of small factors the sieve looks for before the full test. */
    static final int SIEVE = 24;
    /** Raw outputs Berlekamp–Massey needs to find a recurrence of length up to 607. */
    static final int SEQUENCE = 2 * Gf2Poly.DEG;
    /** System property overriding the file of generated parameter sets. */
    public static final String FILE_PROPERTY = "perfport.var.mt607.file";

    private static final Map<Path, Mt607Creator> SHARED = new ConcurrentHashMap<>();

    private final Path file;
    private final Map<Integer, Mt607.Params> known = new ConcurrentHashMap<>();

    private Mt607Creator(Path file) {
        this.file = file;
        if (file != null) known.putAll(read(file));
    }

    /** A creator that keeps its parameter sets in {@code file} (null: memory only). */
    public static Mt607Creator withFile(Path file) {
        return new Mt607Creator(file);
    }

    /** The creator of this JVM for the default file. */
    public static Mt607Creator shared() {
        Path f = defaultFile();
        return SHARED.computeIfAbsent(f, Mt607Creator::new);
    }

    /** {@value #FILE_PROPERTY}, else {@code $XDG_CACHE_HOME} or {@code ~/.cache}, then {@code perfport/mt607/dcmt-4172-v1.txt}. */
    public static Path defaultFile() {
        String p = System.getProperty(FILE_PROPERTY);
        if (p != null && !p.isBlank()) return Path.of(p);
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home", ".")).resolve(".cache");
        return base.resolve("perfport").resolve("mt607").resolve("dcmt-4172-v1.txt");
    }

    /** The parameter sets of streams 0 .. count−1, making (and saving) those not known yet. */
    public List<Mt607.Params> params(int count) {
        if (count < 1 || count > MAX_STREAMS) {
            throw new IllegalArgumentException("rng=mt needs one Mersenne Twister stream per work-item: " + count
                    + " work-items, but streams are limited to 1.." + MAX_STREAMS + " (as in Nvidia's sample); use fewer work-items (wgsize*ngroup) or rng=philox");
        }
        int[] missing = IntStream.range(0, count).filter(i -> !known.containsKey(i)).toArray();
        if (missing.length > 0) {
            // independent per stream, so parallel; each id's search is deterministic
            IntStream.of(missing).parallel().forEach(i -> known.put(i, create(i)));
            save();
        }
        List<Mt607.Params> l = new ArrayList<>(count);
        for (int i = 0; i < count; i++) l.add(known.get(i));
        return l;
    }

    /** The parameter set of stream {@code id}, computed (no file involved). */
    public static Mt607.Params create(int id) {
        if (id < 0 || id >= MAX_STREAMS) throw new IllegalArgumentException("stream id must be in [0, " + MAX_STREAMS + "), got " + id);
        Mt19937 base = new Mt19937(new int[]{DCMT_SEED, id});
        for (int tries = 0; tries < 1 << 16; tries++) {
            int a = (base.next() & 0xFFFF0000) | id;
            if (isPrimitive(a)) {
                int seed;
                do {
                    seed = base.next();
                } while (seed == 0);
                return new Mt607.Params(a, MASK_B, MASK_C, seed);
            }
        }
        throw new IllegalStateException("no primitive MT607 matrix found for stream " + id + " in 65536 candidates");
    }

    /** Whether the MT607 recurrence with this matrix_a has a primitive characteristic polynomial. */
    static boolean isPrimitive(int matrixA) {
        long[] p = characteristicPolynomial(matrixA);
        return p != null && Gf2Poly.isPrimitive(p, SIEVE);
    }

    /** The characteristic polynomial (degree 607), or null when the sequence's recurrence is shorter. */
    static long[] characteristicPolynomial(int matrixA) {
        Mt607 g = new Mt607(matrixA, 0, 0, DCMT_SEED);
        byte[] s = new byte[SEQUENCE];
        for (int i = 0; i < SEQUENCE; i++) s[i] = (byte) (g.nextRaw() >>> 31);
        int[] len = new int[1];
        long[] c = Gf2Poly.berlekampMassey(s, len);
        if (len[0] != Gf2Poly.DEG) return null;
        return Gf2Poly.reciprocal(c, len[0]);
    }

    private static Map<Integer, Mt607.Params> read(Path file) {
        Map<Integer, Mt607.Params> m = new ConcurrentHashMap<>();
        if (!Files.exists(file)) return m;
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                line = line.strip();
                if (line.isEmpty() || line.startsWith("#")) continue;
                String[] f = line.split("\\s+");
                if (f.length != 5) continue;          // a line we do not understand is recomputed, not trusted
                int id = Integer.parseInt(f[0]);
                Mt607.Params p = new Mt607.Params(Integer.parseUnsignedInt(f[1], 16), Integer.parseUnsignedInt(f[2], 16),
                        Integer.parseUnsignedInt(f[3], 16), Integer.parseUnsignedInt(f[4], 16));
                // a set from the file must be the one this code derives for its id: cheap checks only
                if (id >= 0 && id < MAX_STREAMS && (p.matrixA() & 0xFFFF) == id && p.maskB() == MASK_B && p.maskC() == MASK_C) m.put(id, p);
            }
        } catch (IOException | NumberFormatException e) {
            m.clear();                                // unreadable: recompute everything
        }
        return m;
    }

    private synchronized void save() {
        if (file == null) return;
        StringBuilder b = new StringBuilder("# MT607 parameter sets (perfport Mt607Creator, DCMT seed 4172): id matrix_a mask_b mask_c seed\n");
        known.keySet().stream().sorted().forEach(id -> {
            Mt607.Params p = known.get(id);
            b.append(id).append(' ').append(hex(p.matrixA())).append(' ').append(hex(p.maskB())).append(' ')
                    .append(hex(p.maskC())).append(' ').append(hex(p.seed())).append('\n');
        });
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), file.getFileName() + ".", ".tmp");
            try {
                Files.writeString(tmp, b, StandardCharsets.UTF_8);
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            // not fatal: the sets are still in memory, and the next JVM computes them again
        }
    }

    private static String hex(int v) {
        return String.format("%08x", v);
    }
}
