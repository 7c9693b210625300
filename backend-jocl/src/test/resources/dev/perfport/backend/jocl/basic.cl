/* Kernels of the basic tests: every parameter list starts with PP_PARAMS. */
__kernel void vadd_int(PP_PARAMS, __global const int* a, __global const int* b, __global int* c, const int n) {
    int i = get_global_id(0);
    if (i < n) c[i] = a[i] + b[i];
}

__kernel void vadd_float(PP_PARAMS, __global const float* a, __global const float* b, __global float* c, const int n) {
    int i = get_global_id(0);
    if (i < n) c[i] = a[i] + b[i];
}

__kernel void vadd_double(PP_PARAMS, __global const double* a, __global const double* b, __global double* c, const int n) {
    int i = get_global_id(0);
    if (i < n) c[i] = a[i] + b[i];
}

/* y = a*x + y with 64-bit integers and a long scalar. */
__kernel void axpy_long(PP_PARAMS, __global long* y, const long a, __global const long* x) {
    int i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}

/* y = s*x + d with a float and a double scalar. */
__kernel void scale(PP_PARAMS, __global float* y, __global const float* x, const float s, const double d) {
    int i = get_global_id(0);
    y[i] = (float)(s * x[i] + d);
}

/* Every work-item of a 2D range writes its own coordinates. */
__kernel void coords2d(PP_PARAMS, __global int* out, const int width) {
    int x = get_global_id(0), y = get_global_id(1);
    out[y * width + x] = y * 10000 + x;
}

/* Reports the hidden arguments the backend set. */
__kernel void hidden_args(PP_PARAMS, __global int* out) {
    if (get_global_id(0) == 0 && get_global_id(1) == 0 && get_global_id(2) == 0) {
        out[0] = pp_tasks; out[1] = pp_mapping; out[2] = pp_ng0; out[3] = pp_ng1;
        out[4] = pp_num_groups(2);
    }
}

/* out[i] = sum of a __constant table. */
__kernel void const_sum(PP_PARAMS, __constant int* table, __global int* out, const int m) {
    int acc = 0;
    for (int j = 0; j < m; j++) acc += table[j];
    out[get_global_id(0)] = acc + (int)get_global_id(0);
}

/* Each work-item reads its right neighbour's value through __local memory after a barrier. */
__kernel void local_rotate(PP_PARAMS, __global const int* in, __global int* out, __local int* tmp) {
    int lid = get_local_id(0), L = get_local_size(0);
    tmp[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[(lid + 1) % L];
}

/* Two counted global atomics per work-item: one int add, one float add (CAS loop). */
__kernel void count_atomics(PP_PARAMS, __global int* isum, __global float* fsum) {
    PP_ATOMIC_ADD_INT(isum, 1);
    PP_ATOMIC_ADD_FLOAT(fsum, 0.5f);
}

/* One counted local atomic per work-item; each group publishes its local count. */
__kernel void local_atomics(PP_PARAMS, __global int* perGroup, __local int* cnt) {
    if (get_local_id(0) == 0) cnt[0] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(cnt);
    PP_COUNT(PP_C_LOCAL_ATOMICS, 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0) perGroup[get_group_id(0)] = cnt[0];
}

/* A kernel that fixes its work-group size. */
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fixed64(PP_PARAMS, __global int* out) {
    out[get_global_id(0)] = (int)get_local_size(0);
}

/* A kernel with its own __local array of BIG ints on top of a __local argument. */
#ifndef BIG
#define BIG 64
#endif
__kernel void own_local(PP_PARAMS, __global int* out, __local int* extra) {
    __local int big[BIG];
    int lid = get_local_id(0), L = get_local_size(0);
    big[lid] = lid;
    extra[lid] = 2 * lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = big[(lid + 1) % L] + extra[(lid + 1) % L];
}
