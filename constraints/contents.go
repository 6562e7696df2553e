// This file defines the instances of what the host stored in memory the
// kernel reads: for each value of a global object's contents that a
// query mentions, what the launch's host code says that value is, and
// for two values of an allocation the host made distinct, that they
// differ.

package constraints

import (
	"fmt"

	"hgrd/expr"
	"hgrd/hostanalysis"
	"hgrd/kernelanalysis"
)

// contentsInstances returns, for each value of memory contents in terms
// (an uninterpreted function of a parameter's allocation applied to a
// byte offset, or the variable of one fixed offset) whose allocation
// the launch knows the host filled, the instance of the host's stores:
// if the byte lies in a field the host stored, at element k, the value
// is one that a store of the field wrote at index k. Each instance
// renames the stores' own variables, so the queries stay free of
// quantifiers.
func contentsInstances(k *kernelanalysis.Kernel, l *Launch, terms []*expr.Term) []*expr.Term {
	var out []*expr.Term
	fresh := 0
	for _, r := range contentsReads(k, l, terms) {
		if len(r.alias.Contents) > 0 {
			out = append(out, instances(r.alias, r.off, r.value, &fresh)...)
		}
	}
	return out
}

// maxDistinctReads bounds the values of one allocation's distinct
// elements that a query relates pairwise.
const maxDistinctReads = 16

// distinctInstances states, for each two values of memory contents in
// terms read from an allocation whose first elements the host made
// distinct (hostanalysis.Distinct), that they differ where they are
// two different such elements: the value each of two threads reads from
// an index list at its own position is its own.
func distinctInstances(k *kernelanalysis.Kernel, l *Launch, terms []*expr.Term) []*expr.Term {
	byGroup := map[string][]contentsRead{}
	var groups []string
	for _, r := range contentsReads(k, l, terms) {
		d := r.alias.Distinct
		if d == nil || int64(r.value.Width) != d.ElemSize*8 || len(byGroup[r.alias.Group]) >= maxDistinctReads {
			continue
		}
		if byGroup[r.alias.Group] == nil {
			groups = append(groups, r.alias.Group)
		}
		byGroup[r.alias.Group] = append(byGroup[r.alias.Group], r)
	}
	var out []*expr.Term
	for _, g := range groups {
		reads := byGroup[g]
		for i, a := range reads {
			for _, b := range reads[i+1:] {
				addrA, addrB := expr.Add(a.alias.Offset, a.off), expr.Add(b.alias.Offset, b.off)
				premise := expr.AllOf(distinctElement(a.alias.Distinct, addrA), distinctElement(b.alias.Distinct, addrB), expr.Ne(addrA, addrB))
				out = append(out, expr.Implies(premise, expr.Ne(a.value, b.value)))
			}
		}
	}
	return out
}

// distinctElement states that byte addr of an allocation starts one of
// its distinct elements d.
func distinctElement(d *hostanalysis.Distinct, addr *expr.Term) *expr.Term {
	size := expr.Int(d.ElemSize, 64)
	return expr.AllOf(expr.SLe(expr.Const(0, 64), addr), expr.Eq(expr.URem(addr, size), expr.Const(0, 64)),
		expr.SLt(expr.UDiv(addr, size), d.Count))
}

// A contentsRead is a value of memory contents that a query mentions:
// the term, the allocation its object's pointer points into and its byte
// offset from that pointer, 64-bit.
type contentsRead struct {
	value *expr.Term
	alias Alias
	off   *expr.Term
}

// contentsReads returns the values of global memory contents in terms
// whose pointer the launch places in an allocation, each once.
func contentsReads(k *kernelanalysis.Kernel, l *Launch, terms []*expr.Term) []contentsRead {
	var out []contentsRead
	seen := map[string]bool{}
	visit := func(t *expr.Term) bool {
		if t.Op != expr.OpApply && t.Op != expr.OpVar {
			return true
		}
		u, ok := k.Unknowns[t.Name]
		if !ok || u.Object == nil || u.Object.Space != kernelanalysis.Global {
			return true
		}
		a, ok := l.Aliases[slotOf(u.Object)]
		if !ok || (len(a.Contents) == 0 && a.Distinct == nil) || a.Offset == nil {
			return true
		}
		off := u.At
		if off == nil {
			if len(t.Args) == 0 {
				return true
			}
			off = t.Args[0]
		}
		key := t.String()
		if seen[key] {
			return true
		}
		seen[key] = true
		out = append(out, contentsRead{value: t, alias: a, off: to64(off)})
		return true
	}
	for _, t := range terms {
		expr.Inspect(t, visit)
	}
	return out
}

// instances states what the host's stores say of value, the contents of
// an allocation at byte off of the kernel's pointer.
func instances(a Alias, off, value *expr.Term, fresh *int) []*expr.Term {
	var out []*expr.Term
	addr := expr.Add(a.Offset, off)
	for _, c := range a.Contents {
		if c.Width != value.Width || len(c.Cases) == 0 || c.ElemSize <= 0 {
			continue
		}
		size := expr.Int(c.ElemSize, 64)
		inField := expr.AllOf(expr.SLe(expr.Const(0, 64), addr), expr.Eq(expr.URem(addr, size), expr.Int(c.Field, 64)))
		index := expr.UDiv(addr, size)
		var alts []*expr.Term
		for _, cs := range c.Cases {
			alts = append(alts, caseHolds(cs, index, value, fresh))
		}
		out = append(out, expr.Implies(inField, expr.AnyOf(alts...)))
	}
	return out
}

// caseHolds states that value is what one store wrote at element index:
// its value at that index, with the store's variables renamed apart, or
// a value in its range.
func caseHolds(cs hostanalysis.ContentsCase, index, value *expr.Term, fresh *int) *expr.Term {
	if cs.Value == nil {
		zero := expr.Const(0, value.Width)
		if cs.Unsigned {
			return expr.Implies(expr.Ne(cs.Below, zero), expr.ULt(value, cs.Below))
		}
		return expr.Implies(expr.SLt(zero, cs.Below), expr.AllOf(expr.SLe(zero, value), expr.SLt(value, cs.Below)))
	}
	*fresh++
	renamed := map[string]*expr.Term{}
	for _, v := range cs.Fresh {
		renamed[v.Name] = expr.Renamed(v, fmt.Sprintf("%s$store%d", v.Name, *fresh))
	}
	rename := func(t *expr.Term) *expr.Term {
		return expr.Substitute(t, func(v *expr.Term) *expr.Term { return renamed[v.Name] })
	}
	return expr.AllOf(expr.Eq(rename(cs.Index), index), expr.Eq(value, rename(cs.Value)))
}

// to64 widens an offset to 64 bits.
func to64(t *expr.Term) *expr.Term {
	if t.Width < 64 {
		return expr.SExt(t, 64)
	}
	return t
}
