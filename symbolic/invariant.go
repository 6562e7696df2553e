// This file defines the invariants of loop values that are neither affine
// nor shift recurrences: a host's argument loop that sets a size from
// argv and checks it (`L = atoi(argv[i+1]); if (L % 32 != 0) exit(1);`)
// leaves a value the launch after the loop only knows as an unknown, but
// every value it can hold passed the check or is the constant it started
// with.

package symbolic

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
)

// maxInvariantSources bounds the values a loop variable is gathered from.
const maxInvariantSources = 16

// A loopVariable is a header phi and its loop.
type loopVariable struct {
	phi  *ir.InstPhi
	loop *Loop
}

// inferInvariants infers the invariants of the loop variables in the
// cones of terms whose unknowns have none yet.
func (e *Evaluator) inferInvariants(terms []*expr.Term) {
	var found []*expr.Term
	var cone expr.Inspector
	for _, t := range terms {
		cone.Inspect(t, func(u *expr.Term) bool {
			if _, ok := e.unbounded[u.Name]; ok && u.Op == expr.OpVar {
				found = append(found, u)
			}
			return true
		})
	}
	for _, x := range found {
		lv, ok := e.unbounded[x.Name]
		if !ok {
			continue
		}
		delete(e.unbounded, x.Name)
		e.terms[lv.phi] = x // the body's conditions name the variable by x
		e.addInvariant(x, e.loopInvariant(lv.phi, lv.loop, x), lv.loop.Header)
	}
}

// A loopSource is a value a loop variable takes on the next iteration,
// with the edge along which it flows into the variable's merge.
type loopSource struct {
	value      value.Value
	pred, succ *ir.Block
}

// loopInvariant returns a condition over x, the unknown standing for the
// header phi v of loop l, that holds in every iteration: one that the
// value on entry satisfies and that every path around the loop either
// leaves v unchanged on or establishes of the new value before it flows
// back (a conjunct of that edge's path condition). If every value v takes
// is a constant, the invariant is that x is one of them. It is true if
// there is no such condition.
func (e *Evaluator) loopInvariant(v *ir.InstPhi, l *Loop, x *expr.Term) *expr.Term {
	var sources []loopSource
	for _, inc := range v.Incs {
		pred := AsBlock(inc.Pred)
		if _, reachable := e.G.Order[pred]; !reachable {
			continue
		}
		if !l.Contains(pred) {
			sources = append(sources, loopSource{value: inc.X})
			continue
		}
		var ok bool
		if sources, ok = e.gatherSources(v, l, inc.X, pred, l.Header, sources, map[*ir.InstPhi]bool{}); !ok {
			return expr.True()
		}
	}
	if len(sources) == 0 {
		return expr.True()
	}
	if inv, ok := e.constantChoice(sources, x); ok {
		return inv
	}
	return e.establishedCondition(sources, x)
}

// gatherSources appends to sources the values x stands for as the next
// value of v: through the merges and selects of l's body to the values
// that are neither (v itself adds nothing). It fails past
// maxInvariantSources or at a loop's header phi other than v.
func (e *Evaluator) gatherSources(v *ir.InstPhi, l *Loop, x value.Value, pred, succ *ir.Block, sources []loopSource, seen map[*ir.InstPhi]bool) ([]loopSource, bool) {
	x = UnwrapArg(x)
	if x == value.Value(v) {
		return sources, true
	}
	switch inst := x.(type) {
	case *ir.InstPhi:
		b := e.G.Where[inst]
		if !l.Contains(b) {
			break
		}
		if inner := e.G.LoopOf[b]; inner != nil && inner.Header == b {
			return nil, false
		}
		if seen[inst] {
			return sources, true
		}
		seen[inst] = true
		for _, inc := range inst.Incs {
			p := AsBlock(inc.Pred)
			if _, reachable := e.G.Order[p]; !reachable {
				continue
			}
			var ok bool
			if sources, ok = e.gatherSources(v, l, inc.X, p, b, sources, seen); !ok {
				return nil, false
			}
		}
		return sources, true
	case *ir.InstSelect:
		if l.Contains(e.G.Where[inst]) {
			var ok bool
			if sources, ok = e.gatherSources(v, l, inst.ValueTrue, pred, succ, sources, seen); !ok {
				return nil, false
			}
			return e.gatherSources(v, l, inst.ValueFalse, pred, succ, sources, seen)
		}
	}
	if len(sources) >= maxInvariantSources {
		return nil, false
	}
	return append(sources, loopSource{value: x, pred: pred, succ: succ}), true
}

// constantChoice returns "x is one of the constants" if every source is a
// constant.
func (e *Evaluator) constantChoice(sources []loopSource, x *expr.Term) (*expr.Term, bool) {
	var choices []*expr.Term
	for _, s := range sources {
		t := e.Term(s.value)
		if !t.IsConst() || t.Width != x.Width {
			return nil, false
		}
		choices = append(choices, expr.Eq(x, t))
	}
	return expr.AnyOf(choices...), true
}

// establishedCondition returns the conjunction of the conditions over x
// that every source satisfies: a constant by evaluation, a value from the
// loop's body by being a conjunct of its edge's path condition. The
// candidates are the conjuncts of the first non-constant source's edge
// that bear on its value alone.
func (e *Evaluator) establishedCondition(sources []loopSource, x *expr.Term) *expr.Term {
	var first *loopSource
	for i := range sources {
		if sources[i].pred != nil && !e.Term(sources[i].value).IsConst() {
			first = &sources[i]
			break
		}
	}
	if first == nil {
		return expr.True()
	}
	var kept []*expr.Term
	for _, cand := range e.candidates(*first, x) {
		if e.allEstablish(sources, cand, x) {
			kept = append(kept, cand)
		}
	}
	return expr.AllOf(kept...)
}

// candidates returns the conjuncts of source s's edge condition that
// mention its value's term and no other unknown, with that term replaced
// by x.
func (e *Evaluator) candidates(s loopSource, x *expr.Term) []*expr.Term {
	t := e.Term(s.value)
	if t.IsBool() || t.Width != x.Width {
		return nil
	}
	own := map[string]bool{}
	for _, u := range expr.Vars(t) {
		own[u.Name] = true
	}
	var cands []*expr.Term
	for _, c := range expr.Conjuncts(e.EdgeTaken(s.pred, s.succ)) {
		cand := expr.Rewrite(c, func(u *expr.Term) *expr.Term {
			if expr.Equal(u, t) {
				return x
			}
			return nil
		})
		if cand == c || !onlyVar(cand, x) {
			continue
		}
		cands = append(cands, cand)
	}
	return cands
}

// allEstablish reports whether every source satisfies cand (a condition
// over x).
func (e *Evaluator) allEstablish(sources []loopSource, cand, x *expr.Term) bool {
	for _, s := range sources {
		t := e.Term(s.value)
		if t.Width != x.Width {
			return false
		}
		want := expr.Substitute(cand, func(u *expr.Term) *expr.Term {
			if u.Name == x.Name {
				return t
			}
			return nil
		})
		if want.IsTrue() {
			continue
		}
		if s.pred == nil || !hasConjunct(e.EdgeTaken(s.pred, s.succ), want) {
			return false
		}
	}
	return true
}

// hasConjunct reports whether c is one of t's conjuncts.
func hasConjunct(t, c *expr.Term) bool {
	for _, d := range expr.Conjuncts(t) {
		if expr.Equal(d, c) {
			return true
		}
	}
	return false
}

// onlyVar reports whether x is t's only variable.
func onlyVar(t, x *expr.Term) bool {
	vars := expr.Vars(t)
	return len(vars) == 1 && vars[0].Name == x.Name
}
