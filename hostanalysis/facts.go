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
)

var factKindNames = [...]string{"assert", "guard", "loop", "allocation", "arithmetic", "invariant"}

// String returns "assert", "guard", "loop", "allocation", "arithmetic" or
// "invariant".
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
