// This file defines the analyzer, the state of the analysis of one kernel,
// and Analyze, its entry point.

package kernelanalysis

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/frontend"
)

// analyzer holds the state of the analysis of one kernel.
type analyzer struct {
	unit *frontend.Unit
	fn   *ir.Func
	g    *graph

	terms     map[value.Value]*expr.Term // integer and boolean values
	ptrs      map[value.Value]pointer    // pointer values
	facts     map[*expr.Term]fact        // definedness conditions of values' terms
	blockCond map[*ir.Block]*expr.Term   // path conditions
	objects   map[string]*Object         // by name
	written   map[*Object]bool           // objects the kernel writes
	divergent map[value.Value]bool       // values that may differ between threads of a block
	pending   map[*ir.InstPhi]bool       // header phis being translated
	fresh     int                        // counter for fresh variable names
	intervals [2]*intervalInfo           // by Level
	res       *Kernel
}

// Analyze analyses one kernel of a unit. The kernel's device functions
// must have been inlined into it by the front end.
func Analyze(u *frontend.Unit, k *frontend.Kernel) (*Kernel, error) {
	if len(k.Func.Blocks) == 0 {
		return nil, fmt.Errorf("kernel %s has no body", k.Name)
	}
	a := &analyzer{
		unit: u, fn: k.Func, g: newGraph(k.Func),
		terms: map[value.Value]*expr.Term{}, ptrs: map[value.Value]pointer{},
		facts: map[*expr.Term]fact{}, blockCond: map[*ir.Block]*expr.Term{},
		objects: map[string]*Object{}, written: map[*Object]bool{},
		pending: map[*ir.InstPhi]bool{},
		res:     &Kernel{Name: k.Name, Func: k.Func},
	}
	a.res.Loops = a.g.loops
	a.params()
	a.findWrites()
	a.divergent = divergence(a)
	a.collect()
	a.computeIntervals()
	a.res.intervals = a.intervals
	return a.res, nil
}

// params records the kernel's parameters.
func (a *analyzer) params() {
	for i, p := range a.fn.Params {
		name := p.LocalName
		if name == "" || isNumber(name) {
			name = fmt.Sprintf("arg%d", i)
		}
		kp := &Param{Name: name, Index: i}
		if _, ok := p.Typ.(*types.PointerType); ok {
			kp.Pointer = true
		} else if w := widthOf(p.Typ); w >= 0 {
			kp.Term = expr.Var(name, w, expr.Shared)
			a.terms[p] = kp.Term
		}
		a.res.Params = append(a.res.Params, kp)
	}
}

func isNumber(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// freshVar returns a new per-thread variable standing for an unknown value.
func (a *analyzer) freshVar(prefix string, width int) *expr.Term {
	a.fresh++
	return expr.Var(fmt.Sprintf("%s.%d", prefix, a.fresh), width, expr.PerThread)
}

// widthOf returns the term width of an integer type: expr.Bool for i1, the
// bit size for wider integers, -1 for other types.
func widthOf(t types.Type) int {
	it, ok := t.(*types.IntType)
	switch {
	case !ok || it.BitSize > expr.MaxWidth:
		return -1
	case it.BitSize == 1:
		return expr.Bool
	}
	return int(it.BitSize)
}

// A fact is a condition that holds whenever its block executes, such as
// "this nsw addition does not wrap".
type fact struct {
	cond  *expr.Term
	block *ir.Block
}

// addFact records that term t, computed in block b, is only defined when
// cond holds.
func (a *analyzer) addFact(t, cond *expr.Term, b *ir.Block) {
	if cond.IsTrue() || t.IsConst() {
		return
	}
	if old, ok := a.facts[t]; ok {
		cond = expr.AllOf(old.cond, cond)
	}
	a.facts[t] = fact{cond, b}
}
