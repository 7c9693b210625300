package dev.perfport.workloads.var;

/**
 * The standard Mersenne Twister MT19937 (Matsumoto and Nishimura 1998), with both seeding
 * procedures of the reference implementation {@code mt19937ar.c} ({@code init_genrand} and
 * {@code init_by_array}). Here it drives the search for MT607 parameter sets (see
 * {@link Mt607Creator}), as the Dynamic Creator uses a base generator.
 */
public final class Mt19937 {
    private static final int N = 624, M = 397;
    private final int[] mt = new int[N];
    private int i = N + 1;

    /** Seeded with {@code init_genrand(seed)}. */
    public Mt19937(int seed) {
        init(seed);
    }

    /** Seeded with {@code init_by_array(key)}. */
    public Mt19937(int[] key) {
        if (key.length == 0) throw new IllegalArgumentException("init_by_array needs a key of at least one word");
        init(19650218);
        int a = 1, j = 0;
        for (int k = Math.max(N, key.length); k > 0; k--) {
            mt[a] = (mt[a] ^ ((mt[a - 1] ^ (mt[a - 1] >>> 30)) * 1664525)) + key[j] + j;
            a++;
            j++;
            if (a >= N) {
                mt[0] = mt[N - 1];
                a = 1;
            }
            if (j >= key.length) j = 0;
        }
        for (int k = N - 1; k > 0; k--) {
            mt[a] = (mt[a] ^ ((mt[a - 1] ^ (mt[a - 1] >>> 30)) * 1566083941)) - a;
            a++;
            if (a >= N) {
                mt[0] = mt[N - 1];
                a = 1;
            }
        }
        mt[0] = 0x80000000;
    }

    private void init(int seed) {
        mt[0] = seed;
        for (int k = 1; k < N; k++) mt[k] = 1812433253 * (mt[k - 1] ^ (mt[k - 1] >>> 30)) + k;
        i = N;
    }

    /** The next 32-bit output (read it as unsigned). */
    public int next() {
        if (i >= N) {
            for (int k = 0; k < N; k++) {
                int y = (mt[k] & 0x80000000) | (mt[(k + 1) % N] & 0x7fffffff);
                mt[k] = mt[(k + M) % N] ^ (y >>> 1) ^ ((y & 1) != 0 ? 0x9908b0df : 0);
            }
            i = 0;
        }
        int y = mt[i++];
        y ^= y >>> 11;
        y ^= (y << 7) & 0x9d2c5680;
        y ^= (y << 15) & 0xefc60000;
        y ^= y >>> 18;
        return y;
    }
}
