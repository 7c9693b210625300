/* Monte Carlo Value-at-Risk (seed 000, "simplevarmc"): one simulation per vector lane,
 * SIMBS x VWIDTH simulations per work-item, simulation index ((gid*SIMBS + s)*VWIDTH + v).
 * Compile-time constants (-D): POSBS (positions per local block), SIMBS (separate accumulators),
 * VWIDTH (1, 2, 4, 8, 16: the float type of an accumulator), RNG (0 Philox4x32-10 keyed by the
 * simulation index, 1 Nvidia-style MT607, one stream per work-item).
 * Kernels: var_loadstore (positions read from global memory), var_singlebuffer (one local block,
 * async_work_group_copy then compute), var_doublebuffer (two local blocks, the next one copied
 * while the current one is computed).
 * Optional constants of seed 000's static studies (absent: 0): AOS=1 keeps the portfolio as an
 * array of structures, {type, amount, dayOfMaturity} as three floats per position in pamount
 * (ptype and pday are unused), copied to local memory as one block of records into lamount;
 * POFF = elements the portfolio starts after its buffers' base (the alignment study); TASKS = n
 * makes the kernel a task: one work-item (launched as global = local = 1, what clEnqueueTask
 * runs) loops over the n work-items the NDRange form would have, one after the other.
 *
 * No contraction to fused multiply-add: the random numbers and market parameters must be
 * bit-identical to the host's (Java float arithmetic is never fused); see FloatMath.java.
 */
#pragma OPENCL FP_CONTRACT OFF

#if !defined(POSBS) || !defined(SIMBS) || !defined(VWIDTH) || !defined(RNG)
#error "var.cl needs -DPOSBS -DSIMBS -DVWIDTH -DRNG"
#endif

#define VAR_FBOND 0
#define VAR_STOCK 1

#ifndef AOS
#define AOS 0
#endif
#ifndef POFF
#define POFF 0
#endif
#ifndef TASKS
#define TASKS 0
#endif

#define VAR_CAT_(a, b) a##b
#define VAR_CAT(a, b) VAR_CAT_(a, b)
#if VWIDTH == 1
#define VFLOAT float
#define VAR_VLOAD(p) ((p)[0])
#define VAR_VSTORE(v, i, p) ((p)[(i)] = (v))
#else
#define VFLOAT VAR_CAT(float, VWIDTH)
#define VAR_VLOAD(p) VAR_CAT(vload, VWIDTH)(0, (p))
#define VAR_VSTORE(v, i, p) VAR_CAT(vstore, VWIDTH)((v), (i), (p))
#endif

/* 1/365.25 as a float */
#define VAR_INV_YEAR 0x1.66db08p-9f

/* ---- bit-exact float functions (FloatMath.java): + - * and bit operations only ---------------- */

inline float var_uniform(uint x) {
    float f = (float)x;
    f = f + 1.0f;
    return f * 0x1.0p-32f;
}

inline float var_ln(float u) {
    int bits = as_int(u);
    int e = ((bits >> 23) & 0xff) - 127;
    float m = as_float((bits & 0x007fffff) | 0x3f800000);
    if (m > 0x1.6a09e6p+0f) {
        m = m * 0.5f;
        e = e + 1;
    }
    float f = m - 1.0f;
    float p = -0x1.38e072p-4f;
    p = p * f; p = p + 0x1.087b72p-3f;
    p = p * f; p = p + -0x1.0f2c26p-3f;
    p = p * f; p = p + 0x1.226874p-3f;
    p = p * f; p = p + -0x1.5427a8p-3f;
    p = p * f; p = p + 0x1.99a476p-3f;
    p = p * f; p = p + -0x1.000428p-2f;
    p = p * f; p = p + 0x1.55555p-2f;
    p = p * f; p = p + -0x1.fffff8p-2f;
    p = p * f; p = p + 0x1.0p+0f;
    float lf = f * p;
    float ef = (float)e;
    float hi = ef * 0x1.62e4p-1f;
    float lo = ef * 0x1.7f7d1cp-20f;
    lo = lo + lf;
    return hi + lo;
}

inline float var_sqrt(float a) {
    if (a == 0.0f) return 0.0f;
    float h = 0.5f * a;
    float y = as_float(0x5f3759df - (as_int(a) >> 1));
    for (int i = 0; i < 3; i++) {
        float t = h * y;
        t = t * y;
        t = 1.5f - t;
        y = y * t;
    }
    return a * y;
}

/* (sin 2 pi t, cos 2 pi t) for t in (0, 1] */
inline float2 var_sincos2pi(float t) {
    float t4 = t * 4.0f;
    t4 = t4 + 0.5f;
    int k = (int)t4;
    float kq = (float)k;
    kq = kq * 0.25f;
    float x = t - kq;
    float th = x * 0x1.921fb6p+2f;
    float th2 = th * th;
    float ps = 0x1.71de3ap-19f;
    ps = ps * th2; ps = ps + -0x1.a01a02p-13f;
    ps = ps * th2; ps = ps + 0x1.111112p-7f;
    ps = ps * th2; ps = ps + -0x1.555556p-3f;
    float th3 = th * th2;
    float sn = th3 * ps;
    sn = th + sn;
    float pc = -0x1.27e4fcp-22f;
    pc = pc * th2; pc = pc + 0x1.a01a02p-16f;
    pc = pc * th2; pc = pc + -0x1.6c16c2p-10f;
    pc = pc * th2; pc = pc + 0x1.555556p-5f;
    pc = pc * th2; pc = pc + -0x1.0p-1f;
    pc = pc * th2;
    float cs = 1.0f + pc;
    /* quadrant k & 3: (sn, cs), (cs, -sn), (-sn, -cs), (-cs, sn), by selects on its two bits: LLVM
     * makes a switch on k & 3 a switch on an i2, which Oclgrind 21.10 runs wrongly for k >= 4 */
    float px = (k & 1) ? cs : sn, py = (k & 1) ? sn : cs;
    return (float2)((k & 2) ? -px : px, ((k ^ (k >> 1)) & 1) ? -py : py);
}

/* Box-Muller: (r cos 2 pi u2, r sin 2 pi u2), r = sqrt(-2 ln u1) */
inline float2 var_box_muller(float u1, float u2) {
    float l = var_ln(u1);
    float a = -2.0f * l;
    float r = var_sqrt(a);
    float2 sc = var_sincos2pi(u2);
    return (float2)(r * sc.y, r * sc.x);
}

/* ---- random number generators ------------------------------------------------------------- */

inline uint4 var_philox(uint4 c, uint k0, uint k1) {
    for (int r = 0; r < 10; r++) {
        if (r > 0) {
            k0 += 0x9E3779B9u;
            k1 += 0xBB67AE85u;
        }
        uint hi0 = mul_hi(0xD2511F53u, c.x), lo0 = 0xD2511F53u * c.x;
        uint hi1 = mul_hi(0xCD9E8D57u, c.z), lo1 = 0xCD9E8D57u * c.z;
        c = (uint4)(hi1 ^ c.y ^ k0, lo1, hi0 ^ c.w ^ k1, lo0);
    }
    return c;
}

#define VAR_MT_NN 19
#define VAR_MT_MM 9

/* Nvidia-style MT607 stream with a pending second normal of the last Box-Muller pair */
typedef struct {
    uint mt[VAR_MT_NN];
    int i;
    uint a, b, c;
    float spare;
    int have;
} var_mt;

inline void var_mt_init(var_mt* g, __global const uint* params, int stream, uint user_seed) {
    g->a = params[4 * stream];
    g->b = params[4 * stream + 1];
    g->c = params[4 * stream + 2];
    g->mt[0] = params[4 * stream + 3] ^ user_seed;
    for (int k = 1; k < VAR_MT_NN; k++) g->mt[k] = 1812433253u * (g->mt[k - 1] ^ (g->mt[k - 1] >> 30)) + (uint)k;
    g->i = 0;
    g->have = 0;
    g->spare = 0.0f;
}

inline uint var_mt_next(var_mt* g) {
    int i = g->i;
    int k1 = i + 1 == VAR_MT_NN ? 0 : i + 1;
    int km = i + VAR_MT_MM >= VAR_MT_NN ? i + VAR_MT_MM - VAR_MT_NN : i + VAR_MT_MM;
    uint x = (g->mt[i] & 0xFFFFFFFEu) | (g->mt[k1] & 0x1u);
    x = g->mt[km] ^ (x >> 1) ^ ((x & 1u) ? g->a : 0u);
    g->mt[i] = x;
    g->i = k1;
    x ^= x >> 12;
    x ^= (x << 7) & g->b;
    x ^= (x << 15) & g->c;
    x ^= x >> 18;
    return x;
}

inline float var_mt_normal(var_mt* g) {
    if (g->have) {
        g->have = 0;
        return g->spare;
    }
    float u1 = var_uniform(var_mt_next(g));
    float u2 = var_uniform(var_mt_next(g));
    float2 z = var_box_muller(u1, u2);
    g->spare = z.y;
    g->have = 1;
    return z.x;
}

/* ---- the simulation ----------------------------------------------------------------------- */

/* market: S0 r0 X0 mu0 mu1 mu2 L00 L10 L11 L20 L21 L22 (L lower Cholesky factor) */
inline float3 var_market(__global const float* mk, float z0, float z1, float z2) {
    float ds = mk[6] * z0;
    ds = mk[3] + ds;
    float s = mk[0] + ds;
    float dr = mk[7] * z0;
    float t = mk[8] * z1;
    dr = dr + t;
    dr = mk[4] + dr;
    float r = mk[1] + dr;
    float dx = mk[9] * z0;
    t = mk[10] * z1;
    dx = dx + t;
    t = mk[11] * z2;
    dx = dx + t;
    dx = mk[5] + dx;
    float x = mk[2] + dx;
    return (float3)(s, r, x);
}

/* The three normals of simulation isim (Philox), or the next three of the work-item's stream (MT). */
#if RNG == 0
#define VAR_RNG_DECL
#define VAR_RNG_INIT(gid)
#define VAR_DRAW(isim, z0, z1, z2) { \
        uint4 w_ = var_philox((uint4)((uint)(isim), 0u, 0u, 0u), (uint)seed0, (uint)seed1); \
        float2 za_ = var_box_muller(var_uniform(w_.x), var_uniform(w_.y)); \
        float2 zb_ = var_box_muller(var_uniform(w_.z), var_uniform(w_.w)); \
        z0 = za_.x; \
        z1 = za_.y; \
        z2 = zb_.x; \
    }
#else
#define VAR_RNG_DECL var_mt g_;
#define VAR_RNG_INIT(gid) var_mt_init(&g_, mtp, (gid), (uint)seed0);
#define VAR_DRAW(isim, z0, z1, z2) { \
        z0 = var_mt_normal(&g_); \
        z1 = var_mt_normal(&g_); \
        z2 = var_mt_normal(&g_); \
    }
#endif

/* Market parameters of the work-item's SIMBS x VWIDTH simulations; sums zeroed. */
inline void var_init(int gid, __global const uint* mtp, __global const float* mk, int seed0, int seed1,
                     VFLOAT* S, VFLOAT* R, VFLOAT* X, VFLOAT* sum) {
    VAR_RNG_DECL
    VAR_RNG_INIT(gid)
    for (int s = 0; s < SIMBS; s++) {
        float ts[VWIDTH], tr[VWIDTH], tx[VWIDTH];
        for (int v = 0; v < VWIDTH; v++) {
            float z0, z1, z2;
            VAR_DRAW((gid * SIMBS + s) * VWIDTH + v, z0, z1, z2)
            float3 m = var_market(mk, z0, z1, z2);
            ts[v] = m.x;
            tr[v] = m.y;
            tx[v] = m.z;
        }
        S[s] = VAR_VLOAD(ts);
        R[s] = VAR_VLOAD(tr);
        X[s] = VAR_VLOAD(tx);
        sum[s] = (VFLOAT)(0.0f);
    }
}

/* The normals alone, three per simulation, so that tests can compare them with the host's bit for bit. */
__kernel void var_normals(PP_PARAMS, __global float* z, __global const uint* mtp, const int seed0, const int seed1) {
    int gid = (int)get_global_id(0);
    VAR_RNG_DECL
    VAR_RNG_INIT(gid)
    for (int j = 0; j < SIMBS * VWIDTH; j++) {
        int isim = gid * SIMBS * VWIDTH + j;
        float z0, z1, z2;
        VAR_DRAW(isim, z0, z1, z2)
        z[3 * isim] = z0;
        z[3 * isim + 1] = z1;
        z[3 * isim + 2] = z2;
    }
}

/* evaluate(position) for all SIMBS x VWIDTH simulations: STOCK amount*S, FBOND amount*X*exp(-r*tau).
 * RELAXED=1 (math=relaxed, an explicit option, off by default): exp(-r*tau) as
 * native_exp2(RL*tau) with RL = -r*log2(e) computed once per simulation, and the products added
 * by fma; the device's native exp2 has implementation-defined accuracy, so a relaxed row is
 * verified against the same double reference and bound as an exact one (Var.java). */
#ifndef RELAXED
#define RELAXED 0
#endif
#if RELAXED
#define VAR_EVALUATE(T, A, D) { \
        int t_ = (T); \
        VFLOAT a_ = (VFLOAT)(A); \
        if (t_ == VAR_STOCK) { \
            for (int s = 0; s < SIMBS; s++) sum[s] = fma(a_, S[s], sum[s]); \
        } else { \
            float tau_ = (float)((D) - today) * VAR_INV_YEAR; \
            for (int s = 0; s < SIMBS; s++) sum[s] = fma(a_ * X[s], native_exp2(RL[s] * tau_), sum[s]); \
        } \
    }
#else
#define VAR_EVALUATE(T, A, D) { \
        int t_ = (T); \
        float a_ = (A); \
        if (t_ == VAR_STOCK) { \
            for (int s = 0; s < SIMBS; s++) { \
                VFLOAT v_ = a_ * S[s]; \
                sum[s] = sum[s] + v_; \
            } \
        } else { \
            float tau_ = (float)((D) - today); \
            tau_ = tau_ * VAR_INV_YEAR; \
            for (int s = 0; s < SIMBS; s++) { \
                VFLOAT e_ = -R[s]; \
                e_ = e_ * tau_; \
                e_ = exp(e_); \
                VFLOAT v_ = a_ * X[s]; \
                v_ = v_ * e_; \
                sum[s] = sum[s] + v_; \
            } \
        } \
    }
#endif

/* Position i of the portfolio in global memory (g*: the arrays from POFF on) and of a local block
 * (l*); under AOS a position is the record i of three floats, type and day exact as floats. */
#if AOS
#define VAR_GLOBAL(i) VAR_EVALUATE((int)grec[3 * (i)], grec[3 * (i) + 1], (int)grec[3 * (i) + 2])
#define VAR_LOCAL(i) VAR_EVALUATE((int)lamount[3 * (i)], lamount[3 * (i) + 1], (int)lamount[3 * (i) + 2])
/* n positions from base into the local block at position o, event e: one copy of 3n floats */
#define VAR_COPY(o, base, n, e) e = async_work_group_copy(lamount + 3 * (o), grec + 3 * (base), (size_t)(3 * (n)), 0);
#define VAR_PORTFOLIO __global const float* grec = pamount + POFF;
#else
#define VAR_GLOBAL(i) VAR_EVALUATE(gtype[i], gamount[i], gday[i])
#define VAR_LOCAL(i) VAR_EVALUATE(ltype[i], lamount[i], lday[i])
#define VAR_COPY(o, base, n, e) \
        e = async_work_group_copy(ltype + (o), gtype + (base), (size_t)(n), 0); \
        e = async_work_group_copy(lamount + (o), gamount + (base), (size_t)(n), e); \
        e = async_work_group_copy(lday + (o), gday + (base), (size_t)(n), e);
#define VAR_PORTFOLIO __global const int* gtype = ptype + POFF; __global const float* gamount = pamount + POFF; \
        __global const int* gday = pday + POFF;
#endif

/* The work-items: this one (NDRange), or under TASKS all of them, one after the other (a task). */
#if TASKS
#define VAR_ITEMS for (int gid = 0; gid < TASKS; gid++)
#else
#define VAR_ITEMS int gid = (int)get_global_id(0);
#endif

#define VAR_PARAMS PP_PARAMS, __global const int* ptype, __global const float* pamount, __global const int* pday, \
        __global float* simulation, __global const uint* mtp, __global const float* market, \
        const int npos, const int today, const int seed0, const int seed1

#if RELAXED
#define VAR_RELAXED_INIT VFLOAT RL[SIMBS]; for (int s = 0; s < SIMBS; s++) RL[s] = -R[s] * 0x1.715476p+0f;   /* log2(e) */
#else
#define VAR_RELAXED_INIT
#endif
#define VAR_BEGIN \
    VFLOAT sum[SIMBS], S[SIMBS], R[SIMBS], X[SIMBS]; \
    var_init(gid, mtp, market, seed0, seed1, S, R, X, sum); \
    VAR_RELAXED_INIT

#define VAR_END \
    for (int s = 0; s < SIMBS; s++) VAR_VSTORE(sum[s], gid * SIMBS + s, simulation);

/* Load/Store: no buffering, every position read from global memory (caches permitting). */
__kernel void var_loadstore(VAR_PARAMS) {
    VAR_PORTFOLIO
    VAR_ITEMS {
        VAR_BEGIN
        for (int p = 0; p < npos; p++) VAR_GLOBAL(p)
        VAR_END
    }
}

/* Single-Buffer: the group copies POSBS positions into local memory, waits, computes. */
__kernel void var_singlebuffer(VAR_PARAMS, __local int* ltype, __local float* lamount, __local int* lday) {
    VAR_PORTFOLIO
    VAR_ITEMS {
        VAR_BEGIN
        for (int base = 0; base < npos; base += POSBS) {
            int n = min(POSBS, npos - base);
            event_t e;
            VAR_COPY(0, base, n, e)
            wait_group_events(1, &e);
            for (int p = 0; p < n; p++) VAR_LOCAL(p)
            barrier(CLK_LOCAL_MEM_FENCE);    /* nobody may still read the block the next copy overwrites */
        }
        VAR_END
    }
}

/* Double-Buffer: two local blocks; the copy of block b+1 overlaps the computation on block b. */
__kernel void var_doublebuffer(VAR_PARAMS, __local int* ltype, __local float* lamount, __local int* lday) {
    VAR_PORTFOLIO
    VAR_ITEMS {
        VAR_BEGIN
        int blocks = (npos + POSBS - 1) / POSBS;
        event_t ev[2];
        VAR_COPY(0, 0, min(POSBS, npos), ev[0])
        for (int b = 0; b < blocks; b++) {
            int cur = b & 1;
            int base = b * POSBS;
            if (b + 1 < blocks) {
                int nb = min(POSBS, npos - base - POSBS);
                VAR_COPY((cur ^ 1) * POSBS, base + POSBS, nb, ev[cur ^ 1])
            }
            wait_group_events(1, &ev[cur]);
            int n = min(POSBS, npos - base);
            int o = cur * POSBS;
            for (int p = 0; p < n; p++) VAR_LOCAL(o + p)
            barrier(CLK_LOCAL_MEM_FENCE);    /* the next iteration's copy overwrites this block */
        }
        VAR_END
    }
}
