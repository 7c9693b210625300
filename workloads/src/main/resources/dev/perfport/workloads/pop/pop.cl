/* POP's equation of state and two of its KPP vertical-mixing functions (seed 002 §5.7, from POP's
 * state_mod and vmix_kpp): MWJF's 25-term density with its derivatives by temperature and salinity,
 * buoyancy differences (buoydiff) and double-diffusion diffusivities (ddmix). CGS units: T in
 * degrees C, S in g/g, rho in g/cm^3.
 *
 * A 3-D field is km levels of nxy points, level after level. Every kernel takes one work-item per
 * point of the levels k0 .. k0+nk-1 (get_global_id(0) < nxy*nk): one launch covers all levels
 * (explicit, mapped) or one level (streams, hybrid). coef holds the six pressure-dependent
 * coefficients of each level (nums0t0, nums0t2, nums1t0, dens0t0, dens0t1, dens0t3), which the
 * host computes from the level's reference pressure, as POP does once at start-up.
 *
 *   DOUBLE   1: double (the device must support cl_khr_fp64); 0: float
 *
 * FP_CONTRACT OFF: every product is rounded before its sum, as the Java routes round it. */
#if DOUBLE
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double real;
#else
typedef float real;
#endif
#pragma OPENCL FP_CONTRACT OFF

/* The numerator's constant coefficients carry POP's factor 0.001 (state_mod's p001). */
#define NUMS0T1 ((real) (7.35212840e+0 * 0.001))
#define NUMS0T3 ((real) (3.98476704e-4 * 0.001))
#define NUMS1T1 ((real) (-7.23268813e-3 * 0.001))
#define NUMS2T0 ((real) (2.12382341e-3 * 0.001))
#define DENS0T2 ((real) -4.60835542e-5)
#define DENS0T4 ((real) 1.80809186e-10)
#define DENS1T0 ((real) 2.14691708e-3)
#define DENS1T1 ((real) -9.27062484e-6)
#define DENS1T3 ((real) -1.78343643e-10)
#define DENSQT0 ((real) 4.76534122e-6)
#define DENSQT2 ((real) 1.63410736e-9)
#define GRAV ((real) 980.6)

/* The MWJF state at (t, s) with the coefficients of level k: w1 / w2 is the density; with DERIV
 * also its derivatives by T (drhodt) and S (drhods, per model salinity unit: x1000). */
#define STATE_W(t, s, k)                                                                              \
    const __global real* c_ = coef + 6 * (k);                                                       \
    real tq = fmin(fmax(t, (real) -2), (real) 999);                                                  \
    real sq = (real) 1000 * fmin(fmax(s, (real) 0), (real) 0.999);                                   \
    real sqr = sqrt(sq);                                                                              \
    real w1 = c_[0] + tq * (NUMS0T1 + tq * (c_[1] + NUMS0T3 * tq)) + sq * (c_[2] + NUMS1T1 * tq + NUMS2T0 * sq); \
    real w2 = c_[3] + tq * (c_[4] + tq * (DENS0T2 + tq * (c_[5] + DENS0T4 * tq)))                    \
              + sq * (DENS1T0 + tq * (DENS1T1 + tq * tq * DENS1T3) + sqr * (DENSQT0 + tq * tq * DENSQT2));

#define STATE_DERIV(k)                                                                                \
    real rho = w1 / w2;                                                                               \
    real dp1dt = NUMS0T1 + tq * ((real) 2 * c_[1] + (real) 3 * NUMS0T3 * tq) + NUMS1T1 * sq;         \
    real dp2dt = c_[4] + sq * DENS1T1 + tq * ((real) 2 * (DENS0T2 + sq * sqr * DENSQT2)              \
                 + tq * ((real) 3 * (c_[5] + sq * DENS1T3) + tq * (real) 4 * DENS0T4));              \
    real drhodt = (dp1dt - rho * dp2dt) / w2;                                                         \
    real dp1ds = c_[2] + NUMS1T1 * tq + (real) 2 * NUMS2T0 * sq;                                      \
    real dp2ds = DENS1T0 + tq * (DENS1T1 + tq * tq * DENS1T3) + (real) 1.5 * sqr * (DENSQT0 + tq * tq * DENSQT2); \
    real drhods = (dp1ds - rho * dp2ds) / w2 * (real) 1000;

static real density(const __global real* coef, real t, real s, int k) {
    STATE_W(t, s, k)
    return w1 / w2;
}

/* state: rho, drho/dT and drho/dS at every point of the levels, each with its own level's pressure. */
__kernel void pop_state(PP_PARAMS, __global const real* restrict t, __global const real* restrict s, __global real* restrict rho_out,
                        __global real* restrict dt_out, __global real* restrict ds_out, __global const real* restrict coef,
                        const int nxy, const int k0, const int nk) {
    int g = get_global_id(0);
    if (g >= nxy * nk) return;
    int k = k0 + g / nxy;
    int i = k0 * nxy + g;
    STATE_W(t[i], s[i], k)
    STATE_DERIV(k)
    rho_out[i] = rho;
    dt_out[i] = drhodt;
    ds_out[i] = drhods;
}

/* buoydiff's three densities at level k, all with level k's pressure: the surface water, level k-1's
 * (displaced to k; 0 at the surface level) and level k's own. */
__kernel void pop_densities(PP_PARAMS, __global const real* restrict t, __global const real* restrict s, __global real* restrict rho1,
                            __global real* restrict rhokm, __global real* restrict rhok, __global const real* restrict coef,
                            const int nxy, const int k0, const int nk) {
    int g = get_global_id(0);
    if (g >= nxy * nk) return;
    int k = k0 + g / nxy, p = g % nxy;
    int i = k0 * nxy + g;
    rho1[i] = density(coef, t[p], s[p], k);
    rhokm[i] = k > 0 ? density(coef, t[i - nxy], s[i - nxy], k) : (real) 0;
    rhok[i] = density(coef, t[i], s[i], k);
}

/* Level k's work-item writes dbsfc at k and dbloc at k-1 (POP's buoydiff), and the zeros POP sets:
 * dbsfc at the surface, dbloc at the bottom level, and dbloc at k-1 where k reaches below the
 * column's ocean levels (kmt). */
#define BUOYDIFF_STORE(r1, rkm, rk)                                                                   \
    if (k == 0) {                                                                                     \
        dbsfc[i] = (real) 0;                                                                          \
    } else {                                                                                          \
        dbsfc[i] = GRAV * ((real) 1 - (r1) / (rk));                                                   \
        dbloc[i - nxy] = k >= kmt[p] ? (real) 0 : GRAV * ((real) 1 - (rkm) / (rk));                   \
    }                                                                                                 \
    if (k == km - 1) dbloc[i] = (real) 0;

/* buoydiff from densities that pop_densities left on the device. */
__kernel void pop_buoydiff(PP_PARAMS, __global const real* restrict rho1, __global const real* restrict rhokm,
                           __global const real* restrict rhok, __global const int* restrict kmt, __global real* restrict dbsfc,
                           __global real* restrict dbloc, const int nxy, const int km, const int k0, const int nk) {
    int g = get_global_id(0);
    if (g >= nxy * nk) return;
    int k = k0 + g / nxy, p = g % nxy;
    int i = k0 * nxy + g;
    BUOYDIFF_STORE(rho1[i], rhokm[i], rhok[i])
}

/* buoydiff with the state inlined: the three densities are computed where they are used. */
__kernel void pop_buoydiff_fused(PP_PARAMS, __global const real* restrict t, __global const real* restrict s,
                                 __global const int* restrict kmt, __global const real* restrict coef, __global real* restrict dbsfc,
                                 __global real* restrict dbloc, const int nxy, const int km, const int k0, const int nk) {
    int g = get_global_id(0);
    if (g >= nxy * nk) return;
    int k = k0 + g / nxy, p = g % nxy;
    int i = k0 * nxy + g;
    real r1 = k > 0 ? density(coef, t[p], s[p], k) : (real) 0;
    real rkm = k > 0 ? density(coef, t[i - nxy], s[i - nxy], k) : (real) 0;
    real rk = k > 0 ? density(coef, t[i], s[i], k) : (real) 1;
    BUOYDIFF_STORE(r1, rkm, rk)
}

/* ddmix at the interface below level k (k < km-1) from alpha = drho/dT and beta = drho/dS at k and
 * k+1: salt fingering, then diffusive convection, each adding to the diffusivities vdc1 (salt...)
 * and vdc2 at k (POP's VDC(:,:,k+1), stored one level up). The bottom level adds nothing. */
#define DDMIX_UPDATE(ak, ak1, bk, bk1)                                                                \
    real alphadt = (real) -0.5 * ((ak) + (ak1)) * (t[i] - t[i + nxy]);                                \
    real betads = (real) 0.5 * ((bk) + (bk1)) * (s[i] - s[i + nxy]);                                 \
    real v1 = vdc1[i], v2 = vdc2[i];                                                                  \
    if (alphadt > betads && betads > (real) 0) {                                                     \
        real rr = fmin(alphadt / betads, (real) 2.55);                                                \
        real f = (real) 1 - (rr - (real) 1) / ((real) 2.55 - (real) 1);                              \
        real dd = f * f * f;                                                                          \
        v1 += (real) 0.7 * dd;                                                                        \
        v2 += dd;                                                                                     \
    }                                                                                                 \
    real rrho = (real) 0, diffdd = (real) 0, prandtl = (real) 0;                                     \
    if (alphadt < (real) 0 && betads < (real) 0 && alphadt > betads) {                              \
        rrho = alphadt / betads;                                                                      \
        diffdd = (real) (1.5e-2 * 0.909) * exp((real) 4.6 * exp((real) -0.54 * ((real) 1 / rrho - (real) 1))); \
        prandtl = (real) 0.15 * rrho;                                                                 \
    }                                                                                                 \
    if (rrho > (real) 0.5) prandtl = ((real) 1.85 - (real) 0.85 / rrho) * rrho;                      \
    vdc1[i] = v1 + diffdd;                                                                            \
    vdc2[i] = v2 + prandtl * diffdd;

/* ddmix from alpha and beta that pop_state left on the device (each level's computed once). */
__kernel void pop_ddmix(PP_PARAMS, __global const real* restrict t, __global const real* restrict s, __global const real* restrict alpha,
                        __global const real* restrict beta, __global real* restrict vdc1, __global real* restrict vdc2,
                        const int nxy, const int km, const int k0, const int nk) {
    int g = get_global_id(0);
    if (g >= nxy * nk) return;
    int k = k0 + g / nxy;
    int i = k0 * nxy + g;
    if (k >= km - 1) return;
    DDMIX_UPDATE(alpha[i], alpha[i + nxy], beta[i], beta[i + nxy])
}

/* ddmix with the state inlined: alpha and beta at k and k+1 computed here, so the levels run apart
 * (the thesis's double work). */
__kernel void pop_ddmix_fused(PP_PARAMS, __global const real* restrict t, __global const real* restrict s,
                              __global const real* restrict coef, __global real* restrict vdc1, __global real* restrict vdc2,
                              const int nxy, const int km, const int k0, const int nk) {
    int g = get_global_id(0);
    if (g >= nxy * nk) return;
    int k = k0 + g / nxy;
    int i = k0 * nxy + g;
    if (k >= km - 1) return;
    real ak, bk, ak1, bk1;
    {
        STATE_W(t[i], s[i], k)
        STATE_DERIV(k)
        ak = drhodt;
        bk = drhods;
    }
    {
        STATE_W(t[i + nxy], s[i + nxy], k + 1)
        STATE_DERIV(k + 1)
        ak1 = drhodt;
        bk1 = drhods;
    }
    DDMIX_UPDATE(ak, ak1, bk, bk1)
}
