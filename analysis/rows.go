// This file adds to a query the facts of reading its accesses' indices
// as rows and columns of a row-major array (constraints.RowSplit), once
// the solver has proven the reading's premises.

package analysis

import (
	"hgrd/constraints"
	"hgrd/expr"
)

// maxRowDepth bounds how many times a row is itself read as row-major
// (a plane of rows is read twice).
const maxRowDepth = 3

// withRows returns q with the facts of the row-major readings of its
// indices whose premises p proves from what is known of each side: the
// premises, equal rows and equal columns, and again for the rows. Equal
// indices imply them, so the query's answers are unchanged; but the
// solver, which cannot decide row*cols + col = row'*cols + col' within
// any budget when cols is unknown, decides equal rows and columns at
// once. (hecbench-dev's nw: queries undecided after 20M units each.)
func withRows(p *prover, q *constraints.Query, l *constraints.Launch) *constraints.Query {
	a, b, ok := q.IndexEquation()
	if !ok || len(constraints.RowSplits(a, b)) == 0 {
		return withByteRows(p, q, l)
	}
	facts, ok := exactIndices(p, q, l)
	if !ok {
		return q
	}
	lengths := constraints.RowLengths(a, b)
	depth := 0
	for ; depth < maxRowDepth; depth++ {
		split, ok := provenSplit(p, q, l, a, b, lengths)
		if !ok {
			break
		}
		facts = append(append(facts, split.Premises[0]...), split.Premises[1]...)
		facts = append(facts, split.Equal()...)
		a, b = split.Rows[0], split.Rows[1]
	}
	if depth == 0 {
		return q
	}
	return q.WithRows(facts)
}

// provenSplit returns the first reading of indices a and b, by lengths
// first, whose premises p proves.
func provenSplit(p *prover, q *constraints.Query, l *constraints.Launch, a, b *expr.Term, lengths []*expr.Term) (constraints.RowSplit, bool) {
	for _, split := range constraints.RowSplits(a, b, lengths...) {
		if p.provesBoth(q, l, split.Premises) {
			return split, true
		}
	}
	return constraints.RowSplit{}, false
}

// provesBoth reports whether p proves the premises about each side of q.
func (p *prover) provesBoth(q *constraints.Query, l *constraints.Launch, premises [2][]*expr.Term) bool {
	return p.proves(q, l, 0, premises[0]) && p.proves(q, l, 1, premises[1])
}

// exactIndices returns the premises under which both of q's indices
// are the exact integers of their arithmetic, once p has proven them;
// false if it has not.
func exactIndices(p *prover, q *constraints.Query, l *constraints.Launch) ([]*expr.Term, bool) {
	var facts []*expr.Term
	for side := range 2 {
		exact, ok := q.ExactIndex(side)
		if !ok || !p.proves(q, l, side, exact) {
			return nil, false
		}
		facts = append(facts, exact...)
	}
	return facts, true
}
