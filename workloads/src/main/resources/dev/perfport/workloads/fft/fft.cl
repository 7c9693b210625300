/* Batched complex single-precision FFT, Stockham autosort (seed 004; clFFT's and VkFFT's scheme).
 * Knobs, all -D macros: RADIX (2, 4, 8: the pass radix; a last pass of 2 or 4 when N is not a power
 * of RADIX), SOA (0: interleaved re,im (AoS, SHOC's layout); 1: all re, then all im), LOCALX
 * (fft_fused only; 1: passes exchange through __local memory, 0: through global memory), TWTABLE
 * (0: twiddles from sin/cos, 1: from a table of N values), SHARE (fft_fused only; 1: a work-item
 * takes butterflies that share their twiddles one after another and computes or loads them once,
 * the paper's shared sin/cos).
 * Pass p of radix R over butterflies j in [0, N/R), with Ns the product of the earlier radices:
 * reads x[j + r*N/R], multiplies by w^(r*k) with k = j mod Ns and w = exp(-2*pi*i/(Ns*R)), does an
 * R-point DFT in registers, writes y[(j-k)*R + k + m*Ns]. */
/* FFT_MATH (the math parameter): 0 precise, products rounded before the sums as the Java routes
 * add; 1 lets the compiler fuse multiply-adds (one rounding fewer); 2 also takes the twiddles'
 * sin/cos from native_sin/native_cos (the hardware's approximations). Both stay within the
 * O(log N eps) bound that every row is checked against. */
#ifndef FFT_MATH
#define FFT_MATH 0
#endif
#if FFT_MATH == 0
#pragma OPENCL FP_CONTRACT OFF
#endif
/* SINCOSPI(t, c): sin(pi t), cos(pi t) into c, for t = -2 m / M with M a power of two, so t is
 * exact and sinpi/cospi reduce it exactly (no Payne-Hanek path, whose stack frame costs a GPU
 * occupancy); relaxed: the hardware's approximations of sin and cos of pi t. */
#if FFT_MATH == 2
#define SINCOSPI(t, c) ((c) = native_cos(3.14159265358979324f * (t)), native_sin(3.14159265358979324f * (t)))
#else
#define SINCOSPI(t, c) ((c) = cospi(t), sinpi(t))
#endif

#ifndef RADIX
#define RADIX 8
#endif

/* BY_RADIX(radix, BODY): the pass's butterfly for its radix, RADIX or the smaller 4 or 2 that ends a
 * transform whose size is no power of RADIX (one dispatch for fft_pass, fft_fused and fft_cols alike) */
#if RADIX > 4
#define BY_RADIX(radix, BODY) if (radix == RADIX) BODY(RADIX) else if (radix == 4) BODY(4) else BODY(2)
#elif RADIX > 2
#define BY_RADIX(radix, BODY) if (radix == RADIX) BODY(RADIX) else BODY(2)
#else
#define BY_RADIX(radix, BODY) if (radix == RADIX) BODY(RADIX)
#endif
#ifndef SOA
#define SOA 0
#endif
#ifndef LOCALX
#define LOCALX 1
#endif
#ifndef TWTABLE
#define TWTABLE 0
#endif
#ifndef SHARE
#define SHARE 0
#endif
#ifndef TWPOW
#define TWPOW 0   /* fft_cols sets 1 (its definition's default): twiddles_pow for computed twiddles */
#endif

/* complex element i of a buffer holding T complex values in the chosen layout */
#if SOA
#define LD(buf, T, i, re, im) { re = (buf)[(i)]; im = (buf)[(T) + (i)]; }
#define ST(buf, T, i, re, im) { (buf)[(i)] = (re); (buf)[(T) + (i)] = (im); }
#else
/* interleaved: one 8-byte access a complex value, where two 4-byte ones cost a 512-point batch 7 %
 * on the H200 (buffers are aligned well beyond float2) */
#define LD(buf, T, i, re, im) { float2 v_ = ((__global const float2*) (buf))[(i)]; re = v_.x; im = v_.y; }
#define ST(buf, T, i, re, im) { ((__global float2*) (buf))[(i)] = (float2) ((re), (im)); }
#endif

/* exp(-2*pi*i*e/8), e = 0..3: the twiddles inside an R-point DFT (R <= 8) */
__constant float W8R[4] = {1.0f, 0.70710678118654752f, 0.0f, -0.70710678118654752f};
__constant float W8I[4] = {0.0f, -0.70710678118654752f, -1.0f, -0.70710678118654752f};

/* R-point DFT in registers: radix-2 decimation in frequency, output in bit-reversed order. R is a
 * constant where it is called, so the loops unroll and the e == 0 products vanish. */
inline void dft(float* vr, float* vi, const int R) {
    for (int h = R / 2; h >= 1; h >>= 1) {
        for (int i = 0; i < R; i++) {
            if ((i & h) == 0) {
                int e = (i & (h - 1)) * (4 / h);
                float ar = vr[i], ai = vi[i], br = vr[i + h], bi = vi[i + h];
                vr[i] = ar + br;
                vi[i] = ai + bi;
                float dr = ar - br, di = ai - bi;
                if (e == 0) {
                    vr[i + h] = dr;
                    vi[i + h] = di;
                } else if (e == 2) {   /* times -i: a swap, where the product by 0 would cost 6 operations */
                    vr[i + h] = di;
                    vi[i + h] = -dr;
                } else {
                    vr[i + h] = dr * W8R[e] - di * W8I[e];
                    vi[i + h] = dr * W8I[e] + di * W8R[e];
                }
            }
        }
    }
}

/* position of output m in dft's bit-reversed order, read from a table of nibbles: LLVM turns the
 * shift-and-mask form into llvm.bitreverse.i3, which Oclgrind cannot run (checked mode) */
inline int rev(int m, const int R) {
    return R == 8 ? (0x73516240 >> (4 * m)) & 7 : R == 4 ? (0x3120 >> (4 * m)) & 3 : m;
}

/* the twiddles w^(r*k), r = 1..R-1, of a butterfly with twiddle index k in a pass (Ns, R) */
inline void twiddles(float* twr, float* twi, int k, int ns, const int R, int n, __global const float* tw) {
    for (int r = 1; r < R; r++) {
#if TWTABLE
        int m = r * k * (n / (ns * R));
        twr[r] = tw[2 * m];
        twi[r] = tw[2 * m + 1];
#else
        float t = (float) (r * k) * (-2.0f / (float) (ns * R));
        twi[r] = SINCOSPI(t, twr[r]);
#endif
    }
}

/* computed twiddles with one sin/cos: w^k from sin/cos, w^2k and w^4k by squaring, w^3k, w^5k, w^6k,
 * w^7k as products of two of those (a few roundings more, well inside the O(log N eps) bound; two
 * sin/cos more cost a 2^20-point transform 8 % on the H200); 1 for k = 0 */
inline void twiddles_pow(float* twr, float* twi, int k, int ns, const int R) {
    if (k == 0) {   /* every butterfly of a first pass: no sin/cos */
        for (int r = 1; r < R; r++) {
            twr[r] = 1.0f;
            twi[r] = 0.0f;
        }
        return;
    }
    {
        float t = (float) k * (-2.0f / (float) (ns * R));
        twi[1] = SINCOSPI(t, twr[1]);
    }
    for (int r = 2; r < R; r <<= 1) {
        twr[r] = twr[r / 2] * twr[r / 2] - twi[r / 2] * twi[r / 2];
        twi[r] = twr[r / 2] * twi[r / 2] + twi[r / 2] * twr[r / 2];
    }
    for (int r = 3; r < R; r++) {
        int hi = r >= 4 ? 4 : 2, lo = r - hi;
        if (lo == 0) continue;
        twr[r] = twr[hi] * twr[lo] - twi[hi] * twi[lo];
        twi[r] = twr[hi] * twi[lo] + twi[hi] * twr[lo];
    }
}

#if TWPOW && !TWTABLE
#define TWIDDLES(twr, twi, k, ns, R, n, tw) twiddles_pow(twr, twi, k, ns, R)
#else
#define TWIDDLES(twr, twi, k, ns, R, n, tw) twiddles(twr, twi, k, ns, R, n, tw)
#endif

/* the second half of a butterfly (j, twiddle index k, twiddles twr/twi): twiddles the R values in
 * pr, pi, does the DFT, stores through STX */
#define BF_STORE(R, pr, pi, STX)                                                            \
    {                                                                                       \
        for (int r = 1; r < R && ns > 1; r++) {   /* a first pass's twiddles are all 1 */   \
            float xr = (pr)[r], xi = (pi)[r];                                               \
            (pr)[r] = xr * twr[r] - xi * twi[r];                                            \
            (pi)[r] = xr * twi[r] + xi * twr[r];                                            \
        }                                                                                   \
        dft(pr, pi, R);                                                                     \
        int d = (j - k) * R + k;                                                            \
        for (int m = 0; m < R; m++) STX(d + m * ns, (pr)[rev(m, R)], (pi)[rev(m, R)]);      \
    }

/* one butterfly of an L-point transform: loads through LDX from src, then BF_STORE */
#define BUTTERFLY(R, L, LDX, STX)                                                           \
    {                                                                                       \
        float vr[R], vi[R];                                                                 \
        for (int r = 0; r < R; r++) LDX(j + r * ((L) / R), vr[r], vi[r]);                   \
        BF_STORE(R, vr, vi, STX)                                                            \
    }

/* ---- fft_pass: one launch per pass, every butterfly of the batch; exchange through global memory */

#define PLD(i, re, im) LD(src, total, base + (i), re, im)
#define PST(i, re, im) ST(dst, total, base + (i), re, im)

#define PASS_BODY(R)                                                                        \
    {                                                                                       \
        int per = n / R;                                                                    \
        if (gid < batch * per) {                                                            \
            int b = gid / per, j = gid - b * per, k = j & (ns - 1), base = b * n;           \
            float twr[R], twi[R];                                                           \
            twiddles(twr, twi, k, ns, R, n, tw);                                            \
            BUTTERFLY(R, n, PLD, PST)                                                          \
        }                                                                                   \
    }

__kernel void fft_pass(PP_PARAMS, __global const float* src, __global float* dst, __global const float* tw,
                       const int n, const int batch, const int ns, const int radix) {
    int gid = get_global_id(0);
    int total = n * batch;
    BY_RADIX(radix, PASS_BODY)
}

/* ---- fft_fused: one work-group per transform, every pass in one launch -------------------------
 * Pass p reads what pass p-1 wrote (the input for p = 0) and writes the next buffer (the output
 * for the last pass). Between them: __local ping-pong buffers (LOCALX), or out and tmp in global
 * memory, alternating so that the last pass lands in out. A work-item does cnt = (N/R)/WG
 * butterflies per pass: interleaved (j = lid + t*WG), or with SHARE blocked by twiddle index, so
 * that the N/(R*Ns) butterflies of one k are consecutive and their twiddles are made once. */

/* where pass p reads (sel 0: in; 1, 2: the exchange buffers) and writes (1, 2; 3: out); the
 * last pass writes out, the one before it buffer 2, the one before that buffer 1, ... */
#if LOCALX
#define FLD(i, re, im)                                                                      \
    if (rsel == 0) LD(in, total, base + (i), re, im)                                        \
    else { re = lre[(rsel - 1) * n + (i)]; im = lim[(rsel - 1) * n + (i)]; }
#define FST(i, re, im)                                                                      \
    if (wsel == 3) ST(out, total, base + (i), re, im)                                       \
    else { lre[(wsel - 1) * n + (i)] = (re); lim[(wsel - 1) * n + (i)] = (im); }
#else
/* global: exchange buffer 1 is out, 2 is tmp, so that the pass before the last writes tmp */
#define FLD(i, re, im)                                                                      \
    if (rsel == 0) LD(in, total, base + (i), re, im)                                        \
    else if (rsel == 1) LD(out, total, base + (i), re, im)                                  \
    else LD(tmp, total, base + (i), re, im)
#define FST(i, re, im)                                                                      \
    if (wsel == 2) ST(tmp, total, base + (i), re, im)                                       \
    else ST(out, total, base + (i), re, im)
#endif

#define FUSED_PASS(R)                                                                       \
    {                                                                                       \
        int per = n / R, cnt = per / wg, same = n / (R * ns);                               \
        float twr[R], twi[R];                                                               \
        for (int t = 0; t < cnt; t++) {                                                     \
            int j, k;                                                                       \
            if (SHARE) {                                                                    \
                int q = lid * cnt + t, s = q % same;                                        \
                k = q / same;                                                               \
                j = s * ns + k;                                                             \
                if (t == 0 || s == 0) twiddles(twr, twi, k, ns, R, n, tw);                  \
            } else {                                                                        \
                j = lid + t * wg;                                                           \
                k = j & (ns - 1);                                                           \
                twiddles(twr, twi, k, ns, R, n, tw);                                        \
            }                                                                               \
            BUTTERFLY(R, n, FLD, FST)                                                          \
        }                                                                                   \
    }

__kernel void fft_fused(PP_PARAMS, __global const float* in, __global float* out, __global float* tmp,
                        __global const float* tw, const int n, const int batch, __local float* lre, __local float* lim) {
    int lid = get_local_id(0), wg = get_local_size(0);
    int base = get_group_id(0) * n, total = n * batch;
    /* passes: RADIX while it divides what is left, then one of 2 or 4 */
    int passes = 0, rest = n;
    while (rest >= RADIX) { rest /= RADIX; passes++; }
    if (rest > 1) passes++;
    int ns = 1;
    for (int p = 0; p < passes; p++) {
        int radix = ns * RADIX <= n ? RADIX : n / ns;
        int rsel = p == 0 ? 0 : 1 + (passes - p) % 2;     /* what pass p-1 wrote */
        int wsel = p == passes - 1 ? 3 : 1 + (passes - 1 - p) % 2;
        BY_RADIX(radix, FUSED_PASS)
        ns *= radix;
#if LOCALX
        barrier(CLK_LOCAL_MEM_FENCE);   /* in is only read and out only written by the last pass */
#else
        barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
#endif
    }
}

/* ---- fft_cols: the four-step path (Bailey; VkFFT's scheme for large N) -------------------------
 * N = N1*N2 as an N2 x N1 matrix x[N2*n1 + n2]. Launch 1 (len = N1, cols = N2, outs = 1, outc = N1,
 * twist = 1): the N1-point FFT of each column n2, times w_N^(n2*k1), written transposed to
 * tmp[n2*N1 + k1]. Launch 2 (len = N2, cols = N1, outs = N1, outc = 1, twist = 0): the N2-point FFT
 * of each column k1 of tmp, written to X[k1 + N1*k2]. N <= 1024 is one launch with cols = 1. A
 * work-group takes cb = wg*RADIX/len adjacent columns, so that a load of the first pass reads cb
 * consecutive complex values; every sub-FFT pass exchanges through __local memory (a column padded
 * by one float every 8 values, pitch len + len/8 + 1 so that the columns fall in different banks);
 * a work-item holds RADIX values in registers (one radix-RADIX butterfly, or RADIX/R butterflies
 * of a last pass of radix R). A twisted launch's last
 * pass lands in local memory and a copy-out applies the twist and writes with consecutive
 * work-items on consecutive addresses (rows fastest, transposing); an untwisted launch's last pass
 * writes its output itself, columns fastest, as the first pass reads. */

/* element i of a column sits at i + i/8 (Fft.pitch): a radix-8 pass's stores (element 8j + m of work-item j in a
 * first pass, 64(j/8) + j%8 + 8m in a second) land 8 and 4 to a bank unpadded and in 32 banks padded; its loads (j +
 * 64r) stay at most 2 to a bank. On the H200 a 512-point batch ran 1.14x faster. */
#define LPAD(i) ((i) + ((i) >> 3))
#define CLD(i, re, im)                                                                      \
    if (p == 0) LD(src, total, base + (i) * cols + c0 + c, re, im)                          \
    else { re = lre[c * pitch + LPAD(i)]; im = lim[c * pitch + LPAD(i)]; }
#define CST(i, re, im) { lre[c * pitch + LPAD(i)] = (re); lim[c * pitch + LPAD(i)] = (im); }

/* an untwisted launch's last pass stores straight to its output: the last pass's butterfly j writes
 * elements j + m*len/R, so consecutive work-items write what the copy-out would write together */
#define CSTG(i, re, im) ST(dst, total, base + (i) * outs + (c0 + c) * outc, re, im)

#define COLS_PASS(R)                                                                        \
    {                                                                                       \
        float vr[RADIX], vi[RADIX], twr[R], twi[R];                                         \
        int direct = !twist && ns * R == len;                                               \
        for (int t = 0; t < RADIX / R; t++) {                                               \
            int j = j0 + t * (len / RADIX);                                                 \
            for (int r = 0; r < R; r++) CLD(j + r * (len / R), vr[t * R + r], vi[t * R + r])\
        }                                                                                   \
        /* every value of the previous pass is read before this one overwrites it */        \
        if (p > 0 && !direct) barrier(CLK_LOCAL_MEM_FENCE);                                 \
        for (int t = 0; t < RADIX / R; t++) {                                               \
            int j = j0 + t * (len / RADIX), k = j & (ns - 1);                               \
            TWIDDLES(twr, twi, k, ns, R, n, tw);                                            \
            if (direct) BF_STORE(R, vr + t * R, vi + t * R, CSTG)                           \
            else BF_STORE(R, vr + t * R, vi + t * R, CST)                                   \
        }                                                                                   \
        if (!direct) barrier(CLK_LOCAL_MEM_FENCE);                                          \
    }

/* COLS_LEN > 0: the launch's shape as constants (COLS_LEN, COLS_COLS, COLS_OUTS, COLS_OUTC,
 * COLS_TWIST, COLS_WG; the host builds one program per launch), so the index arithmetic folds: on
 * the H100 the generic form needs 123 registers a work-item, one 512-item group per SM. NVIDIA's
 * compiler keeps the passes as a loop (`ns < len` is not a counted loop to it); a counted form that
 * it unrolls measured no faster on the H200. The arguments then only check the constants' launch
 * (they must agree). */
#ifndef COLS_LEN
#define COLS_LEN 0
#endif
__kernel void fft_cols(PP_PARAMS, __global const float* src, __global float* dst, __global const float* tw,
                       const int n, const int batch, const int len_a, const int cols_a, const int outs_a, const int outc_a,
                       const int twist_a, __local float* lre, __local float* lim) {
#if COLS_LEN > 0
    const int len = COLS_LEN, cols = COLS_COLS, outs = COLS_OUTS, outc = COLS_OUTC, twist = COLS_TWIST, wg = COLS_WG;
    int lid = get_local_id(0);
#else
    const int len = len_a, cols = cols_a, outs = outs_a, outc = outc_a, twist = twist_a;
    int lid = get_local_id(0), wg = get_local_size(0);
#endif
    int cb = wg * RADIX / len, gpt = cols / cb;
    int grp = get_group_id(0), b = grp / gpt, c0 = (grp - b * gpt) * cb;
    int base = b * n, total = n * batch, pitch = LPAD(len) + 1;
    int c = lid % cb, j0 = lid / cb;
    int ns = 1;
#if COLS_LEN > 0
#pragma unroll
#endif
    for (int p = 0; ns < len; p++) {
        int radix = ns * RADIX <= len ? RADIX : len / ns;
        BY_RADIX(radix, COLS_PASS)
        ns *= radix;
    }
    if (!twist) return;   /* the last pass stored the output */
    for (int q = lid; q < cb * len; q += wg) {
        int cc = outc == 1 ? q % cb : q / len, k = outc == 1 ? q / cb : q % len;
        float re = lre[cc * pitch + LPAD(k)], im = lim[cc * pitch + LPAD(k)];
        int e = ((c0 + cc) * k) & (n - 1);
#if TWTABLE
        float wr = tw[2 * e], wi = tw[2 * e + 1];
#else
        float t = (float) e * (-2.0f / (float) n);
        float wr, wi = SINCOSPI(t, wr);
#endif
        float xr = re;
        re = xr * wr - im * wi;
        im = xr * wi + im * wr;
        ST(dst, total, base + k * outs + (c0 + cc) * outc, re, im)
    }
}
