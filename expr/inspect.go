// This file defines the walk over a term's distinct sub-terms.

package expr

import "sync"

// Inspect calls f for t and each of its sub-terms, depth first in
// pre-order (a term before its operands, operands from first to last).
// Terms form a DAG: a sub-term shared by several terms (the same *Term)
// is visited once, where it is first reached. If f returns false,
// Inspect does not visit that term's operands (unless another path
// reaches them).
func Inspect(t *Term, f func(*Term) bool) {
	in := Inspector{seen: seenPool.Get().(map[*Term]bool)}
	in.Inspect(t, f)
	clear(in.seen)
	seenPool.Put(in.seen)
}

// seenPool holds the visited sets of finished walks of Inspect, for the
// next: a worker runs with the garbage collector off, where each new set
// took fresh memory (an eighth of what the example curand_ok's analysis
// allocated went to such sets).
var seenPool = sync.Pool{New: func() any { return map[*Term]bool{} }}

// An Inspector visits the sub-terms of several terms as one DAG: a
// sub-term visited by an earlier call of Inspect, or earlier in the same
// call, is not visited again. The zero Inspector has visited nothing.
// f may call Inspect on the same Inspector, to walk further terms that
// belong with the one it is given, before its operands.
type Inspector struct {
	seen map[*Term]bool
}

// Inspect calls f for t and each of its sub-terms not yet visited, as the
// function Inspect does.
func (in *Inspector) Inspect(t *Term, f func(*Term) bool) {
	if in.seen[t] {
		return
	}
	if in.seen == nil {
		in.seen = map[*Term]bool{}
	}
	in.seen[t] = true
	if !f(t) {
		return
	}
	for _, a := range t.Args {
		in.Inspect(a, f)
	}
}

// Conjuncts flattens a conjunction into its conjuncts; any other term is
// its own single conjunct.
func Conjuncts(t *Term) []*Term {
	if t.Op != OpAnd || !t.IsBool() {
		return []*Term{t}
	}
	var out []*Term
	for _, a := range t.Args {
		out = append(out, Conjuncts(a)...)
	}
	return out
}

// Pin reads a fact as a variable equated to a constant (v == c or
// c == v).
func Pin(f *Term) (v *Term, c *Term, ok bool) {
	if f.Op != OpEq {
		return nil, nil, false
	}
	for i, a := range f.Args {
		if b := f.Args[1-i]; a.Op == OpVar && b.IsConst() {
			return a, b, true
		}
	}
	return nil, nil, false
}
