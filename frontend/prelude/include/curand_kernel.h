/*
 * curand_kernel.h - hgrd prelude: the cuRAND device API.
 *
 * The generator states and the device functions that draw from them, with
 * bodies whose memory footprint is the real library's: every draw reads
 * and writes the state it is given, curand_init writes it. Two threads
 * drawing from one state race; threads with a state each (&state[tid]) do
 * not. The values drawn are not the library's (hgrd never runs them).
 *
 * MTGP32 follows curand_mtgp32_kernel.h: one state serves up to 256 threads
 * of one block, each thread reading status[(t + offset [+ 1 | + pos]) &
 * mask] and writing status[(t + offset + 351) & mask], with a barrier
 * before thread 0 advances the offset. A block of more than 256 threads,
 * or two blocks sharing a state, race on it.
 */
#if defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)
#include_next <curand_kernel.h>
#elif !defined(HGRD_CURAND_KERNEL_H)
#define HGRD_CURAND_KERNEL_H

#include "hgrd_prelude.h"
#include "curand.h"

#define __HGRD_RAND __device__ __inline__ __attribute__((always_inline))

/* What curand_init stores is the library's computation from its arguments,
 * which hgrd does not model: a value it cannot know, so that two threads
 * initialising one state are not taken to store equal values. */
extern "C" __device__ unsigned int __hgrd_curand_seed(unsigned long long seed, unsigned long long subsequence,
                                                      unsigned long long offset);

/* ---- XORWOW, the default generator ---- */
struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

/* ---- Philox4_32_10 ---- */
struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

/* ---- MRG32k3a ---- */
struct curandStateMRG32k3a {
  unsigned int s1[3], s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

/* ---- Sobol32 (quasi-random) ---- */
struct curandStateSobol32 {
  unsigned int i, x, c;
  unsigned int direction_vectors[32];
};
typedef struct curandStateSobol32 curandStateSobol32_t;
typedef unsigned int curandDirectionVectors32_t[32];

/* ---- MTGP32 ---- */
#define MTGPDC_MEXP 11213
#define MTGPDC_N 351
#define MTGPDC_FLOOR_2P 256
#define MTGPDC_CEIL_2P 512
#define MTGP32_STATE_SIZE 1024
#define MTGP32_STATE_MASK 1023
#define CURAND_NUM_MTGP32_PARAMS 200
#define MTGP32_TN MTGPDC_FLOOR_2P
#define MTGP32_LS (MTGP32_TN * 3)
#define MTGP32_MAX_NUM_BLOCKS 200
#define THREAD_NUM MTGPDC_FLOOR_2P

struct mtgp32_kernel_params {
  unsigned int pos_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int param_tbl[CURAND_NUM_MTGP32_PARAMS][16];
  unsigned int temper_tbl[CURAND_NUM_MTGP32_PARAMS][16];
  unsigned int single_temper_tbl[CURAND_NUM_MTGP32_PARAMS][16];
  unsigned int sh1_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int sh2_tbl[CURAND_NUM_MTGP32_PARAMS];
  unsigned int mask[1];
};
typedef struct mtgp32_kernel_params mtgp32_kernel_params_t;

struct curandStateMtgp32 {
  unsigned int s[MTGP32_STATE_SIZE];
  int offset;
  int pIdx;
  mtgp32_kernel_params_t *k;
  int precise_double_flag;
};
typedef struct curandStateMtgp32 curandStateMtgp32_t;

/* The next 32 bits of each generator. */
__HGRD_RAND unsigned int curand(curandStateXORWOW_t *s) {
  unsigned int t = s->v[0] ^ (s->v[0] >> 2);
  s->v[0] = s->v[1];
  s->v[1] = s->v[2];
  s->v[2] = s->v[3];
  s->v[3] = s->v[4];
  s->v[4] = (s->v[4] ^ (s->v[4] << 4)) ^ (t ^ (t << 1));
  s->d += 362437;
  return s->v[4] + s->d;
}

__HGRD_RAND unsigned int curand(curandStatePhilox4_32_10_t *s) {
  unsigned int r = s->output.x ^ s->ctr.x ^ s->key.x ^ s->STATE;
  s->ctr.x += 1;
  s->output.x = r * 0xD2511F53u;
  s->STATE = (s->STATE + 1) & 3;
  return r;
}

__HGRD_RAND uint4 curand4(curandStatePhilox4_32_10_t *s) {
  uint4 r = s->output;
  s->ctr.x += 1;
  s->output.x = r.x * 0xD2511F53u ^ s->key.x;
  return r;
}

__HGRD_RAND unsigned int curand(curandStateMRG32k3a_t *s) {
  unsigned int p1 = 1403580u * s->s1[1] - 810728u * s->s1[0];
  s->s1[0] = s->s1[1];
  s->s1[1] = s->s1[2];
  s->s1[2] = p1;
  unsigned int p2 = 527612u * s->s2[2] - 1370589u * s->s2[0];
  s->s2[0] = s->s2[1];
  s->s2[1] = s->s2[2];
  s->s2[2] = p2;
  return p1 - p2;
}

__HGRD_RAND unsigned int curand(curandStateSobol32_t *s) {
  unsigned int r = s->x;
  s->x ^= s->direction_vectors[s->c];
  s->i += 1;
  s->c = __ffs(~s->i) - 1;
  return r;
}

__HGRD_RAND unsigned int curand(curandStateMtgp32_t *state) {
  unsigned int d = blockDim.z * blockDim.y * blockDim.x;
  unsigned int t = (blockDim.z * blockDim.y * threadIdx.z) + (blockDim.x * threadIdx.y) + threadIdx.x;
  int pos = state->k->pos_tbl[state->pIdx];
  /* The parameter sets' pos leave room for 256 threads: the library's
   * promise that a state serves a block of up to 256 threads. */
  __hgrd_assume(pos >= 1 && pos <= MTGPDC_N - MTGPDC_FLOOR_2P);
  /* The library indexes status from the state's offset, which every thread
   * of the block reads between the same two barriers and so sees alike;
   * hgrd cannot know that a loaded value is the same for two threads, so
   * the window is written relative to offset 0: the same pattern of
   * indices. */
  unsigned int x1 = state->s[t & MTGP32_STATE_MASK];
  unsigned int x2 = state->s[(t + 1) & MTGP32_STATE_MASK];
  unsigned int y = state->s[(t + pos) & MTGP32_STATE_MASK];
  unsigned int r = (x1 & state->k->mask[0]) ^ x2 ^ (y << state->k->sh1_tbl[state->pIdx]);
  state->s[(t + MTGPDC_N) & MTGP32_STATE_MASK] = r;
  unsigned int o = r ^ state->s[(t + pos - 1) & MTGP32_STATE_MASK];
  __syncthreads();
  if (t == 0)
    state->offset = (state->offset + d) & MTGP32_STATE_MASK;
  __syncthreads();
  return o;
}

__HGRD_RAND float curand_mtgp32_single(curandStateMtgp32_t *state) {
  return curand(state) * 2.3283064e-10f;
}

/* Distributions: each draws from the state as curand does. */
template <class S> __HGRD_RAND float curand_uniform(S *s) { return curand(s) * 2.3283064e-10f + 1.1641532e-10f; }
template <class S> __HGRD_RAND double curand_uniform_double(S *s) {
  unsigned int a = curand(s), b = curand(s);
  return (a ^ ((unsigned long long)b << 21)) * 1.1102230246251565e-16 + 5.551115123125783e-17;
}
template <class S> __HGRD_RAND float curand_normal(S *s) {
  unsigned int a = curand(s), b = curand(s);
  return (float)((int)(a ^ b)) * 4.656612873077392578125e-10f;
}
template <class S> __HGRD_RAND double curand_normal_double(S *s) { return curand_normal(s); }
template <class S> __HGRD_RAND float2 curand_normal2(S *s) {
  float2 r;
  r.x = curand_normal(s);
  r.y = curand_normal(s);
  return r;
}
template <class S> __HGRD_RAND double2 curand_normal2_double(S *s) {
  double2 r;
  r.x = curand_normal_double(s);
  r.y = curand_normal_double(s);
  return r;
}
template <class S> __HGRD_RAND float curand_log_normal(S *s, float mean, float stddev) {
  return __expf(mean + stddev * curand_normal(s));
}
template <class S> __HGRD_RAND double curand_log_normal_double(S *s, double mean, double stddev) {
  return exp(mean + stddev * curand_normal_double(s));
}
template <class S> __HGRD_RAND unsigned int curand_poisson(S *s, double lambda) {
  return (unsigned int)(lambda + curand_normal(s));
}
__HGRD_RAND float4 curand_uniform4(curandStatePhilox4_32_10_t *s) {
  uint4 r = curand4(s);
  return make_float4(r.x * 2.3283064e-10f, r.y * 2.3283064e-10f, r.z * 2.3283064e-10f, r.w * 2.3283064e-10f);
}
__HGRD_RAND float4 curand_normal4(curandStatePhilox4_32_10_t *s) {
  uint4 r = curand4(s);
  return make_float4((int)r.x * 4.6566128e-10f, (int)r.y * 4.6566128e-10f, (int)r.z * 4.6566128e-10f, (int)r.w * 4.6566128e-10f);
}

/* The pair and quadruple forms draw each element from the state. */
template <class S> __HGRD_RAND double2 curand_uniform2_double(S *s) {
  double2 r;
  r.x = curand_uniform_double(s);
  r.y = curand_uniform_double(s);
  return r;
}
template <class S> __HGRD_RAND float2 curand_log_normal2(S *s, float mean, float stddev) {
  float2 r;
  r.x = curand_log_normal(s, mean, stddev);
  r.y = curand_log_normal(s, mean, stddev);
  return r;
}
template <class S> __HGRD_RAND double2 curand_log_normal2_double(S *s, double mean, double stddev) {
  double2 r;
  r.x = curand_log_normal_double(s, mean, stddev);
  r.y = curand_log_normal_double(s, mean, stddev);
  return r;
}
__HGRD_RAND float4 curand_log_normal4(curandStatePhilox4_32_10_t *s, float mean, float stddev) {
  float4 n = curand_normal4(s);
  return make_float4(__expf(mean + stddev * n.x), __expf(mean + stddev * n.y), __expf(mean + stddev * n.z),
                     __expf(mean + stddev * n.w));
}
__HGRD_RAND uint4 curand_poisson4(curandStatePhilox4_32_10_t *s, double lambda) {
  uint4 r = curand4(s);
  return make_uint4((unsigned int)lambda + (r.x & 1u), (unsigned int)lambda + (r.y & 1u),
                    (unsigned int)lambda + (r.z & 1u), (unsigned int)lambda + (r.w & 1u));
}
__HGRD_RAND double2 curand_uniform2_double(curandStatePhilox4_32_10_t *s) {
  uint4 r = curand4(s);
  return make_double2((r.x ^ ((unsigned long long)r.y << 21)) * 1.1102230246251565e-16,
                      (r.z ^ ((unsigned long long)r.w << 21)) * 1.1102230246251565e-16);
}

/* Initialisation: writes the whole state. */
__HGRD_RAND void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                             curandStateXORWOW_t *s) {
  unsigned int x = __hgrd_curand_seed(seed, subsequence, offset);
  s->d = x;
  s->v[0] = x;
  s->v[1] = x;
  s->v[2] = x;
  s->v[3] = x;
  s->v[4] = x;
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.f;
  s->boxmuller_extra_double = 0.;
}
__HGRD_RAND void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                             curandStatePhilox4_32_10_t *s) {
  unsigned int x = __hgrd_curand_seed(seed, subsequence, offset);
  s->ctr = make_uint4(x, x, x, x);
  s->key = make_uint2(x, x);
  s->output = make_uint4(0, 0, 0, 0);
  s->STATE = 0;
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.f;
  s->boxmuller_extra_double = 0.;
}
__HGRD_RAND void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
                             curandStateMRG32k3a_t *s) {
  for (int i = 0; i < 3; i++) {
    s->s1[i] = __hgrd_curand_seed(seed, subsequence, offset);
    s->s2[i] = __hgrd_curand_seed(seed, subsequence, offset);
  }
  s->boxmuller_flag = 0;
  s->boxmuller_flag_double = 0;
  s->boxmuller_extra = 0.f;
  s->boxmuller_extra_double = 0.;
}
__HGRD_RAND void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int offset,
                             curandStateSobol32_t *s) {
  for (int i = 0; i < 32; i++)
    s->direction_vectors[i] = direction_vectors[i];
  s->i = offset;
  s->x = 0;
  s->c = 0;
}

/* Skipping ahead reads and writes the state. */
template <class S> __HGRD_RAND void skipahead(unsigned long long n, S *s) {
  for (unsigned long long i = 0; i < (n & 7); i++)
    curand(s);
}
template <class S> __HGRD_RAND void skipahead_sequence(unsigned long long n, S *s) { skipahead(n, s); }
template <class S> __HGRD_RAND void skipahead_subsequence(unsigned long long n, S *s) { skipahead(n, s); }

#undef __HGRD_RAND
#endif
