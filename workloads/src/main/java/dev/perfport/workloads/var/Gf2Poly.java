package dev.perfport.workloads.var;

import java.util.Arrays;

/**
 * Polynomials over GF(2) as bit sets ({@code long[]}, bit i = coefficient of x^i), with what the
 * MT607 parameter search needs: Berlekamp–Massey, squaring modulo a degree-607 polynomial, gcd,
 * and the primitivity test. Package-private; exercised through {@link Mt607Creator}.
 */
final class Gf2Poly {
    static final int DEG = 607;
    static final int WORDS = (DEG + 64) / 64;          // 10: degree < 640
    private static final long EVEN = 0x5555555555555555L;

    private Gf2Poly() {
    }

    static int degree(long[] a) {
        for (int w = a.length - 1; w >= 0; w--) if (a[w] != 0) return w * 64 + 63 - Long.numberOfLeadingZeros(a[w]);
        return -1;
    }

    static boolean bit(long[] a, int i) {
        return (a[i >>> 6] >>> (i & 63) & 1) != 0;
    }

    /**
     * Berlekamp–Massey: the connection polynomial C (C(0) = 1) of the shortest linear recurrence
     * that generates {@code s} (bits 0/1); returns {@code {C as words..., L}} packed as C with its
     * length in {@code lengthOut[0]}.
     */
    static long[] berlekampMassey(byte[] s, int[] lengthOut) {
        int n = s.length;
        int words = (n + 64) / 64 + 1;
        long[] c = new long[words], b = new long[words], t = new long[words];
        long[] r = new long[words];                    // bit i = s[k - i] at step k
        c[0] = 1;
        b[0] = 1;
        int l = 0, m = 1;
        for (int k = 0; k < n; k++) {
            // r = (r << 1) | s[k]
            for (int w = words - 1; w > 0; w--) r[w] = (r[w] << 1) | (r[w - 1] >>> 63);
            r[0] = (r[0] << 1) | s[k];
            int d = 0;
            int top = (l >>> 6) + 1;
            for (int w = 0; w < top && w < words; w++) d ^= Long.bitCount(c[w] & r[w]);
            // only coefficients up to l matter; those above are zero in c
            if ((d & 1) == 0) {
                m++;
            } else if (2 * l <= k) {
                System.arraycopy(c, 0, t, 0, words);
                xorShifted(c, b, m);
                l = k + 1 - l;
                System.arraycopy(t, 0, b, 0, words);
                m = 1;
            } else {
                xorShifted(c, b, m);
                m++;
            }
        }
        lengthOut[0] = l;
        return c;
    }

    /** a ^= b << shift (bits beyond a's length are dropped). */
    static void xorShifted(long[] a, long[] b, int shift) {
        int ws = shift >>> 6, bs = shift & 63;
        for (int w = 0; w + ws < a.length && w < b.length; w++) {
            if (b[w] == 0) continue;
            a[w + ws] ^= b[w] << bs;
            if (bs != 0 && w + ws + 1 < a.length) a[w + ws + 1] ^= b[w] >>> (64 - bs);
        }
    }

    /** x^L·C(1/x): the characteristic polynomial from a connection polynomial of length L. */
    static long[] reciprocal(long[] c, int l) {
        long[] p = new long[WORDS];
        for (int i = 0; i <= l; i++) if (bit(c, i)) p[(l - i) >>> 6] |= 1L << ((l - i) & 63);
        return p;
    }

    /** Arithmetic modulo one monic polynomial p of degree 607. */
    static final class Mod {
        private final long[] p;
        /** t[b] = b(x)·x^607 mod p for every byte b: reduces 8 bits at a time. */
        private final long[][] t = new long[256][WORDS];
        private final long[] wide = new long[2 * WORDS];

        Mod(long[] p) {
            if (degree(p) != DEG) throw new IllegalArgumentException("modulus must have degree " + DEG + ", has " + degree(p));
            this.p = p.clone();
            long[][] basis = new long[8][];
            long[] xi = p.clone();
            xi[DEG >>> 6] &= ~(1L << (DEG & 63));      // x^607 mod p = p - x^607
            for (int i = 0; i < 8; i++) {
                basis[i] = xi.clone();
                // xi = x * xi mod p
                boolean carry = bit(xi, DEG - 1);
                for (int w = WORDS - 1; w > 0; w--) xi[w] = (xi[w] << 1) | (xi[w - 1] >>> 63);
                xi[0] <<= 1;
                xi[DEG >>> 6] &= ~(1L << (DEG & 63));
                if (carry) for (int w = 0; w < WORDS; w++) xi[w] ^= basis[0][w];
            }
            for (int bval = 1; bval < 256; bval++) {
                int low = Integer.numberOfTrailingZeros(bval);
                long[] prev = t[bval & (bval - 1)];
                for (int w = 0; w < WORDS; w++) t[bval][w] = prev[w] ^ basis[low][w];
            }
        }

        /** a := a² mod p (a of degree < 607). */
        void square(long[] a) {
            long[] r = wide;
            for (int w = 0; w < WORDS; w++) {
                r[2 * w] = Long.expand(a[w], EVEN);
                r[2 * w + 1] = Long.expand(a[w] >>> 32, EVEN);
            }
            // bits [d, d+8) for d = 607 + 8j, from the top: each step only touches bits below d
            for (int d = DEG + 8 * ((2 * DEG - 2 - DEG) / 8); d >= DEG; d -= 8) {
                int w = d >>> 6, off = d & 63;
                long bits = r[w] >>> off;
                if (off > 56 && w + 1 < r.length) bits |= r[w + 1] << (64 - off);
                int bv = (int) (bits & 0xFF);
                if (bv == 0) continue;
                r[w] &= ~(0xFFL << off);
                if (off > 56 && w + 1 < r.length) r[w + 1] &= ~(0xFFL >>> (64 - off));
                xorShifted(r, t[bv], d - DEG);
            }
            System.arraycopy(r, 0, a, 0, WORDS);
        }

        long[] modulus() {
            return p.clone();
        }
    }

    /** gcd of two polynomials (inputs are not changed). */
    static long[] gcd(long[] a0, long[] b0) {
        long[] a = Arrays.copyOf(a0, Math.max(a0.length, b0.length));
        long[] b = Arrays.copyOf(b0, a.length);
        int da = degree(a), db = degree(b);
        while (db >= 0) {
            while (da >= db) {
                xorShifted(a, b, da - db);
                da = degree(a);
            }
            long[] tmp = a;
            a = b;
            b = tmp;
            int td = da;
            da = db;
            db = td;
        }
        return a;
    }

    /**
     * Whether p (degree 607) is primitive. 2^607 − 1 is a Mersenne prime, so p is primitive exactly
     * when it is irreducible, and (deg 607 being prime) irreducible exactly when x^(2^607) ≡ x mod p
     * and p has no root (no factor x or x + 1). Cheap sieve first: gcd(p, x^(2^k) − x) for
     * k ≤ {@code sieve} finds any factor of degree ≤ sieve, which rejects most candidates early.
     */
    static boolean isPrimitive(long[] p, int sieve) {
        if (degree(p) != DEG) return false;
        if ((p[0] & 1) == 0) return false;                 // factor x
        int weight = 0;
        for (long w : p) weight += Long.bitCount(w);
        if ((weight & 1) == 0) return false;               // p(1) = 0: factor x + 1
        Mod mod = new Mod(p);
        long[] y = new long[WORDS];
        y[0] = 2;                                          // x
        for (int k = 1; k <= DEG; k++) {
            mod.square(y);
            if (k <= sieve) {
                long[] yx = y.clone();
                yx[0] ^= 2;
                if (degree(gcd(p, yx)) > 0) return false;
            }
        }
        long[] x = new long[WORDS];
        x[0] = 2;
        return Arrays.equals(y, x);
    }
}
