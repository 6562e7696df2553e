package solver

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"hgrd/expr"
)

// TestRelaxationIsImplied checks on random boolean terms, under random
// assignments, that a term's relaxation holds wherever the term does:
// an unsat relaxation then proves the query unsat.
func TestRelaxationIsImplied(t *testing.T) {
	weakened := 0
	for seed := uint64(0); seed < 2000; seed++ {
		g := &termGen{r: rand.New(rand.NewPCG(seed, 7))}
		a := g.boolean(5)
		r := relaxed(&Query{Assertions: []*expr.Term{a}})
		if r == nil {
			continue
		}
		weakened++
		for env := uint64(0); env < 16; env++ {
			e := randomEnv{seed: seed*16 + env}
			if v, err := expr.Eval(a, e); err != nil || v == 0 {
				continue
			}
			for _, c := range r.Assertions {
				if v, err := expr.Eval(c, e); err != nil || v == 0 {
					t.Fatalf("seed %d: %s holds where its relaxation's %s does not", seed, a, c)
				}
			}
		}
	}
	if weakened < 200 {
		t.Errorf("only %d of 2000 random terms had a relaxation", weakened)
	}
}

// guardedStoreQuery is logic-rewrite's kind of query: two threads of a
// launch of n covers store to out[idx] after a probe of a hash table
// with a key read from memory at idx succeeds. The probe (a hash of the
// key, a read of the table where it points, a comparison with the key)
// is what the relaxation drops; the indices alone answer the query.
func guardedStoreQuery() *Query {
	return guardedStoreAt(func(idx *expr.Term) *expr.Term { return idx }, 4)
}

// guardedStoreAt is guardedStoreQuery with each thread storing to
// out[element(idx)], after a hash of a number of rounds.
func guardedStoreAt(element func(idx *expr.Term) *expr.Term, rounds int) *Query {
	l := newLaunch(128)
	t1, t2 := l.thread(1), l.thread(2)
	probe := func(th *thread) *expr.Term {
		key := expr.Apply("mem.keys", 32, addr(l.base, th.idx))
		h := key
		for round := 0; round < rounds; round++ {
			h = expr.Xor(expr.Mul(h, c32(0x9e3779b1)), expr.LShr(h, c32(15)))
		}
		slot := expr.And(h, expr.Sub(v32("capacity"), c32(1)))
		return expr.Eq(expr.Apply("mem.table", 32, addr(l.base, slot)), key)
	}
	return l.query(t1, t2, addr(l.base, element(t1.idx)), addr(l.base, element(t2.idx)),
		expr.Ne(t1.idx, t2.idx), probe(t1), probe(t2))
}

// TestRelaxationDecidesGuardedStores checks that a store guarded by a
// hash-table probe is decided by the attempt on the query's relaxation,
// which comes after at most one look at the query itself, within that
// attempt's limit.
func TestRelaxationDecidesGuardedStores(t *testing.T) {
	s := New(0)
	defer s.Close()
	q := guardedStoreQuery()
	steps := s.plan(q, collect(q), attempts(DefaultBudget))
	i := slices.IndexFunc(steps, func(st step) bool { return st.unsatOnly })
	if i < 0 || i > 1 {
		t.Fatalf("the relaxation's attempt is step %d of the plan, want the first or second", i)
	}
	relaxation := steps[i]
	res, _ := s.attempt(relaxation.enc, relaxation.limit, nil)
	if res.Status != Unsat {
		t.Errorf("the relaxation is %v within %d units, want unsat", res.Status, relaxation.limit)
	}
	if res := mustCheck(t, s, q); res.Status != Unsat {
		t.Errorf("the query is %v, want unsat", res.Status)
	}
}

// TestRelaxedModelIsCompleted checks that a model of a racy query's
// relaxation is completed into a model of the query: two threads store
// to out[idx/2] after hash-table probes (of one round: four make
// bit-blasting the completion's cost), which the relaxation drops and
// memory contents of the model's choosing then satisfy.
func TestRelaxedModelIsCompleted(t *testing.T) {
	s := New(0)
	defer s.Close()
	q := guardedStoreAt(func(idx *expr.Term) *expr.Term { return expr.UDiv(idx, c32(2)) }, 1)
	qt := collect(q)
	r := s.relaxation(q, DefaultBudget/relaxedShare)
	if r == nil {
		t.Fatal("no relaxation")
	}
	relaxedModel, _ := s.attempt(r.enc, r.limit, s.modelReader(*r, q, qt))
	if relaxedModel.Status != Sat {
		t.Fatalf("the relaxation is %v, want sat", relaxedModel.Status)
	}
	var completions []Status
	s.observe = func(st step, res *Result) {
		if st.kind == completionAttempt {
			completions = append(completions, res.Status)
		}
	}
	res := s.completeRelaxed(q, qt, *r, relaxedModel, newTrace())
	if res == nil {
		t.Fatalf("no completion of the relaxation's model %v", relaxedModel.Vars)
	}
	verifyModel(t, q, res)
	if !slices.Equal(completions, []Status{Sat}) {
		t.Errorf("completion attempts %v, want one, sat", completions)
	}
	for _, v := range collect(relaxed(q)).vars {
		if v.Width != expr.Bool && res.Vars[v.Name] != relaxedModel.Vars[v.Name] {
			t.Errorf("%s is %d in the completion, %d in the relaxation's model", v.Name, res.Vars[v.Name], relaxedModel.Vars[v.Name])
		}
	}
}

// TestRelaxationKeepsThreadFacts checks that the relaxation keeps what
// is known of each thread and the linear facts of the launch, and drops
// what reads memory or computes with bits.
func TestRelaxationKeepsThreadFacts(t *testing.T) {
	q := guardedStoreQuery()
	r := relaxed(q)
	if r == nil {
		t.Fatal("no relaxation")
	}
	kept := map[*expr.Term]bool{}
	for _, a := range r.Assertions {
		kept[a] = true
	}
	for _, a := range q.Assertions {
		costly := false
		expr.Inspect(a, func(u *expr.Term) bool {
			costly = costly || u.Op == expr.OpApply || u.Op == expr.OpXor
			return !costly
		})
		if costly == kept[a] {
			t.Errorf("%s: kept %v", a, kept[a])
		}
	}
}

// rowAfterLoopQuery is softmax-online's kind of query: each block
// scans its row of c elements in a block-stride loop (a maximum, say),
// then writes the row in a second loop of the same shape. The first
// loop's exit (its counter k1, below which every index was inside the
// row) is on the path to the stores, and so guards the second loop's
// definedness fact (its counter does not wrap); the stores' offsets
// depend on the second loop's counter k2 only.
func rowAfterLoopQuery() *Query {
	l := newLaunch(0)
	cols := v32("c")
	l.conds = append(l.conds, expr.Eq(cols, c32(50257)))
	t1, t2 := l.thread(1), l.thread(2)
	counter := func(name string, i int) *expr.Term {
		return expr.VarWithRole(fmt.Sprint(name, "#", i), 32, expr.Instance, expr.Role{Kind: expr.LoopCounter})
	}
	column := func(th *thread, k *expr.Term) *expr.Term { return expr.Add(th.tid, expr.Mul(k, l.ntid)) }
	var offsets, path []*expr.Term
	for i, th := range []*thread{t1, t2} {
		k1, k2 := counter("k.L1", i+1), counter("k.L2", i+1)
		exited := expr.AllOf(expr.Not(expr.SLt(column(th, k1), cols)),
			expr.AnyOf(expr.Eq(k1, c32(0)), expr.SLt(column(th, expr.Sub(k1, c32(1))), cols)))
		wide := expr.Add(sext(th.tid), expr.Mul(expr.ZExt(k2, 64), sext(l.ntid)))
		noWrap := expr.Eq(sext(expr.Trunc(wide, 32)), wide)
		rowStart := expr.Mul(th.ctaid, cols)
		path = append(path, exited, expr.Implies(exited, noWrap), expr.SLt(column(th, k2), cols),
			expr.Eq(sext(rowStart), expr.Mul(sext(th.ctaid), sext(cols))), expr.ULe(k1, c32(1<<31-1)), expr.ULe(k2, c32(1<<31-1)))
		offsets = append(offsets, expr.Add(expr.Mul(c64(4), sext(rowStart)), expr.Mul(c64(4), sext(column(th, k2)))))
	}
	// The lemma the analysis states of a block-stride loop: a column
	// names one thread and iteration.
	k21, k22 := counter("k.L2", 1), counter("k.L2", 2)
	stride := expr.Implies(expr.AllOf(expr.Eq(column(t1, k21), column(t2, k22)), expr.ULt(t1.tid, l.ntid), expr.ULt(t2.tid, l.ntid)),
		expr.AllOf(expr.Eq(k21, k22), expr.Eq(t1.tid, t2.tid)))
	q := l.query(t1, t2, offsets[0], offsets[1], append(path, stride)...)
	q.Observe = offsets
	return q
}

// TestRelaxationSlicesEarlierLoops checks that a query's relaxation
// drops the facts of a loop its observed offsets do not depend on, keeps
// the facts they guard (whose guard the query asserts), and is then
// unsat within its limit.
func TestRelaxationSlicesEarlierLoops(t *testing.T) {
	q := rowAfterLoopQuery()
	r := relaxed(q)
	if r == nil {
		t.Fatal("no relaxation")
	}
	var noWraps int
	for _, a := range r.Assertions {
		for _, v := range expr.Vars(a) {
			if strings.HasPrefix(v.Name, "k.L1") {
				t.Errorf("kept %s, over the first loop's counter", a)
			}
		}
		if a.Op == expr.OpEq && a.Args[0].Op == expr.OpSExt && a.Args[0].Args[0].Op == expr.OpTrunc {
			noWraps++
		}
	}
	if noWraps != 2 {
		t.Errorf("kept %d of the second loop's two definedness facts", noWraps)
	}
	s := New(0)
	defer s.Close()
	st := s.relaxation(q, DefaultBudget/relaxedShare)
	if res, _ := s.attempt(st.enc, st.limit, nil); res.Status != Unsat {
		t.Errorf("the relaxation is %v within %d units, want unsat", res.Status, st.limit)
	}
}

// TestRelaxationWeakensFactsOutOfFocus checks that facts over a thread's
// values that no observed term depends on are weakened wherever they
// occur positively, inside a disjunction too (a union of race kinds,
// each with its own conditions), and that facts of no thread in
// particular stay.
func TestRelaxationWeakensFactsOutOfFocus(t *testing.T) {
	x, k := threadVar("x#1"), threadVar("k#1")
	n := v32("n")
	q := &Query{
		Assertions: []*expr.Term{
			expr.AnyOf(expr.AllOf(expr.Eq(x, c32(1)), expr.Eq(k, c32(2))), expr.AllOf(expr.Eq(x, c32(3)), expr.ULt(k, n))),
			expr.ULt(k, x),
			expr.ULt(x, n),
		},
		Observe: []*expr.Term{x},
	}
	r := relaxed(q)
	if r == nil {
		t.Fatal("no relaxation")
	}
	want := []*expr.Term{expr.AnyOf(expr.Eq(x, c32(1)), expr.Eq(x, c32(3))), expr.ULt(x, n)}
	if len(r.Assertions) != len(want) {
		t.Fatalf("relaxation %v, want %v", r.Assertions, want)
	}
	for i := range want {
		if !expr.Equal(r.Assertions[i], want[i]) {
			t.Errorf("assertion %d is %s, want %s", i, r.Assertions[i], want[i])
		}
	}
}

// TestRelaxationOfNestedPathsStaysLinear checks that weakening path
// conditions that nest a merge's disjunction in each branch (c_i =
// c_{i-1} and a memory read, or a thread fact) builds terms linear in
// their depth: spliced into each disjunction above them, the exposed
// disjunctions made the terms a weakener holds for qtclustering's
// relaxations quadratic (390 MB).
func TestRelaxationOfNestedPathsStaysLinear(t *testing.T) {
	const depth = 2000
	tid := threadVar("tid.x#1")
	c := expr.ULt(tid, c32(1))
	for i := 1; i < depth; i++ {
		read := expr.Eq(expr.Apply("mem", 32, c32(uint64(i))), c32(0))
		c = expr.AnyOf(expr.AllOf(read, c), expr.ULt(tid, c32(uint64(i+1))))
	}
	q := &Query{Assertions: []*expr.Term{c}}
	w := weakener{costly: costlyTerms(q, focus(q)), memo: map[*expr.Term]*expr.Term{}}
	if r := w.weaken(c); r == c {
		t.Fatalf("nothing weakened")
	}
	operands := 0
	for _, r := range w.memo {
		operands += len(r.Args)
	}
	if operands > 10*depth {
		t.Errorf("the weakened terms have %d operands in all, want at most %d", operands, 10*depth)
	}
}
