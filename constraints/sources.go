// This file defines the instances of the values other threads gave: what
// a load that reads one value per block reads, the value its source, the
// one store of its object, stored there (kernelanalysis/sources.go), and
// what a shuffle returns, the value its source lane passed
// (kernelanalysis/lanes.go).

package constraints

import (
	"hgrd/expr"
	"hgrd/kernelanalysis"
)

// A writer is a thread that a query names besides its two: the thread
// whose store a load of side Loader reads, or whose value its shuffle
// returns. Its variables are instantiated
// for side Side (3 on).
type writer struct {
	Side, Loader int
	// Valid says that the writer is a thread of the launch: its indices
	// are below the dimensions.
	Valid *expr.Term
}

// firstWriterSide is the side of the first writer; 1 and 2 are the
// query's threads.
const firstWriterSide = 3

// sourceInstances returns, for each application in terms of a function
// that reads another thread's value, for side 1 or 2, what that thread
// gave, and the writers it names: for a load with a source (a block's
// broadcast), the value the source's writer stored there; for a shuffle,
// the value its source lane passed.
//
// A broadcast's writer is a thread of the loader's block and iteration,
// at the threadIdx the store's condition fixes, and elsewhere the
// loader's own; a shuffle's is the lane its application names, in the
// reader's iterations. Their definitions are asserted: they name, not
// constrain. If the writer is a thread of the launch that runs the store
// (and stores at the loaded address) or the shuffle, the function
// returns what it stored or passed. The kernel's assumptions hold of the
// writer as of every thread of the launch.
func sourceInstances(k *kernelanalysis.Kernel, terms []*expr.Term) ([]*expr.Term, []writer) {
	var out []*expr.Term
	var writers []writer
	var apps expr.Interner
	seen := map[*expr.Term]bool{}
	visit := func(t *expr.Term) bool {
		if t.Op != expr.OpApply {
			return true
		}
		u := k.Unknowns[t.Name]
		var loader int
		switch {
		case u.Source != nil && len(t.Args) == 4+len(u.Source.Iterations):
			loader = loaderSide(t.Args[1])
		case u.Lane != nil && len(t.Args) == 4+len(u.Lane.Iterations):
			loader = loaderSide(t.Args[0])
		}
		if loader == 0 {
			return true
		}
		r := apps.Intern(t)
		if seen[r] {
			return true
		}
		seen[r] = true
		w := writer{Side: firstWriterSide + len(writers), Loader: loader}
		w.Valid = expr.AllOf(threadLimits(w.Side)...)
		writers = append(writers, w)
		at := func(x *expr.Term) *expr.Term { return expr.Instantiate(x, w.Side) }
		for _, as := range k.Assumptions {
			out = append(out, expr.Implies(w.Valid, at(as)))
		}
		if src := u.Source; src != nil {
			out = append(out, writerDefinitions(src, t, w)...)
			stores := expr.AllOf(w.Valid, at(src.Store.Cond), expr.Eq(at(src.Store.Offset), t.Args[0]))
			out = append(out, expr.Implies(stores, expr.Eq(t, at(src.Store.Value))))
			return true
		}
		out = append(out, laneDefinitions(u.Lane, t, w)...)
		out = append(out, expr.Implies(expr.AllOf(w.Valid, at(u.Lane.Cond)), expr.Eq(t, at(u.Lane.Value))))
		return true
	}
	for _, t := range terms {
		expr.Inspect(t, visit)
	}
	return out, writers
}

// laneDefinitions defines a shuffle's source lane: the block, linear
// index and iterations that the shuffle's application app names.
func laneDefinitions(lane *kernelanalysis.LaneValue, app *expr.Term, w writer) []*expr.Term {
	var defs []*expr.Term
	for axis := range 3 {
		defs = append(defs, expr.Eq(expr.Instantiate(kernelanalysis.BlockIdx(axis), w.Side), app.Args[axis]))
	}
	lin := app.Args[3]
	x, y := kernelanalysis.BlockDim(0), kernelanalysis.BlockDim(1)
	coords := []*expr.Term{expr.URem(lin, x), expr.URem(expr.UDiv(lin, x), y), expr.UDiv(lin, expr.Mul(x, y))}
	for axis, c := range coords {
		defs = append(defs, expr.Eq(expr.Instantiate(kernelanalysis.ThreadIdx(axis), w.Side), c))
	}
	for i, it := range lane.Iterations {
		defs = append(defs, expr.Eq(expr.Instantiate(it, w.Side), app.Args[4+i]))
	}
	return defs
}

// writerDefinitions defines a writer's indices: the block and the
// iterations of the load's application app, the threadIdx its source
// fixes, or the loader's.
func writerDefinitions(src *kernelanalysis.Source, app *expr.Term, w writer) []*expr.Term {
	var defs []*expr.Term
	for axis := range 3 {
		block := expr.Instantiate(kernelanalysis.BlockIdx(axis), w.Side)
		defs = append(defs, expr.Eq(block, app.Args[1+axis]))
		tid := expr.Instantiate(kernelanalysis.ThreadIdx(axis), w.Side)
		pinned := expr.Instantiate(kernelanalysis.ThreadIdx(axis), w.Loader)
		if src.Writer[axis] != nil {
			pinned = expr.Instantiate(src.Writer[axis], w.Side)
		}
		defs = append(defs, expr.Eq(tid, pinned))
	}
	for i, it := range src.Iterations {
		defs = append(defs, expr.Eq(expr.Instantiate(it, w.Side), app.Args[4+i]))
	}
	return defs
}

// loaderSide returns the side (1 or 2) whose block index x an
// application of a function names at argument ctaid, or 0.
func loaderSide(ctaid *expr.Term) int {
	for side := 1; side <= 2; side++ {
		if expr.Equal(ctaid, expr.Instantiate(kernelanalysis.BlockIdx(0), side)) {
			return side
		}
	}
	return 0
}

// differentThreadsOf states that the threads of sides i and j are not one
// thread: their block or thread indices differ.
func differentThreadsOf(i, j int) *expr.Term {
	var same []*expr.Term
	for axis := range 3 {
		for _, v := range []*expr.Term{kernelanalysis.BlockIdx(axis), kernelanalysis.ThreadIdx(axis)} {
			same = append(same, expr.Eq(expr.Instantiate(v, i), expr.Instantiate(v, j)))
		}
	}
	return expr.Not(expr.AllOf(same...))
}
