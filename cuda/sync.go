// This file names CUDA's synchronisation operations as source code writes
// them, for reports, and maps LLVM's synchronisation scopes to CUDA's.

package cuda

import "strings"

// FullWarpMask is the mask of __syncwarp() without an argument: every lane.
const FullWarpMask = 0xffffffff

// SourceName returns how CUDA source writes the atomic or fence a call
// stands for, such as "atomicAdd_block" or "__threadfence"; "" for other
// calls.
func (c Call) SourceName() string {
	switch c.Kind {
	case Fence:
		return FenceName(c.Scope)
	case AtomicCall:
		return AtomicName(c.Op, c.Scope)
	}
	return ""
}

// FenceName returns the fence function of a scope: __threadfence_block,
// __threadfence or __threadfence_system.
func FenceName(s Scope) string {
	return [...]string{"__threadfence_block", "__threadfence", "__threadfence_system"}[s]
}

// atomicNames maps the operations of NVVM atomic intrinsics and LLVM's
// atomicrmw to the CUDA functions that emit them.
var atomicNames = map[string]string{
	"add": "atomicAdd", "fadd": "atomicAdd", "sub": "atomicSub",
	"exch": "atomicExch", "xchg": "atomicExch", "cas": "atomicCAS", "cmpxchg": "atomicCAS",
	"min": "atomicMin", "max": "atomicMax", "umin": "atomicMin", "umax": "atomicMax",
	"inc": "atomicInc", "dec": "atomicDec", "and": "atomicAnd", "or": "atomicOr", "xor": "atomicXor",
	"load": "atomic load", "store": "atomic store",
}

// AtomicName returns the CUDA function of an atomic operation at a scope,
// such as "atomicCAS_block"; loads and stores are "atomic load (block
// scope)" and the like.
func AtomicName(op string, s Scope) string {
	name, ok := atomicNames[op]
	if !ok {
		name = "atomic " + op
	}
	if strings.HasPrefix(name, "atomic ") {
		if s != ScopeDevice {
			name += " (" + s.String() + " scope)"
		}
		return name
	}
	switch s {
	case ScopeBlock:
		return name + "_block"
	case ScopeSystem:
		return name + "_system"
	}
	return name
}

// LLVMScope maps an LLVM syncscope to a CUDA scope: "" (the default,
// which clang emits for CUDA's device-scope atomics and fences) is device
// scope here.
func LLVMScope(syncScope string) Scope {
	switch syncScope {
	case "block", "cta", "workgroup", "singlethread", "wavefront":
		return ScopeBlock
	case "system":
		return ScopeSystem
	}
	return ScopeDevice
}

// Covers reports whether a scope orders two threads that are in different
// blocks (interBlock) or in the same block.
func (s Scope) Covers(interBlock bool) bool {
	return !interBlock || s >= ScopeDevice
}
