// This file defines the Evaluator, which turns the integer and boolean
// values of one function into terms, and the hooks through which its user
// gives meaning to what it does not model.

package symbolic

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
)

// Hooks give meaning to the values an Evaluator does not model itself: a
// kernel's special registers and loads, a host function's calls.
type Hooks interface {
	// Leaf returns the term of a value that is not arithmetic, a
	// comparison, a cast, a select, a phi or a min/max (a call, a load, an
	// unbound parameter), or nil for a fresh unknown.
	Leaf(v value.Value, w int) *expr.Term
	// Iteration returns the iteration-count variable of a loop (32 bits).
	Iteration(l *Loop) *expr.Term
	// UniformLoopValue returns the term of a loop value that is neither
	// affine nor a shift recurrence but is the same for every thread that
	// is in the same iteration, or nil if there is no such term.
	UniformLoopValue(v *ir.InstPhi, l *Loop, w int) *expr.Term
	// StableCall reports whether a call returns the same value in every
	// iteration of any loop (a read of a launch dimension, say).
	StableCall(c *ir.InstCall) bool
	// Opaque returns the term of a value whose term t holds more than
	// MaxValueOperations: t to keep it, or an unknown that stands for it.
	Opaque(v value.Value, t *expr.Term) *expr.Term
}

// An Evaluator translates the values of one function to terms. Terms are
// memoised: one value, one term.
type Evaluator struct {
	G     *Graph
	hooks Hooks
	scope expr.Scope // of fresh unknowns
	// Namespace prefixes the names of fresh unknowns, so that the
	// unknowns of several functions' evaluators never share a name.
	Namespace string
	// FreshRole is the role of fresh unknowns: none for device code,
	// expr.HostValue for host code.
	FreshRole expr.Role
	// InferInvariants asks for the invariants of loop variables that are
	// unknowns (invariant.go), given by LoopInvariants.
	InferInvariants bool

	terms       map[value.Value]*expr.Term
	facts       map[*expr.Term]fact
	nsw         map[*expr.Term]bool          // terms of nsw instructions (wrapfree.go)
	closedForms map[*expr.Term][2]*expr.Term // init and step of affine closed forms (wrapfree.go)
	blockCond   map[condKey]*expr.Term       // BlockCond's memo, by root and block (pathcond.go)
	pending     map[*ir.InstPhi]bool
	fresh       int
	freshIn     map[string]*ir.Block    // block of the value each unknown stands for
	unbounded   map[string]loopVariable // loop variables whose invariant is not inferred yet
	opaque      map[*expr.Term]bool     // the unknowns Opaque gave (opaque.go)
	loopValues  map[string]*Loop        // unknowns standing for loop values of no closed form
	exits       map[exitSite]exit       // exitAt's memo (pathcond.go)
}

// New returns an Evaluator of f whose unknowns have the given scope:
// expr.PerThread for device code, expr.Shared for host code.
func New(f *ir.Func, hooks Hooks, scope expr.Scope) *Evaluator {
	return &Evaluator{
		G: NewGraph(f), hooks: hooks, scope: scope,
		terms: map[value.Value]*expr.Term{}, facts: map[*expr.Term]fact{}, nsw: map[*expr.Term]bool{}, closedForms: map[*expr.Term][2]*expr.Term{},
		blockCond: map[condKey]*expr.Term{}, pending: map[*ir.InstPhi]bool{},
		freshIn: map[string]*ir.Block{}, unbounded: map[string]loopVariable{}, opaque: map[*expr.Term]bool{},
		loopValues: map[string]*Loop{}, exits: map[exitSite]exit{},
	}
}

// Bind sets the term of a value, such as a parameter.
func (e *Evaluator) Bind(v value.Value, t *expr.Term) { e.terms[v] = t }

// Fresh returns a new unknown standing for value v (nil if it stands for
// no single value), named prefix.N.
func (e *Evaluator) Fresh(v value.Value, prefix string, width int) *expr.Term {
	e.fresh++
	name := fmt.Sprintf("%s%s.%d", e.Namespace, prefix, e.fresh)
	var b *ir.Block
	if inst, ok := v.(ir.Instruction); ok {
		b = e.G.Where[inst]
	}
	e.freshIn[name] = b
	return expr.VarWithRole(name, width, e.scope, e.FreshRole)
}

// A fact is a condition that holds whenever its block executes, such as
// "this nsw addition does not wrap".
type fact struct {
	cond  *expr.Term
	block *ir.Block
	// invariant marks a loop variable's invariant (invariant.go), which
	// LoopInvariants gives rather than Definedness.
	invariant bool
}

// addFact records that term t, computed in block b, is only defined when
// cond holds.
func (e *Evaluator) addFact(t, cond *expr.Term, b *ir.Block) {
	if cond.IsTrue() || t.IsConst() {
		return
	}
	if old, ok := e.facts[t]; ok {
		cond = expr.AllOf(old.cond, cond)
	}
	e.facts[t] = fact{cond: cond, block: b}
}

// addInvariant records that the unknown x of a loop variable of the loop
// headed by b satisfies cond in every iteration.
func (e *Evaluator) addInvariant(x, cond *expr.Term, b *ir.Block) {
	if !cond.IsTrue() {
		e.facts[x] = fact{cond: cond, block: b, invariant: true}
	}
}

// Promise records that term t is only defined when cond holds, where
// instruction inst executes: a promise the IR or the language makes of
// an instruction beyond its own arithmetic (an inbounds getelementptr's
// indices, a float-to-int conversion's range).
func (e *Evaluator) Promise(t, cond *expr.Term, inst ir.Instruction) {
	if b, ok := e.G.Where[inst]; ok {
		e.addFact(t, cond, b)
	}
}

// Definedness returns the conjunction of the definedness conditions of
// every value in the cones of terms (no signed wrap where the IR says nsw,
// no division by zero, loop counters that do not wrap), each guarded by
// its block's path condition.
func (e *Evaluator) Definedness(terms ...*expr.Term) *expr.Term {
	return e.conditions(false, terms)
}

// LoopInvariants returns the conjunction of the invariants of the loop
// variables in the cones of terms that are unknowns bound only by them
// (invariant.go), each guarded by its loop header's path condition.
//
// The invariants are inferred here, after the terms are built, rather
// than when a loop variable's unknown is made: inferring one translates
// values of the loop's body, and doing so in the middle of another
// translation would renumber the unknowns made after it.
func (e *Evaluator) LoopInvariants(terms ...*expr.Term) *expr.Term {
	e.inferInvariants(terms)
	return e.conditions(true, terms)
}

// conditions returns the conjunction of the facts of the values in the
// cones of terms: the loop invariants or the definedness conditions.
func (e *Evaluator) conditions(invariants bool, terms []*expr.Term) *expr.Term {
	var conds []*expr.Term
	var cone expr.Inspector
	var visit func(t *expr.Term) bool
	visit = func(t *expr.Term) bool {
		if f, ok := e.facts[t]; ok && f.invariant == invariants {
			// The condition's own cone, and its block's path
			// condition's, have conditions too.
			guard := e.BlockCond(f.block)
			conds = append(conds, expr.Implies(guard, f.cond))
			cone.Inspect(guard, visit)
			cone.Inspect(f.cond, visit)
		}
		return true
	}
	for _, t := range terms {
		cone.Inspect(t, visit)
	}
	return expr.AllOf(conds...)
}

// Operands returns the value operands of an instruction, call arguments
// unwrapped.
func Operands(inst ir.Instruction) []value.Value {
	var vs []value.Value
	for _, op := range inst.Operands() {
		if _, isBlock := (*op).(*ir.Block); !isBlock {
			vs = append(vs, UnwrapArg(*op))
		}
	}
	return vs
}
