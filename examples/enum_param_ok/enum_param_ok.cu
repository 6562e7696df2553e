// hgrd-flags: --grid-dim 1 --block-dim 256
//
// enum_param_ok: kernel parameters of enumeration type hold one of their
// enumerators' values, so code for other values never runs.
//
// scatter_by_stage strides by its Stage, which is 1, 2 or 3 and never 0:
// every thread writes its own element.
//
// pick_half writes one half of out chosen by a namespaced enum class; its
// defensive branch for any other value is dead.
//
// mix_channels takes a set of channel flags: any combination of 1, 2 and
// 4 is at most 7, so its branch for larger values is dead.

enum Stage { LOAD = 1, STORE, REDUCE };

namespace layout {
enum class Half : int { Lower, Upper };
}

enum Channel { RED = 1, GREEN = 2, BLUE = 4 };

__global__ void scatter_by_stage(float *buf, Stage s) {
  buf[threadIdx.x * s] = threadIdx.x;
}

__global__ void pick_half(float *out, layout::Half h) {
  if ((int)h > 1) {
    out[0] = threadIdx.x;
    return;
  }
  out[(int)h * blockDim.x + threadIdx.x] = 1.0f;
}

__global__ void mix_channels(float *out, Channel c) {
  if (c > (RED | GREEN | BLUE))
    out[0] = threadIdx.x;
  else
    out[threadIdx.x * 8 + c] = threadIdx.x;
}
