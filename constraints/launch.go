// This file defines the launch of a kernel as the queries see it: its
// dimensions and the facts that hold for it.

package constraints

import (
	"fmt"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/hostanalysis"
	"hgrd/kernelanalysis"
)

// A Launch is what is known about how a kernel is launched.
type Launch struct {
	// GridDim and BlockDim are the known components of the launch shape;
	// a zero component is unknown (only the hardware limits hold).
	GridDim, BlockDim [3]int64
	// Facts are further conditions over the shared variables (parameters,
	// dimensions) that hold at the launch, from the host code.
	Facts []*expr.Term
	// FactNotes describe Facts, one each, for --explain, such as
	// "gridDim.x == 1 (launch at reduce.cu:88:3)".
	FactNotes []string
	// Aliases says, by parameter (or pointer field of a by-value
	// parameter), which allocation the pointer points into and where:
	// pointers with the same Group share an allocation. Pointers without
	// an entry point into allocations of their own.
	Aliases map[Slot]Alias
	// Origin says where the launch shape comes from, for reports, such as
	// "launch at main.cu:42" or "--block-dim".
	Origin string
	// NoWrap bounds the threads of the grid along each dimension
	// (gridDim.d * blockDim.d) by the largest int, so that linear thread
	// indices do not wrap; a dimension whose known shape exceeds it is
	// left alone.
	NoWrap bool
	// Assumptions describe, for reports, what the launch model assumed of
	// this launch beyond what the host code or the command line says.
	Assumptions []string
	// InterBlockNote, if set, is said of every inter-block race of this
	// launch, such as that the kernel looks meant for one block.
	InterBlockNote string
}

// Allows reports whether a launch's known shape leaves room for two
// threads related as a kind of race requires: two blocks, two warps in a
// block, or two threads in a block. A query of a kind the shape rules out
// is unsatisfiable; the solver need not be asked.
func (l *Launch) Allows(kind Kind) bool {
	switch kind {
	case InterBlock:
		return !known(l.GridDim) || product(l.GridDim) > 1
	case IntraBlock:
		return !known(l.BlockDim) || product(l.BlockDim) > cuda.WarpSize
	case IntraWarp:
		return !known(l.BlockDim) || product(l.BlockDim) > 1
	}
	return true
}

// known reports whether every component of a shape is known.
func known(d [3]int64) bool { return d[0] > 0 && d[1] > 0 && d[2] > 0 }

// product returns the number of blocks or threads of a known shape.
func product(d [3]int64) int64 { return d[0] * d[1] * d[2] }

// launchLimits returns the hardware limits and the known shape of a launch,
// over the shared dimension variables.
func launchLimits(l *Launch) []*expr.Term {
	var conds []*expr.Term
	dims := []struct {
		v     func(int) *expr.Term
		max   [3]int64
		known [3]int64
	}{
		{kernelanalysis.BlockDim, cuda.MaxBlockDim, l.BlockDim},
		{kernelanalysis.GridDim, cuda.MaxGridDim, l.GridDim},
	}
	for _, d := range dims {
		for axis := 0; axis < 3; axis++ {
			v := d.v(axis)
			if d.known[axis] > 0 {
				conds = append(conds, expr.Eq(v, expr.Const(uint64(d.known[axis]), 32)))
				continue
			}
			conds = append(conds, expr.ULe(expr.Const(1, 32), v), expr.ULe(v, expr.Const(uint64(d.max[axis]), 32)))
		}
	}
	threads := expr.Mul(expr.Mul(wide(kernelanalysis.BlockDim(0)), wide(kernelanalysis.BlockDim(1))), wide(kernelanalysis.BlockDim(2)))
	conds = append(conds, expr.ULe(threads, expr.Const(cuda.MaxThreadsPerBlock, 64)))
	conds = append(conds, noWrap(l)...)
	return append(conds, l.Facts...)
}

// noWrap returns, for a launch with NoWrap, the bound of the grid's
// threads along each dimension whose known shape does not exceed it.
func noWrap(l *Launch) []*expr.Term {
	if !l.NoWrap {
		return nil
	}
	var conds []*expr.Term
	for axis := 0; axis < 3; axis++ {
		if l.GridDim[axis] > 0 && l.BlockDim[axis] > 0 && l.GridDim[axis]*l.BlockDim[axis] > cuda.MaxIndex {
			continue
		}
		threads := expr.Mul(wide(kernelanalysis.GridDim(axis)), wide(kernelanalysis.BlockDim(axis)))
		conds = append(conds, expr.ULe(threads, expr.Const(cuda.MaxIndex, 64)))
	}
	return conds
}

// FullyKnown reports whether every dimension of the launch is known.
func (l *Launch) FullyKnown() bool { return known(l.GridDim) && known(l.BlockDim) }

// threadLimits returns the bounds of one side's thread and block indices.
func threadLimits(side int) []*expr.Term {
	var conds []*expr.Term
	for axis := 0; axis < 3; axis++ {
		tid := expr.Instantiate(kernelanalysis.ThreadIdx(axis), side)
		ctaid := expr.Instantiate(kernelanalysis.BlockIdx(axis), side)
		conds = append(conds,
			expr.ULt(tid, kernelanalysis.BlockDim(axis)),
			expr.ULt(ctaid, kernelanalysis.GridDim(axis)))
	}
	return conds
}

func wide(t *expr.Term) *expr.Term { return expr.ZExt(t, 64) }

// probeShapes are small launch shapes tried before a launch's unknown
// dimensions are left symbolic: every dimension at least 2 in one, a
// plain one-dimensional launch in the other. A race found under a probe
// is a race of the launch (the probe only narrows it), found without the
// non-linear arithmetic of symbolic dimensions.
var probeShapes = []struct{ grid, block [3]int64 }{
	{[3]int64{2, 2, 2}, [3]int64{32, 2, 2}},
	{[3]int64{3, 1, 1}, [3]int64{64, 1, 1}},
}

// Probes returns, for a launch with unknown dimensions, the assertions
// that fix them to each probe shape; none if every dimension is known
// or bound by the host's facts (gridDim.x == (n + 255) / 256, say),
// whose values the facts already determine from the host's.
func Probes(l *Launch) [][]*expr.Term {
	bound := map[string]bool{}
	for _, f := range l.Facts {
		for _, v := range expr.Vars(f) {
			bound[v.Name] = true
		}
	}
	free := func(known [3]int64, dim func(int) *expr.Term, axis int) bool {
		return known[axis] == 0 && !bound[dim(axis).Name]
	}
	var probes [][]*expr.Term
	for _, p := range probeShapes {
		var fix []*expr.Term
		for axis := 0; axis < 3; axis++ {
			if free(l.GridDim, kernelanalysis.GridDim, axis) {
				fix = append(fix, expr.Eq(kernelanalysis.GridDim(axis), expr.Const(uint64(p.grid[axis]), 32)))
			}
			if free(l.BlockDim, kernelanalysis.BlockDim, axis) {
				fix = append(fix, expr.Eq(kernelanalysis.BlockDim(axis), expr.Const(uint64(p.block[axis]), 32)))
			}
		}
		if len(fix) == 0 {
			return nil
		}
		probes = append(probes, fix)
	}
	return probes
}

// A Slot is where a kernel receives a pointer: parameter Param itself,
// or with Field >= 0, the pointer at that byte offset of a parameter
// passed by value.
type Slot struct {
	Param int
	Field int64
}

// NoField is the Field of a Slot that is a parameter itself.
const NoField = -1

// slotOf returns where a kernel receives the pointer into a parameter's
// object or a field's.
func slotOf(o *kernelanalysis.Object) Slot {
	if o.Kind == kernelanalysis.FieldObject {
		return Slot{o.Index, o.Field}
	}
	return Slot{o.Index, NoField}
}

// An Alias places a pointer parameter in an allocation.
type Alias struct {
	Group  string     // the allocation
	Offset *expr.Term // the parameter's byte offset in it, 64-bit
	Size   *expr.Term // the allocation's size in bytes, 64-bit; nil if unknown
	// Contents are what the host stored in the allocation's fields, for
	// the kernel's loads of memory it never writes.
	Contents []hostanalysis.Contents
	// Distinct says that the allocation's first elements hold pairwise
	// different values, Ordered that they are in order; nil if unknown.
	Distinct *hostanalysis.Distinct
	Ordered  *hostanalysis.Ordered
}

// bounds returns what keeps an access to an object inside it: the
// allocation a pointer parameter points into, where the host shows it
// (its start, and its end where the host knows its size), or a
// variable's extent. nil if nothing is known.
func (l *Launch) bounds(o *kernelanalysis.Object) (start bool, size *expr.Term) {
	switch o.Kind {
	case kernelanalysis.ParamObject, kernelanalysis.FieldObject:
		if a, ok := l.Aliases[slotOf(o)]; ok {
			return true, a.Size
		}
	case kernelanalysis.VariableObject:
		if o.Size > 0 {
			return true, expr.Const(uint64(o.Size), 64)
		}
	}
	return false, nil
}

// object returns the allocation group of an access's object and the
// offset of the object in it.
func (l *Launch) object(acc *kernelanalysis.Access) (string, *expr.Term) {
	return l.objectOf(acc.Object)
}

// objectOf returns the allocation group of an object and the offset of the
// object in it.
func (l *Launch) objectOf(o *kernelanalysis.Object) (string, *expr.Term) {
	if o.Kind == kernelanalysis.ParamObject || o.Kind == kernelanalysis.FieldObject {
		if a, ok := l.Aliases[slotOf(o)]; ok {
			return "alloc:" + a.Group, a.Offset
		}
	}
	return fmt.Sprintf("object:%p", o), expr.Const(0, 64)
}
