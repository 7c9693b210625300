/* perfport OpenCL C prelude: prepended to every kernel by OpenCL backends (docs/architecture.md).
 *
 * Every kernel starts its parameter list with PP_PARAMS. The backend sets these hidden arguments:
 *   pp_counters  event counters (int), index PP_C_*; add with PP_COUNT or the pp_atomic_* wrappers
 *   pp_tasks     tasks of a persistent launch (logical work-groups, or StaticGroups tasks)
 *   pp_mapping   PP_MAP_BLOCKED, PP_MAP_CYCLIC or PP_MAP_DYNAMIC (-1 for an ordinary NDRange)
 *   pp_ng0, pp_ng1  logical work-groups in dimensions 0 and 1 (dimension 2 is the rest)
 *   pp_next      zero-initialised counter for the dynamic mapping
 *
 * Persistent form (static local memory, static work-groups): the kernel runs as k co-resident
 * groups; each runs its tasks with PP_FOR_EACH_TASK(t) written once, at the top level of the
 * kernel body. Code before the loop is the "first group on this unit" hook, code after it the
 * "last group" hook; __local memory of the persistent group is the static local memory.
 */
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#define PP_C_GLOBAL_ATOMICS 0
#define PP_C_LOCAL_ATOMICS 1
#define PP_C_COUNT 8

#define PP_MAP_BLOCKED 0
#define PP_MAP_CYCLIC 1
#define PP_MAP_DYNAMIC 2

#define PP_PARAMS __global int* pp_counters, const int pp_tasks, const int pp_mapping, \
                  const int pp_ng0, const int pp_ng1, __global int* pp_next

#ifdef PP_NO_COUNTERS
#define PP_COUNT(i, n) ((void)0)
#else
#define PP_COUNT(i, n) ((void)atomic_add(&pp_counters[(i)], (n)))
#endif

/* Static work-group index and count of a persistent launch. */
#define PP_SG_ID ((int)get_group_id(0))
#define PP_SG_COUNT ((int)get_num_groups(0))

/* Logical work-group ids of task t (an NDRange run on persistent groups). */
#define pp_group_id(t, d) ((d) == 0 ? (t) % pp_ng0 : (d) == 1 ? ((t) / pp_ng0) % pp_ng1 : (t) / (pp_ng0 * pp_ng1))
#define pp_num_groups(d) ((d) == 0 ? pp_ng0 : (d) == 1 ? pp_ng1 : pp_tasks / (pp_ng0 * pp_ng1))
#define pp_global_id(t, d) ((int)(pp_group_id((t), (d)) * (int)get_local_size(d) + (int)get_local_id(d)))

inline int pp_dynamic_take(__global int* next, int tasks, __local int* slot) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0 && get_local_id(1) == 0 && get_local_id(2) == 0) *slot = atomic_inc(next);
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = *slot;
    return v < tasks ? v : -1;
}

inline int pp_task_begin(int tasks, int mapping, __global int* next, __local int* slot) {
    int sg = PP_SG_ID, k = PP_SG_COUNT;
    if (mapping == PP_MAP_DYNAMIC) return pp_dynamic_take(next, tasks, slot);
    if (mapping == PP_MAP_CYCLIC) return sg < tasks ? sg : -1;
    int s = (int)(((long)tasks * sg) / k), e = (int)(((long)tasks * (sg + 1)) / k);
    return s < e ? s : -1;
}

inline int pp_task_next(int t, int tasks, int mapping, __global int* next, __local int* slot) {
    int sg = PP_SG_ID, k = PP_SG_COUNT;
    if (mapping == PP_MAP_DYNAMIC) return pp_dynamic_take(next, tasks, slot);
    if (mapping == PP_MAP_CYCLIC) return t + k < tasks ? t + k : -1;
    int e = (int)(((long)tasks * (sg + 1)) / k);
    return t + 1 < e ? t + 1 : -1;
}

#define PP_FOR_EACH_TASK(t) \
    __local int pp_slot; \
    for (int t = pp_task_begin(pp_tasks, pp_mapping, pp_next, &pp_slot); t >= 0; \
         t = pp_task_next(t, pp_tasks, pp_mapping, pp_next, &pp_slot))

/* Global atomics that are counted in PP_C_GLOBAL_ATOMICS (not with -DPP_NO_COUNTERS). */
#ifndef PP_NO_COUNTERS
#define PP_COUNT_GLOBAL_ATOMIC(counters) atomic_add(&(counters)[PP_C_GLOBAL_ATOMICS], 1)
#else
#define PP_COUNT_GLOBAL_ATOMIC(counters) ((void)0)
#endif

inline int pp_atomic_add_int(__global int* counters, volatile __global int* p, int v) {
    PP_COUNT_GLOBAL_ATOMIC(counters);
    return atomic_add(p, v);
}

inline int pp_atomic_max_int(__global int* counters, volatile __global int* p, int v) {
    PP_COUNT_GLOBAL_ATOMIC(counters);
    return atomic_max(p, v);
}

inline float pp_atomic_add_float(__global int* counters, volatile __global float* p, float v) {
    PP_COUNT_GLOBAL_ATOMIC(counters);
    volatile __global int* ip = (volatile __global int*)p;
    int old = *ip, seen;   /* benign race: a first guess; atomic_cmpxchg replaces only what it saw */
    while ((seen = atomic_cmpxchg(ip, old, as_int(as_float(old) + v))) != old) old = seen;
    return as_float(old);
}

inline float pp_atomic_max_float(__global int* counters, volatile __global float* p, float v) {
    PP_COUNT_GLOBAL_ATOMIC(counters);
    volatile __global int* ip = (volatile __global int*)p;
    int old = *ip, seen;   /* benign race: a first guess; atomic_cmpxchg replaces only what it saw */
    while (as_float(old) < v && (seen = atomic_cmpxchg(ip, old, as_int(v))) != old) old = seen;
    return as_float(old);
}

#define PP_ATOMIC_ADD_INT(p, v) pp_atomic_add_int(pp_counters, (p), (v))
#define PP_ATOMIC_MAX_INT(p, v) pp_atomic_max_int(pp_counters, (p), (v))
#define PP_ATOMIC_ADD_FLOAT(p, v) pp_atomic_add_float(pp_counters, (p), (v))
#define PP_ATOMIC_MAX_FLOAT(p, v) pp_atomic_max_float(pp_counters, (p), (v))
