package dev.perfport.workloads.var;

/**
 * The MT607 variant of the Mersenne Twister in Nvidia's OpenCL sample that the thesis used
 * (seed 000 §2.3): 19 words of state, middle word 9, one lower bit ({@code UMASK = 0xFFFFFFFE},
 * {@code LMASK = 1}), period 2^607 − 1 when the parameter set's characteristic polynomial is
 * primitive, one parameter set {matrix_a, mask_b, mask_c, seed} per stream (per work-item).
 * This host implementation produces the same words, in the same order, as the device code in
 * {@code var.cl} and the Java kernels.
 */
public final class Mt607 {
    static final int NN = 19, MM = 9;
    static final int UMASK = 0xFFFFFFFE, LMASK = 0x1;

    /**
     * One stream's parameters.
     *
     * @param matrixA the twist matrix's last row; its low 16 bits are the stream id
     * @param maskB   tempering mask applied after {@code << 7}
     * @param maskC   tempering mask applied after {@code << 15}
     * @param seed    the stream's seed
     */
    public record Params(int matrixA, int maskB, int maskC, int seed) {
    }

    private final int[] mt = new int[NN];
    private final int a, b, c;
    private int i;

    /** The stream of {@code p}, its state initialised from {@code p.seed() ^ userSeed}. */
    public Mt607(Params p, int userSeed) {
        this(p.matrixA(), p.maskB(), p.maskC(), p.seed() ^ userSeed);
    }

    /** A stream with the given matrix, masks and initial word (Nvidia's initialisation). */
    public Mt607(int matrixA, int maskB, int maskC, int initialWord) {
        this.a = matrixA;
        this.b = maskB;
        this.c = maskC;
        mt[0] = initialWord;
        for (int k = 1; k < NN; k++) mt[k] = 1812433253 * (mt[k - 1] ^ (mt[k - 1] >>> 30)) + k;
    }

    /** The next word before tempering (what the linear recurrence itself produces). */
    public int nextRaw() {
        int k1 = i + 1 == NN ? 0 : i + 1;
        int km = i + MM >= NN ? i + MM - NN : i + MM;
        int x = (mt[i] & UMASK) | (mt[k1] & LMASK);
        x = mt[km] ^ (x >>> 1) ^ ((x & 1) != 0 ? a : 0);
        mt[i] = x;
        i = k1;
        return x;
    }

    /** The next tempered output word. */
    public int next() {
        return temper(nextRaw(), b, c);
    }

    static int temper(int x, int maskB, int maskC) {
        x ^= x >>> 12;
        x ^= (x << 7) & maskB;
        x ^= (x << 15) & maskC;
        x ^= x >>> 18;
        return x;
    }
}
