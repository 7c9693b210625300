/* BabelStream's kernels (UoB-HPC/BabelStream, its OpenCL model; written for perfport): the memory
 * bandwidth a device achieves. copy c = a, mul b = s*c, add c = a + b, triad a = b + s*c take one
 * work-item per element (work-items past n do nothing); dot sums a*b in a grid-stride loop over a
 * fixed number of groups, and each group's tree in local memory leaves one partial in sum[group],
 * which the host adds. The scalar arrives as an argument (BabelStream compiles it in).
 *
 *   DOUBLE   1: double (the device must support cl_khr_fp64); 0: float
 *
 * FP_CONTRACT OFF: triad rounds the product before the sum, as the Java reference does. */
#if DOUBLE
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double real;
#else
typedef float real;
#endif
#pragma OPENCL FP_CONTRACT OFF

__kernel void stream_copy(PP_PARAMS, __global const real* restrict a, __global real* restrict c, const int n) {
    int i = get_global_id(0);
    if (i < n) c[i] = a[i];
}

__kernel void stream_mul(PP_PARAMS, __global real* restrict b, __global const real* restrict c, const real scalar, const int n) {
    int i = get_global_id(0);
    if (i < n) b[i] = scalar * c[i];
}

__kernel void stream_add(PP_PARAMS, __global const real* restrict a, __global const real* restrict b, __global real* restrict c,
                         const int n) {
    int i = get_global_id(0);
    if (i < n) c[i] = a[i] + b[i];
}

__kernel void stream_triad(PP_PARAMS, __global real* restrict a, __global const real* restrict b, __global const real* restrict c,
                           const real scalar, const int n) {
    int i = get_global_id(0);
    if (i < n) a[i] = b[i] + scalar * c[i];
}

/* The local size is a power of two (the host checks it); the index runs in size_t so that i + the
 * global size cannot wrap for n near 2^31. */
__kernel void stream_dot(PP_PARAMS, __global const real* restrict a, __global const real* restrict b, __global real* restrict sum,
                         const int n, __local real* scratch) {
    int lid = get_local_id(0);
    real acc = 0;
    for (size_t i = get_global_id(0); i < (size_t) n; i += get_global_size(0)) acc += a[i] * b[i];
    scratch[lid] = acc;
    for (int offset = get_local_size(0) / 2; offset > 0; offset /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < offset) scratch[lid] += scratch[lid + offset];
    }
    if (lid == 0) sum[get_group_id(0)] = scratch[0];
}
