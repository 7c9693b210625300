/* Reduction study of seed 003 (§3.3): one work-item per input element; each work-group
 * combines its elements in local memory, then
 *   reduce_local:     one global atomic per work-group;
 *   reduce_slm:       adds into static local memory, one global atomic per compute unit
 *                     (persistent form: PP_FOR_EACH_TASK runs the unit's work-groups in turn);
 *   reduce_partials + reduce_final: two kernels, the second in a single work-group.
 * FLOAT (0/1) selects float32 or int32. */
#if FLOAT
typedef float T;
#define ATOMIC_ADD(p, v) PP_ATOMIC_ADD_FLOAT((p), (v))
#else
typedef int T;
#define ATOMIC_ADD(p, v) PP_ATOMIC_ADD_INT((p), (v))
#endif

/* Tree reduction of scratch[0, local size) into scratch[0]; the local size is a power of two. */
inline void wg_reduce(__local T* scratch) {
    int lid = get_local_id(0);
    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < s) scratch[lid] += scratch[lid + s];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

__kernel void reduce_local(PP_PARAMS, __global const T* in, __global T* out, const int n, __local T* scratch) {
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    scratch[lid] = gid < n ? in[gid] : (T)0;
    wg_reduce(scratch);
    if (lid == 0) ATOMIC_ADD(out, scratch[0]);
}

__kernel void reduce_slm(PP_PARAMS, __global const T* in, __global T* out, const int n,
                         __local T* scratch, __local T* slm) {
    int lid = get_local_id(0);
    int L = get_local_size(0);
    if (lid == 0) slm[0] = (T)0;                 /* first group on this unit */
    PP_FOR_EACH_TASK(t) {
        int gid = t * L + lid;
        scratch[lid] = gid < n ? in[gid] : (T)0;
        wg_reduce(scratch);
        if (lid == 0) slm[0] += scratch[0];       /* a unit runs its groups in turn: no atomic */
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) ATOMIC_ADD(out, slm[0]);       /* last group on this unit */
}

__kernel void reduce_partials(PP_PARAMS, __global const T* in, __global T* partial, const int n,
                              __local T* scratch) {
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    scratch[lid] = gid < n ? in[gid] : (T)0;
    wg_reduce(scratch);
    if (lid == 0) partial[get_group_id(0)] = scratch[0];
}

__kernel void reduce_final(PP_PARAMS, __global const T* partial, __global T* out, const int m,
                           __local T* scratch) {
    int lid = get_local_id(0);
    int L = get_local_size(0);
    T acc = (T)0;
    for (int i = lid; i < m; i += L) acc += partial[i];
    scratch[lid] = acc;
    wg_reduce(scratch);
    if (lid == 0) out[0] = scratch[0];
}
