// This file defines race queries: for a pair of accesses and a kind of
// race, the conditions under which two threads so related make the two
// accesses to overlapping bytes.

package constraints

import (
	"slices"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/kernelanalysis"
)

// A Query asks whether a pair of accesses races in one way.
type Query struct {
	// Kind is the kind of race asked about; none when Union is set.
	Kind Kind
	// Union is set on the union of a pair's queries of several kinds
	// (see Union).
	Union bool
	// First and Second are the pair's two accesses.
	First, Second *kernelanalysis.Access
	// Assertions, all over instantiated variables (side 1 runs First,
	// side 2 runs Second), are satisfiable exactly when the race exists.
	Assertions []*expr.Term
	// Offset1 and Offset2 are the two accesses' byte offsets, for the
	// witness.
	Offset1, Offset2 *expr.Term
	// Limits are the operations the race may exist only through, in the
	// order they are to be tried: two block-scoped atomics, a lock's or
	// flag's operation whose scope is block for threads of different
	// blocks, the atomic of a lock section that lacks its fence.
	Limits []*Limit
	// Guards lists the locks, flags and chains that may order the pair
	// (for --explain).
	Guards []string
	// Bounds state that both accesses stay inside their allocations. A
	// race needs a witness that satisfies them too; they are kept apart
	// from Assertions so that a solver can ask for them only of the
	// witnesses it finds (sizes make queries non-linear).
	Bounds []*expr.Term
	// Contents state what the launch's host code stored in memory that
	// the assertions read (contents.go). Like Bounds, they are asked only
	// of the witnesses a solver finds: they make queries larger, and most
	// races and all race-free pairs are decided without them.
	Contents []*expr.Term
	// DifferentValues, set on a pair of plain writes whose stored values
	// the analysis knows, states that the two threads store different
	// values: two writes of one value are a benign race.
	DifferentValues *expr.Term
	// ValuesMustDiffer says that a race needs DifferentValues as well as
	// Assertions (unless Options.KeepBenign). The stored values are kept
	// out of Assertions, to be asked only of the witnesses a solver
	// finds: they are often a query's largest terms (a hash, a chain of
	// arithmetic), and race-free pairs are almost always so whatever
	// the threads store (murmurhash3's queries went from undecided after
	// 20M rlimit units to decided at once). A DifferentValues that is a
	// constant stays in Assertions instead.
	ValuesMustDiffer bool

	// size1 and size2 are the accesses' sizes, and sides what is known
	// of each thread alone: the launch's limits and facts, the thread's
	// and its access's, its global index's bound, its bounds, and the
	// bounds of the loop counts they mention (rows.go).
	size1, size2 *expr.Term
	sides        [2][]*expr.Term
	// overlap is the assertion that the accesses' bytes overlap.
	overlap *expr.Term
}

// Race returns the conditions of the query's race: its Assertions and,
// when the race needs them, different values.
func (q *Query) Race() []*expr.Term { return withValues(q.Assertions, q) }

// Conflicting reports whether two accesses can race at all in a launch:
// the same object or allocation, at least one writes, if both are
// atomics, one of them block-scoped in global memory, and their bytes
// can overlap (Disjoint).
func Conflicting(l *Launch, a, b *kernelanalysis.Access) bool {
	if ga, _ := l.object(a); ga != firstOf(l.object(b)) {
		return false
	}
	if a.Kind == kernelanalysis.Atomic && b.Kind == kernelanalysis.Atomic && !atomicPairRaces(a, b) {
		return false
	}
	if a.Kind == kernelanalysis.Read && b.Kind == kernelanalysis.Read {
		return false
	}
	return !Disjoint(l, a, b)
}

// Options change what a query takes into account, for --explain.
type Options struct {
	// IgnoreGuards leaves acquire/release synchronisation out.
	IgnoreGuards bool
	// KeepBenign keeps write-write races of equal values: the query
	// leaves Query.DifferentValues out of its assertions.
	KeepBenign bool
}

// Build returns the query of a pair for a kind of race, or nil if the
// kind is impossible for the pair without asking the solver: shared
// memory has no inter-block races, a barrier on every path between the
// accesses rules out the kinds of threads it orders, and two atomics
// race only between blocks.
func Build(k *kernelanalysis.Kernel, a, b *kernelanalysis.Access, kind Kind, l *Launch) *Query {
	return BuildWith(k, a, b, kind, l, Options{})
}

// Asks reports whether Build makes a query of a pair for a kind: two
// atomics race only between blocks (RACES.md), and two accesses must be
// able to run concurrently in threads of that kind.
func Asks(k *kernelanalysis.Kernel, a, b *kernelanalysis.Access, kind Kind) bool {
	return relationOf(k, a, b, kind) != nil
}

// relationOf returns the relation of the two threads of a query of a
// kind, or nil if the kind is not asked of the pair.
func relationOf(k *kernelanalysis.Kernel, a, b *kernelanalysis.Access, kind Kind) *expr.Term {
	atomics := a.Kind == kernelanalysis.Atomic && b.Kind == kernelanalysis.Atomic
	if atomics && kind != InterBlock {
		return nil
	}
	return threadRelation(k, a, b, kind)
}

// BuildWith is Build with options.
func BuildWith(k *kernelanalysis.Kernel, a, b *kernelanalysis.Access, kind Kind, l *Launch, opts Options) *Query {
	relation := relationOf(k, a, b, kind)
	if relation == nil {
		return nil
	}
	q := &Query{Kind: kind, First: a, Second: b}
	q.Offset1, q.Offset2 = offsets(l, a, b)
	// The order of the assertions is kept as it was before sides were
	// recorded: Z3's search follows it, and near the budget the answer
	// with it (quantAQLM's sh_b pair: decided in 17 s, not decided with
	// each side's limits beside its condition).
	core := append(launchLimits(l), threadLimits(1)...)
	core = append(core, threadLimits(2)...)
	for i, acc := range []*kernelanalysis.Access{a, b} {
		n := i + 1
		own := []*expr.Term{expr.Instantiate(acc.Cond, n)}
		for _, as := range k.Assumptions {
			own = append(own, expr.Instantiate(as, n))
		}
		q.sides[i] = append(append(append(launchLimits(l), threadLimits(n)...), own...), globalIndexBounds(n)...)
		core = append(core, own...)
	}
	q.size1, q.size2 = expr.Instantiate(a.Size, 1), expr.Instantiate(b.Size, 2)
	q.overlap = overlap(q.Offset1, q.size1, q.Offset2, q.size2)
	core = append(core, relation, q.overlap)
	bounds1 := append(inBounds(l, a, q.Offset1, 1), priorBounds(l, a, 1)...)
	bounds2 := append(inBounds(l, b, q.Offset2, 2), priorBounds(l, b, 2)...)
	q.Bounds = append(slices.Clip(bounds1), bounds2...)
	for i, bounds := range [][]*expr.Term{bounds1, bounds2} {
		q.sides[i] = append(q.sides[i], bounds...)
		q.sides[i] = append(q.sides[i], iterationBounds(q.sides[i])...)
		q.sides[i] = append(q.sides[i], divisionBounds(divisions(append(slices.Clip(q.sides[i]), []*expr.Term{q.Offset1, q.Offset2}[i])))...)
	}
	if q.DifferentValues = differentValues(a, b); q.DifferentValues != nil && !opts.KeepBenign {
		if q.DifferentValues.IsConst() {
			core = append(core, q.DifferentValues)
		} else {
			q.ValuesMustDiffer = true
		}
	}
	sources, writers := sourceInstances(k, slices.Concat(core, q.Bounds))
	core = append(core, sources...)
	rankLemmas, rankDefs := rankFacts(slices.Concat(core, q.Bounds))
	core = append(core, rankLemmas...)
	q.Bounds = append(q.Bounds, rankDefs...)
	core = append(core, rangeInstances(k, l, slices.Concat(core, q.Bounds))...)
	q.Contents = contentsInstances(k, l, slices.Concat(core, q.Bounds))
	switch {
	case a.Kind == kernelanalysis.Atomic && b.Kind == kernelanalysis.Atomic:
		op := narrowerAtomic(a, b)
		q.Limits = []*Limit{{Op: op, Note: scopeNote(op)}}
	case !opts.IgnoreGuards:
		o := newOrderer(k, l, kind)
		unordered := o.unordered(a, b)
		if o.used || len(gapGuards(a, b)) > 0 || len(o.gaps) > 0 {
			q.Guards = o.described
			q.Limits = limits(k, l, a, b, withValues(core, q), o, q)
			core = append(core, unordered)
		}
	}
	core = append(core, counterLemmas(k, l, core, writers)...)
	q.Assertions = withLemmas(core, q)
	return q
}

// offsets returns the byte offsets of two accesses in their allocation,
// each in its thread of a query (side 1 and side 2): the offset of its
// object in the allocation plus the access's.
func offsets(l *Launch, a, b *kernelanalysis.Access) (o1, o2 *expr.Term) {
	_, base1 := l.object(a)
	_, base2 := l.object(b)
	return expr.Add(base1, expr.Instantiate(a.Offset, 1)), expr.Add(base2, expr.Instantiate(b.Offset, 2))
}

// withValues returns assertions with the query's DifferentValues added
// when its race needs them.
func withValues(assertions []*expr.Term, q *Query) []*expr.Term {
	if !q.ValuesMustDiffer {
		return assertions
	}
	return append(append([]*expr.Term(nil), assertions...), q.DifferentValues)
}

// limits returns the operations a race of the pair may exist only
// through, each with the query's assertions with it taken as good
// enough: first each scope too narrow alone, then all of them together
// (named by the first), then each missing fence of a lock section, then
// of a flag's release.
func limits(k *kernelanalysis.Kernel, l *Launch, a, b *kernelanalysis.Access, core []*expr.Term, o *orderer, q *Query) []*Limit {
	var out []*Limit
	add := func(note string, ops ...kernelanalysis.SyncOp) {
		lifted := newOrderer(k, l, q.Kind, ops...).unordered(a, b)
		out = append(out, &Limit{Op: ops[0], Note: note, Widened: withLemmas(append(append([]*expr.Term(nil), core...), lifted), q)})
	}
	for _, op := range o.narrow {
		add(scopeNote(op), op)
	}
	if len(o.narrow) > 1 {
		add(scopeNote(o.narrow[0]), o.narrow...)
	}
	for _, g := range gapGuards(a, b) {
		op, note := g.Missing()
		add(note, op)
	}
	for _, g := range o.gaps {
		add(g.note, g.op)
	}
	return out
}

// gapGuards returns the incomplete lock sections of two accesses, one per
// missing fence.
func gapGuards(a, b *kernelanalysis.Access) []*kernelanalysis.Guard {
	var out []*kernelanalysis.Guard
	seen := map[kernelanalysis.SyncOp]bool{}
	for _, acc := range []*kernelanalysis.Access{a, b} {
		for _, g := range acc.Guards {
			if g.Kind != kernelanalysis.LockGuard || g.Complete() {
				continue
			}
			if op, _ := g.Missing(); !seen[op] {
				seen[op] = true
				out = append(out, g)
			}
		}
	}
	return out
}

// inBounds states that an access of thread side, at byte offset off of
// its allocation, stays inside it: a correct program's executions do not
// leave their objects, and a witness that needs to is not one of them
// (an out-of-bounds access is another bug).
//
// An access also stays inside the array its pointer was derived from
// (kernelanalysis.Extent), such as a warp's row of a shared array, in
// the object's offsets, whatever the launch knows of the object.
func inBounds(l *Launch, acc *kernelanalysis.Access, off *expr.Term, side int) []*expr.Term {
	var facts []*expr.Term
	if acc.Extent != nil {
		facts = acc.Extent.Facts(acc.Offset, acc.Size)
		for i, f := range facts {
			facts[i] = expr.Instantiate(f, side)
		}
	}
	start, size := l.bounds(acc.Object)
	if !start {
		return facts
	}
	facts = append(facts, expr.SLe(expr.Const(0, off.Width), off))
	if size != nil && size.Width == off.Width {
		facts = append(facts, expr.SLe(expr.Add(off, expr.Instantiate(acc.Size, side)), size))
	}
	return facts
}

// priorBounds states, for each prior access of acc (kernelanalysis's
// Access.Prior), that if thread side ran it, it stayed inside its
// object, as inBounds states of acc.
func priorBounds(l *Launch, acc *kernelanalysis.Access, side int) []*expr.Term {
	var facts []*expr.Term
	for _, p := range acc.Prior {
		_, base := l.object(p)
		bounds := inBounds(l, p, expr.Add(base, expr.Instantiate(p.Offset, side)), side)
		if len(bounds) > 0 {
			facts = append(facts, expr.Implies(expr.Instantiate(p.Cond, side), expr.AllOf(bounds...)))
		}
	}
	return facts
}

// differentValues states that the two threads' writes store different
// values, or returns nil if they are not two plain writes of known values
// of one size (the values are then taken to differ).
func differentValues(a, b *kernelanalysis.Access) *expr.Term {
	if a.Kind != kernelanalysis.Write || b.Kind != kernelanalysis.Write || a.Value == nil || b.Value == nil ||
		a.Value.Width != b.Value.Width || !expr.Equal(a.Size, b.Size) {
		return nil
	}
	return expr.Ne(expr.Instantiate(a.Value, 1), expr.Instantiate(b.Value, 2))
}

// counterLemmas states, for each two counters of one object whose values
// the two threads' terms mention (a counter with itself included), what
// thread 1 applying the first and thread 2 the second to one location
// implies of the values they get (see counterLemma).
//
// Writers (sources.go) are threads too: each two of the four or more
// threads get the lemmas, if both are threads of the launch and not one
// thread.
func counterLemmas(k *kernelanalysis.Kernel, l *Launch, assertions []*expr.Term, writers []writer) []*expr.Term {
	if len(k.Counters) == 0 {
		return nil
	}
	mentioned := map[string]bool{}
	for _, a := range assertions {
		for _, v := range expr.Vars(a) {
			mentioned[v.Name] = true
		}
	}
	lemmas := counterLemmasOf(k, l, mentioned, 1, 2, nil)
	threads := append([]writer{{Side: 1, Valid: expr.True()}, {Side: 2, Valid: expr.True()}}, writers...)
	for i, s := range threads {
		for _, t := range threads[max(i+1, 2):] {
			distinct := expr.AllOf(s.Valid, t.Valid, differentThreadsOf(s.Side, t.Side))
			lemmas = append(lemmas, counterLemmasOf(k, l, mentioned, s.Side, t.Side, distinct)...)
		}
	}
	return lemmas
}

// counterLemmasOf states counterLemma for sides i and j for each two
// counters of one object whose values both mention, under premise (nil:
// none).
func counterLemmasOf(k *kernelanalysis.Kernel, l *Launch, mentioned map[string]bool, i, j int, premise *expr.Term) []*expr.Term {
	var lemmas []*expr.Term
	for _, c := range k.Counters {
		for _, d := range k.Counters {
			if c.Object != d.Object || !mentioned[expr.Instantiate(c.Value, i).Name] || !mentioned[expr.Instantiate(d.Value, j).Name] {
				continue
			}
			_, base := l.objectOf(c.Object)
			same := expr.Eq(expr.Add(base, expr.Instantiate(c.Address, i)), expr.Add(base, expr.Instantiate(d.Address, j)))
			if premise != nil {
				same = expr.AllOf(premise, same)
			}
			lemmas = append(lemmas, expr.Implies(same, counterLemma(c, d, i, j)))
		}
	}
	return lemmas
}

// counterLemma returns what thread i applying counter c and thread j
// applying d to one location implies: fetch-and-adds (subtractions) hand
// out disjoint ranges [v, v+n) ((v-n, v]) and do not wrap the counter
// (a counter counts up from 0, or down to 0); exchanges return one value
// twice only if an exchange writes it; two compare-and-swaps that swap in
// values other than the expected one do not both succeed.
//
// A counter that counts up stays below 2^31 (2^63 for 64 bits): one
// launch does not add 2^31 to one counter, as a loop does not run 2^31
// times (iterationBounds). Programs read counters as int, whose values
// past 2^31 are negative; a witness in which a slot taken with atomicAdd
// is negative (or wraps an index it is multiplied into) is not a run of
// the program.
func counterLemma(c, d *kernelanalysis.Counter, i, j int) *expr.Term {
	v1, v2 := expr.Instantiate(c.Value, i), expr.Instantiate(d.Value, j)
	switch c.Kind {
	case kernelanalysis.FetchAdd, kernelanalysis.FetchSub:
		a1, a2 := counterWide(expr.Instantiate(c.Operand, i)), counterWide(expr.Instantiate(d.Operand, j))
		w1, w2 := counterWide(v1), counterWide(v2)
		if c.Kind == kernelanalysis.FetchSub {
			return expr.Implies(c.Precondition, expr.AllOf(expr.SLe(a1, w1), expr.SLe(a2, w2),
				expr.AnyOf(expr.SLe(w2, expr.Sub(w1, a1)), expr.SLe(w1, expr.Sub(w2, a2)))))
		}
		top := expr.Const(expr.Mask(v1.Width-1), 64)
		return expr.Implies(c.Precondition, expr.AllOf(expr.SLe(expr.Add(w1, a1), top), expr.SLe(expr.Add(w2, a2), top),
			expr.AnyOf(expr.SLe(expr.Add(w1, a1), w2), expr.SLe(expr.Add(w2, a2), w1))))
	case kernelanalysis.Exchange:
		var written []*expr.Term
		for _, w := range c.Written {
			written = append(written, expr.Eq(v1, w))
		}
		return expr.Implies(expr.Eq(v1, v2), expr.AnyOf(written...))
	case kernelanalysis.Claim:
		e1, e2 := expr.Instantiate(c.Expected, i), expr.Instantiate(d.Expected, j)
		swaps := expr.AllOf(expr.Ne(expr.Instantiate(c.Operand, i), e1), expr.Ne(expr.Instantiate(d.Operand, j), e2))
		return expr.Implies(swaps, expr.Not(expr.AllOf(expr.Eq(v1, e1), expr.Eq(v2, e2))))
	}
	return expr.True()
}

// counterWide returns a counter's value or amount extended to 64 bits,
// as unsigned (amounts are non-negative, and counters count from 0), so
// that sums of narrower counters do not wrap.
func counterWide(t *expr.Term) *expr.Term {
	if t.Width >= 64 {
		return t
	}
	return expr.ZExt(t, 64)
}

// threadRelation returns how the two threads of a kind of race relate, or
// nil if no two threads so related can make the accesses unordered.
func threadRelation(k *kernelanalysis.Kernel, a, b *kernelanalysis.Access, kind Kind) *expr.Term {
	switch kind {
	case InterBlock:
		if a.Object.Space == kernelanalysis.Shared {
			return nil
		}
		concurrent, ok := k.Concurrent(a, b, kernelanalysis.GridLevel)
		if !ok {
			return nil
		}
		return expr.AllOf(differentBlocks(), concurrent)
	case IntraBlock:
		concurrent, ok := k.Concurrent(a, b, kernelanalysis.BlockLevel)
		if !ok {
			return nil
		}
		return expr.AllOf(sameBlock(), differentThreads(), sameWarp(false), concurrent)
	case IntraWarp:
		concurrent, ok := k.WarpConcurrent(a, b)
		if !ok {
			return nil
		}
		return expr.AllOf(sameBlock(), differentThreads(), sameWarp(true), concurrent)
	}
	return nil
}

// withLemmas adds to a query's assertions the bounds of loop iteration
// counts and the lemmas that help the solver.
func withLemmas(assertions []*expr.Term, q *Query) []*expr.Term {
	assertions = append(assertions, iterationBounds(assertions)...)
	assertions = append(assertions, globalIndexLemmas()...)
	divs := divisions(assertions)
	assertions = append(assertions, divisionLemmas(divs)...)
	assertions = append(assertions, divisionBounds(divs)...)
	return append(assertions, radixLemmas(q.Offset1, q.Offset2)...)
}

func firstOf(s string, _ *expr.Term) string { return s }

// overlap states that [o1, o1+s1) and [o2, o2+s2) share a byte.
func overlap(o1, s1, o2, s2 *expr.Term) *expr.Term {
	return expr.AllOf(expr.SLt(o1, expr.Add(o2, s2)), expr.SLt(o2, expr.Add(o1, s1)))
}

// differentBlocks states that the two threads are in different blocks.
func differentBlocks() *expr.Term {
	var ne []*expr.Term
	for axis := 0; axis < 3; axis++ {
		ne = append(ne, expr.Ne(side(kernelanalysis.BlockIdx(axis), 1), side(kernelanalysis.BlockIdx(axis), 2)))
	}
	return expr.AnyOf(ne...)
}

// sameBlock states that the two threads are in the same block.
func sameBlock() *expr.Term {
	var eq []*expr.Term
	for axis := 0; axis < 3; axis++ {
		eq = append(eq, expr.Eq(side(kernelanalysis.BlockIdx(axis), 1), side(kernelanalysis.BlockIdx(axis), 2)))
	}
	return expr.AllOf(eq...)
}

// differentThreads states that the threads' linear indices differ.
func differentThreads() *expr.Term {
	lin := kernelanalysis.LinearThreadID()
	return expr.Ne(side(lin, 1), side(lin, 2))
}

// sameWarp states that the threads are (or are not) in the same warp.
func sameWarp(same bool) *expr.Term {
	warp := expr.UDiv(kernelanalysis.LinearThreadID(), expr.Const(cuda.WarpSize, 32))
	eq := expr.Eq(side(warp, 1), side(warp, 2))
	if same {
		return eq
	}
	return expr.Not(eq)
}

func side(t *expr.Term, n int) *expr.Term { return expr.Instantiate(t, n) }

// iterationBounds bounds every loop iteration count in the assertions,
// the kernel's and the host's: a loop does not run 2^31 times.
func iterationBounds(assertions []*expr.Term) []*expr.Term {
	var bounds []*expr.Term
	seen := map[string]bool{}
	for _, a := range assertions {
		for _, v := range expr.Vars(a) {
			if (v.Role.Kind == expr.LoopCounter || v.Role.Kind == expr.HostLoopCounter) && !seen[v.Name] {
				seen[v.Name] = true
				bounds = append(bounds, expr.ULe(v, expr.Const(kernelanalysis.MaxIterations, 32)))
			}
		}
	}
	return bounds
}
