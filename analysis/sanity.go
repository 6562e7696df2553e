// This file defines the check every witness passes before it is reported:
// replayed through the query's terms with Go's own evaluator (not the
// solver's), it must satisfy every assertion and make the two accesses
// overlap.

package analysis

import (
	"fmt"

	"hgrd/constraints"
	"hgrd/expr"
	"hgrd/solver"
)

// verifyWitness replays a model through a query. An error means the solver
// and the term semantics disagree: an internal error, never a race.
func verifyWitness(q *constraints.Query, res *solver.Result) error {
	ev := expr.NewEvaluator(res.Env()) // the terms share their paths
	for i, a := range q.Race() {
		v, err := ev.Eval(a)
		if err != nil {
			return fmt.Errorf("witness replay: assertion %d: %v", i, err)
		}
		if v == 0 {
			return fmt.Errorf("witness replay: assertion %d is false under the model: %s", i, a)
		}
	}
	off1, err1 := ev.Eval(q.Offset1)
	off2, err2 := ev.Eval(q.Offset2)
	size1, err3 := ev.Eval(expr.Instantiate(q.First.Size, 1))
	size2, err4 := ev.Eval(expr.Instantiate(q.Second.Size, 2))
	for _, err := range []error{err1, err2, err3, err4} {
		if err != nil {
			return fmt.Errorf("witness replay: %v", err)
		}
	}
	o1, o2 := int64(off1), int64(off2)
	if !(o1 < o2+int64(size2) && o2 < o1+int64(size1)) {
		return fmt.Errorf("witness replay: bytes [%d,+%d) and [%d,+%d) do not overlap", o1, size1, o2, size2)
	}
	return nil
}
