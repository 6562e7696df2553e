// This file defines the pieces that happens-before is built of: fresh
// thread instances, locations compared between threads, scopes that cover
// two threads, operations taken as good enough, and the descriptions of
// the guards that take part.

package constraints

import (
	"fmt"
	"slices"

	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/kernelanalysis"
)

// describeChain records, for --explain, the chains from a's releases
// through a relay (spin h, its fence, the atomic write) to g's spin.
func (o *orderer) describeChain(a *kernelanalysis.Access, h *kernelanalysis.Guard, write kernelanalysis.SyncOp, g *kernelanalysis.Guard) {
	group, _ := o.l.objectOf(h.Object)
	for _, rel := range a.Guards {
		if gr, _ := o.l.objectOf(rel.Object); rel.Kind != kernelanalysis.ReleaseGuard || gr != group {
			continue
		}
		o.describe(fmt.Sprintf("chain: %s, acquired by %s, passed on by %s and %s to %s %s, acquired by %s",
			rel, h.Ops[0], *h.Fence, write, g.Object.Space, g.Source, g.Ops[0]))
	}
}

// fresh returns a new thread instance, with its limits recorded.
func (o *orderer) fresh() int {
	n := o.next
	o.next++
	o.limits = append(o.limits, threadLimits(n)...)
	for _, as := range o.k.Assumptions {
		o.limits = append(o.limits, expr.Instantiate(as, n))
	}
	return n
}

// sameLocation states that g1's location for thread i is g2's for
// thread j; ok is false if they lie in different allocations.
func (o *orderer) sameLocation(g1 *kernelanalysis.Guard, i int, g2 *kernelanalysis.Guard, j int) (*expr.Term, bool) {
	group1, base1 := o.l.objectOf(g1.Object)
	group2, base2 := o.l.objectOf(g2.Object)
	if group1 != group2 {
		return nil, false
	}
	return expr.Eq(expr.Add(base1, expr.Instantiate(g1.Offset, i)), expr.Add(base2, expr.Instantiate(g2.Offset, j))), true
}

// coversAll states that every operation's scope covers threads i and j.
func (o *orderer) coversAll(ops []kernelanalysis.SyncOp, i, j int) *expr.Term {
	var conds []*expr.Term
	for _, op := range ops {
		conds = append(conds, o.covers(op, i, j))
	}
	return expr.AllOf(conds...)
}

// covers states that an operation's scope covers threads i and j: any
// two threads for device scope or wider (or a lifted operation), two of
// one block for block scope. The race's kind says whether the pair's own
// threads, 1 and 2, share a block.
func (o *orderer) covers(op kernelanalysis.SyncOp, i, j int) *expr.Term {
	if op.Scope >= cuda.ScopeDevice || o.lifted(op) {
		return expr.True()
	}
	if i+j == 3 && o.kind != InterBlock {
		return expr.True()
	}
	o.narrow = appendOp(o.narrow, op)
	if i+j == 3 {
		return expr.False()
	}
	return sameBlockOf(i, j)
}

// A gap is a release's or a lock section's atomic that lacks its fence,
// with the note that says so.
type gap struct {
	op   kernelanalysis.SyncOp
	note string
}

// appendGap appends g to gaps unless it is there already.
func appendGap(gaps []gap, g gap) []gap {
	if slices.Contains(gaps, g) {
		return gaps
	}
	return append(gaps, g)
}

// complete reports whether a lock section or a release counts: it lacks
// no fence, or its missing fence is the lifted operation.
func (o *orderer) complete(g *kernelanalysis.Guard) bool {
	if g.Complete() {
		return true
	}
	op, _ := g.Missing()
	return o.lifted(op)
}

// lifted reports whether op is taken as good enough.
func (o *orderer) lifted(op kernelanalysis.SyncOp) bool { return slices.Contains(o.lift, op) }

// describe records a description of a guard that takes part, once.
func (o *orderer) describe(d string) {
	for _, e := range o.described {
		if e == d {
			return
		}
	}
	o.described = append(o.described, d)
}

// lockDescription describes two lock sections, once if they print alike.
func lockDescription(g1, g2 *kernelanalysis.Guard) string {
	d1, d2 := g1.String(), g2.String()
	if d1 == d2 {
		return d1
	}
	return d1 + " and " + d2
}

// appendOp appends op to ops unless it is there already.
func appendOp(ops []kernelanalysis.SyncOp, op kernelanalysis.SyncOp) []kernelanalysis.SyncOp {
	for _, o := range ops {
		if o == op {
			return ops
		}
	}
	return append(ops, op)
}

// sameBlockOf states that threads i and j are in one block.
func sameBlockOf(i, j int) *expr.Term {
	var eq []*expr.Term
	for axis := 0; axis < 3; axis++ {
		eq = append(eq, expr.Eq(side(kernelanalysis.BlockIdx(axis), i), side(kernelanalysis.BlockIdx(axis), j)))
	}
	return expr.AllOf(eq...)
}

// sameThreadOf states that instances i and j are one thread.
func sameThreadOf(i, j int) *expr.Term {
	eq := []*expr.Term{sameBlockOf(i, j)}
	for axis := 0; axis < 3; axis++ {
		eq = append(eq, expr.Eq(side(kernelanalysis.ThreadIdx(axis), i), side(kernelanalysis.ThreadIdx(axis), j)))
	}
	return expr.AllOf(eq...)
}
