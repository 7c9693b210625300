/* Persistent-form kernels (PP_FOR_EACH_TASK) of the static work-group and static local memory tests. */

/* Every task marks itself: hits[t] counts its runs, owner[t] is the persistent group that ran it. */
__kernel void mark_tasks(PP_PARAMS, __global int* hits, __global int* owner) {
    PP_FOR_EACH_TASK(t) {
        if (get_local_id(0) == 0 && get_local_id(1) == 0) {
            atomic_inc(&hits[t]);
            owner[t] = PP_SG_ID;
        }
    }
}

/* Static local memory with the first/last hooks around the task loop:
 *   first hook: slm[0] = 0 (task count), slm[1] = -1 (last task), one count in inits;
 *   tasks: lid 0 adds one and records t (a unit runs its tasks in turn: no atomic needed);
 *   last hook: publishes the unit's count and last task, and adds the count to total (counted atomic). */
__kernel void slm_hooks(PP_PARAMS, __global int* perUnit, __global int* lastTask, __global int* inits,
                        __global int* total, __local int* slm) {
    int lid = get_local_id(0);
    if (lid == 0) {
        slm[0] = 0;
        slm[1] = -1;
        atomic_inc(inits);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    PP_FOR_EACH_TASK(t) {
        if (lid == 0) {
            slm[0] += 1;
            slm[1] = t;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        perUnit[PP_SG_ID] = slm[0];
        lastTask[PP_SG_ID] = slm[1];
        PP_ATOMIC_ADD_INT(total, slm[0]);
    }
}

/* An NDRange of 2 dimensions run on persistent groups: each logical work-item adds one to its own
 * cell through the logical ids, and the logical group counts are reported. */
__kernel void slm_ids2d(PP_PARAMS, __global int* cells, __global int* info, const int width, __local int* slm) {
    if (get_local_id(0) == 0 && get_local_id(1) == 0) slm[0] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    PP_FOR_EACH_TASK(t) {
        int x = pp_global_id(t, 0), y = pp_global_id(t, 1);
        atomic_add(&cells[y * width + x], 1);
        if (get_local_id(0) == 0 && get_local_id(1) == 0) slm[0] += 1;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (get_local_id(0) == 0 && get_local_id(1) == 0) {
        atomic_add(&info[0], slm[0]);
        info[1] = pp_num_groups(0);
        info[2] = pp_num_groups(1);
        info[3] = pp_tasks;
        info[4] = pp_mapping;
    }
}
