/*
 * hgrd_textures.h - texture references and texture objects.
 *
 * Texture reads never race (the memory behind a texture is read-only while
 * kernels read it), so the prelude only makes texture code compile and
 * leaves each fetch opaque:
 *
 *   texture<T, dim, mode> tex;   clang's device_builtin_texture_type: on the
 *                                device side an i64 handle
 *                                `@tex = addrspace(1) externally_initialized
 *                                global i64`, listed in !nvvm.annotations as
 *                                "texture"; on the host side an ordinary
 *                                global
 *   tex1Dfetch(tex, i), tex1D, tex2D, tex3D (references and objects)
 *                             -> a call to an external device function,
 *                                __hgrd_tex1Dfetch<...>, __hgrd_tex2D<...>,
 *                                ... (never defined)
 *   cudaBindTexture, cudaBindTexture2D, cudaBindTextureToArray,
 *   cudaUnbindTexture         -> external host functions
 */
#ifndef HGRD_TEXTURES_H
#define HGRD_TEXTURES_H

/* ---- texture references (deprecated in CUDA 11, still common) ---- */

struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
};

template <class T, int dim = 1,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture
    : public textureReference {
  __host__ texture(int norm = 0,
                   enum cudaTextureFilterMode fMode = cudaFilterModePoint,
                   enum cudaTextureAddressMode aMode = cudaAddressModeClamp) {
    normalized = norm;
    filterMode = fMode;
    addressMode[0] = addressMode[1] = addressMode[2] = aMode;
    channelDesc = cudaCreateChannelDesc<T>();
    sRGB = 0;
  }
};

extern "C" {
__host__ cudaError_t cudaBindTexture(size_t *offset,
                                     const struct textureReference *texref,
                                     const void *devPtr,
                                     const struct cudaChannelFormatDesc *desc,
                                     size_t size = ~(size_t)0);
__host__ cudaError_t cudaBindTexture2D(size_t *offset,
                                       const struct textureReference *texref,
                                       const void *devPtr,
                                       const struct cudaChannelFormatDesc *desc,
                                       size_t width, size_t height,
                                       size_t pitch);
__host__ cudaError_t cudaBindTextureToArray(
    const struct textureReference *texref, cudaArray_const_t array,
    const struct cudaChannelFormatDesc *desc);
__host__ cudaError_t cudaUnbindTexture(const struct textureReference *texref);
}

template <class T, int dim, enum cudaTextureReadMode mode>
static __inline__ __host__ cudaError_t
cudaBindTexture(size_t *offset, const struct texture<T, dim, mode> &tex,
                const void *devPtr, size_t size = ~(size_t)0) {
  return ::cudaBindTexture(offset, &tex, devPtr, &tex.channelDesc, size);
}
template <class T, int dim, enum cudaTextureReadMode mode>
static __inline__ __host__ cudaError_t cudaBindTexture(
    size_t *offset, const struct texture<T, dim, mode> &tex, const void *devPtr,
    const struct cudaChannelFormatDesc &desc, size_t size = ~(size_t)0) {
  return ::cudaBindTexture(offset, &tex, devPtr, &desc, size);
}
template <class T, int dim, enum cudaTextureReadMode mode>
static __inline__ __host__ cudaError_t cudaBindTexture2D(
    size_t *offset, const struct texture<T, dim, mode> &tex, const void *devPtr,
    size_t width, size_t height, size_t pitch) {
  return ::cudaBindTexture2D(offset, &tex, devPtr, &tex.channelDesc, width,
                             height, pitch);
}
template <class T, int dim, enum cudaTextureReadMode mode>
static __inline__ __host__ cudaError_t cudaBindTextureToArray(
    const struct texture<T, dim, mode> &tex, cudaArray_const_t array) {
  return ::cudaBindTextureToArray(&tex, array, &tex.channelDesc);
}
template <class T, int dim, enum cudaTextureReadMode mode>
static __inline__ __host__ cudaError_t
cudaUnbindTexture(const struct texture<T, dim, mode> &tex) {
  return ::cudaUnbindTexture(&tex);
}

/* The value a fetch returns: the element type, or floats for
 * cudaReadModeNormalizedFloat (float, float2 or float4 by element count). */
template <class T, enum cudaTextureReadMode mode>
struct __hgrd_texel {
  typedef T type;
};
template <class T> struct __hgrd_texel<T, cudaReadModeNormalizedFloat> {
  typedef float type;
};
#pragma push_macro("__HGRD_TEXEL")
#define __HGRD_TEXEL(V, F)                                                     \
  template <> struct __hgrd_texel<V, cudaReadModeNormalizedFloat> {            \
    typedef F type;                                                            \
  };
__HGRD_TEXEL(char2, float2)
__HGRD_TEXEL(uchar2, float2)
__HGRD_TEXEL(short2, float2)
__HGRD_TEXEL(ushort2, float2)
__HGRD_TEXEL(char4, float4)
__HGRD_TEXEL(uchar4, float4)
__HGRD_TEXEL(short4, float4)
__HGRD_TEXEL(ushort4, float4)
#pragma pop_macro("__HGRD_TEXEL")

/* Opaque fetches: declared, never defined. */
template <class R, class H> __device__ R __hgrd_tex1Dfetch(H, int);
template <class R, class H> __device__ R __hgrd_tex1D(H, float);
template <class R, class H> __device__ R __hgrd_tex2D(H, float, float);
template <class R, class H> __device__ R __hgrd_tex3D(H, float, float, float);

#pragma push_macro("__HGRD_TF")
#define __HGRD_TF static __device__ __inline__ __attribute__((always_inline))
#pragma push_macro("__HGRD_TEXREF")
#define __HGRD_TEXREF(D) const texture<T, D, mode> &
template <class T, enum cudaTextureReadMode mode>
__HGRD_TF typename __hgrd_texel<T, mode>::type tex1Dfetch(__HGRD_TEXREF(1) t,
                                                          int x) {
  return __hgrd_tex1Dfetch<typename __hgrd_texel<T, mode>::type>(&t, x);
}
template <class T, enum cudaTextureReadMode mode>
__HGRD_TF typename __hgrd_texel<T, mode>::type tex1D(__HGRD_TEXREF(1) t,
                                                     float x) {
  return __hgrd_tex1D<typename __hgrd_texel<T, mode>::type>(&t, x);
}
template <class T, enum cudaTextureReadMode mode>
__HGRD_TF typename __hgrd_texel<T, mode>::type tex2D(__HGRD_TEXREF(2) t,
                                                     float x, float y) {
  return __hgrd_tex2D<typename __hgrd_texel<T, mode>::type>(&t, x, y);
}
template <class T, enum cudaTextureReadMode mode>
__HGRD_TF typename __hgrd_texel<T, mode>::type
tex3D(__HGRD_TEXREF(3) t, float x, float y, float z) {
  return __hgrd_tex3D<typename __hgrd_texel<T, mode>::type>(&t, x, y, z);
}
#pragma pop_macro("__HGRD_TEXREF")

/* ---- texture objects ---- */
template <class T> __HGRD_TF T tex1Dfetch(cudaTextureObject_t obj, int x) {
  return __hgrd_tex1Dfetch<T>(obj, x);
}
template <class T> __HGRD_TF T tex1D(cudaTextureObject_t obj, float x) {
  return __hgrd_tex1D<T>(obj, x);
}
template <class T>
__HGRD_TF T tex2D(cudaTextureObject_t obj, float x, float y) {
  return __hgrd_tex2D<T>(obj, x, y);
}
template <class T>
__HGRD_TF T tex3D(cudaTextureObject_t obj, float x, float y, float z) {
  return __hgrd_tex3D<T>(obj, x, y, z);
}
#pragma pop_macro("__HGRD_TF")

#endif /* HGRD_TEXTURES_H */
