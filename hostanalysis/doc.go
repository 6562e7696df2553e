// Package hostanalysis walks the host side of a CUDA file to every kernel
// launch and collects what the launching code knows about it.
//
// # Background
//
// The host code that launches a kernel bounds the values its parameters
// can take (the HGRD paper, section 4): asserts on the path to the launch,
// the launch's grid and block dimensions, arguments derived from the same
// host value, bounds of enclosing host loops, and sizes of allocations.
// Kernel-only analyses ignore these facts and raise false alarms.
//
// # Launch
//
// A Launch is one <<<>>> site: the kernel it starts, expression trees for
// its grid and block dimensions and for each argument over host SSA values,
// and the facts that hold there. Values from the outside world are unknown;
// anything the walk does not understand is unknown too, so facts only ever
// narrow values to what some execution can produce.
package hostanalysis
