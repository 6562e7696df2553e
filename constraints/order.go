// This file defines happens-before by synchronisation: the condition
// under which neither lock nor flag (directly, or through a chain of
// other threads) orders two threads' accesses.
//
// # Method
//
// Locks: both accesses lie in complete critical sections of locks whose
// addresses are equal for the two threads, and both sections' scopes
// cover the two threads.
//
// Flags: a thread j whose access b comes after a spin g on flag F is
// ordered after thread i's access a when F's initial value (taken to be 0,
// the value of memory that the host clears) does not let the spin exit,
// and every thread R that writes a value letting it exit is justified:
// R is i and its write is a release after a (a fence, then the atomic
// write), or R passes the flag on (a relay: a spin h on another flag, a
// fence, then the write) and a is ordered before R's write. That is so
// when h is justified in the same way with only i's release as writer
// (one relay), or, for a chain through any number of relays, when the
// invariant of the relay sites behind g holds (induction.go). Each
// edge's scopes (the producer's fence and atomic, the consumer's atomic)
// must cover its own two threads; no fence is required after the
// consumer's spin.
//
// "Every writer is justified" is universal; a race query asks for its
// negation, so each writer R is a fresh instance of the per-thread
// variables that the solver chooses, as it chooses the pair's two
// threads.

package constraints

import (
	"github.com/llir/llvm/ir"

	"hgrd/expr"
	"hgrd/kernelanalysis"
)

// firstFresh is the first instance number of the threads that write
// flags (1 and 2 are the pair's).
const firstFresh = 3

// An orderer builds the condition that two accesses are not ordered by
// synchronisation.
type orderer struct {
	k    *kernelanalysis.Kernel
	l    *Launch
	kind Kind // of the race: whether threads 1 and 2 share a block
	// lift are operations taken as good enough: scopes too narrow, or
	// locks' atomics whose missing fences are taken as there (for the
	// notes).
	lift []kernelanalysis.SyncOp
	// next is the next fresh instance number; limits are the valid
	// thread ranges and kernel assumptions of the fresh threads.
	next   int
	limits []*expr.Term
	// narrow collects the operations whose scope is block, gaps the
	// releases that lack their fence.
	narrow []kernelanalysis.SyncOp
	gaps   []gap
	// used is set once some guard takes part; described lists them.
	used      bool
	described []string
}

// newOrderer returns an orderer for a kernel's pairs in a launch.
func newOrderer(k *kernelanalysis.Kernel, l *Launch, kind Kind, lift ...kernelanalysis.SyncOp) *orderer {
	return &orderer{k: k, l: l, kind: kind, lift: lift, next: firstFresh}
}

// unordered returns the condition that a (thread 1) and b (thread 2) are
// ordered neither by locks nor by flags in either direction, and the
// fresh threads' limits; true if no guard applies.
func (o *orderer) unordered(a, b *kernelanalysis.Access) *expr.Term {
	parts := []*expr.Term{expr.Not(o.locked(a, b))}
	for _, dir := range []struct {
		first, second *kernelanalysis.Access
		i, j          int
	}{{a, b, 1, 2}, {b, a, 2, 1}} {
		for _, g := range dir.second.Guards {
			if g.Kind == kernelanalysis.AcquireGuard && !g.Leader && o.hasReleases(dir.first, g) {
				o.used = true
				parts = append(parts, o.notThrough(dir.first, dir.i, g, dir.j))
			}
		}
	}
	return expr.AllOf(append(parts, o.limits...)...)
}

// hasReleases reports whether a flag edge into g could order a: some
// release of a, or some relay, writes g's flag's allocation.
func (o *orderer) hasReleases(a *kernelanalysis.Access, g *kernelanalysis.Guard) bool {
	group, _ := o.l.objectOf(g.Object)
	for _, r := range a.Guards {
		if r.Kind == kernelanalysis.ReleaseGuard {
			if gr, _ := o.l.objectOf(r.Object); gr == group {
				return true
			}
		}
	}
	for _, w := range o.writers(g) {
		if len(relayAcquires(w)) > 0 {
			return true
		}
	}
	return false
}

// locked returns the condition that complete locks order a and b: some
// pair of their sections takes one lock, with scopes that cover both
// threads.
func (o *orderer) locked(a, b *kernelanalysis.Access) *expr.Term {
	var any []*expr.Term
	for _, g1 := range a.Guards {
		for _, g2 := range b.Guards {
			if g1.Kind != kernelanalysis.LockGuard || g2.Kind != kernelanalysis.LockGuard {
				continue
			}
			if !o.complete(g1) || !o.complete(g2) || (g1.Leader || g2.Leader) && o.kind != InterBlock {
				continue // a leader's lock is its whole block's: it orders other blocks only
			}
			eq, ok := o.sameLocation(g1, 1, g2, 2)
			if !ok {
				continue
			}
			o.used = true
			o.describe(lockDescription(g1, g2))
			any = append(any, expr.AllOf(eq, o.coversAll(g1.Ops, 1, 2), o.coversAll(g2.Ops, 1, 2)))
		}
	}
	return expr.AnyOf(any...)
}

// notThrough returns the condition that a (thread i) is not ordered
// before the access of thread j that spin g precedes by g's flag: the
// flag's initial value lets the spin exit, or some thread (a fresh
// instance) writes a value that lets it exit without being justified.
// Relays are justified one hop back (direct, their own spin sees only
// i's release) or by the invariant of the relay sites behind g
// (induction.go), which follows the chain through any number of them.
func (o *orderer) notThrough(a *kernelanalysis.Access, i int, g *kernelanalysis.Guard, j int) *expr.Term {
	sites := o.relaySites(g)
	broken := o.notInvariant(a, i, sites)
	return o.escapes(g, j, func(w *kernelanalysis.Access, r int) *expr.Term {
		not := []*expr.Term{o.notReleased(a, i, w, r, g, j)}
		if len(relayAcquires(w)) == 0 {
			return expr.AllOf(not...)
		}
		write := writeOp(w)
		for _, h := range relayAcquires(w) {
			hop := expr.AllOf(o.covers(*h.Fence, r, j), o.covers(write, r, j), o.covers(g.Ops[0], r, j))
			direct := o.escapes(h, r, func(w2 *kernelanalysis.Access, r2 int) *expr.Term {
				return o.notReleased(a, i, w2, r2, h, r)
			})
			o.describeChain(a, h, write, g)
			not = append(not, expr.AnyOf(expr.Not(hop), direct))
		}
		o.describeInduction(a, sites, g)
		return expr.AllOf(append(not, expr.AnyOf(expr.Not(o.hop(w, r, g, j)), broken))...)
	})
}

// escapes returns the condition that thread j's spin g exits on a value
// that no justified write gave it: on the flag's initial value, or on
// the value of a write w by a fresh thread r that unjustified(w, r)
// holds of.
func (o *orderer) escapes(g *kernelanalysis.Guard, j int, unjustified func(w *kernelanalysis.Access, r int) *expr.Term) *expr.Term {
	_, base := o.l.objectOf(g.Object)
	flag := expr.Add(base, expr.Instantiate(g.Offset, j))
	exits := func(v *expr.Term) *expr.Term { return exitOn(g, j, v) }
	out := []*expr.Term{exits(expr.Const(0, g.Result.Width))}
	r := o.fresh() // one instance serves every writer: they are alternatives
	for _, w := range o.writers(g) {
		_, wbase := o.l.objectOf(w.Object)
		writes := []*expr.Term{expr.Instantiate(w.Cond, r), expr.Eq(expr.Add(wbase, expr.Instantiate(w.Offset, r)), flag)}
		if w.Value != nil && w.Value.Width == g.Result.Width {
			writes = append(writes, exits(expr.Instantiate(w.Value, r)))
		}
		out = append(out, expr.AllOf(append(writes, unjustified(w, r))...))
	}
	return expr.AnyOf(out...)
}

// notReleased returns the condition that thread r's write w of g's flag
// is not i's release after a whose scopes cover i and thread j, which
// runs g.
func (o *orderer) notReleased(a *kernelanalysis.Access, i int, w *kernelanalysis.Access, r int, g *kernelanalysis.Guard, j int) *expr.Term {
	var not []*expr.Term
	for _, rel := range a.Guards {
		counts := o.counting(rel.Inst) && o.counting(w.Inst)
		if rel.Kind != kernelanalysis.ReleaseGuard || (rel.Inst != w.Inst && !counts) {
			continue
		}
		if !o.complete(rel) {
			op, note := rel.Missing()
			o.gaps = appendGap(o.gaps, gap{op, note})
			continue
		}
		if j < firstFresh {
			o.describe(rel.String() + " with " + g.String())
		}
		same := sameThreadOf(i, r)
		switch {
		case counts:
			same = expr.True() // w continues the count that rel's write is part of
		case rel.Leader:
			same = sameBlockOf(i, r)
		}
		not = append(not, expr.Not(expr.AllOf(same, o.coversAll(rel.Ops, i, j), o.covers(g.Ops[0], i, j))))
	}
	return expr.AllOf(not...)
}

// counting reports whether an instruction is an atomic read-modify-write
// whose stored value depends on the old one (a count, atomicAdd(&n, 1)).
// Such writes continue the release sequence of the ones before them: a
// producer that counts itself with one is taken as ordered before any
// consumer that sees the count go on (the spin waits for the count to
// complete), an approximation: a spin that exits on the first count
// orders only its producer.
func (o *orderer) counting(inst ir.Instruction) bool {
	for _, w := range o.k.Accesses {
		if w.Inst == inst {
			return w.Kind == kernelanalysis.Atomic && w.Value == nil && !w.Unchanged
		}
	}
	return false
}

// relayAcquires returns the spins before an atomic write that a fence
// separates from it: the thread passes what it acquired on.
func relayAcquires(w *kernelanalysis.Access) []*kernelanalysis.Guard {
	if w.Kind != kernelanalysis.Atomic {
		return nil
	}
	var out []*kernelanalysis.Guard
	for _, h := range w.Guards {
		if h.Kind == kernelanalysis.AcquireGuard && h.Fence != nil && !h.Leader {
			out = append(out, h)
		}
	}
	return out
}

// writers returns the kernel's accesses that may write a new value into
// the allocation of g's flag.
func (o *orderer) writers(g *kernelanalysis.Guard) []*kernelanalysis.Access {
	group, _ := o.l.objectOf(g.Object)
	var out []*kernelanalysis.Access
	for _, w := range o.k.Accesses {
		if w.Kind == kernelanalysis.Read || w.Unchanged {
			continue
		}
		if gw, _ := o.l.objectOf(w.Object); gw == group {
			out = append(out, w)
		}
	}
	return out
}

// exitOn returns the condition that g's spin, run by thread j, exits on
// reading v.
func exitOn(g *kernelanalysis.Guard, j int, v *expr.Term) *expr.Term {
	result := expr.Instantiate(g.Result, j)
	return expr.Substitute(expr.Instantiate(g.Exit, j), func(x *expr.Term) *expr.Term {
		if x.Name == result.Name {
			return v
		}
		return nil
	})
}
