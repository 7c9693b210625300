/* The device's multiply-add throughput: every work-item runs 8 independent chains of
 * x = x*a + b (enough independent work to hide the FMA latency), iters steps each, and writes their
 * sum. a and b arrive at run time, so no compiler can fold the chains; fma() asks for the fused
 * instruction (one rounding), which is what a device's FLOP/s peak counts as two flops. With
 * 0 < a < 1 every chain converges to b / (1 - a), the host's check.
 *
 *   DOUBLE   1: double (the device must support cl_khr_fp64), the FP64 rate; 0: float, the FP32 rate */
#if DOUBLE
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double real;
#else
typedef float real;
#endif

__kernel void fma_peak(PP_PARAMS, __global real* out, const int n, const int iters, const real a, const real b) {
    int i = get_global_id(0);
    real x0 = 0, x1 = 0.125, x2 = 0.25, x3 = 0.375, x4 = 0.5, x5 = 0.625, x6 = 0.75, x7 = 0.875;
    for (int k = 0; k < iters; k++) {
        x0 = fma(x0, a, b); x1 = fma(x1, a, b); x2 = fma(x2, a, b); x3 = fma(x3, a, b);
        x4 = fma(x4, a, b); x5 = fma(x5, a, b); x6 = fma(x6, a, b); x7 = fma(x7, a, b);
    }
    if (i < n) out[i] = ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7));
}
