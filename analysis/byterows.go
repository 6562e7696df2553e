// This file adds to a query the facts of reading its accesses' byte
// offsets as rows of a pitched array (constraints.ByteRowSplit), once the
// solver has proven that each access lies inside its row.

package analysis

import (
	"slices"

	"hgrd/constraints"
	"hgrd/expr"
)

// withByteRows returns q with the overlap of its accesses stated by the
// pitched-row readings of its offsets whose premises p proves: the
// premises, the columns' overlap, and equal rows, each row read again
// (a slice of rows of a 3D array, z*height + y, by height: equal slices
// and equal rows). Once the premises hold, the accesses overlap exactly
// when their rows are equal and their columns overlap, so the query's
// answers are unchanged; but the solver, which cannot decide r*pitch +
// 4*c overlapping r'*pitch + 4*c' when pitch is unknown, decides r = r'
// and 4*c overlapping 4*c' at once.
func withByteRows(p *prover, q *constraints.Query, l *constraints.Launch) *constraints.Query {
	splits := q.ByteRowSplits()
	split, ok := provenByteSplit(p, q, l, splits)
	if !ok {
		return q
	}
	size1, size2 := q.Sizes()
	facts := append(append(slices.Clip(split.Premises[0]), split.Premises[1]...), split.Overlap(size1, size2))
	one := expr.Const(1, 64)
	for depth := 1; depth < maxRowDepth; depth++ {
		inner, ok := provenByteSplit(p, q, l, constraints.ByteRowSplits(split.Rows[0], split.Rows[1], one, one))
		if !ok {
			break
		}
		facts = append(append(facts, inner.Premises[0]...), inner.Premises[1]...)
		facts = append(facts, expr.Eq(inner.Columns[0], inner.Columns[1]))
		split = inner
	}
	return q.WithByteRows(append(facts, split.Equal()))
}

// provenByteSplit returns the first of splits whose premises p proves.
func provenByteSplit(p *prover, q *constraints.Query, l *constraints.Launch, splits []constraints.ByteRowSplit) (constraints.ByteRowSplit, bool) {
	for _, split := range splits {
		if p.provesBoth(q, l, split.Premises) {
			return split, true
		}
	}
	return constraints.ByteRowSplit{}, false
}
