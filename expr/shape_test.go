package expr

import "testing"

// TestShapeIgnoresNamesOnly checks that renaming variables and functions
// one-to-one keeps a sequence's shape, and that any other change (a
// constant, a width, a scope, two variables merged, the operands of an
// order comparison swapped) makes another; the order of the terms does
// not.
func TestShapeIgnoresNamesOnly(t *testing.T) {
	query := func(x, y, f string, c uint64, scope Scope) []*Term {
		vx, vy := Var(x, 32, scope), Var(y, 32, PerThread)
		sum := Add(Mul(vx, Const(c, 32)), vy)
		return []*Term{Eq(Apply(f, 32, sum), vy), ULt(sum, Const(1024, 32))}
	}
	base := ShapeOf(query("_Z3runIcE.n", "tid.x#1", "mem@a", 4, Shared)...)
	if got := ShapeOf(query("_Z3runIiE.n", "tid.x#2", "mem@b", 4, Shared)...); got != base {
		t.Errorf("renamed variables and function: another shape")
	}
	// A sub-term repeated rather than shared is the same node.
	vx, vy := Var("_Z3runIcE.n", 32, Shared), Var("tid.x#1", 32, PerThread)
	repeated := []*Term{
		Eq(Apply("mem@a", 32, Add(Mul(vx, Const(4, 32)), vy)), vy),
		ULt(Add(Mul(Var("_Z3runIcE.n", 32, Shared), Const(4, 32)), vy), Const(1024, 32)),
	}
	if ShapeOf(repeated...) != base {
		t.Errorf("a sub-term written twice: another shape than shared")
	}
	others := map[string][]*Term{
		"another constant": query("n", "t", "m", 8, Shared),
		"another scope":    query("n", "t", "m", 4, PerThread),
		"merged variables": query("t", "t", "m", 4, Shared),
		"another width":    {Eq(Var("n", 64, Shared), Var("t", 64, PerThread))},
	}
	for name, q := range others {
		if ShapeOf(q...) == base {
			t.Errorf("%s: the same shape", name)
		}
	}
	q := query("n", "t", "m", 4, Shared)
	if ShapeOf(q[1], q[0]) != base {
		t.Errorf("terms in another order: another shape")
	}
	a, b := Var("a", 32, Shared), Var("b", 32, PerThread)
	if ShapeOf(ULt(a, b)) == ShapeOf(ULt(b, a)) {
		t.Errorf("the operands of <u swapped: the same shape")
	}
}

// TestShapeOfConditionsInNameOrder checks that conjuncts whose order
// came from their names (x < 4 before y < 8 for one pair of names, after
// for another) have one shape.
func TestShapeOfConditionsInNameOrder(t *testing.T) {
	conds := func(x, y string) *Term {
		lx := SLt(Var(x, 32, Shared), Const(4, 32))
		ly := SLt(Var(y, 32, PerThread), Const(8, 32))
		if x < y {
			return And(lx, ly)
		}
		return And(ly, lx)
	}
	if ShapeOf(conds("a.n", "b.t")) != ShapeOf(conds("z.n", "b.t")) {
		t.Errorf("conjuncts in the order of their names: another shape")
	}
}

// TestSkeletonIgnoresConstants checks that a skeleton is a shape with
// bit-vector constants' values left out: questions that differ only in
// their constants (another element size) share it, and any other change
// (a width, an operator, a boolean constant) makes another.
func TestSkeletonIgnoresConstants(t *testing.T) {
	query := func(x string, size, limit uint64) []*Term {
		v := Var(x, 32, Shared)
		return []*Term{ULt(Mul(v, Const(size, 32)), Const(limit, 32)), True()}
	}
	base := SkeletonOf(query("n", 4, 1024)...)
	if got := SkeletonOf(query("m", 8, 512)...); got != base {
		t.Errorf("other constants and names: another skeleton")
	}
	if ShapeOf(query("n", 4, 1024)...) == ShapeOf(query("n", 8, 512)...) {
		t.Errorf("other constants: the same shape")
	}
	others := map[string][]*Term{
		"another width":    {ULt(Mul(Var("n", 64, Shared), Const(4, 64)), Const(1024, 64)), True()},
		"another operator": {ULt(Add(Var("n", 32, Shared), Const(4, 32)), Const(1024, 32)), True()},
		"false for true":   {ULt(Mul(Var("n", 32, Shared), Const(4, 32)), Const(1024, 32)), False()},
	}
	for name, q := range others {
		if SkeletonOf(q...) == base {
			t.Errorf("%s: the same skeleton", name)
		}
	}
}
