// This file cross-checks the translation to Z3 against expr.Eval, Go's
// own implementation of the same semantics, on random terms: every model
// Z3 returns must satisfy its query when evaluated by expr.Eval, and a
// query that a random assignment satisfies must not be unsat.

package solver

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sync"
	"testing"

	"hgrd/expr"
)

// diffWidths are the widths of random bit-vector terms.
var diffWidths = []int{1, 8, 16, 32, 64}

// A termGen builds random terms over a few variables and uninterpreted
// functions of each width. A third of its operator terms are built
// directly rather than through expr's constructors, so that operations on
// constants (division by zero, shifts by the width) reach Z3 unfolded.
type termGen struct {
	r *rand.Rand
}

func (g *termGen) width() int { return diffWidths[g.r.IntN(len(diffWidths))] }

// leaf returns a constant or a variable of a width (expr.Bool included).
func (g *termGen) leaf(w int) *expr.Term {
	if w == expr.Bool {
		if g.r.IntN(4) == 0 {
			return expr.BoolConst(g.r.IntN(2) == 0)
		}
		return boolVar(fmt.Sprint("p", g.r.IntN(3)))
	}
	if g.r.IntN(3) == 0 {
		return expr.Const(g.constant(w), w)
	}
	return expr.Var(fmt.Sprintf("v%d_%d", w, g.r.IntN(3)), w, expr.Shared)
}

// constant returns a value of a width, often an edge case.
func (g *termGen) constant(w int) uint64 {
	m := expr.Mask(w)
	edges := []uint64{0, 1, 2, 3, uint64(w - 1), uint64(w), m, m >> 1, (m >> 1) + 1}
	if g.r.IntN(2) == 0 {
		return edges[g.r.IntN(len(edges))] & m
	}
	return g.r.Uint64() & m
}

// build returns op(args) through expr's constructor, or directly.
func (g *termGen) build(op expr.Op, w int, ctor func() *expr.Term, args ...*expr.Term) *expr.Term {
	if g.r.IntN(3) == 0 {
		return raw(op, w, args...)
	}
	return ctor()
}

// bv returns a random bit-vector term of width w and at most depth
// levels of operators.
func (g *termGen) bv(w, depth int) *expr.Term {
	if depth == 0 || g.r.IntN(5) == 0 {
		return g.leaf(w)
	}
	switch k := g.r.IntN(10); {
	case k < 5:
		ops := []expr.Op{expr.OpAdd, expr.OpSub, expr.OpMul, expr.OpUDiv, expr.OpSDiv, expr.OpURem,
			expr.OpSRem, expr.OpShl, expr.OpLShr, expr.OpAShr, expr.OpAnd, expr.OpOr, expr.OpXor}
		op := ops[g.r.IntN(len(ops))]
		a, b := g.bv(w, depth-1), g.bv(w, depth-1)
		return g.build(op, w, func() *expr.Term { return binaryCtor(op)(a, b) }, a, b)
	case k == 5 && w > 1:
		from := diffWidths[g.r.IntN(len(diffWidths))]
		for from >= w {
			from /= 2
		}
		a := g.bv(from, depth-1)
		if g.r.IntN(2) == 0 {
			return g.build(expr.OpZExt, w, func() *expr.Term { return expr.ZExt(a, w) }, a)
		}
		return g.build(expr.OpSExt, w, func() *expr.Term { return expr.SExt(a, w) }, a)
	case k == 6 && w < 64:
		from := min(2*w+g.r.IntN(64), 64)
		a := g.bv(from, depth-1)
		return g.build(expr.OpTrunc, w, func() *expr.Term { return expr.Trunc(a, w) }, a)
	case k == 7:
		c, a, b := g.boolean(depth-1), g.bv(w, depth-1), g.bv(w, depth-1)
		return g.build(expr.OpIte, w, func() *expr.Term { return expr.Ite(c, a, b) }, c, a, b)
	case k == 8 && w == 1:
		p := g.boolean(depth - 1)
		return g.build(expr.OpBV, 1, func() *expr.Term { return expr.ToBV(p) }, p)
	case k == 8 || k == 9:
		// f<arg width>_<result width>(a): one signature per name.
		aw := g.width()
		return expr.Apply(fmt.Sprintf("f%d_%d", aw, w), w, g.bv(aw, depth-1))
	}
	return g.leaf(w)
}

// boolean returns a random boolean term.
func (g *termGen) boolean(depth int) *expr.Term {
	if depth == 0 || g.r.IntN(6) == 0 {
		return g.leaf(expr.Bool)
	}
	switch k := g.r.IntN(10); {
	case k < 4:
		ops := []expr.Op{expr.OpEq, expr.OpNe, expr.OpULt, expr.OpULe, expr.OpSLt, expr.OpSLe}
		op := ops[g.r.IntN(len(ops))]
		w := g.width()
		a, b := g.bv(w, depth-1), g.bv(w, depth-1)
		return g.build(op, expr.Bool, func() *expr.Term { return compareCtor(op)(a, b) }, a, b)
	case k == 4:
		a := g.boolean(depth - 1)
		return g.build(expr.OpNot, expr.Bool, func() *expr.Term { return expr.Not(a) }, a)
	case k == 5:
		a, b := g.boolean(depth-1), g.boolean(depth-1)
		return g.build(expr.OpImplies, expr.Bool, func() *expr.Term { return expr.Implies(a, b) }, a, b)
	case k == 6:
		args := []*expr.Term{g.boolean(depth - 1), g.boolean(depth - 1), g.boolean(depth - 1)}[:2+g.r.IntN(2)]
		op, ctor := expr.OpAnd, expr.AllOf
		if g.r.IntN(2) == 0 {
			op, ctor = expr.OpOr, expr.AnyOf
		}
		return g.build(op, expr.Bool, func() *expr.Term { return ctor(args...) }, args...)
	case k == 7:
		ops := []expr.Op{expr.OpXor, expr.OpEq, expr.OpNe}
		op := ops[g.r.IntN(len(ops))]
		a, b := g.boolean(depth-1), g.boolean(depth-1)
		if op == expr.OpXor {
			return g.build(op, expr.Bool, func() *expr.Term { return expr.Xor(a, b) }, a, b)
		}
		return g.build(op, expr.Bool, func() *expr.Term { return compareCtor(op)(a, b) }, a, b)
	case k == 8:
		c, a, b := g.boolean(depth-1), g.boolean(depth-1), g.boolean(depth-1)
		return g.build(expr.OpIte, expr.Bool, func() *expr.Term { return expr.Ite(c, a, b) }, c, a, b)
	default:
		a := g.bv(1, depth-1)
		if g.r.IntN(2) == 0 {
			return expr.Apply(fmt.Sprintf("q%d", a.Width), expr.Bool, a)
		}
		return g.build(expr.OpBool, expr.Bool, func() *expr.Term { return expr.ToBool(a) }, a)
	}
}

func binaryCtor(op expr.Op) func(a, b *expr.Term) *expr.Term {
	return map[expr.Op]func(a, b *expr.Term) *expr.Term{
		expr.OpAdd: expr.Add, expr.OpSub: expr.Sub, expr.OpMul: expr.Mul,
		expr.OpUDiv: expr.UDiv, expr.OpSDiv: expr.SDiv, expr.OpURem: expr.URem, expr.OpSRem: expr.SRem,
		expr.OpShl: expr.Shl, expr.OpLShr: expr.LShr, expr.OpAShr: expr.AShr,
		expr.OpAnd: expr.And, expr.OpOr: expr.Or, expr.OpXor: expr.Xor,
	}[op]
}

func compareCtor(op expr.Op) func(a, b *expr.Term) *expr.Term {
	return map[expr.Op]func(a, b *expr.Term) *expr.Term{
		expr.OpEq: expr.Eq, expr.OpNe: expr.Ne, expr.OpULt: expr.ULt,
		expr.OpULe: expr.ULe, expr.OpSLt: expr.SLt, expr.OpSLe: expr.SLe,
	}[op]
}

// randomEnv is an assignment of random values to every variable and
// application, the latter a hash of the application's key.
type randomEnv struct {
	seed uint64
}

func (e randomEnv) value(key string) uint64 {
	h := fnv.New64a()
	fmt.Fprint(h, e.seed, key)
	v := h.Sum64()
	if v%4 == 0 { // small values make equalities likelier
		v %= 4
	}
	return v
}

func (e randomEnv) Var(name string) (uint64, bool) { return e.value(name), true }
func (e randomEnv) Apply(name string, args []uint64) (uint64, bool) {
	return e.value(expr.ApplyKey(name, args)), true
}

// TestDifferential checks Z3's models of random queries with expr.Eval.
// Half the queries ask for a value of a random bit-vector term that a
// random assignment gives it, so they are sat; the others assert random
// boolean terms, and are sat at least when the random assignment
// satisfies them. Each case has its own seed, and two workers share the
// cases, each with its own Solver.
func TestDifferential(t *testing.T) {
	for _, enc := range []struct {
		name  string
		kind  encodingKind
		cases int
	}{{"planned", anyEncoding, 300}, {"bit-vectors", bitVectorEncoding, 100}, {"integers", integerEncoding, 200}} {
		t.Run(enc.name, func(t *testing.T) { differential(t, enc.kind, enc.cases) })
	}
}

// differential runs the random cases with attempts restricted to one
// encoding, or planned.
func differential(t *testing.T, only encodingKind, cases int) {
	const workers = 2
	settleZ3Memory(t)
	outcomes := make([]Status, cases)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			s := New(2_000_000)
			s.only = only
			defer s.Close()
			for i := w; i < cases; i += workers {
				status, err := differentialCase(s, i)
				if err != nil {
					t.Errorf("case %d: %v", i, err)
				}
				outcomes[i] = status
			}
		})
	}
	wg.Wait()
	count := map[Status]int{}
	for _, st := range outcomes {
		count[st]++
	}
	t.Logf("%d sat, %d unsat, %d unknown", count[Sat], count[Unsat], count[Unknown])
	if count[Unknown] > cases/20 {
		t.Errorf("%d of %d random queries undecided", count[Unknown], cases)
	}
	if count[Sat] < cases/2 || count[Unsat] == 0 {
		t.Errorf("%d sat and %d unsat: the generator lacks variety", count[Sat], count[Unsat])
	}
}

// differentialCase builds random query i, decides it and checks the
// outcome against expr.Eval.
func differentialCase(s *Solver, i int) (Status, error) {
	g := &termGen{r: rand.New(rand.NewPCG(1, uint64(i)))}
	env := randomEnv{seed: uint64(i)}
	q := &Query{}
	if i%2 == 0 {
		w := g.width()
		term := g.bv(w, 3)
		c, err := expr.Eval(term, env)
		if err != nil {
			return 0, fmt.Errorf("Eval(%s): %v", term, err)
		}
		q.Assertions = []*expr.Term{expr.Eq(term, expr.Const(c, w))}
		q.Observe = []*expr.Term{term, g.bv(g.width(), 2)}
	} else {
		for range 1 + g.r.IntN(3) {
			q.Assertions = append(q.Assertions, g.boolean(3))
		}
		q.Observe = []*expr.Term{g.bv(g.width(), 2), g.boolean(2)}
	}
	r, err := s.Check(q)
	switch {
	case err != nil:
		return 0, fmt.Errorf("%v\nquery %v", err, q.Assertions)
	case r.Status == Sat:
		return Sat, modelError(q, r)
	case r.Status == Unsat && satisfies(q, env):
		return Unsat, fmt.Errorf("unsat, but a random assignment satisfies %v", q.Assertions)
	}
	return r.Status, nil
}

// satisfies reports whether env satisfies every assertion of q.
func satisfies(q *Query, env expr.Env) bool {
	for _, a := range q.Assertions {
		if v, err := expr.Eval(a, env); err != nil || v != 1 {
			return false
		}
	}
	return true
}

// settleZ3Memory waits until the garbage collector has released the Z3
// contexts of earlier tests (go-z3 frees them in finalizers), so that a
// run starts from the same Z3 memory whatever ran before it: Z3's
// bit-vector strategy depends on the memory it holds in the process
// (budget.go), and a run that began with an earlier test's contexts
// still held decided fewer of the same random queries.
func settleZ3Memory(t *testing.T) {
	t.Helper()
	const settled = 64 << 20
	ReleaseMemory()
	if HeldMemory() >= settled {
		t.Logf("Z3 still holds %d MB from earlier tests", HeldMemory()>>20)
	}
}
