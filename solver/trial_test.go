package solver

import (
	"slices"
	"testing"

	"hgrd/expr"
)

// threadVar is a thread's value on one side of a query, as
// expr.Instantiate names it.
func threadVar(name string) *expr.Term { return expr.Var(name, 32, expr.Instance) }

// rowCollision asks whether two different threads of a 16-wide block
// write the same element j*cols + i of a row-major matrix, i < rows,
// with rows and cols unrelated host values (copyUppToLow without its
// assert): they do when cols < rows, which cols = 1 shows at once.
func rowCollision() *Query {
	rows, cols := v32("rows"), v32("cols")
	ntid := expr.VarWithRole("ntid.x", 32, expr.Shared, expr.Role{Kind: expr.BlockDim, Axis: 0})
	conds := []*expr.Term{expr.Eq(ntid, c32(16)), expr.SLt(c32(0), cols)}
	index := func(side string) *expr.Term {
		tx, ty := threadVar("tid.x"+side), threadVar("tid.y"+side)
		i := expr.Add(expr.Mul(threadVar("ctaid.x"+side), ntid), tx)
		conds = append(conds, expr.ULt(tx, ntid), expr.ULt(ty, c32(16)), expr.ULt(threadVar("ctaid.x"+side), c32(4)),
			expr.SLt(i, rows), noSignedWrap(expr.Mul, ty, cols))
		return expr.Add(expr.Mul(ty, cols), i)
	}
	a, b := index("#1"), index("#2")
	conds = append(conds, expr.Eq(a, b), expr.Ne(threadVar("tid.y#1"), threadVar("tid.y#2")))
	return &Query{Assertions: conds, Observe: []*expr.Term{a}}
}

func TestTrialsFixLaunchWideFactors(t *testing.T) {
	ts := trials(rowCollision())
	if len(ts) == 0 {
		t.Fatal("no trials for a product of a host value and a thread index")
	}
	var values []uint64
	for _, tr := range ts {
		if len(tr.fixed) != 1 {
			t.Errorf("trial %s fixes %d variables, want cols alone (ntid.x is pinned, thread indices vary)", tr, len(tr.fixed))
		}
		v, ok := tr.fixed["cols"]
		if !ok {
			t.Errorf("trial %s does not fix cols", tr)
		}
		values = append(values, v)
	}
	for _, want := range []uint64{1, 2, 3, 0xffffffff, 16, 17} {
		if !slices.Contains(values, want) {
			t.Errorf("trial values %v lack %d", values, want)
		}
	}
}

func TestTrialModelIsAModelOfTheQuery(t *testing.T) {
	s := New(0)
	defer s.Close()
	q := rowCollision()
	res, err := s.Check(q)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Sat {
		t.Fatalf("status %v, want sat", res.Status)
	}
	if _, ok := res.Vars["cols"]; !ok {
		t.Fatalf("model %v lacks the fixed variable cols", res.Vars)
	}
	for _, a := range q.Assertions {
		if v, err := expr.Eval(a, res.Env()); err != nil || v != 1 {
			t.Errorf("assertion %v is %d (%v) under the model %v", a, v, err, res.Vars)
		}
	}
}

func TestNoTrialsForLinearQueries(t *testing.T) {
	x := threadVar("tid.x#1")
	q := &Query{Assertions: []*expr.Term{expr.Eq(expr.Mul(x, c32(4)), expr.Add(v32("n"), c32(8)))}}
	if ts := trials(q); len(ts) != 0 {
		t.Errorf("%d trials for a query without products of unknowns", len(ts))
	}
}

// TestTrialsFixTheRootsOfDefinedFactors checks that a factor the host
// computes from another host value (cols == tiles*16 + 2) is fixed
// through that value: tiles takes the trial values, and cols the values
// its definition gives them, where cols = 1, 2 or 3 would contradict
// the definition.
func TestTrialsFixTheRootsOfDefinedFactors(t *testing.T) {
	tiles := v32("tiles")
	ntid := rowCollision().Assertions[0].Args[0] // ntid.x, pinned to 16
	for _, def := range []struct {
		cols *expr.Term
		want map[uint64]uint64 // cols by tiles
	}{
		{expr.Add(expr.Mul(tiles, c32(16)), c32(2)), map[uint64]uint64{1: 18, 2: 34, 3: 50}},
		{expr.Mul(tiles, ntid), map[uint64]uint64{1: 16, 2: 32, 3: 48}},
	} {
		q := rowCollision()
		q.Assertions = append(q.Assertions, expr.Eq(v32("cols"), def.cols))
		ts := trials(q)
		if len(ts) == 0 {
			t.Fatalf("cols == %v: no trials", def.cols)
		}
		got := map[uint64]uint64{}
		for _, tr := range ts {
			n, ok := tr.fixed["tiles"]
			if !ok {
				t.Fatalf("cols == %v: trial %s does not fix tiles, the root of cols", def.cols, tr)
			}
			got[n] = tr.fixed["cols"]
		}
		for n, cols := range def.want {
			if got[n] != cols {
				t.Errorf("cols == %v: trial tiles=%d fixes cols=%d, want %d (trials %v)", def.cols, n, got[n], cols, ts)
			}
		}
	}
}

// TestTrialsKeepFactorsDefinedByMemory checks that a factor equated to
// a load (an application) is fixed itself: no trial fixes what a load
// returns.
func TestTrialsKeepFactorsDefinedByMemory(t *testing.T) {
	q := rowCollision()
	load := expr.Apply("mem", 32, v32("p"))
	q.Assertions = append(q.Assertions, expr.Eq(v32("cols"), load))
	for _, tr := range trials(q) {
		if _, ok := tr.fixed["cols"]; !ok || len(tr.fixed) != 1 {
			t.Errorf("trial %s, want cols fixed alone", tr)
		}
	}
}
