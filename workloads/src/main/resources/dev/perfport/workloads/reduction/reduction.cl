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

#ifndef FANIN
#define FANIN 2   /* reduce_tuned: partial sums a work-item adds per step of wg_reduce_fanin */
#endif

/* Reduction of scratch[0, local size) into scratch[0] in steps that leave ceil(s/FANIN) of s partial sums: work-item i
 * adds i + m, i + 2m, ... to scratch[i] (it writes below m, reads at m and above, so one barrier per step). FANIN 2 on a
 * power-of-two size adds exactly as wg_reduce does. */
inline void wg_reduce_fanin(__local T* scratch) {
    int lid = get_local_id(0);
    for (int s = get_local_size(0); s > 1; ) {
        int m = (s + FANIN - 1) / FANIN;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < m) {
            T a = scratch[lid];
#pragma unroll
            for (int j = 1; j < FANIN; j++) if (lid + j * m < s) a += scratch[lid + j * m];
            scratch[lid] = a;
        }
        s = m;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

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

/* ---- tuned (not a paper variant): what today's GPUs need -------------------------
 * A grid-stride loop over G persistent groups (G = groups per compute unit x compute units):
 * each work-item keeps IPT independent accumulators of VW-wide vectors, so IPT loads of
 * VW*sizeof(T) bytes are in flight per work-item; the tail of n mod VW elements is added
 * scalarly. Each group writes one partial sum; the group that takes the ticket last adds the G
 * partials and resets the ticket (one counted global atomic per group, no second launch, and a
 * float sum whose order does not depend on timing). A single group writes its sum at once: no
 * partial, fence, ticket or second tree, which a host waiting for each small launch's result pays
 * for in latency. VW (1, 2, 4, 8) and IPT are -D constants. */
#ifndef VW
#define VW 4
#endif
#ifndef IPT
#define IPT 4
#endif
#if FLOAT
#define T_NAME float
#else
#define T_NAME int
#endif
#define RT_CAT_(a, b) a##b
#define RT_CAT(a, b) RT_CAT_(a, b)
#if VW == 1
#define VT T
#define HSUM(v) (v)
#elif VW == 2
#define VT RT_CAT(T_NAME, 2)
#define HSUM(v) ((v).s0 + (v).s1)
#elif VW == 4
#define VT RT_CAT(T_NAME, 4)
#define HSUM(v) (((v).s0 + (v).s1) + ((v).s2 + (v).s3))
#elif VW == 8
#define VT RT_CAT(T_NAME, 8)
#define HSUM(v) ((((v).s0 + (v).s1) + ((v).s2 + (v).s3)) + (((v).s4 + (v).s5) + ((v).s6 + (v).s7)))
#else
#error "VW must be 1, 2, 4 or 8"
#endif

__kernel void reduce_tuned(PP_PARAMS, __global const T* in, __global T* partial, __global T* out,
                           volatile __global int* ticket, const int n, __local T* scratch) {
    __local int last;
    int lid = get_local_id(0), L = get_local_size(0);
    int g = get_group_id(0), G = get_num_groups(0);
    int stride = G * L;                          /* vectors per sweep of the whole grid */
    int nv = n / VW;                             /* whole vectors */
    const __global VT* v = (const __global VT*)in;   /* buffers are aligned far beyond 32 bytes */
    VT acc[IPT];
#pragma unroll
    for (int u = 0; u < IPT; u++) acc[u] = (VT)(0);
    int i = g * L + lid;
    int full = nv - (IPT - 1) * stride;          /* i < full: all IPT loads of this sweep exist */
    for (; i < full; i += IPT * stride) {
#pragma unroll
        for (int u = 0; u < IPT; u++) acc[u] += v[i + u * stride];
    }
    for (; i < nv; i += stride) acc[0] += v[i];
    T s = (T)0;
#pragma unroll
    for (int u = 0; u < IPT; u++) s += HSUM(acc[u]);
    int t = nv * VW + g * L + lid;               /* the last n mod VW elements */
    if (t < n) s += in[t];
    scratch[lid] = s;
    wg_reduce_fanin(scratch);
    if (G == 1) {                                 /* uniform: the group's sum is the result */
        if (lid == 0) out[0] = scratch[0];
        return;
    }
    if (lid == 0) {
        partial[g] = scratch[0];
        mem_fence(CLK_GLOBAL_MEM_FENCE);         /* the partial is visible before the ticket moves */
        last = PP_ATOMIC_ADD_INT(ticket, 1) == G - 1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (last) {                                   /* uniform in the group */
        volatile __global T* p = (volatile __global T*)partial;
        T a = (T)0;
        for (int j = lid; j < G; j += L) a += p[j];   /* benign race: each partial was written before its group's ticket atomic, after a fence */
        scratch[lid] = a;
        wg_reduce_fanin(scratch);
        if (lid == 0) {
            out[0] = scratch[0];
            *ticket = 0;   /* ready for the next launch; benign race: every group took its ticket before the last one's */
        }
    }
}
