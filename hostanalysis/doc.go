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
// Launches walks from main (and from externally visible functions main
// does not reach) through calls, binding arguments to parameters, to every
// launch; a call through a pointer is followed to the functions the
// pointer may hold, where they can be told. A Launch is one <<<>>> site in one calling context: the kernel
// it starts, terms for its grid and block dimensions and for each integer
// argument over host SSA values (one unknown per host value, so relations
// between arguments hold), the allocation each pointer argument points
// into, and the Facts that hold there. Values from the outside world are
// unknown; anything the walk does not understand is unknown too, so facts
// only ever narrow values to what some execution can produce.
//
// # Fact
//
// A Fact is a condition with its class and position: an assert or guard
// every path to the launch passes, the test of a host loop around it, a
// positive allocation size, the promise of no overflow, or the invariant
// of a loop variable set in an earlier loop (symbolic's invariant.go). The translation
// of host values to terms is package symbolic's.
//
// # Contents
//
// A Contents is what the host stored in one field of the elements of a
// device allocation: the host fills a buffer of its own (malloc, new or
// a local array) with stores whose address is base + x*size + field and
// whose value is a function of the same x (boxes[i].offset = i * 128),
// or lies in a range (rand() % n), and copies the buffer's start to the
// allocation's with one cudaMemcpy from host to device. A pointer
// argument into the allocation carries it (Pointer.Contents). There is
// none if anything else may write the buffer or the allocation: a call
// that takes the buffer other than a copy from it or a free, a copy into
// either, a store hgrd cannot read; package analysis drops it where a
// launched kernel may write the allocation. A correct program is taken to
// read only the entries it initialized.
//
// # Distinct and Ordered
//
// A Distinct says that a device allocation's first elements hold
// pairwise different values where a launch runs: the index lists that
// thrust's sequence, copy_if and sort-then-unique make (distinct.go), in
// the launching function's order of calls, through its loops. Anything
// else that may write the allocation ends it; package analysis drops it
// where a kernel launched on the way, or the launch's own, may write it.
// An Ordered says the same of a scan's running sums, in non-decreasing
// order where what was scanned held no negative value, which package
// analysis checks of the kernels that wrote it.
//
// # Read-back
//
// A host load from such a buffer of the host's own, at an index the walk
// cannot resolve to one store, reads what one of the buffer's stores
// wrote (readback.go): a choice among their values, each over fresh
// copies of its unknowns, since the store ran with values of its own.
// Fields that the same runs of blocks store at the same indices (an
// image pyramid's widths and strides) are read back with one choice, so
// that a launch's width and stride are one level's.
package hostanalysis
