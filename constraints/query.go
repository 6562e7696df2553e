// This file defines race queries: for a pair of accesses and a kind of
// race, the conditions under which two threads so related make the two
// accesses to overlapping bytes.

package constraints

import (
	"strings"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/kernelanalysis"
	"hgrd/report"
)

// A Query asks whether a pair of accesses races in one way.
type Query struct {
	Kind          string // report.InterBlock, IntraBlock or IntraWarp
	First, Second *kernelanalysis.Access
	// Assertions, all over instantiated variables (side 1 runs First,
	// side 2 runs Second), are satisfiable exactly when the race exists.
	Assertions []*expr.Term
	// Offset1 and Offset2 are the two accesses' byte offsets, for the
	// witness.
	Offset1, Offset2 *expr.Term
}

// Kinds lists the kinds of race in the order queries are made.
var Kinds = []string{report.InterBlock, report.IntraBlock, report.IntraWarp}

// Conflicting reports whether two accesses can race at all in a launch:
// the same object or allocation, at least one writes, and not both atomic.
func Conflicting(l *Launch, a, b *kernelanalysis.Access) bool {
	if ga, _ := l.object(a); ga != firstOf(l.object(b)) {
		return false
	}
	if a.Kind == kernelanalysis.Atomic && b.Kind == kernelanalysis.Atomic {
		return false
	}
	return a.Kind != kernelanalysis.Read || b.Kind != kernelanalysis.Read
}

// Build returns the query of a pair for a kind of race, or nil if the
// kind is impossible for the pair without asking the solver: shared
// memory has no inter-block races, and a barrier on every path between
// the accesses rules out intra-block or intra-warp ones.
func Build(k *kernelanalysis.Kernel, a, b *kernelanalysis.Access, kind string, l *Launch) *Query {
	_, base1 := l.object(a)
	_, base2 := l.object(b)
	q := &Query{Kind: kind, First: a, Second: b,
		Offset1: expr.Add(base1, expr.Instantiate(a.Offset, 1)), Offset2: expr.Add(base2, expr.Instantiate(b.Offset, 2))}
	var relation *expr.Term
	switch kind {
	case report.InterBlock:
		if a.Object.Space == kernelanalysis.Shared {
			return nil
		}
		relation = differentBlocks()
	case report.IntraBlock, report.IntraWarp:
		level := kernelanalysis.BlockLevel
		if kind == report.IntraWarp {
			level = kernelanalysis.WarpLevel
		}
		concurrent, ok := k.Concurrent(a, b, level)
		if !ok {
			return nil
		}
		relation = expr.AllOf(sameBlock(), differentThreads(), sameWarp(kind == report.IntraWarp), concurrent)
	}
	q.Assertions = append(launchLimits(l), threadLimits(1)...)
	q.Assertions = append(q.Assertions, threadLimits(2)...)
	for _, side := range []struct {
		acc *kernelanalysis.Access
		n   int
	}{{a, 1}, {b, 2}} {
		q.Assertions = append(q.Assertions, expr.Instantiate(side.acc.Cond, side.n))
		for _, as := range k.Assumptions {
			q.Assertions = append(q.Assertions, expr.Instantiate(as, side.n))
		}
	}
	q.Assertions = append(q.Assertions, relation,
		overlap(q.Offset1, expr.Instantiate(a.Size, 1), q.Offset2, expr.Instantiate(b.Size, 2)))
	q.Assertions = append(q.Assertions, iterationBounds(q.Assertions)...)
	q.Assertions = append(q.Assertions, globalIndexLemmas()...)
	q.Assertions = append(q.Assertions, radixLemmas(q.Offset1, q.Offset2)...)
	return q
}

func firstOf(s string, _ *expr.Term) string { return s }

// overlap states that [o1, o1+s1) and [o2, o2+s2) share a byte.
func overlap(o1, s1, o2, s2 *expr.Term) *expr.Term {
	return expr.AllOf(expr.SLt(o1, expr.Add(o2, s2)), expr.SLt(o2, expr.Add(o1, s1)))
}

// differentBlocks states that the two threads are in different blocks.
func differentBlocks() *expr.Term {
	var ne []*expr.Term
	for axis := 0; axis < 3; axis++ {
		ne = append(ne, expr.Ne(side(kernelanalysis.BlockIdx(axis), 1), side(kernelanalysis.BlockIdx(axis), 2)))
	}
	return expr.AnyOf(ne...)
}

// sameBlock states that the two threads are in the same block.
func sameBlock() *expr.Term {
	var eq []*expr.Term
	for axis := 0; axis < 3; axis++ {
		eq = append(eq, expr.Eq(side(kernelanalysis.BlockIdx(axis), 1), side(kernelanalysis.BlockIdx(axis), 2)))
	}
	return expr.AllOf(eq...)
}

// differentThreads states that the threads' linear indices differ.
func differentThreads() *expr.Term {
	lin := kernelanalysis.LinearThreadID()
	return expr.Ne(side(lin, 1), side(lin, 2))
}

// sameWarp states that the threads are (or are not) in the same warp.
func sameWarp(same bool) *expr.Term {
	warp := expr.UDiv(kernelanalysis.LinearThreadID(), expr.Const(cuda.WarpSize, 32))
	eq := expr.Eq(side(warp, 1), side(warp, 2))
	if same {
		return eq
	}
	return expr.Not(eq)
}

func side(t *expr.Term, n int) *expr.Term { return expr.Instantiate(t, n) }

// iterationBounds bounds every loop iteration count in the assertions.
func iterationBounds(assertions []*expr.Term) []*expr.Term {
	var bounds []*expr.Term
	seen := map[string]bool{}
	for _, a := range assertions {
		for _, v := range expr.Vars(a) {
			if strings.HasPrefix(v.Name, "k.L") && !seen[v.Name] {
				seen[v.Name] = true
				bounds = append(bounds, expr.ULe(v, expr.Const(kernelanalysis.MaxIterations, 32)))
			}
		}
	}
	return bounds
}
