// Package cuda is hgrd's table of CUDA and NVVM facts: hardware limits of
// launches, the warp size, and (as the analysis grows) the NVVM intrinsics
// that stand for thread indices, barriers, fences and atomics. Every other
// package asks this one instead of spelling such facts itself.
package cuda
