// This file shows how to decide a query and read its model.

package solver_test

import (
	"fmt"

	"hgrd/expr"
	"hgrd/solver"
)

func ExampleSolver_Check() {
	s := solver.New(0)
	defer s.Close()

	// Which 8-bit x has x*3 == 7 in wrapping arithmetic?
	x := expr.Var("x", 8, expr.Shared)
	eq := expr.Eq(expr.Mul(x, expr.Const(3, 8)), expr.Const(7, 8))
	r, err := s.Check(&solver.Query{Assertions: []*expr.Term{eq}, Observe: []*expr.Term{x}})
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Status, r.Values[0], r.Vars["x"])

	// The model replays through expr.Eval.
	v, _ := expr.Eval(expr.Mul(x, expr.Const(3, 8)), r.Env())
	fmt.Println(v)

	// An even x has no such product.
	even := expr.Eq(expr.URem(x, expr.Const(2, 8)), expr.Const(0, 8))
	r, _ = s.Check(&solver.Query{Assertions: []*expr.Term{eq, even}})
	fmt.Println(r.Status)
	// Output:
	// sat 173 173
	// 7
	// unsat
}
