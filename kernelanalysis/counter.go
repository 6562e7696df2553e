// This file defines counters: atomics whose returned values say which
// thread did what, because of how every write of their location changes
// it. A fetch-and-add on a location only ever added to hands each thread
// its own range (wl[atomicAdd(&size, n) + j]); an exchange on a location
// only ever set to constants returns a value twice only if some exchange
// wrote it; a compare-and-swap on a location only ever swapped from one
// value succeeds once.

package kernelanalysis

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/symbolic"
)

// A CounterKind says what every write of a counter's location does.
type CounterKind int

// The kinds of counters.
const (
	FetchAdd CounterKind = iota // atomic adds of non-negative amounts only
	FetchSub                    // atomic subtractions of non-negative amounts only
	Exchange                    // atomic exchanges of constants only
	Claim                       // compare-and-swaps from one constant only
)

// A Counter is an atomic whose returned value relates the threads that
// apply it, or another counter of its object, to one location.
type Counter struct {
	Kind  CounterKind
	Value *expr.Term // the value the atomic returns, per thread
	// Operand is, for FetchAdd and FetchSub, the amount, and for Claim,
	// the value swapped in, per thread.
	Operand *expr.Term
	// Expected is, for Claim, the value the location is compared with.
	Expected *expr.Term
	// Written are, for Exchange, the constants that the exchanges of the
	// object write.
	Written []*expr.Term
	// Precondition holds if every amount added to (subtracted from) the
	// object is non-negative; over launch-wide values only.
	Precondition *expr.Term
	Object       *Object
	Address      *expr.Term // the byte offset of the location
}

// An atomicShape is what one atomic write does to its location.
type atomicShape struct {
	kind     CounterKind
	operand  value.Value // the amount, the value exchanged or swapped in
	expected value.Value // Claim: the compared value
}

// findCounters records the kernel's counters: the atomics of objects
// that every write changes in one of the ways a CounterKind names.
func (a *analyzer) findCounters() {
	byObject := map[*Object][]*Access{}
	var order []*Object
	for _, acc := range a.res.Accesses {
		if acc.Kind == Read {
			continue
		}
		if _, seen := byObject[acc.Object]; !seen {
			order = append(order, acc.Object)
		}
		byObject[acc.Object] = append(byObject[acc.Object], acc)
	}
	for _, o := range order {
		a.res.Counters = append(a.res.Counters, a.countersOf(o, byObject[o])...)
	}
}

// countersOf returns the counters of an object whose writes are accs, or
// none if the writes do not all have one compatible shape.
func (a *analyzer) countersOf(o *Object, accs []*Access) []*Counter {
	shapes := make([]atomicShape, len(accs))
	var written, pre []*expr.Term
	for i, acc := range accs {
		s, ok := shapeOf(acc.Inst)
		if !ok || s.kind != shapes[0].kind && i > 0 {
			return nil
		}
		if i == 0 {
			shapes[0] = s
		}
		shapes[i] = s
		switch s.kind {
		case FetchAdd, FetchSub:
			amount := a.ev.Term(s.operand)
			switch {
			case nonNegative(amount):
			case uniform(amount):
				pre = append(pre, expr.SLe(expr.Const(0, amount.Width), amount))
			default:
				return nil // a negative amount may give a value back
			}
		case Exchange:
			if _, ok := s.operand.(*constant.Int); !ok {
				return nil
			}
			written = append(written, a.ev.Term(s.operand))
		case Claim:
			c, ok := s.expected.(*constant.Int)
			if c0, _ := shapes[0].expected.(*constant.Int); !ok || c0 == nil || c.X.Cmp(c0.X) != 0 {
				return nil
			}
		}
	}
	var counters []*Counter
	for i, acc := range accs {
		v := a.atomicResult(acc.Inst)
		if v == nil {
			continue
		}
		c := &Counter{Kind: shapes[i].kind, Value: v, Object: o, Address: acc.Offset, Written: written,
			Precondition: expr.AllOf(pre...)}
		if shapes[i].operand != nil {
			c.Operand = a.ev.Term(shapes[i].operand)
		}
		if shapes[i].expected != nil {
			c.Expected = a.ev.Term(shapes[i].expected)
		}
		counters = append(counters, c)
	}
	return counters
}

// nonNegative reports whether a term's value is at least 0 as a signed
// number, from its form: a constant, a zero extension, an unsigned
// quotient or remainder, a logical shift or a mask that clears the sign
// bit, or a choice between such terms.
func nonNegative(t *expr.Term) bool {
	signBit := uint64(1) << (t.Width - 1)
	switch t.Op {
	case expr.OpConst:
		return t.Value&signBit == 0
	case expr.OpZExt:
		return t.Args[0].Width < t.Width
	case expr.OpLShr:
		return t.Args[1].IsConst() && t.Args[1].Value > 0 || nonNegative(t.Args[0])
	case expr.OpUDiv, expr.OpURem:
		return nonNegative(t.Args[0]) || t.Op == expr.OpURem && nonNegative(t.Args[1])
	case expr.OpAnd:
		return nonNegative(t.Args[0]) || nonNegative(t.Args[1])
	case expr.OpIte:
		return nonNegative(t.Args[1]) && nonNegative(t.Args[2])
	case expr.OpAdd, expr.OpApply:
		ub, ok := upperBound(t)
		return ok && ub < signBit
	}
	return false
}

// upperBound returns a bound of a term's unsigned value from its form, if
// it has one below 2^62: a constant, a mask with a constant, a sum of
// bounded terms, a choice between them, a bit count (__popc).
func upperBound(t *expr.Term) (uint64, bool) {
	const limit = 1 << 62
	switch t.Op {
	case expr.OpConst:
		return t.Value, t.Value < limit
	case expr.OpAnd:
		a, okA := upperBound(t.Args[0])
		b, okB := upperBound(t.Args[1])
		switch {
		case okA && okB:
			return min(a, b), true
		case okA:
			return a, true
		}
		return b, okB
	case expr.OpAdd:
		a, okA := upperBound(t.Args[0])
		b, okB := upperBound(t.Args[1])
		return a + b, okA && okB && a+b < limit
	case expr.OpIte:
		a, okA := upperBound(t.Args[1])
		b, okB := upperBound(t.Args[2])
		return max(a, b), okA && okB
	case expr.OpApply:
		if t.Name == symbolic.PopCountFunc || t.Name == symbolic.RankFunc || t.Name == symbolic.TrailingZerosFunc {
			return uint64(t.Width), true
		}
	}
	return 0, false
}

// uniform reports whether a term has one value in the whole launch.
func uniform(t *expr.Term) bool {
	for _, v := range expr.Vars(t) {
		if v.Scope != expr.Shared {
			return false
		}
	}
	return true
}

// shapeOf returns what an atomic write does; ok is false for other
// writes and atomics of other operations.
func shapeOf(inst ir.Instruction) (atomicShape, bool) {
	e, ok := atomicEffect(inst)
	if !ok || e.ptr == nil {
		return atomicShape{}, false
	}
	var args []value.Value
	switch i := inst.(type) {
	case *ir.InstAtomicRMW:
		args = []value.Value{i.X}
	case *ir.InstCmpXchg:
		args = []value.Value{i.Cmp, i.New}
	case *ir.InstCall:
		for _, arg := range i.Args[1:] {
			args = append(args, symbolic.UnwrapArg(arg))
		}
	default:
		return atomicShape{}, false
	}
	switch {
	case e.op == "add" && len(args) >= 1:
		return atomicShape{kind: FetchAdd, operand: args[0]}, true
	case e.op == "sub" && len(args) >= 1:
		return atomicShape{kind: FetchSub, operand: args[0]}, true
	case (e.op == "xchg" || e.op == "exch") && len(args) >= 1:
		return atomicShape{kind: Exchange, operand: args[0]}, true
	case e.op == "cas" && len(args) >= 2:
		return atomicShape{kind: Claim, operand: args[1], expected: args[0]}, true
	}
	return atomicShape{}, false
}

// atomicResult returns the term of the value an atomic returns, nil if
// nothing reads it.
func (a *analyzer) atomicResult(inst ir.Instruction) *expr.Term {
	switch i := inst.(type) {
	case *ir.InstCmpXchg:
		return a.casResult(i)
	case value.Value:
		return a.ev.Term(i)
	}
	return nil
}

// casResult returns the term of the value a cmpxchg returns (its first
// field), one variable per cmpxchg.
func (a *analyzer) casResult(cx *ir.InstCmpXchg) *expr.Term {
	if t, ok := a.casResults[cx]; ok {
		return t
	}
	w := symbolic.WidthOf(cx.Cmp.Type())
	if w <= 0 {
		w = 64
	}
	t := a.ev.Fresh(cx, "cas", w)
	a.casResults[cx] = t
	return t
}

// extractValue translates the fields of a cmpxchg's result: the old value,
// and whether it equalled the compared value.
func (a *analyzer) extractValue(v *ir.InstExtractValue) *expr.Term {
	cx, ok := symbolic.UnwrapArg(v.X).(*ir.InstCmpXchg)
	if !ok || len(v.Indices) != 1 {
		return nil
	}
	switch v.Indices[0] {
	case 0:
		return a.casResult(cx)
	case 1:
		return expr.Eq(a.casResult(cx), a.ev.Term(cx.Cmp))
	}
	return nil
}
