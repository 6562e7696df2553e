// This file names the kernel parameters a race needs negative: sizes
// that hgrd could not see (miniWeather's nx, set from an MPI
// decomposition), whose witness of -4 makes a row of no width.

package analysis

import (
	"fmt"
	"strings"

	"hgrd/constraints"
	"hgrd/expr"
	"hgrd/kernelanalysis"
	"hgrd/solver"
)

// negativeBudget is the rlimit of the question whether a race has a
// witness with its negative parameters non-negative: a note, worth less
// than the race's own questions.
const negativeBudget = solver.DefaultBudget / 16

// negativeNote says which integer parameters of a race's kernel the race
// needs negative: those the two addresses read that the witness gives a
// negative value, when the race has no witness with all of them at least
// zero. "" if there are none, or if there is such a witness, or if the
// question is undecided.
func negativeNote(n *noteQuestions, witness *solver.Result) string {
	params := negativeParams(n.task.kernel, n.task.query, witness)
	if len(params) == 0 {
		return ""
	}
	var nonNegative []*expr.Term
	var names, values, asserts []string
	for _, p := range params {
		nonNegative = append(nonNegative, expr.SLe(expr.Const(0, p.Term.Width), p.Term))
		names = append(names, p.Name)
		values = append(values, fmt.Sprintf("%s = %d", p.Name, signedValue(witness, p)))
		asserts = append(asserts, p.Name+" >= 0")
	}
	if !n.ruledOut(nonNegative, negativeBudget) {
		return ""
	}
	return fmt.Sprintf("the race needs %s negative (the witness has %s): if the program never launches the kernel so, assert(%s) before the launch rules it out",
		strings.Join(names, " or "), strings.Join(values, ", "), strings.Join(asserts, " && "))
}

// negativeParams returns the integer parameters of k that the offsets of
// q's two accesses read and that the witness gives a negative value.
func negativeParams(k *kernelanalysis.Kernel, q *constraints.Query, witness *solver.Result) []*kernelanalysis.Param {
	read := readBy(q.First.Offset, q.Second.Offset)
	var params []*kernelanalysis.Param
	for _, p := range k.Params {
		if witnessed(p, witness) && read[p.Term.Name] && signedValue(witness, p) < 0 {
			params = append(params, p)
		}
	}
	return params
}
