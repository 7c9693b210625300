/* All-prefix-sums study of seed 003 (§3.4, Table 5): exclusive scan with an associative
 * operator OP and its identity, of int32 (FLOAT=0) or float32 (FLOAT=1), by add (OP_MAX=0) or
 * max (OP_MAX=1). Blocks of m = 2·wg elements are scanned by wg work-items with the
 * work-efficient tree (ScanSchedule.java documents the indexing and the Scan⁺ interleaving).
 *
 *   scan_block + scan_seq | recursion + scan_add   Harris' three kernels;
 *   scan_v1                                        one kernel on k static work-groups (V1);
 *   scan_plus                                      V1 with interleaved up- and down-sweeps (Scan⁺).
 */
#if FLOAT
typedef float T;
#define MAX_IDENTITY (-INFINITY)
#else
typedef int T;
#define MAX_IDENTITY INT_MIN
#endif

#if OP_MAX
#define OP(a, b) ((a) > (b) ? (a) : (b))
#define IDENTITY ((T)MAX_IDENTITY)
#else
#define OP(a, b) ((a) + (b))
#define IDENTITY ((T)0)
#endif

/* pair j of level d */
#define LEFT(d, j) ((((j) * 2 + 1) << (d)) - 1)
#define RIGHT(d, j) ((((j) * 2 + 2) << (d)) - 1)

inline int log2i(int m) { return 31 - clz(m); }

/* work-item lid loads elements lid and lid + wg of the block at base, identity past n */
inline void load_block(__local T* x, __global const T* in, int base, int n, int lid, int wg) {
    x[lid] = base + lid < n ? in[base + lid] : IDENTITY;
    x[lid + wg] = base + lid + wg < n ? in[base + lid + wg] : IDENTITY;
}

inline void store_block(__local const T* x, __global T* out, int base, int n, int lid, int wg) {
    if (base + lid < n) out[base + lid] = x[lid];
    if (base + lid + wg < n) out[base + lid + wg] = x[lid + wg];
}

inline void up_op(__local T* x, int d, int j) {
    int l = LEFT(d, j), r = RIGHT(d, j);
    x[r] = OP(x[l], x[r]);
}

inline void down_op(__local T* x, int d, int j) {
    int l = LEFT(d, j), r = RIGHT(d, j);
    T t = x[l];
    x[l] = x[r];
    x[r] = OP(x[r], t);
}

/* up-sweep of the whole block; the caller has put a barrier after the load */
inline void up_sweep(__local T* x, int m, int lid) {
    int levels = log2i(m);
    for (int d = 0; d < levels; d++) {
        if (lid < (m >> (d + 1))) up_op(x, d, lid);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

inline void down_sweep(__local T* x, int m, int lid) {
    int levels = log2i(m);
    for (int d = levels - 1; d >= 0; d--) {
        if (lid < (m >> (d + 1))) down_op(x, d, lid);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}

/* ---- Harris: block scan, SUM scan (sequential or recursive from the host), add ------------- */

__kernel void scan_block(PP_PARAMS, __global const T* in, __global T* out, __global T* sums, const int n,
                         __local T* x) {
    int lid = get_local_id(0), wg = get_local_size(0), m = 2 * wg;
    int base = get_group_id(0) * m;
    load_block(x, in, base, n, lid, wg);
    barrier(CLK_LOCAL_MEM_FENCE);
    up_sweep(x, m, lid);
    if (lid == 0) {
        sums[get_group_id(0)] = x[m - 1];
        x[m - 1] = IDENTITY;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    down_sweep(x, m, lid);
    store_block(x, out, base, n, lid, wg);
}

/* one work-item scans SUM in place (the sequential option, paper §8: slow on a CU with many PEs) */
__kernel void scan_seq(PP_PARAMS, __global T* sums, const int count) {
    T acc = IDENTITY;
    for (int i = 0; i < count; i++) {
        T v = sums[i];
        sums[i] = acc;
        acc = OP(acc, v);
    }
}

/* adds the scanned SUM of its block to each element (work-item lid: elements lid and lid + wg) */
__kernel void scan_add(PP_PARAMS, __global T* out, __global const T* sums, const int n) {
    int lid = get_local_id(0), wg = get_local_size(0);
    int base = get_group_id(0) * 2 * wg;
    T p = sums[get_group_id(0)];
    if (base + lid < n) out[base + lid] = OP(p, out[base + lid]);
    if (base + lid + wg < n) out[base + lid + wg] = OP(p, out[base + lid + wg]);
}

/* ---- V1 and Scan⁺: one kernel on k co-resident static work-groups --------------------------- */

/* The end of V1 and Scan⁺ (seed 003 §3.4, Fig. 7). Each static group has scanned its contiguous
 * block of tasks [s, e) with its running carry in x[carry]; now it publishes the carry in SUM,
 * the group that takes the counter (host: k+1) to 1 scans SUM and takes it to 0, and every group
 * but the first waits for 0 and adds its SUM prefix to its part of the output. counter[1] counts
 * the groups that scanned SUM (must end at 1). The spin-wait is legal only because k does not
 * exceed the residency query, so all k groups are co-resident. */
inline void v1_finish(__global T* out, volatile __global T* sums, volatile __global int* counter,
                      __global int* pp_counters, const int n, __local T* x, int carry, int lid, int wg,
                      int tasks) {
    /* pp_counters is passed on so that PP_ATOMIC_ADD_INT counts the protocol's atomics */
    int sg = PP_SG_ID, k = PP_SG_COUNT, m = 2 * wg;
    int s = (int)(((long)tasks * sg) / k), e = (int)(((long)tasks * (sg + 1)) / k);
    if (lid == 0) {
        sums[sg] = x[carry];
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        int old = PP_ATOMIC_ADD_INT(&counter[0], -1);
        if (old == 2) {                      /* the last to finish */
            T acc = IDENTITY;
            for (int i = 0; i < k; i++) {
                T v = sums[i];
                sums[i] = acc;
                acc = OP(acc, v);
            }
            PP_ATOMIC_ADD_INT(&counter[1], 1);
            mem_fence(CLK_GLOBAL_MEM_FENCE);
            PP_ATOMIC_ADD_INT(&counter[0], -1);
        }
        if (sg != 0) {
            while (counter[0] != 0) { }      /* volatile read each time round */
            x[carry] = sums[sg];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    if (sg != 0) {
        T p = x[carry];
        int to = min(n, e * m);
        /* work-item lid wrote elements lid and lid + wg of every block, so it updates them itself */
        for (int i = s * m + lid; i < to; i += wg) out[i] = OP(p, out[i]);
    }
}

__kernel void scan_v1(PP_PARAMS, __global const T* in, __global T* out, volatile __global T* sums,
                      volatile __global int* counter, const int n, __local T* x) {
    int lid = get_local_id(0), wg = get_local_size(0), m = 2 * wg;
    int carry = m;                           /* x: one tree of m elements, then the carry */
    if (lid == 0) x[carry] = IDENTITY;
    PP_FOR_EACH_TASK(t) {
        int base = t * m;
        load_block(x, in, base, n, lid, wg);
        barrier(CLK_LOCAL_MEM_FENCE);
        up_sweep(x, m, lid);
        if (lid == 0) {                      /* block total into the carry, carry to the root */
            T tot = x[m - 1];
            x[m - 1] = x[carry];
            x[carry] = OP(x[carry], tot);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        down_sweep(x, m, lid);
        store_block(x, out, base, n, lid, wg);
    }
    v1_finish(out, sums, counter, pp_counters, n, x, carry, lid, wg, pp_tasks);
}

/* Scan⁺: the down-sweep of task t runs in the same L steps as the up-sweep of task t+1
 * (ScanSchedule.java). x: two trees of m elements (offsets 0 and m), then the carry at 2m.
 * Barriers stay outside conditionals: groups with no previous or next task just skip the ops. */
__kernel void scan_plus(PP_PARAMS, __global const T* in, __global T* out, volatile __global T* sums,
                        volatile __global int* counter, const int n, __local T* x) {
    int lid = get_local_id(0), wg = get_local_size(0), m = 2 * wg, levels = log2i(m);
    int carry = 2 * m;
    int cur = 0;                             /* tree of the previous task, waiting for its down-sweep */
    int prev = -1;
    if (lid == 0) x[carry] = IDENTITY;
    PP_FOR_EACH_TASK(t) {
        int nxt = m - cur;
        load_block(x + nxt, in, t * m, n, lid, wg);
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int s = 0; s < levels; s++) {
            if (lid < (m >> (s + 1))) up_op(x + nxt, s, lid);
            int q = wg - 1 - lid, d = levels - 1 - s;
            if (prev >= 0 && q < (m >> (d + 1))) down_op(x + cur, d, q);
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (prev >= 0) store_block(x + cur, out, prev * m, n, lid, wg);
        if (lid == 0) {
            T tot = x[nxt + m - 1];
            x[nxt + m - 1] = x[carry];
            x[carry] = OP(x[carry], tot);
        }
        /* no barrier: the next load writes, per work-item, exactly the elements it just stored;
         * the barrier after that load orders the root update before step 0 */
        prev = t;
        cur = nxt;
    }
    /* the last task's down-sweep on its own */
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int d = levels - 1; d >= 0; d--) {
        if (prev >= 0 && lid < (m >> (d + 1))) down_op(x + cur, d, lid);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (prev >= 0) store_block(x + cur, out, prev * m, n, lid, wg);
    v1_finish(out, sums, counter, pp_counters, n, x, carry, lid, wg, pp_tasks);
}

/* ---- single-pass (not a paper variant): decoupled look-back on persistent groups ---
 * Seed 003's inter-group idea (V1: static groups hand their totals on through global memory)
 * carried to today's GPUs (Merrill and Garland's decoupled look-back). k persistent groups take
 * tiles of wg*ITEMS elements in increasing order from an atomic counter. A group scans its tile,
 * publishes the tile's aggregate, then looks back over its predecessors' published words, a
 * window of SP_WINDOW tiles read in parallel by SP_WINDOW work-items at a time, until it meets an
 * inclusive prefix; it publishes its own inclusive prefix and writes the tile. One 64-bit word per
 * tile holds the value and, above it, (epoch << 2 | flag): written by one store and read by one
 * volatile load, value and flag are never seen apart, and the host's epoch (one per launch) makes
 * words of earlier launches stale without clearing the array. A group waits only for tiles taken
 * before its own, by groups that were running when they took them, so no co-residency is needed
 * and k may exceed the residency query. (Tried on the H100: the whole group reading a window of wg
 * tiles, combined by a tree, ran slower than this window of 32 walked by one work-item: 0.73-0.79
 * of torch.cumsum against 0.82-0.84, docs/results/gpu/raw/i16-run3.) The tile counter resets itself: the last of its
 * ntiles + k increments (each group's one failed take) sets it back to 0. ITEMS is a multiple of 4. */
#ifndef ITEMS
#define ITEMS 8
#endif
#define SP_WINDOW 32
#ifndef STRIPED
#define STRIPED 0
#endif
/* STRIPED=1: coalesced loads and stores through local memory; x then holds wg + sp_tile_local(wg*ITEMS) elements */
#define SP_PAD(i) ((i) + ((i) >> 5))
#define SP_AGGREGATE 1
#define SP_PREFIX 2
#if FLOAT
#define SP_VALUE(u) as_float(u)
typedef float4 T4;
#else
#define SP_VALUE(u) as_int(u)
typedef int4 T4;
#endif

/* A tile's status word: tag (epoch*4 + flag) above, value below, written by one 64-bit store. The
 * look-back reads other tiles' words while their groups write them, with no ordering OpenCL 1.2 can
 * state (checked mode reports it as a race): intended, because the tag travels with its value and a
 * word whose tag is not this launch's epoch is read again. */
inline ulong sp_word(int epoch, int flag, T v) {
    return ((ulong)(uint)(epoch * 4 + flag) << 32) | (ulong)as_uint(v);
}

/* Two schedule knobs (measured on the H100; the defaults are the best of those runs):
 * LOOKBACK 0: the window of SP_WINDOW words is read by SP_WINDOW work-items into local memory
 *             and walked by work-item 0, three barriers a window; 1: work-item 0 alone reads
 *             LB_WINDOW words straight into registers (loads issued together) and walks them,
 *             window after window, while the group waits at a single barrier.
 * RAKE     0: the work-items' totals are scanned by a Hillis-Steele tree (2·log2(wg) barriers);
 *          1: raking: 32 work-items scan wg/32 consecutive totals each, work-item 0 scans the
 *             32 segment totals, three barriers; x is indexed with one pad word every 32 (no
 *             bank conflicts in the raking reads), so it holds wg + wg/32 elements. */
#ifndef LOOKBACK
#define LOOKBACK 0
#endif
#ifndef RAKE
#define RAKE 0
#endif
#define LB_WINDOW 16
/* WARP: the schedule of CUB's decoupled look-back, built on 32-wide warp
 * primitives (shuffle up/index/xor, ballot) instead of group barriers: the work-items' totals are
 * scanned per warp by shuffles and the warps' totals by every warp again (one barrier per tile
 * instead of 18), and the look-back is one warp reading 32 predecessors' words at once (one load
 * per lane), finding the nearest inclusive prefix and the first unpublished word by two ballots,
 * and combining the words before them by a shuffle reduction (no barrier while it walks).
 *   0: not used (the LOOKBACK/RAKE schedules above);
 *   1: the warp schedule with its primitives emulated in local memory (every work-item of the
 *      group calls them, each with a barrier; the look-back then runs in the whole group on warp
 *      0's words): any OpenCL device, it verifies the schedule's logic where 2 cannot run;
 *   2: the primitives as NVIDIA PTX (shfl.sync, vote.sync) through inline assembly, the look-back
 *      in warp 0 alone: NVIDIA's OpenCL only (cl_khr_subgroups is not offered there); any other
 *      compiler stops at the #error below rather than run something else under this name.
 * 1 and 2 need wg a multiple of 32 and at most 1024 (one warp total per lane); x then holds wg + 32 elements. */
#ifndef WARP
#define WARP 0
#endif
/* PREFETCH: hide the tile counter's atomic and the next tile's loads behind
 * this tile's look-back. 0: the ticket is taken at the top of each tile, the tile loaded after it;
 * 1: work-item 0 takes the next tile's ticket while this tile's loads are in flight (one ticket
 * ahead; a group still waits only for tiles taken before its own by running groups, and still
 * makes exactly one failed take, so the counter's reset is unchanged); 2: as 1, and the next
 * tile's elements are loaded into registers before this tile's look-back (ITEMS more registers;
 * needs STRIPED 0). Both measured slower on the H100 (0.53-0.75x torch.cumsum against 0.83-0.88x,
 * docs/results/gpu/i16-h100.md): a ticket held ahead delays the tile after it, and every later
 * look-back waits on that tile. Kept, off, as the studied alternative. */
#ifndef PREFETCH
#define PREFETCH 0
#endif
/* COALESCE (needs WARP 1 or 2): the warp's 32*ITEMS elements are
 * loaded and stored as in CUB's warp-transposed tiles, each 16-byte vector instruction of the warp
 * covering 512 consecutive bytes (lane L holds elements 128q + 4L .. +3 of its warp's chunk, q < ITEMS/4),
 * where COALESCE 0 gives each work-item ITEMS consecutive elements (a warp's vector instruction then
 * touches 32 pieces 16*ITEMS bytes apart, half-sectors for ITEMS 8 or more). No local memory is used
 * to rearrange: the scan follows the layout, one warp scan of the lanes' totals per q, chained. */
#ifndef COALESCE
#define COALESCE 0
#endif
#if COALESCE && !WARP
#error "scan single-pass coalesce=1 needs warp=1 or 2 (its scan is built on the warp primitives)"
#endif
#if COALESCE && PREFETCH
#error "scan single-pass coalesce=1 needs prefetch=0"
#endif
#if PREFETCH && STRIPED
#error "scan single-pass prefetch needs striped=0 (the prefetched elements are the work-item's own, in registers)"
#endif
#if WARP == 2 && !defined(cl_nv_pragma_unroll)
#error "scan single-pass warp=2 needs NVIDIA's OpenCL (inline PTX shfl.sync and vote.sync); warp=1 is the same schedule with the shuffles emulated in local memory"
#endif
#if WARP
#if FLOAT
#define FROM_U(u) as_float(u)
#else
#define FROM_U(u) as_int(u)
#endif
#define TO_U(v) as_uint(v)
#if WARP == 2
inline uint w_up(uint x, int d, __local uint* sx, int lid) {
    uint r;
    asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;" : "=r"(r) : "r"(x), "r"(d));
    return r;
}
inline uint w_idx(uint x, int src, __local uint* sx, int lid) {
    uint r;
    asm volatile("shfl.sync.idx.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(r) : "r"(x), "r"(src));
    return r;
}
inline uint w_xor(uint x, int m, __local uint* sx, int lid) {
    uint r;
    asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 31, 0xffffffff;" : "=r"(r) : "r"(x), "r"(m));
    return r;
}
inline uint w_ballot(int p, __local uint* sx, int lid) {
    uint r;
    asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.s32 q, %1, 0;\n\tvote.sync.ballot.b32 %0, q, 0xffffffff;\n\t}" : "=r"(r) : "r"(p));
    return r;
}
#else
/* emulated: the group's work-items in virtual warps of 32 consecutive ids, through sx (wg words) */
inline uint w_up(uint x, int d, __local uint* sx, int lid) {
    sx[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint r = (lid & 31) >= d ? sx[lid - d] : x;
    barrier(CLK_LOCAL_MEM_FENCE);
    return r;
}
inline uint w_idx(uint x, int src, __local uint* sx, int lid) {
    sx[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint r = sx[(lid & ~31) + src];
    barrier(CLK_LOCAL_MEM_FENCE);
    return r;
}
inline uint w_xor(uint x, int m, __local uint* sx, int lid) {
    sx[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint r = sx[lid ^ m];
    barrier(CLK_LOCAL_MEM_FENCE);
    return r;
}
inline uint w_ballot(int p, __local uint* sx, int lid) {
    sx[lid] = p != 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint r = 0;
    for (int i = 0; i < 32; i++) r |= sx[(lid & ~31) + i] << i;
    barrier(CLK_LOCAL_MEM_FENCE);
    return r;
}
#endif
/* the lowest set bit's index, 32 for none (ctz is not in OpenCL C 1.2) */
inline int w_first(uint m) { return m ? 31 - (int)clz(m & (~m + 1u)) : 32; }

inline T warp_scan_incl(T s, int lane, __local uint* sx, int lid) {
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
        T y = FROM_U(w_up(TO_U(s), d, sx, lid));
        if (lane >= d) s = OP(y, s);
    }
    return s;
}
#endif
#if RAKE
#define XI(i) SP_PAD(i)
#else
#define XI(i) (i)
#endif

/* one ticket: the last of the launch's tiles + k takes (each group's one failed take) resets the counter */
inline int sp_take(volatile __global int* next_tile, int tiles, int k) {
    int t = atomic_inc(next_tile);
    if (t == tiles + k - 1) atomic_xchg(next_tile, 0);
    return t;
}

/* the work-item's ITEMS consecutive elements of the tile at base (identity past n) */
inline void sp_load(__global const T* in, int base, int n, T* v) {
    if (base + ITEMS <= n) {
        const __global T4* p = (const __global T4*)(in + base);   /* base is a multiple of 4 */
#pragma unroll
        for (int q = 0; q < ITEMS / 4; q++) {
            T4 w = p[q];
            v[4 * q] = w.x; v[4 * q + 1] = w.y; v[4 * q + 2] = w.z; v[4 * q + 3] = w.w;
        }
    } else {
#pragma unroll
        for (int j = 0; j < ITEMS; j++) v[j] = base + j < n ? in[base + j] : IDENTITY;
    }
}

__kernel void scan_single_pass(PP_PARAMS, __global const T* in, __global T* out, volatile __global ulong* status,
                               volatile __global int* next_tile, const int n, const int epoch, __local T* x) {
    __local ulong look[SP_WINDOW];
#if RAKE
    __local T rake[32];
#endif
    __local int tile_l, ctrl_done, ctrl_j;
#if PREFETCH
    __local int next_l;
#endif
    __local T prefix;
    int lid = get_local_id(0), wg = get_local_size(0), k = get_num_groups(0);
    int tile_elems = wg * ITEMS;
    int tiles = (n + tile_elems - 1) / tile_elems;
    T v[ITEMS];
#if PREFETCH
    if (lid == 0) tile_l = sp_take(next_tile, tiles, k);
    barrier(CLK_LOCAL_MEM_FENCE);
    int tile = tile_l;
#if PREFETCH == 2
    if (tile < tiles) sp_load(in, tile * tile_elems + lid * ITEMS, n, v);
#endif
#endif
    for (;;) {
#if PREFETCH
        if (tile >= tiles) break;                 /* uniform in the group */
#if PREFETCH == 1
        sp_load(in, tile * tile_elems + lid * ITEMS, n, v);
#endif
        if (lid == 0) next_l = sp_take(next_tile, tiles, k);   /* read after the scan's barriers */
#else
        if (lid == 0) tile_l = sp_take(next_tile, tiles, k);
        barrier(CLK_LOCAL_MEM_FENCE);
        int tile = tile_l;
        if (tile >= tiles) break;                 /* uniform in the group */
#endif
        int base = tile * tile_elems + lid * ITEMS;
#if WARP
        int lane = lid & 31, wid = lid >> 5, nw = wg >> 5;
        __local uint* sx = (__local uint*)x;      /* warp=1's shuffle scratch (wg words) */
        __local T* wsum = x + wg;                 /* the warps' totals */
#endif
#if STRIPED
        /* coalesced: the group loads the tile as consecutive 16-byte vectors into local memory
         * (padded by one element every 32 against bank conflicts), each work-item then takes its
         * ITEMS consecutive elements from there */
        __local T* t = x + wg;
        int tb = tile * tile_elems;
#pragma unroll
        for (int q = 0; q < ITEMS / 4; q++) {
            int e = 4 * (q * wg + lid);
            if (tb + e + 4 <= n) {
                T4 w = ((const __global T4*)(in + tb))[q * wg + lid];
                t[SP_PAD(e)] = w.x; t[SP_PAD(e + 1)] = w.y; t[SP_PAD(e + 2)] = w.z; t[SP_PAD(e + 3)] = w.w;
            } else {
                for (int c = 0; c < 4; c++) t[SP_PAD(e + c)] = tb + e + c < n ? in[tb + e + c] : IDENTITY;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
        for (int j = 0; j < ITEMS; j++) v[j] = t[SP_PAD(lid * ITEMS + j)];
#elif COALESCE
        int cb = tile * tile_elems + wid * 32 * ITEMS + 4 * lane;   /* lane's first element; + 128q */
        T lp[ITEMS / 4];                          /* per q: what precedes the lane's 4 elements in the warp */
        T run = IDENTITY;                         /* the warp's total so far (alike in every lane) */
        /* every vector is loaded before the first is scanned: the shuffles are volatile assembly, and with
         * the loads inside the scan's loop NVIDIA's compiler left each behind the scan before it (the H200's
         * scan at 2^28 ran 10 % slower) */
#pragma unroll
        for (int q = 0; q < ITEMS / 4; q++) {
            int e = cb + 128 * q;
            if (e + 4 <= n) {
                T4 w = ((const __global T4*)in)[e >> 2];   /* e is a multiple of 4 */
                v[4 * q] = w.x; v[4 * q + 1] = w.y; v[4 * q + 2] = w.z; v[4 * q + 3] = w.w;
            } else {
                for (int c = 0; c < 4; c++) v[4 * q + c] = e + c < n ? in[e + c] : IDENTITY;
            }
        }
#pragma unroll
        for (int q = 0; q < ITEMS / 4; q++) {
            v[4 * q + 1] = OP(v[4 * q], v[4 * q + 1]);   /* inclusive within the lane's 4 */
            v[4 * q + 2] = OP(v[4 * q + 1], v[4 * q + 2]);
            v[4 * q + 3] = OP(v[4 * q + 2], v[4 * q + 3]);
            T sq = warp_scan_incl(v[4 * q + 3], lane, sx, lid);
            T up = FROM_U(w_up(TO_U(sq), 1, sx, lid));   /* lane - 1's inclusive */
            T tot = FROM_U(w_idx(TO_U(sq), 31, sx, lid));
            lp[q] = lane > 0 ? OP(run, up) : run;
            run = OP(run, tot);
        }
        if (lane == 31) wsum[wid] = run;
#elif !PREFETCH
        sp_load(in, base, n, v);
#endif
#if !COALESCE
        T run = IDENTITY;                         /* the work-item's inclusive scan of its items */
#pragma unroll
        for (int j = 0; j < ITEMS; j++) { run = OP(run, v[j]); v[j] = run; }
#endif
#if WARP
#if !COALESCE
        T s = warp_scan_incl(run, lane, sx, lid);
        T sprev = FROM_U(w_up(TO_U(s), 1, sx, lid));   /* lane - 1's inclusive total */
        if (lane == 31) wsum[wid] = s;
#endif
        barrier(CLK_LOCAL_MEM_FENCE);
        T ws = warp_scan_incl(lane < nw ? wsum[lane] : IDENTITY, lane, sx, lid);   /* every warp, alike */
        T wpre = FROM_U(w_idx(TO_U(ws), wid > 0 ? wid - 1 : 0, sx, lid));
        if (wid == 0) wpre = IDENTITY;
        T agg = FROM_U(w_idx(TO_U(ws), nw - 1, sx, lid));
#if COALESCE
        T before = wpre;                          /* the warps before this one; lp[q] adds the lanes */
#else
        T before = lane > 0 ? OP(wpre, sprev) : wpre;
#endif
#else
        x[XI(lid)] = run;
        barrier(CLK_LOCAL_MEM_FENCE);
#endif
#if WARP
#elif RAKE
        int seg = wg >> 5;                        /* totals per raking work-item */
        if (lid < 32) {                           /* inclusive scan of one segment, in place */
            T r = IDENTITY;
            for (int i = lid * seg; i < (lid + 1) * seg; i++) { r = OP(r, x[XI(i)]); x[XI(i)] = r; }
            rake[lid] = r;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid == 0) {                           /* inclusive scan of the 32 segment totals */
            T r = IDENTITY;
            for (int i = 0; i < 32; i++) { r = OP(r, rake[i]); rake[i] = r; }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        T before = lid / seg > 0 ? rake[lid / seg - 1] : IDENTITY;   /* the segments before lid's */
        if (lid % seg) before = OP(before, x[XI(lid - 1)]);
        T agg = rake[31];
#else
        for (int off = 1; off < wg; off <<= 1) {  /* inclusive scan of the work-items' totals */
            T t = lid >= off ? x[lid - off] : IDENTITY;
            barrier(CLK_LOCAL_MEM_FENCE);
            x[lid] = OP(t, x[lid]);
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        T before = lid > 0 ? x[lid - 1] : IDENTITY;
        T agg = x[wg - 1];
#endif
#if PREFETCH
        int nxt = next_l;                         /* written before the barriers of the scan above */
#endif
#if PREFETCH == 2
        T w2[ITEMS];                              /* the next tile, in flight during the look-back */
        if (nxt < tiles) sp_load(in, nxt * tile_elems + lid * ITEMS, n, w2);
#endif
        T excl = IDENTITY;                        /* meaningful in work-item 0 */
        if (lid == 0) status[tile] = sp_word(epoch, tile == 0 ? SP_PREFIX : SP_AGGREGATE, agg);
#if WARP
#if WARP == 2
        if (lid < 32) {                           /* warp 0 alone; the others wait at the barrier below */
#else
        {                                         /* every virtual warp walks warp 0's words alike */
#endif
            int j = tile - 1;                     /* the nearest tile not yet combined */
            int found = tile == 0;                /* uniform */
            while (!found) {                      /* uniform in the warp (warp=1: in the group); no break (PoCL) */
                /* lane q reads tile j - q; before tile 0 an identity prefix (never combined: tile 0 is a prefix) */
                ulong wv = j - lane >= 0 ? status[j - lane] : sp_word(epoch, SP_PREFIX, IDENTITY);   /* benign race: look-back reads other tiles' published 64-bit status words; an unpublished (old-epoch) word is read again */
#if WARP == 1
                if (lid < 32) look[lid] = wv;     /* one read per word, as warp 2 does: all decide alike */
                barrier(CLK_LOCAL_MEM_FENCE);
                wv = look[lane];
                barrier(CLK_LOCAL_MEM_FENCE);
#endif
                int tag = (int)(wv >> 32);
                int pub = (tag >> 2) == epoch;
                int uf = w_first(w_ballot(!pub, sx, lid));                        /* first unpublished */
                int pf = w_first(w_ballot(pub && (tag & 3) == SP_PREFIX, sx, lid));   /* nearest prefix */
                int cnt = pf < uf ? pf + 1 : uf;  /* words combined this round: those before the first gap */
                T val = lane < cnt ? SP_VALUE((uint)wv) : IDENTITY;
#pragma unroll
                for (int m = 16; m >= 1; m >>= 1) {
                    T y = FROM_U(w_xor(TO_U(val), m, sx, lid));   /* not inside OP: max evaluates an argument twice */
                    val = OP(val, y);
                }
                excl = OP(val, excl);
                j -= cnt;
                found = pf < uf;
            }
        }
#elif LOOKBACK
        if (lid == 0 && tile > 0) {
            int j = tile - 1;                     /* the nearest tile not yet combined */
            for (;;) {
                ulong w[LB_WINDOW];
#pragma unroll
                for (int q = 0; q < LB_WINDOW; q++) w[q] = j - q >= 0 ? status[j - q] : 0;   /* benign race: look-back reads other tiles' published 64-bit status words; an unpublished (old-epoch) word is read again */
                int stop = 0, found = 0, used = 0;
#pragma unroll
                for (int q = 0; q < LB_WINDOW; q++) {
                    int tag = (int)(w[q] >> 32);
                    if (!stop && (tag >> 2) != epoch) stop = 1;     /* not yet published: read again */
                    if (!stop) {
                        excl = OP(SP_VALUE((uint)w[q]), excl);
                        used++;
                        if ((tag & 3) == SP_PREFIX) { found = 1; stop = 1; }
                    }
                }
                j -= used;
                if (found) break;
            }
        }
#else
        int j = tile - 1;                         /* uniform: the nearest tile not yet combined */
        int done = tile == 0;
        while (!done) {                           /* uniform; no break between barriers (PoCL) */
            if (lid < SP_WINDOW) look[lid] = j - lid >= 0 ? status[j - lid] : 0;   /* benign race: look-back reads other tiles' published 64-bit status words; an unpublished (old-epoch) word is read again */
            barrier(CLK_LOCAL_MEM_FENCE);
            if (lid == 0) {
                int q = 0, found = 0;
                for (; q < SP_WINDOW && q < wg && j - q >= 0; q++) {   /* a group under 32 reads wg words a round */
                    ulong w = look[q];
                    int tag = (int)(w >> 32);
                    if ((tag >> 2) != epoch) break;            /* not yet published: read again */
                    excl = OP(SP_VALUE((uint)w), excl);
                    if ((tag & 3) == SP_PREFIX) { found = 1; break; }
                }
                ctrl_done = found;
                ctrl_j = j - q;
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            done = ctrl_done;
            j = ctrl_j;
            barrier(CLK_LOCAL_MEM_FENCE);         /* look and ctrl are rewritten next round */
        }
#endif
        if (lid == 0 && tile > 0) status[tile] = sp_word(epoch, SP_PREFIX, OP(excl, agg));
        if (lid == 0) prefix = excl;
        barrier(CLK_LOCAL_MEM_FENCE);
        T p0 = OP(prefix, before);
        /* exclusive: element j gets p0 combined with items 0..j-1 */
#if STRIPED
#pragma unroll
        for (int j = 0; j < ITEMS; j++) t[SP_PAD(lid * ITEMS + j)] = j == 0 ? p0 : OP(p0, v[j - 1]);
        barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
        for (int q = 0; q < ITEMS / 4; q++) {
            int e = 4 * (q * wg + lid);
            if (tb + e + 4 <= n) {
                T4 w;
                w.x = t[SP_PAD(e)]; w.y = t[SP_PAD(e + 1)]; w.z = t[SP_PAD(e + 2)]; w.w = t[SP_PAD(e + 3)];
                ((__global T4*)(out + tb))[q * wg + lid] = w;
            } else {
                for (int c = 0; c < 4; c++) if (tb + e + c < n) out[tb + e + c] = t[SP_PAD(e + c)];
            }
        }
#elif COALESCE
#pragma unroll
        for (int q = 0; q < ITEMS / 4; q++) {
            int e = cb + 128 * q;
            T pq = OP(p0, lp[q]);
            T4 w;
            w.x = pq;
            w.y = OP(pq, v[4 * q]);
            w.z = OP(pq, v[4 * q + 1]);
            w.w = OP(pq, v[4 * q + 2]);
            if (e + 4 <= n) {
                ((__global T4*)out)[e >> 2] = w;
            } else {
                if (e < n) out[e] = w.x;
                if (e + 1 < n) out[e + 1] = w.y;
                if (e + 2 < n) out[e + 2] = w.z;
            }
        }
#else
        if (base + ITEMS <= n) {
            __global T4* o = (__global T4*)(out + base);
#pragma unroll
            for (int q = 0; q < ITEMS / 4; q++) {
                T4 w;
                w.x = q == 0 ? p0 : OP(p0, v[4 * q - 1]);
                w.y = OP(p0, v[4 * q]);
                w.z = OP(p0, v[4 * q + 1]);
                w.w = OP(p0, v[4 * q + 2]);
                o[q] = w;
            }
        } else {
            for (int j = 0; j < ITEMS; j++) if (base + j < n) out[base + j] = j == 0 ? p0 : OP(p0, v[j - 1]);
        }
#endif
        barrier(CLK_LOCAL_MEM_FENCE);             /* x, prefix, tile_l and next_l are reused by the next tile */
#if PREFETCH
        tile = nxt;
#endif
#if PREFETCH == 2
#pragma unroll
        for (int j = 0; j < ITEMS; j++) v[j] = w2[j];
#endif
    }
}
