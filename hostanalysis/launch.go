// This file defines launch sites: each <<<>>> launch of a kernel in the
// host code, with expression trees for its shape and arguments and the
// facts that hold where it happens.

package hostanalysis

import (
	"slices"

	"github.com/llir/llvm/ir"

	"hgrd/expr"
	"hgrd/frontend"
)

// A Launch is one launch of a kernel in one calling context.
//
// Example printed form:
//
//	launch of reduce<<<(4,1,1), (256,1,1)>>> at main.cu:42:3
type Launch struct {
	Kernel *frontend.Kernel
	Caller *ir.Func     // the host function that launches it
	Call   *ir.InstCall // the call of the kernel's launch stub
	Pos    frontend.Pos // the launch's position
	// Via lists the call sites from the entry function down to Caller.
	Via []frontend.Pos
	// Unreached says no analysed host code calls the function the walk
	// started from (see walkUnreachedLaunchers): its parameters are
	// unknown.
	Unreached bool

	// Grid and Block are the launch's dimensions as terms over host
	// values (32 bits each); GridDim and BlockDim hold those that are
	// constants (0 where not).
	Grid, Block       [3]*expr.Term
	GridDim, BlockDim [3]int64
	// Args holds, by kernel parameter, the term of each integer argument
	// (nil for pointers and other arguments).
	Args []*expr.Term
	// Pointers holds, by kernel parameter, the allocation each pointer
	// argument is known to point into.
	Pointers map[int]Pointer
	// Fields holds, by kernel parameter passed by value (a struct), what
	// the host passes in its bytes.
	Fields map[int][]FieldArg
	// Facts hold at the launch: asserts, guards and loop tests on the
	// path, positive allocation sizes, no overflow where promised.
	Facts []Fact
}

// A FieldArg is what the host passes in some bytes of a kernel parameter
// passed by value: an integer (Term, as wide as the bytes) or a pointer.
type FieldArg struct {
	Offset  int64
	Term    *expr.Term
	Pointer *Pointer
}

// Launches returns the launches of the unit's kernels in every calling
// context the host walk finds, in walk order.
func Launches(u *frontend.Unit) []*Launch {
	w := newWalker(u)
	for _, entry := range w.entries() {
		w.walk(entry, nil, nil, nil, nil, nil)
	}
	w.walkUnreachedLaunchers()
	return w.launches
}

// constants fills GridDim and BlockDim from the terms.
func (l *Launch) constants() {
	for axis := 0; axis < 3; axis++ {
		if t := l.Grid[axis]; t != nil && t.IsConst() {
			l.GridDim[axis] = int64(t.Value)
		}
		if t := l.Block[axis]; t != nil && t.IsConst() {
			l.BlockDim[axis] = int64(t.Value)
		}
	}
}

// Launchers returns the IR names of the externally visible host functions
// of the unit from which a launch is reachable: the entry points through
// which other files' host code reaches this file's launches (a wrapper
// such as launch_scale(a, n) around scale<<<...>>>(a, n)).
func Launchers(u *frontend.Unit) []string {
	w := newWalker(u)
	var names []string
	for _, f := range u.HostFuncs {
		if w.reaches[f] && externallyVisible(f) && f.Name() != "main" {
			names = append(names, f.Name())
		}
	}
	return names
}

// valueTerms returns the launch's known grid and block dimensions and
// integer arguments.
func (l *Launch) valueTerms() []*expr.Term {
	return known(append(append(append([]*expr.Term(nil), l.Grid[:]...), l.Block[:]...), l.Args...))
}

// known returns terms without the nil ones (values not known), in place.
func known(terms []*expr.Term) []*expr.Term {
	return slices.DeleteFunc(terms, func(t *expr.Term) bool { return t == nil })
}

// pointerAndFieldTerms returns the offsets, sizes and contents of the
// launch's pointer arguments, and the fields of its by-value structs
// (their pointers' offsets, sizes and contents included).
func (l *Launch) pointerAndFieldTerms() []*expr.Term {
	var terms []*expr.Term
	add := func(p *Pointer) {
		terms = append(terms, p.Offset, p.Size)
		for _, c := range p.Contents {
			for _, cs := range c.Cases {
				terms = append(terms, cs.Index, cs.Value, cs.Below)
			}
		}
	}
	for _, p := range l.Pointers {
		add(&p)
	}
	for _, fields := range l.Fields {
		for _, f := range fields {
			terms = append(terms, f.Term)
			if f.Pointer != nil {
				add(f.Pointer)
			}
		}
	}
	return known(terms)
}
