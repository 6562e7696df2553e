// hash_guard_ok: the race-free twin of hash_guard_racy. Each thread
// whose key's hash is the target marks its own slot of hits, so however
// many keys have the target's hash, no two threads write one slot. The
// hash is as long as hash_guard_racy's, too long for hgrd to evaluate,
// and the addresses do not depend on it: no race, whatever it computes.
#include <cstdlib>

__device__ unsigned mix(unsigned h, unsigned k) {
  k *= 0xcc9e2d51u;
  k = (k << 15) | (k >> 17);
  k *= 0x1b873593u;
  h ^= k;
  h = (h << 13) | (h >> 19);
  return h * 5 + 0xe6546b64u;
}

// Rounds of mixing, written out as in hand-unrolled hashes (md5hash's
// MD5): eight a line, 96 in all.
#define ROUND(r) h = mix(h, key + (r));
#define ROUNDS8(r) ROUND(r) ROUND(r + 1) ROUND(r + 2) ROUND(r + 3) \
  ROUND(r + 4) ROUND(r + 5) ROUND(r + 6) ROUND(r + 7)

__device__ unsigned hash16(unsigned key) {
  unsigned h = 0x9747b28cu;
  ROUNDS8(0) ROUNDS8(8) ROUNDS8(16) ROUNDS8(24) ROUNDS8(32) ROUNDS8(40)
  ROUNDS8(48) ROUNDS8(56) ROUNDS8(64) ROUNDS8(72) ROUNDS8(80) ROUNDS8(88)
  h ^= h >> 16;
  return h & 0xffffu;
}

__global__ void search(unsigned target, unsigned char *hits) {
  unsigned key = blockIdx.x * blockDim.x + threadIdx.x;
  if (hash16(key) == target)
    hits[key] = 1;
}

int main(int argc, char **argv) {
  unsigned char *hits;
  cudaMalloc(&hits, 1024 * 256);
  search<<<1024, 256>>>(atoi(argv[1]), hits);
  return 0;
}
