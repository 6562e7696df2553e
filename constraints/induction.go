// This file defines the inductive half of chains of flag edges: the relay
// sites behind a spin, and the invariant that orders every write of them
// after an access, which follows a chain through any number of relays,
// one site repeated (a chained scan: block b waits on flag[b-1], then
// sets flag[b]) or many.
//
// # Method
//
// Let S be the relay sites (atomic writes preceded by a spin and a fence,
// relayAcquires) reachable backwards from a consumer's spin g: the relays
// that write g's flag, the relays that write their spins' flags, and so
// on. The invariant of S for access a of thread i: for every site w in S
// and every thread r that runs w, some spin h before w cannot exit on its
// flag's initial value, and every write of h's flag that could let it
// exit is i's release after a (its scopes covering i and r) or a write of
// a site of S whose hop (the site's fences, its write, h's atomic) covers
// its thread and r.
//
// If the invariant holds, every write of a site of S that an execution
// makes comes after a: take the first one that does not; its thread's
// spin read a value that the flag did not start with, written by i's
// release after a, or by an earlier write of S, which comes after a; and
// the hop between the two threads is covered. So a writer of g's flag
// that is a site of S, with its hop to g's thread covered, is justified.
//
// The invariant is universal; the race query holds its negation: some
// site of S and a fresh thread that runs it, every spin of which escapes
// (each writer a fresh thread too). The formula is bounded: one thread
// per site and one per spin, whatever the chain's length. It is stated
// for every thread that runs a site, so chains that run one site for
// several independent chains (per lane, per row) fail it and rely on the
// direct justification of order.go, one relay deep.

package constraints

import (
	"fmt"
	"strings"

	"hgrd/expr"
	"hgrd/kernelanalysis"
)

// relaySites returns the relay sites reachable backwards from spin g: the
// relays among the writers of g's flag, then among the writers of their
// spins' flags, and so on.
func (o *orderer) relaySites(g *kernelanalysis.Guard) []*kernelanalysis.Access {
	var sites []*kernelanalysis.Access
	seen := map[*kernelanalysis.Access]bool{}
	spins := []*kernelanalysis.Guard{g}
	for len(spins) > 0 {
		h := spins[0]
		spins = spins[1:]
		for _, w := range o.writers(h) {
			acquires := relayAcquires(w)
			if len(acquires) == 0 || seen[w] {
				continue
			}
			seen[w] = true
			sites = append(sites, w)
			spins = append(spins, acquires...)
		}
	}
	return sites
}

// notInvariant returns the condition that the invariant of sites does not
// hold for a (thread i): some fresh thread runs a site whose every spin
// escapes. False if there are no sites.
func (o *orderer) notInvariant(a *kernelanalysis.Access, i int, sites []*kernelanalysis.Access) *expr.Term {
	in := map[*kernelanalysis.Access]bool{}
	for _, w := range sites {
		in[w] = true
	}
	var broken []*expr.Term
	for _, w := range sites {
		r := o.fresh()
		all := []*expr.Term{expr.Instantiate(w.Cond, r)}
		for _, h := range relayAcquires(w) {
			all = append(all, o.escapes(h, r, func(w2 *kernelanalysis.Access, r2 int) *expr.Term {
				not := o.notReleased(a, i, w2, r2, h, r)
				if in[w2] {
					not = expr.AllOf(not, expr.Not(o.hop(w2, r2, h, r)))
				}
				return not
			}))
		}
		broken = append(broken, expr.AllOf(all...))
	}
	return expr.AnyOf(broken...)
}

// hop returns the condition that relay site w, run by thread r, orders
// what came before it before thread j's spin g: the fence after each of
// w's spins, w's atomic and g's atomic all cover r and j. Each fence is
// asked for, since the value that let w pass may have come through any
// of its spins.
func (o *orderer) hop(w *kernelanalysis.Access, r int, g *kernelanalysis.Guard, j int) *expr.Term {
	conds := []*expr.Term{o.covers(writeOp(w), r, j), o.covers(g.Ops[0], r, j)}
	for _, h := range relayAcquires(w) {
		conds = append(conds, o.covers(*h.Fence, r, j))
	}
	return expr.AllOf(conds...)
}

// writeOp returns an atomic write as an operation.
func writeOp(w *kernelanalysis.Access) kernelanalysis.SyncOp {
	return kernelanalysis.SyncOp{Name: w.Op, Scope: w.Scope, Pos: w.Pos}
}

// describeInduction records, for --explain, the chains from a's releases
// through the relay sites, any number of times, to g's spin.
func (o *orderer) describeInduction(a *kernelanalysis.Access, sites []*kernelanalysis.Access, g *kernelanalysis.Guard) {
	var relays []string
	groups := map[string]bool{}
	for _, w := range sites {
		for _, h := range relayAcquires(w) {
			group, _ := o.l.objectOf(h.Object)
			groups[group] = true
			relays = append(relays, fmt.Sprintf("%s %s acquired by %s, passed on by %s and %s",
				h.Object.Space, h.Source, h.Ops[0], *h.Fence, writeOp(w)))
		}
	}
	for _, rel := range a.Guards {
		if gr, _ := o.l.objectOf(rel.Object); rel.Kind != kernelanalysis.ReleaseGuard || !groups[gr] {
			continue
		}
		o.describe(fmt.Sprintf("chain: %s, through relay sites any number of times (%s), to %s %s, acquired by %s",
			rel, strings.Join(relays, "; "), g.Object.Space, g.Source, g.Ops[0]))
	}
}
