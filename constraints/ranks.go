// This file defines the facts of lanes' ranks: __popc(mask & ((1u << lane)
// - 1)), which symbolic reads as an application of symbolic.RankFunc.

package constraints

import (
	"hgrd/expr"
	"hgrd/symbolic"
)

// rankFacts returns, for the bit counts that terms apply (population
// counts, counts of trailing zeros, ranks), lemmas that bound and relate
// them, and their definitions.
//
// A population count is at most the width. A count of trailing zeros of
// a value other than 0 is below the width and names a set bit. A rank is
// at most its mask's population count, and below it if the lane's own bit
// is set; of two lanes of one mask, the lower one's rank is at most the
// higher one's, and below it if its bit is set. The lemmas decide what
// warp-aggregated atomics need (the leader is a kept lane; two kept lanes
// of a warp write different slots, inside the warp's range) without the
// bits of the counts; the definitions, which a witness must satisfy
// (Query.Bounds), make every count exact.
func rankFacts(terms []*expr.Term) (lemmas, defs []*expr.Term) {
	var apps []*expr.Term
	var seen expr.Interner
	got := map[*expr.Term]bool{}
	counted := func(x *expr.Term) bool {
		switch x.Name {
		case symbolic.RankFunc:
			return len(x.Args) == 2
		case symbolic.PopCountFunc, symbolic.TrailingZerosFunc:
			return len(x.Args) == 1
		}
		return false
	}
	for _, t := range terms {
		expr.Inspect(t, func(x *expr.Term) bool {
			if x.Op == expr.OpApply && counted(x) {
				if r := seen.Intern(x); !got[r] {
					got[r] = true
					apps = append(apps, x)
				}
			}
			return true
		})
	}
	var ranks []*expr.Term
	for _, a := range apps {
		w := a.Width
		switch a.Name {
		case symbolic.PopCountFunc:
			lemmas = append(lemmas, expr.ULe(a, expr.Const(uint64(w), w)))
			defs = append(defs, expr.Eq(a, symbolic.PopCount(a.Args[0])))
		case symbolic.TrailingZerosFunc:
			x := a.Args[0]
			lemmas = append(lemmas, expr.Implies(expr.Ne(x, expr.Const(0, w)), expr.AllOf(inWord(a), bitSet(x, a))))
			defs = append(defs, expr.Eq(a, symbolic.TrailingZeros(x)))
		case symbolic.RankFunc:
			ranks = append(ranks, a)
			m, l := a.Args[0], a.Args[1]
			total := expr.Apply(symbolic.PopCountFunc, w, m)
			lemmas = append(lemmas, expr.ULe(a, total), expr.Implies(expr.AllOf(inWord(l), bitSet(m, l)), expr.ULt(a, total)))
			one := expr.Const(1, l.Width)
			defs = append(defs, expr.Eq(a, symbolic.PopCount(expr.And(m, expr.Sub(expr.Shl(one, l), one)))),
				expr.Eq(total, symbolic.PopCount(m)))
		}
	}
	for _, a := range ranks {
		for _, b := range ranks {
			if a == b || a.Args[0].Width != b.Args[0].Width {
				continue
			}
			below := expr.AllOf(expr.Eq(a.Args[0], b.Args[0]), expr.ULt(a.Args[1], b.Args[1]), inWord(b.Args[1]))
			lemmas = append(lemmas, expr.Implies(below, expr.ULe(a, b)),
				expr.Implies(expr.AllOf(below, bitSet(a.Args[0], a.Args[1])), expr.ULt(a, b)))
		}
	}
	return lemmas, defs
}

// inWord states that a bit index is below its width.
func inWord(l *expr.Term) *expr.Term { return expr.ULt(l, expr.Const(uint64(l.Width), l.Width)) }

// bitSet states that bit l of m is set.
func bitSet(m, l *expr.Term) *expr.Term {
	return expr.Eq(expr.Bit(m, l), expr.Const(1, m.Width))
}
