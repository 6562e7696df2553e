// This file bounds the operations a value's term may hold: a value
// computed by more goes to the Hooks' Opaque, which may stand an unknown
// for it.

package symbolic

import (
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
)

// MaxValueOperations bounds the operations, distinct sub-terms, of a
// value's term; a bit-vector value computed by more is given to the
// Hooks' Opaque. A hash of a thread's key is such a value: hecbench-dev's
// md5hash compares the MD5 digest of each thread's candidate key, a term
// of 1025 operations (additions, rotations and exclusive ors of 32
// bits), with the digest sought, and no budget decides whether two
// threads' keys have the digest sought: Z3 held 628 MB in a 2.5M-unit
// attempt, and the file ran past its memory limit. The largest values
// of the examples hold 238 operations, those of hecbench-dev's other
// programs 621.
const MaxValueOperations = 768

// operations returns the operations of a term, or MaxValueOperations+1
// if there are more than MaxValueOperations or the term holds an opaque
// value, which stands for more. So each value computed from an opaque
// value is opaque too, and an opaque chain (a hash's rounds) ends in an
// opaque value, not in the last few hundred of its operations over an
// unknown.
func (e *Evaluator) operations(t *expr.Term) int {
	n := 0
	expr.Inspect(t, func(u *expr.Term) bool {
		if e.opaque[u] {
			n = MaxValueOperations + 1
		} else {
			n++
		}
		return n <= MaxValueOperations
	})
	return min(n, MaxValueOperations+1)
}

// bounded returns the term of value v, t, or if t holds more than
// MaxValueOperations the Hooks' term for it.
func (e *Evaluator) bounded(v value.Value, t *expr.Term) *expr.Term {
	if t.IsBool() || t.Op == expr.OpVar || t.Op == expr.OpConst {
		return t
	}
	if e.operations(t) <= MaxValueOperations {
		return t
	}
	u := e.hooks.Opaque(v, t)
	if u != t {
		e.opaque[u] = true
	}
	return u
}
