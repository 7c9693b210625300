/* 2-D single-channel convolution (seed 002 §4): out(y,x) = sum_j<Fh sum_i<Fw in(y+j, x+i) * F(j,i).
 * The input carries the border: it is Iw = W+Fw-1 wide and H+Fh-1 high; the output is W x H, any
 * size: work-items past the edge compute nothing and store nothing.
 *
 * Tuning arrives as -D macros:
 *   FILTER_GLOBAL 1: the filter is a __global argument (default: __constant, the thesis's broadcast)
 *   READ_ONLY 1:     input declared restrict (lets a GPU compiler use its read-only cache path)
 *   TX, TY:          outputs per work-item, spaced one block apart horizontally / vertically
 *   FW, FH:          the filter size as compile-time constants; without them the loops run to the
 *                    arguments fw, fh
 *   VOLATILE_INPUT 1: the naive kernel reads the input through a volatile pointer: every load goes
 *                    to memory, none is served from a cache the compiler may route it through (on
 *                    NVIDIA the L1 of ld.global; L2 stays), the report's caching-off ablation
 *   UNROLL_LOOPS 1:  the filter loops fully unrolled ("adapt+unroll"; PoCL takes minutes to compile
 *                    a 17x17 filter unrolled 16 times, so the workload turns it on for GPUs only)
 *   ADJACENT 1:      (FW compiled in) a work-item's TX outputs are adjacent instead of one block apart:
 *                    it reads each input row of its window once into registers, TX+FW-1 local loads
 *                    for TX*FW multiply-adds, where the spaced form loads once per multiply-add and is
 *                    bound by local memory's bandwidth (a quarter of an NVIDIA GPU's FMA rate)
 *   CONV_FMA 1:      products fused into their sums (fma); else each product is rounded before the
 *                    sum, as in the Java kernels. Either stays within the check's error bound. */
#pragma OPENCL FP_CONTRACT OFF
#ifndef ADJACENT
#define ADJACENT 0
#endif
#if defined(CONV_FMA) && CONV_FMA
#define MAC(acc, p, f) acc = fma((p), (f), acc)
#else
#define MAC(acc, p, f) { float prod_ = (p) * (f); acc += prod_; }
#endif
#if ADJACENT && !defined(FW)
#error "convolution adjacent=1 needs the filter size compiled in (the adaptive variant)"
#endif

#if defined(FILTER_GLOBAL) && FILTER_GLOBAL
#define FSPACE __global const
#else
#define FSPACE __constant
#endif
#if defined(READ_ONLY) && READ_ONLY
#define RO restrict
#else
#define RO
#endif
#ifndef TX
#define TX 1
#endif
#ifndef TY
#define TY 1
#endif
#ifndef FW
#define FW fw
#define FH fh
#endif
#if defined(UNROLL_LOOPS) && UNROLL_LOOPS && defined(FW)
#define UNROLL _Pragma("unroll")
#else
#define UNROLL
#endif

#if defined(VOLATILE_INPUT) && VOLATILE_INPUT
#define IN_CACHE volatile
#else
#define IN_CACHE
#endif

/* Naive (thesis Fig. 3.1b): one work-item per output pixel, every operand from global memory. */
__kernel void conv_naive(PP_PARAMS, __global const IN_CACHE float* RO in, FSPACE float* filt, __global float* out,
                         const int W, const int H, const int Iw, const int fw, const int fh) {
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= W || y >= H) return;
    float sum = 0.0f;
    for (int j = 0; j < FH; j++) {
        for (int i = 0; i < FW; i++) {
            float p = in[(y + j) * Iw + x + i] * filt[j * FW + i];
            sum += p;
        }
    }
    out[y * W + x] = sum;
}

/* Tiled in local memory (thesis §3.2-3.5): the group loads its input tile plus border,
 * (BW*TX + Fw-1) x (BH*TY + Fh-1) floats, with the cooperative loop of Fig. 3.7, into rows of sw
 * floats (sw > the tile width when padded against bank conflicts); then each work-item computes
 * TX x TY outputs spaced one block apart, reusing each filter weight from a register. */
__kernel void conv_tiled(PP_PARAMS, __global const float* RO in, FSPACE float* filt, __global float* out,
                         const int W, const int H, const int Iw, const int fw, const int fh,
                         const int tx, const int ty, const int sw, __local float* tile) {
    int lx = get_local_id(0), ly = get_local_id(1);
    int bw = get_local_size(0), bh = get_local_size(1);
    int ox0 = get_group_id(0) * bw * TX, oy0 = get_group_id(1) * bh * TY;
    int tw = bw * TX + FW - 1, th = bh * TY + FH - 1;
    int Ih = H + FH - 1;
    for (int j = ly; j < th; j += bh) {
        int gy = oy0 + j;
        for (int i = lx; i < tw; i += bw) {
            int gx = ox0 + i;
            tile[j * sw + i] = (gy < Ih && gx < Iw) ? in[gy * Iw + gx] : 0.0f;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc[TY * TX];
    for (int k = 0; k < TY * TX; k++) acc[k] = 0.0f;
#if ADJACENT
    for (int a = 0; a < TY; a++) {
        UNROLL
        for (int j = 0; j < FH; j++) {
            __local const float* r = tile + (ly + a * bh + j) * sw + lx * TX;
            float row[TX + FW - 1];
            UNROLL
            for (int t = 0; t < TX + FW - 1; t++) row[t] = r[t];
            UNROLL
            for (int i = 0; i < FW; i++) {
                float f = filt[j * FW + i];
                UNROLL
                for (int b = 0; b < TX; b++) MAC(acc[a * TX + b], row[b + i], f);
            }
        }
    }
#else
    UNROLL
    for (int j = 0; j < FH; j++) {
        UNROLL
        for (int i = 0; i < FW; i++) {
            float f = filt[j * FW + i];
            for (int a = 0; a < TY; a++) {
                for (int b = 0; b < TX; b++) MAC(acc[a * TX + b], tile[(ly + a * bh + j) * sw + lx + b * bw + i], f);
            }
        }
    }
#endif
    for (int a = 0; a < TY; a++) {
        int y = oy0 + ly + a * bh;
        for (int b = 0; b < TX; b++) {
#if ADJACENT
            int x = ox0 + lx * TX + b;
#else
            int x = ox0 + lx + b * bw;
#endif
            if (x < W && y < H) out[y * W + x] = acc[a * TX + b];
        }
    }
}

/* out[o] = sum_i<n in[at + i*step] * f(i): the inner loop of both separable passes (step 1 along a
 * row, W down a column), in the order the double-precision check expects */
#define TAPS(o, at, step, f, n) {                                                              \
        float sum = 0.0f;                                                                      \
        UNROLL                                                                                 \
        for (int i = 0; i < (n); i++) {                                                        \
            float p = in[(at) + i * (step)] * f[i];                                            \
            sum += p;                                                                          \
        }                                                                                      \
        out[o] = sum;                                                                          \
    }

/* Separable, horizontal pass (thesis §4.3): tmp(y, x) = sum_i<Fw in(y, x+i) * fr(i) for every input
 * row y; each work-item computes TX outputs spaced one block apart along the row. */
__kernel void conv_rows(PP_PARAMS, __global const float* RO in, FSPACE float* fr, __global float* out,
                        const int W, const int rows, const int Iw, const int fw, const int tx) {
    int bw = get_local_size(0);
    int x0 = get_group_id(0) * bw * TX + get_local_id(0);
    int y = get_global_id(1);
    if (y >= rows) return;
    for (int b = 0; b < TX; b++) {
        int x = x0 + b * bw;
        if (x < W) TAPS(y * W + x, y * Iw + x, 1, fr, FW)
    }
}

/* Separable, vertical pass: out(y, x) = sum_j<Fh tmp(y+j, x) * fc(j); each work-item computes TY
 * outputs spaced one block apart down the column (the thesis tiles this pass vertically). */
__kernel void conv_cols(PP_PARAMS, __global const float* RO in, FSPACE float* fc, __global float* out,
                        const int W, const int H, const int fh, const int ty) {
    int bh = get_local_size(1);
    int x = get_global_id(0);
    int y0 = get_group_id(1) * bh * TY + get_local_id(1);
    if (x >= W) return;
    for (int a = 0; a < TY; a++) {
        int y = y0 + a * bh;
        if (y < H) TAPS(y * W + x, y * W + x, W, fc, FH)
    }
}
