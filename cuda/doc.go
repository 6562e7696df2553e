// Package cuda is hgrd's table of CUDA and NVVM facts. Every other package
// asks this one instead of spelling such facts itself. Its tables are:
//
//   - the hardware limits of launches and the warp size (limits.go);
//   - the NVVM intrinsics and device runtime functions that stand for
//     thread indices, barriers, fences and atomics (nvvm.go), and how
//     source code names them (sync.go);
//   - the host runtime functions the host analysis models (runtime.go):
//     those that launch kernels, with the positions of their arguments,
//     those that allocate memory, with the positions of their sizes, and
//     those that do not return, the C and C++ runtime's among them;
//   - how clang-14 compiles CUDA (clang.go): the metadata that marks
//     kernels, the names of launch stubs, and how a dim3 is passed;
//   - the thrust algorithms whose effect on device memory the host
//     analysis models (thrust.go): those that make, keep or order a
//     range of distinct values.
package cuda
