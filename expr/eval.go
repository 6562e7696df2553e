// This file defines the evaluation of terms under an assignment of their
// variables, with the semantics of SMT-LIB bit-vectors (so that Eval agrees
// with the solver, division by zero included).

package expr

import (
	"fmt"
	"strings"
)

// An Env gives values to variables and uninterpreted functions.
type Env interface {
	// Var returns the value of a variable.
	Var(name string) (uint64, bool)
	// Apply returns the value of an uninterpreted function application.
	Apply(name string, args []uint64) (uint64, bool)
}

// MapEnv is an Env of variables only.
type MapEnv map[string]uint64

// Var returns the variable's value.
func (m MapEnv) Var(name string) (uint64, bool) { v, ok := m[name]; return v, ok }

// Apply returns the value recorded under the application's printed form,
// such as "load.a(8)".
func (m MapEnv) Apply(name string, args []uint64) (uint64, bool) {
	v, ok := m[ApplyKey(name, args)]
	return v, ok
}

// ApplyKey names an application of an uninterpreted function to values.
func ApplyKey(name string, args []uint64) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = fmt.Sprint(a)
	}
	return name + "(" + strings.Join(parts, ",") + ")"
}

// Eval returns the value of t under env: a bit-vector masked to its width,
// or 0/1 for a boolean.
func Eval(t *Term, env Env) (uint64, error) {
	return NewEvaluator(env).Eval(t)
}

// An Evaluator evaluates terms under one Env, each shared sub-term once
// over all the terms it is given: the assertions of a query, which share
// their path conditions, cost the size of their union.
type Evaluator struct{ e evaluator }

// NewEvaluator returns an Evaluator of terms under env.
func NewEvaluator(env Env) *Evaluator {
	return &Evaluator{evaluator{env: env, memo: map[*Term]uint64{}}}
}

// Eval returns the value of t, as the package's Eval does.
func (v *Evaluator) Eval(t *Term) (uint64, error) { return v.e.eval(t) }

type evaluator struct {
	env  Env
	memo map[*Term]uint64
}

func (e *evaluator) eval(t *Term) (uint64, error) {
	if v, ok := e.memo[t]; ok {
		return v, nil
	}
	args := make([]uint64, len(t.Args))
	if t.Op != OpIte {
		for i, a := range t.Args {
			v, err := e.eval(a)
			if err != nil {
				return 0, err
			}
			args[i] = v
		}
	}
	var v uint64
	switch t.Op {
	case OpVar:
		val, ok := e.env.Var(t.Name)
		if !ok {
			return 0, fmt.Errorf("expr: no value for %s", t.Name)
		}
		v = val & Mask(max(t.Width, 1))
	case OpApply:
		val, ok := e.env.Apply(t.Name, args)
		if !ok {
			return 0, fmt.Errorf("expr: no value for %s", ApplyKey(t.Name, args))
		}
		v = val & Mask(max(t.Width, 1))
	case OpIte:
		c, err := e.eval(t.Args[0])
		if err != nil {
			return 0, err
		}
		branch := t.Args[2]
		if c != 0 {
			branch = t.Args[1]
		}
		if v, err = e.eval(branch); err != nil {
			return 0, err
		}
	default:
		v = apply(t, args)
	}
	e.memo[t] = v
	return v, nil
}

// foldConst evaluates a term whose operands are constants.
func foldConst(t *Term) (*Term, bool) {
	args := make([]uint64, len(t.Args))
	for i, a := range t.Args {
		if !a.IsConst() {
			return t, false
		}
		args[i] = a.Value
	}
	v := apply(t, args)
	if t.IsBool() {
		return BoolConst(v != 0), true
	}
	return Const(v, t.Width), true
}

// apply computes an operator on operand values.
func apply(t *Term, args []uint64) uint64 {
	w := t.Width
	if len(t.Args) > 0 {
		w = t.Args[0].Width
	}
	m := Mask(max(w, 1))
	b2u := func(b bool) uint64 {
		if b {
			return 1
		}
		return 0
	}
	switch t.Op {
	case OpConst:
		return t.Value
	case OpAdd:
		return (args[0] + args[1]) & m
	case OpSub:
		return (args[0] - args[1]) & m
	case OpMul:
		return (args[0] * args[1]) & m
	case OpUDiv:
		if args[1] == 0 {
			return m
		}
		return args[0] / args[1]
	case OpURem:
		if args[1] == 0 {
			return args[0]
		}
		return args[0] % args[1]
	case OpSDiv:
		return sdiv(args[0], args[1], w)
	case OpSRem:
		return srem(args[0], args[1], w)
	case OpShl:
		if args[1] >= uint64(w) {
			return 0
		}
		return (args[0] << args[1]) & m
	case OpLShr:
		if args[1] >= uint64(w) {
			return 0
		}
		return args[0] >> args[1]
	case OpAShr:
		s := args[1]
		if s >= uint64(w) {
			s = uint64(w - 1)
		}
		return uint64(SignExtend(args[0], w)>>s) & m
	case OpAnd:
		return reduce(args, func(x, y uint64) uint64 { return x & y })
	case OpOr:
		return reduce(args, func(x, y uint64) uint64 { return x | y })
	case OpXor:
		return (args[0] ^ args[1]) & m
	case OpZExt:
		return args[0]
	case OpSExt:
		return uint64(SignExtend(args[0], w)) & Mask(t.Width)
	case OpTrunc:
		return args[0] & Mask(t.Width)
	case OpEq:
		return b2u(args[0] == args[1])
	case OpNe:
		return b2u(args[0] != args[1])
	case OpULt:
		return b2u(args[0] < args[1])
	case OpULe:
		return b2u(args[0] <= args[1])
	case OpSLt:
		return b2u(SignExtend(args[0], w) < SignExtend(args[1], w))
	case OpSLe:
		return b2u(SignExtend(args[0], w) <= SignExtend(args[1], w))
	case OpNot:
		return b2u(args[0] == 0)
	case OpImplies:
		return b2u(args[0] == 0 || args[1] != 0)
	case OpBool, OpBV:
		return args[0] & 1
	}
	panic(fmt.Sprintf("expr: cannot evaluate %s", t.Op))
}

func reduce(args []uint64, f func(x, y uint64) uint64) uint64 {
	v := args[0]
	for _, a := range args[1:] {
		v = f(v, a)
	}
	return v
}

// sdiv is SMT-LIB's bvsdiv: truncating, and -1 or 1 for a zero divisor.
func sdiv(a, b uint64, w int) uint64 {
	x, y := SignExtend(a, w), SignExtend(b, w)
	if y == 0 {
		if x < 0 {
			return 1
		}
		return Mask(w)
	}
	if y == -1 {
		return uint64(-x) & Mask(w)
	}
	return uint64(x/y) & Mask(w)
}

// srem is SMT-LIB's bvsrem: the sign of the dividend, a for a zero divisor.
func srem(a, b uint64, w int) uint64 {
	x, y := SignExtend(a, w), SignExtend(b, w)
	if y == 0 {
		return a
	}
	if y == -1 {
		return 0
	}
	return uint64(x%y) & Mask(w)
}
