// Package frontend turns a CUDA source file into the parsed LLVM IR of its
// device and host sides, with every instruction mapped back to its source
// position.
//
// # Background
//
// hgrd never runs nvcc. It compiles each file twice with clang-14, once for
// the GPU (--cuda-device-only) and once for the CPU (--cuda-host-only), with
// line-table debug info, then normalises both modules with a fixed opt-14
// pipeline (SSA values instead of allocas; on the host side, small helpers
// such as dim3's constructor inlined, launch stubs kept) and parses them with
// github.com/llir/llvm. No CUDA SDK is needed: an embedded prelude stands in
// for nvcc's implicit cuda_runtime.h and answers the usual CUDA include names.
//
// # Loader
//
// A Loader owns the toolchain configuration and the materialised prelude; its
// Load method produces a Unit per file. A Loader is safe for concurrent use.
//
// # Unit
//
// A Unit holds the device and host modules of one file, the kernels found in
// the device module's !nvvm.annotations, the device functions, the host
// functions, each kernel's host launch stub, and the time each phase took.
// Unit.Pos maps an instruction to its position in the user's source,
// following inlined locations out of the prelude and system headers.
//
// # Errors
//
// Load returns an *Error whose Kind tells a missing tool, an unreadable or
// non-text input, a clang diagnostic and an IR the parser rejects apart.
// The message is one line naming the file; clang's diagnostics travel in
// Error.Detail.
package frontend
