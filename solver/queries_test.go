// This file defines race-like queries shared by the tests and benchmarks:
// two threads of one launch, addresses computed from their indices as
// clang compiles a CUDA kernel (32-bit unsigned index arithmetic, int
// indices sign-extended to 64 bits), with the hardware limits of a launch
// and what the host code knows about it stated as conditions.

package solver

import (
	"fmt"

	"hgrd/expr"
)

// A raceQuery is a named race-like query and its expected status.
type raceQuery struct {
	name string
	want Status
	q    *Query
}

func v32(name string) *expr.Term { return expr.Var(name, 32, expr.Shared) }
func c32(v uint64) *expr.Term    { return expr.Const(v, 32) }
func c64(v uint64) *expr.Term    { return expr.Const(v, 64) }

// sext widens an int index to 64 bits, as for a[i].
func sext(t *expr.Term) *expr.Term { return expr.SExt(t, 64) }

// launch holds the shared variables of a 1-D launch and their conditions.
type launch struct {
	ntid, nctaid, base, n *expr.Term
	conds                 []*expr.Term
}

// newLaunch returns a launch within the hardware limits whose host code
// is known to compute the grid as kernel<<<(n+block-1)/block, block>>>
// for n > 0, or leaves the block size unknown if block is 0.
func newLaunch(block uint64) *launch {
	l := &launch{ntid: v32("ntid.x"), nctaid: v32("nctaid.x"),
		base: expr.Var("out", 64, expr.Shared), n: v32("n")}
	l.conds = []*expr.Term{
		expr.ULe(c32(1), l.ntid), expr.ULe(l.ntid, c32(1024)),
		expr.ULe(c32(1), l.nctaid), expr.ULe(l.nctaid, c32(1<<31-1)),
		expr.Eq(expr.URem(l.base, c64(256)), c64(0)), // cudaMalloc alignment
		expr.SLt(c32(0), l.n),
	}
	if block != 0 {
		grid := expr.UDiv(expr.Add(l.n, c32(block-1)), c32(block))
		l.conds = append(l.conds, expr.Eq(l.ntid, c32(block)), expr.Eq(l.nctaid, grid))
	}
	return l
}

// thread is one side of a race query.
type thread struct {
	tid, ctaid, idx *expr.Term   // idx = ctaid*ntid + tid
	conds           []*expr.Term // launch limits and the path condition i < n
}

// thread returns side i of the launch.
func (l *launch) thread(i int) *thread {
	th := &thread{tid: threadVar(fmt.Sprint("tid.x#", i)), ctaid: threadVar(fmt.Sprint("ctaid.x#", i))}
	th.idx = expr.Add(expr.Mul(th.ctaid, l.ntid), th.tid)
	th.conds = []*expr.Term{expr.ULt(th.tid, l.ntid), expr.ULt(th.ctaid, l.nctaid), expr.SLt(th.idx, l.n)}
	return th
}

// addr returns base + 4*sext(i), the address of float element i.
func addr(base, i *expr.Term) *expr.Term {
	return expr.Add(base, expr.Mul(c64(4), sext(i)))
}

// query assembles a race query of two threads at addresses a1 and a2,
// with extra conditions (a kind of race, path conditions).
func (l *launch) query(t1, t2 *thread, a1, a2 *expr.Term, extra ...*expr.Term) *Query {
	return l.overlapQuery(t1, t2, expr.Eq(a1, a2), a1, extra...)
}

// overlapQuery assembles a race query of two threads whose accesses
// overlap, observing their indices and the address a.
func (l *launch) overlapQuery(t1, t2 *thread, overlap, a *expr.Term, extra ...*expr.Term) *Query {
	q := &Query{Observe: []*expr.Term{t1.tid, t1.ctaid, t2.tid, t2.ctaid, a}}
	q.Assertions = append(q.Assertions, l.conds...)
	q.Assertions = append(q.Assertions, t1.conds...)
	q.Assertions = append(q.Assertions, t2.conds...)
	q.Assertions = append(q.Assertions, extra...)
	different := expr.AnyOf(expr.Ne(t1.tid, t2.tid), expr.Ne(t1.ctaid, t2.ctaid))
	q.Assertions = append(q.Assertions, different, overlap)
	return q
}

// raceQueries returns the benchmark queries, each unsat (the accesses of
// two threads never overlap) or sat (they do).
func raceQueries() []raceQuery {
	l := newLaunch(256)
	t1, t2 := l.thread(1), l.thread(2)
	var qs []raceQuery
	qs = append(qs, oneDimensional(l, t1, t2)...)
	qs = append(qs, tile(l, t1, t2, 48, Unsat), tile(l, t1, t2, 16, Sat))
	// Each thread writes 8 elements, out[stride*i + k] for k < 8, each
	// under its own bounds check: any two of them may overlap. Stride 8
	// keeps threads apart (unsat), stride 7 does not (sat).
	qs = append(qs, unrolled(l, t1, t2, 8, Unsat), unrolled(l, t1, t2, 7, Sat))
	// Shared-memory tree reduction, s = (ntid/2) >> k at iteration k:
	// if (tid < s) sdata[tid] += sdata[tid + s], one barrier per
	// iteration, so two threads of one block race only within one
	// iteration.
	qs = append(qs, reduction(false), reduction(true))
	return append(qs, symbolicBlock()...)
}

// oneDimensional returns out[i] = ..., one element per thread (unsat),
// and out[i] = out[i+1] + ..., a neighbour's element (sat).
func oneDimensional(l *launch, t1, t2 *thread) []raceQuery {
	next := expr.Add(t2.idx, c32(1))
	return []raceQuery{
		{"1d/unsat", Unsat, l.query(t1, t2, addr(l.base, t1.idx), addr(l.base, t2.idx))},
		{"1d-neighbour/sat", Sat,
			l.query(t1, t2, addr(l.base, t1.idx), addr(l.base, next), expr.SLt(next, l.n))},
	}
}

// tile returns the query of tiles of 32 columns in a padded matrix: row
// = i/32, col = i%32, m[row*pitch + col], with the pitch and a bound on n
// known from the host. A pitch of 32 or more keeps rows apart.
func tile(l *launch, t1, t2 *thread, pitchValue uint64, want Status) raceQuery {
	pitch := v32("pitch")
	at := func(th *thread) *expr.Term {
		row, col := expr.UDiv(th.idx, c32(32)), expr.URem(th.idx, c32(32))
		return expr.Add(expr.Mul(row, pitch), col)
	}
	host := []*expr.Term{expr.Eq(pitch, c32(pitchValue)), expr.ULe(l.n, c32(1<<20))}
	return raceQuery{fmt.Sprintf("tile-pitch%d/%v", pitchValue, want), want,
		l.query(t1, t2, addr(l.base, at(t1)), addr(l.base, at(t2)), host...)}
}

// symbolicBlock returns queries of a launch of unknown block size,
// threads of one block: out[i] (unsat) and out[i ^ 1] (sat).
func symbolicBlock() []raceQuery {
	l := newLaunch(0)
	t1, t2 := l.thread(1), l.thread(2)
	same := expr.Eq(t1.ctaid, t2.ctaid)
	swap := expr.Add(expr.Mul(t2.ctaid, l.ntid), expr.Xor(t2.tid, c32(1)))
	return []raceQuery{
		{"block-symbolic/unsat", Unsat, l.query(t1, t2, addr(l.base, t1.idx), addr(l.base, t2.idx), same)},
		{"block-symbolic-xor/sat", Sat,
			l.query(t1, t2, addr(l.base, t1.idx), addr(l.base, swap), same, expr.SLt(swap, l.n))},
	}
}

// unrolled returns the query of a loop unrolled 8 times: thread t1's
// access k1 and thread t2's access k2 overlap for some k1, k2.
func unrolled(l *launch, t1, t2 *thread, stride uint64, want Status) raceQuery {
	access := func(th *thread, k uint64) (*expr.Term, *expr.Term) {
		i := expr.Add(expr.Mul(th.idx, c32(stride)), c32(k))
		return addr(l.base, i), expr.SLt(i, l.n)
	}
	var overlaps []*expr.Term
	for k1 := uint64(0); k1 < 8; k1++ {
		a1, p1 := access(t1, k1)
		for k2 := uint64(0); k2 < 8; k2++ {
			a2, p2 := access(t2, k2)
			overlaps = append(overlaps, expr.AllOf(p1, p2, expr.Eq(a1, a2)))
		}
	}
	q := l.overlapQuery(t1, t2, expr.AnyOf(overlaps...), l.base, expr.ULe(l.n, c32(1<<24)))
	return raceQuery{fmt.Sprintf("unrolled-stride%d/%v", stride, want), want, q}
}

// reduction returns the tree reduction's query: within one iteration
// (unsat), or across two iterations, as without the barrier (sat).
func reduction(across bool) raceQuery {
	l := newLaunch(0)
	t1, t2 := l.thread(1), l.thread(2)
	sdata := expr.Var("sdata", 64, expr.Shared)
	k1, k2 := v32("k#1"), v32("k#2")
	half := expr.LShr(l.ntid, c32(1))
	s1, s2 := expr.LShr(half, k1), expr.LShr(half, k2)
	conds := []*expr.Term{
		expr.Eq(t1.ctaid, t2.ctaid),
		expr.Eq(expr.And(l.ntid, expr.Sub(l.ntid, c32(1))), c32(0)), // power of two
		expr.ULt(c32(0), s1), expr.ULt(c32(0), s2),
		expr.ULt(t1.tid, s1), expr.ULt(t2.tid, s2),
	}
	name, want := "reduction/unsat", Unsat
	if across {
		name, want = "reduction-across/sat", Sat
		conds = append(conds, expr.Ne(k1, k2))
	} else {
		conds = append(conds, expr.Eq(k1, k2))
	}
	write := addr(sdata, t1.tid)
	read := addr(sdata, expr.Add(t2.tid, s2))
	return raceQuery{name, want, l.query(t1, t2, write, read, conds...)}
}

// hardQuery returns a race query Z3 cannot decide within any practical
// budget: threads of different blocks of a launch whose block size is
// unknown, out[ctaid*ntid + tid] with no-overflow (nsw) promises. It is
// unsat, but proving it means reasoning about products of two unknowns,
// which bit-blasting does not do well.
func hardQuery() *Query {
	l := newLaunch(0)
	t1, t2 := l.thread(1), l.thread(2)
	var conds []*expr.Term
	for _, th := range []*thread{t1, t2} {
		prod := expr.Mul(th.ctaid, l.ntid)
		conds = append(conds,
			expr.Eq(sext(prod), expr.Mul(sext(th.ctaid), sext(l.ntid))),
			expr.Eq(sext(th.idx), expr.Add(sext(prod), sext(th.tid))))
	}
	return l.query(t1, t2, addr(l.base, t1.idx), addr(l.base, t2.idx), conds...)
}

// size counts the distinct sub-terms of a query.
func size(q *Query) int {
	seen := map[*expr.Term]bool{}
	var walk func(t *expr.Term)
	walk = func(t *expr.Term) {
		if !seen[t] {
			seen[t] = true
			for _, a := range t.Args {
				walk(a)
			}
		}
	}
	for _, t := range append(append([]*expr.Term{}, q.Assertions...), q.Observe...) {
		walk(t)
	}
	return len(seen)
}
