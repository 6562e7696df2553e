// This file defines the results of the kernel analysis: objects, accesses
// and kernels.

package kernelanalysis

import (
	"github.com/llir/llvm/ir"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/symbolic"
)

// A Space is the memory space of an object.
type Space int

// The memory spaces. Only Global and Shared memory can race.
const (
	Global   Space = iota // device memory: parameters, __device__ variables
	Shared                // __shared__ and extern __shared__, one copy per block
	Private               // a thread's own stack: never races
	ReadOnly              // __constant__ memory and kernel parameters
)

// String returns "global", "shared", "private" or "read-only".
func (s Space) String() string {
	return [...]string{"global", "shared", "private", "read-only"}[s]
}

// An ObjectKind says where an object comes from.
type ObjectKind int

// The kinds of objects.
const (
	ParamObject    ObjectKind = iota // the allocation a pointer parameter points into
	VariableObject                   // a __shared__, __device__ or __constant__ variable
	IndirectObject                   // memory reached through pointers loaded from memory
	LocalObject                      // an alloca
	ParamSpace                       // a by-value parameter (read-only)
	FieldObject                      // the allocation a pointer field of a by-value parameter points into
)

// An Object is a region of memory whose accesses are compared with each
// other. Distinct objects never overlap: pointer parameters point into
// distinct allocations (hostanalysis may say otherwise later).
//
// Example printed form:
//
//	shared s
type Object struct {
	Name  string // source name: the parameter or variable, "*" for indirect memory
	Kind  ObjectKind
	Space Space
	Index int // the parameter's position, for ParamObject, ParamSpace and FieldObject
	// Field is, for a FieldObject, the byte offset in the parameter of
	// the pointer that points into it.
	Field int64
	// Size is, for a variable, its size in bytes; 0 if unknown (extern
	// __shared__ arrays, parameters' allocations).
	Size int64
}

// String returns the object's space and name.
func (o *Object) String() string { return o.Space.String() + " " + o.Name }

// An AccessKind says what an access does.
type AccessKind int

// The kinds of accesses.
const (
	Read   AccessKind = iota
	Write             // a plain store, memset, memcpy destination
	Atomic            // an atomic read-modify-write
)

// String returns "read", "write" or "atomic".
func (k AccessKind) String() string { return [...]string{"read", "write", "atomic"}[k] }

// An Access is one memory instruction of a kernel, as executed by one
// thread. Its terms are over per-thread variables (thread and block
// indices, loop iteration counts, loaded values) and shared ones
// (dimensions, parameters).
//
// Example printed form:
//
//	write shared s[(tid.x + 1)] (4 bytes) @ k.cu:12:5
type Access struct {
	ID     int
	Kind   AccessKind
	Object *Object
	Offset *expr.Term // byte offset into the object, 64-bit
	Size   *expr.Term // bytes accessed, 64-bit
	// Extent is the array inside the object that the access's pointer
	// was derived from (a row of a two-dimensional array), which the
	// access stays in; nil if it is the whole object (extents.go).
	Extent *Extent
	// Unpromised lists the largest arithmetic sub-terms of the 32-bit
	// indices that Offset sign-extends that the IR does not promise are
	// computed without signed wrap (symbolic.Evaluator.Unpromised): if
	// each is the exact integer its arithmetic gives, so is each index.
	// Empty when the IR promises all (int indices).
	Unpromised []*expr.Term
	// Value is the value a plain store writes (integers, floats'
	// constant bit patterns, addresses of functions and variables, and
	// otherwise an unknown): two writes of equal values are benign. For an
	// atomic, the value it stores when that does not depend on the old
	// contents (an exchange, an atomic store, a compare-and-swap's new
	// value); nil otherwise.
	Value *expr.Term
	// Unchanged is set on an atomic that leaves its location as it was
	// (an atomic load, an addition of 0): it produces no value of a flag.
	Unchanged bool
	// Cond is the path condition under which the access executes, with the
	// definedness conditions (no signed wrap where the IR promises none, no
	// division by zero) of every value it depends on.
	Cond   *expr.Term
	Scope  cuda.Scope // atomics: the threads it is atomic with respect to
	Inst   ir.Instruction
	Block  *ir.Block
	Pos    frontend.Pos
	Source string  // the accessed location in source terms, such as "s[tid.x + 1]"
	Loops  []*Loop // enclosing loops, innermost first
	// Op names an atomic access as CUDA source writes it, with its scope
	// ("atomicAdd_block"); empty for other accesses.
	Op string
	// Guards lists the acquire/release synchronisation around the access
	// (guard.go): locks held while it runs, releases after it, acquires
	// before it.
	Guards []*Guard
	// Prior are accesses that the thread ran before this one, in the
	// same iterations, with a value read from memory that this one's
	// offset reads too (prior.go): a witness leaves none of their objects.
	Prior []*Access

	// intervals lists, for each level of barriers, the barrier intervals
	// the access can execute in.
	intervals [numLevels][]intervalState
	// countLoops are the loops whose iteration counts the access's terms
	// mention: enclosing loops and loops it comes after.
	countLoops []*Loop
}

// A Kernel is the analysis of one __global__ function with the device
// functions it calls inlined.
type Kernel struct {
	Name     string
	Func     *ir.Func
	Params   []*Param
	Accesses []*Access
	// Assumptions hold in every execution of the kernel: hardware limits are
	// added by package constraints; these are the kernel's own
	// (__requires, __assume), over shared and per-thread variables.
	Assumptions []*expr.Term
	// Incomplete lists what the analysis could not see, such as calls to
	// functions without a body that take pointers; a kernel with such
	// entries is not fully analysed.
	Incomplete []string
	Loops      []*Loop
	// Counters are the atomics whose results differ between threads
	// (counter.go), such as a worklist's atomicAdd(&size, 1).
	Counters []*Counter
	// Unknowns say, by the name of a variable or uninterpreted function
	// of the terms, what values the analysis could not see stand for:
	// memory contents the kernel reads.
	Unknowns map[string]Unknown
	// Axes says which coordinates of the launch the kernel reads.
	Axes AxesRead

	intervals [numLevels]*intervalInfo
}

// An Unknown is a value the analysis could not see: what it is, such as
// "the contents of global keys", and where the kernel reads it.
type Unknown struct {
	What string
	Pos  frontend.Pos
	// Object is, for the contents of a global object the kernel never
	// writes, the object: the unknown is the value of its bytes at the
	// offset an uninterpreted function takes as its first argument, or,
	// with At set, a variable: the value at byte offset At. Launches
	// may know what the host stored there.
	Object *Object
	At     *expr.Term
	// Source is, for the function of a load that reads one value per
	// block in a barrier epoch, the store whose value it reads, if it
	// has one (sources.go).
	Source *Source
	// Lane is, for the function of a shuffle, the value it returns: what
	// another lane passes (lanes.go).
	Lane *LaneValue
	// Computed is set on the function that stands for a value the kernel
	// computes by more operations than symbolic.MaxValueOperations (a
	// hash), of the variables it depends on.
	Computed bool
}

// A Param is a kernel parameter.
type Param struct {
	Name    string
	Index   int
	Pointer bool
	Term    *expr.Term // the parameter's value, for integer parameters
	// Fields are the values the kernel reads from fixed bytes of a
	// parameter passed by value (a struct), by byte offset.
	Fields []FieldValue
}

// A FieldValue is a scalar the kernel reads at a fixed byte offset of a
// by-value parameter: a launch-wide unknown that the launch's host
// values may bind.
type FieldValue struct {
	Offset int64
	Term   *expr.Term
}

// A Loop is a natural loop of a kernel.
type Loop = symbolic.Loop
