// hash_guard_racy: a race behind a hash too long for hgrd to evaluate is
// reported, with a note saying where the hash is computed.
//
// search hashes each thread's key to 16 bits in 96 rounds of mixing,
// some thousand operations, and a thread whose hash is the target
// writes its key to *found. The launch has 262144 threads and a 16-bit
// hash has 65536 values, so some target has several threads' keys, and
// they all write *found: a real race. hgrd does not search the hash's
// rounds for two keys that meet (an MD5 digest's, in md5hash, took more
// memory than a file may have; this hash, 2027 operations, went
// undecided after minutes); it takes the hash as an unknown function of
// the key, finds two threads whose hashes are the target, and its note
// names line 37 as where the hash the race needs is computed.
// hash_guard_ok writes each thread's own slot under the same hash.
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

__global__ void search(unsigned target, unsigned *found) {
  unsigned key = blockIdx.x * blockDim.x + threadIdx.x;
  if (hash16(key) == target)
    *found = key; // want "inter-block write-write race on global found with line 43" "intra-block write-write race on global found with line 43" "intra-warp write-write race on global found with line 43"
}

int main(int argc, char **argv) {
  unsigned *found;
  cudaMalloc(&found, sizeof(unsigned));
  search<<<1024, 256>>>(atoi(argv[1]), found);
  return 0;
}
