// This file defines the facts the host code knows at a launch.

package hostanalysis

import (
	"fmt"

	"hgrd/expr"
	"hgrd/frontend"
)

// A FactKind is the class of a host fact (the HGRD paper's five classes
// and the guards beyond them).
type FactKind int

// The kinds of host facts.
const (
	Assert        FactKind = iota // a condition checked on the path, whose failure ends the program
	Guard                         // a branch condition the launch is under
	LoopBound                     // the test of a loop around the launch
	Allocation                    // a size passed to an allocation is positive
	Definedness                   // host arithmetic does not overflow where the IR says nsw
	LoopInvariant                 // every value a loop variable can hold satisfies it (a checked argv option)
	LoopExit                      // the exit condition of a loop that ran to its end before the launch
)

var factKindNames = [...]string{"assert", "guard", "loop", "allocation", "arithmetic", "invariant", "loop exit"}

// String returns "assert", "guard", "loop", "allocation", "arithmetic",
// "invariant" or "loop exit".
func (k FactKind) String() string { return factKindNames[k] }

// A Fact is a condition over host values that holds at a launch.
//
// Example printed form:
//
//	rows == cols (assert at kaldi.cu:40:3)
type Fact struct {
	Kind FactKind
	Cond *expr.Term
	Pos  frontend.Pos
}

// String returns the fact's condition and where it comes from.
func (f Fact) String() string {
	return fmt.Sprintf("%s (%s at %s)", f.Cond, f.Kind, f.Pos)
}

// withoutIdleExits returns the launch's facts but the exit conditions of
// loops whose values the launch does not use: one over a variable that
// no term of the launch and no fact of another kind mentions (the count
// of a loop that filled a host array) only says that some count exists,
// and cost the solver time on every query (lavaMD's pairs went from 1.7
// to 5.8 s).
func (l *Launch) withoutIdleExits() []Fact {
	terms := append(l.valueTerms(), l.pointerAndFieldTerms()...)
	for _, f := range l.Facts {
		if f.Kind != LoopExit {
			terms = append(terms, f.Cond)
		}
	}
	used := map[string]bool{}
	for _, t := range terms {
		for _, v := range expr.Vars(t) {
			used[v.Name] = true
		}
	}
	var kept []Fact
	for _, f := range l.Facts {
		if f.Kind == LoopExit && !allUsed(f.Cond, used) {
			continue
		}
		kept = append(kept, f)
	}
	return kept
}

// allUsed reports whether every variable of t is in used.
func allUsed(t *expr.Term, used map[string]bool) bool {
	for _, v := range expr.Vars(t) {
		if !used[v.Name] {
			return false
		}
	}
	return true
}
