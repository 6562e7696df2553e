// This file gives host global variables the values the host code can
// give them: a size or a configuration at file scope (int N = 1 << 20;)
// that no code changes is its initialiser at every launch.

package hostanalysis

import (
	"fmt"
	"slices"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/symbolic"
)

// maxGlobalValues bounds the values a global may take for them to be
// modelled: beyond it the global is an unknown, as before.
const maxGlobalValues = 8

// globalValues maps each integer or floating-point (float, double)
// global variable of the host code whose values are known to them: its
// initialiser and every constant the host code stores into it. A global qualifies when the host code only loads
// it and stores constants (or loads of other such globals) into it: its
// address goes nowhere else (no call, no pointer arithmetic, no other
// global's initialiser), so nothing in this file writes it otherwise.
// The set ignores when the stores run, which makes it an
// over-approximation of what a load reads, whatever the order of calls.
//
// Another file could write a global that other files can name. So one
// qualifies only if it is the file's own (static, or in an anonymous
// namespace), or if the file defines main: a program's configuration at
// file scope (int N = 1 << 20;) lives in its main file, and a program
// whose other files write it through an extern declaration is not what
// such code looks like. --explain shows the values a launch gets.
type globalValues map[*ir.Global][]uint64

// globalValuesOf computes the globalValues of a host module from its
// globalUses.
func globalValuesOf(m *ir.Module, escaped map[*ir.Global]bool, stores map[*ir.Global][]value.Value) globalValues {
	out := globalValues{}
	for _, g := range m.Globals {
		if vals, ok := valuesOf(g, stores, escaped, map[*ir.Global]bool{}); ok {
			out[g] = vals
		}
	}
	return out
}

// globalUses returns the globals of a host module that code outside the
// host code's loads and stores may write (escaped): those whose address
// goes anywhere else, and, in a file without main, those other files can
// name. It also returns the values the host code stores into each.
func globalUses(m *ir.Module) (escaped map[*ir.Global]bool, stores map[*ir.Global][]value.Value) {
	hasMain := slices.ContainsFunc(m.Funcs, func(f *ir.Func) bool { return f.Name() == "main" && len(f.Blocks) > 0 })
	escaped = map[*ir.Global]bool{}
	stores = map[*ir.Global][]value.Value{}
	for _, g := range m.Globals {
		if g.Init != nil {
			markGlobals(g.Init, escaped)
		}
	}
	for _, f := range m.Funcs {
		for _, b := range f.Blocks {
			for _, inst := range b.Insts {
				noteGlobalUses(inst, stores, escaped)
			}
		}
	}
	for _, g := range m.Globals {
		if !hasMain && !fileOwn(g) {
			escaped[g] = true
		}
	}
	return escaped, stores
}

// fileOwn reports whether no other file can name g.
func fileOwn(g *ir.Global) bool {
	return g.Linkage == enum.LinkageInternal || g.Linkage == enum.LinkagePrivate
}

// noteGlobalUses records what inst does with globals: the value a store
// into one stores, and as escaped every global it uses otherwise (a
// load's source is a use that changes nothing).
func noteGlobalUses(inst ir.Instruction, stores map[*ir.Global][]value.Value, escaped map[*ir.Global]bool) {
	switch i := inst.(type) {
	case *ir.InstLoad:
		if _, ok := i.Src.(*ir.Global); ok {
			return
		}
	case *ir.InstStore:
		if g, ok := i.Dst.(*ir.Global); ok {
			stores[g] = append(stores[g], i.Src)
			markGlobals(i.Src, escaped)
			return
		}
	}
	u, ok := inst.(value.User)
	if !ok {
		return
	}
	for _, op := range u.Operands() {
		markGlobals(*op, escaped)
	}
}

// markGlobals marks as escaped every global a value names, as a call's
// argument or inside constant expressions, arrays and structures (not
// through the operands of instructions: each instruction's own uses are
// noted where it is).
func markGlobals(v value.Value, escaped map[*ir.Global]bool) {
	switch c := symbolic.UnwrapArg(v).(type) {
	case *ir.Global:
		escaped[c] = true
	case constant.Expression:
		if u, ok := c.(value.User); ok {
			for _, op := range u.Operands() {
				markGlobals(*op, escaped)
			}
		}
	case *constant.Array:
		for _, e := range c.Elems {
			markGlobals(e, escaped)
		}
	case *constant.Struct:
		for _, f := range c.Fields {
			markGlobals(f, escaped)
		}
	}
}

// valuesOf returns the values g can hold, sorted, or false if they are
// not all known or too many (see globalValues). visiting guards against
// globals that store each other.
func valuesOf(g *ir.Global, stores map[*ir.Global][]value.Value, escaped, visiting map[*ir.Global]bool) ([]uint64, bool) {
	if escaped[g] || visiting[g] || g.Init == nil || scalarWidth(g.ContentType) == 0 {
		return nil, false
	}
	visiting[g] = true
	defer delete(visiting, g)
	vals, ok := storedValues(g.Init, stores, escaped, visiting)
	if !ok {
		return nil, false
	}
	for _, v := range stores[g] {
		more, ok := storedValues(v, stores, escaped, visiting)
		if !ok {
			return nil, false
		}
		vals = append(vals, more...)
	}
	slices.Sort(vals)
	vals = slices.Compact(vals)
	return vals, len(vals) <= maxGlobalValues
}

// storedValues returns the values v can have, each sign-extended from
// v's width to 64 bits: v is an integer constant, a float or double
// constant other than NaN (its bit pattern), a load of a global whose
// values are known, or an extension or truncation of one (long copy =
// n).
func storedValues(v value.Value, stores map[*ir.Global][]value.Value, escaped, visiting map[*ir.Global]bool) ([]uint64, bool) {
	width := scalarWidth(v.Type())
	if width == 0 {
		return nil, false
	}
	convert := func(from value.Value, conv func(x uint64, fromWidth int) uint64) ([]uint64, bool) {
		vals, ok := storedValues(from, stores, escaped, visiting)
		fromWidth := intWidth(from.Type())
		out := make([]uint64, len(vals))
		for i, x := range vals {
			out[i] = uint64(expr.SignExtend(conv(x, fromWidth), width))
		}
		return out, ok
	}
	switch c := v.(type) {
	case *constant.Int:
		return []uint64{uint64(expr.SignExtend(uint64(c.X.Int64()), width))}, c.X.IsInt64() || c.X.IsUint64()
	case *constant.Float:
		// The pattern as Term gives a float, not sign-extended.
		bits, ok := symbolic.FloatConstantBits(c)
		return []uint64{bits}, ok
	case *constant.ZeroInitializer:
		return []uint64{0}, true
	case *ir.InstLoad:
		if src, ok := c.Src.(*ir.Global); ok {
			return valuesOf(src, stores, escaped, visiting)
		}
	case *ir.InstSExt:
		return convert(c.From, func(x uint64, _ int) uint64 { return x })
	case *ir.InstZExt:
		return convert(c.From, func(x uint64, fromWidth int) uint64 { return x & expr.Mask(fromWidth) })
	case *ir.InstTrunc:
		return convert(c.From, func(x uint64, _ int) uint64 { return x })
	}
	return nil, false
}

// intWidth returns the width of an integer type, 0 for any other.
func intWidth(t types.Type) int {
	if it, ok := t.(*types.IntType); ok {
		return int(it.BitSize)
	}
	return 0
}

// scalarWidth returns the width of an integer, float or double type,
// whose values globalValues holds as bit patterns (a configuration in a
// double, as miniWeather's data_spec_int), 0 for any other.
func scalarWidth(t types.Type) int {
	if ft, ok := t.(*types.FloatType); ok {
		switch ft.Kind {
		case types.FloatKindFloat:
			return 32
		case types.FloatKindDouble:
			return 64
		}
		return 0
	}
	return intWidth(t)
}

// term returns the value of a load of width w from g as a term: the one
// value g holds, or a choice among its values by fresh host values named
// after name; nil if g's values are not known.
func (gv globalValues) term(g *ir.Global, name string, w int) *expr.Term {
	vals, ok := gv[g]
	if !ok {
		return nil
	}
	value := func(v uint64) *expr.Term {
		if w == expr.Bool {
			return expr.BoolConst(v&1 != 0)
		}
		return expr.Const(v&expr.Mask(w), w)
	}
	t := value(vals[len(vals)-1])
	for i := len(vals) - 2; i >= 0; i-- {
		choice := expr.VarWithRole(fmt.Sprintf("%s.is%d", name, i), expr.Bool, expr.Shared, hostValue)
		t = expr.Ite(choice, value(vals[i]), t)
	}
	return t
}
