/* Einstein@Home proxy of seed 003 (§3.2, Table 3): groups of independent double-precision
 * calculations of variable size, one work-group per calculation group (work-group size = the
 * largest group; smaller groups leave work-items idle), each calculation reading a sin/cos
 * lookup table of TABLE_SIZE entries (a power of two), results combined per group with
 * local-memory atomics into out[group].
 *
 *   table_local  the table lives in local memory and every work-group builds it again;
 *   table_slm    the table lives in static local memory, built once per compute unit (persistent
 *                form: before the task loop).
 * Every build adds 1 to builds[0].
 *
 * Calculation c (input a = ab[2c], b = ab[2c+1], weight w[c]) sums, for j < iters, with
 * p = (a + j·b) mod TABLE_SIZE and q = (p + j) mod TABLE_SIZE:
 *     1.5 + sin_table[p] · cos_table[q]      (every term in [0.5, 2.5])
 * and contributes w · sum to its group. TableInput.java computes the same on the host. */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#ifdef cl_khr_int64_base_atomics
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#else
#error "the table proxy combines doubles with local atomics and needs cl_khr_int64_base_atomics (atom_cmpxchg on 64-bit local memory)"
#endif

#define MASK (TABLE_SIZE - 1)

/* entries i of sin and cos at 2·pi·i / TABLE_SIZE; work-item lid builds lid, lid + L, ... */
inline void build_table(__local double* table, int lid, int L) {
    for (int i = lid; i < TABLE_SIZE; i += L) {
        double phase = 2.0 * M_PI * i / TABLE_SIZE;
        table[i] = sin(phase);
        table[TABLE_SIZE + i] = cos(phase);
    }
}

/* atomic double add on local memory through a 64-bit compare-and-swap */
inline void local_add(volatile __local double* p, double v) {
    volatile __local long* q = (volatile __local long*)p;
    long old = *q, seen;   /* benign race: a first guess; atom_cmpxchg replaces only what it saw */
    while ((seen = atom_cmpxchg(q, old, as_long(as_double(old) + v))) != old) old = seen;
}

inline double calculation(__local const double* table, __global const int* ab, __global const double* w,
                          int c, int iters) {
    int a = ab[2 * c], b = ab[2 * c + 1];
    double s = 0.0;
    for (int j = 0; j < iters; j++) {
        int p = (a + j * b) & MASK;
        int q = (p + j) & MASK;
        s += 1.5 + table[p] * table[TABLE_SIZE + q];
    }
    return w[c] * s;
}

/* one calculation group: the work-items below its size compute, then combine into acc */
inline void run_group(int g, __global const int* offsets, __global const int* ab, __global const double* w,
                  __global double* out, const int iters, __local double* acc, __local const double* table,
                  int lid) {
    if (lid == 0) acc[0] = 0.0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int first = offsets[g], size = offsets[g + 1] - first;
    if (lid < size) local_add(acc, calculation(table, ab, w, first + lid, iters));
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) out[g] = acc[0];
}

__kernel void table_local(PP_PARAMS, __global const int* offsets, __global const int* ab, __global const double* w,
                          __global double* out, __global int* builds, const int iters,
                          __local double* acc, __local double* table) {
    int lid = get_local_id(0), L = get_local_size(0);
    build_table(table, lid, L);
    if (lid == 0) PP_ATOMIC_ADD_INT(builds, 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    run_group(get_group_id(0), offsets, ab, w, out, iters, acc, table, lid);
}

__kernel void table_slm(PP_PARAMS, __global const int* offsets, __global const int* ab, __global const double* w,
                        __global double* out, __global int* builds, const int iters,
                        __local double* acc, __local double* table) {
    int lid = get_local_id(0), L = get_local_size(0);
    build_table(table, lid, L);                  /* first group on this unit */
    if (lid == 0) PP_ATOMIC_ADD_INT(builds, 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    PP_FOR_EACH_TASK(t) {
        run_group(t, offsets, ab, w, out, iters, acc, table, lid);
        barrier(CLK_LOCAL_MEM_FENCE);            /* acc is reset by the next task */
    }
}
