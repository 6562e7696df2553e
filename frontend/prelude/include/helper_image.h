/*
 * helper_image.h - hgrd prelude: the image and comparison helpers of the
 * CUDA samples, declared only (they read and write files; hgrd analyses
 * the program without running it).
 */
#ifndef HGRD_HELPER_IMAGE_H
#define HGRD_HELPER_IMAGE_H

#include <cuda_runtime.h>

/* The short names of unsigned types that the samples define. */
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;

template <class T>
bool sdkLoadPGM(const char *file, T **data, unsigned int *w, unsigned int *h);
template <class T>
bool sdkSavePGM(const char *file, T *data, unsigned int w, unsigned int h);
bool sdkLoadPPM4ub(const char *file, unsigned char **data, unsigned int *w,
                   unsigned int *h);
bool sdkSavePPM4ub(const char *file, unsigned char *data, unsigned int w,
                   unsigned int h);
template <class T>
bool sdkReadFile(const char *filename, T **data, unsigned int *len,
                 bool verbose);
template <class T>
bool sdkWriteFile(const char *filename, const T *data, unsigned int len,
                  const T epsilon, bool verbose, bool append = false);
template <class T, class S>
bool compareData(const T *reference, const T *data, const unsigned int len,
                 const S epsilon, const float threshold);
bool sdkCompareL2fe(const float *reference, const float *data,
                    const unsigned int len, const float epsilon);
bool sdkComparePPM(const char *src_file, const char *ref_file,
                   const float epsilon, const float threshold,
                   bool verboseErrors);
bool sdkComparePGM(const char *src_file, const char *ref_file,
                   const float epsilon, const float threshold,
                   bool verboseErrors);

#endif /* HGRD_HELPER_IMAGE_H */
