// This file defines the lowering of the host side's invoke terminators.
// Host code calls through invoke wherever an exception may unwind through
// a cleanup or a try block (a function holding a std::vector, for
// instance), and a launch, an allocation or an assert's call is then an
// invoke. The analyses look for calls, so each invoke becomes the same
// call followed by a branch to either of its two successors.

package frontend

import (
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// lowerInvokes replaces every invoke in m by a call at the end of its
// block and an indirectbr to the invoke's normal and unwind successors:
// control goes on to either, and nothing says which, as with an
// exception that may or may not be thrown.
func lowerInvokes(m *ir.Module) {
	for _, f := range m.Funcs {
		replaced := map[value.Value]value.Value{}
		for _, b := range f.Blocks {
			inv, ok := b.Term.(*ir.TermInvoke)
			if !ok {
				continue
			}
			call := callOf(inv)
			b.Insts = append(b.Insts, call)
			b.Term = ir.NewIndirectBr(constant.NewNull(types.I8Ptr),
				inv.NormalRetTarget.(*ir.Block), inv.ExceptionRetTarget.(*ir.Block))
			replaced[inv] = call
		}
		if len(replaced) > 0 {
			replaceUses(f, replaced)
		}
	}
}

// callOf returns the call that an invoke makes.
func callOf(inv *ir.TermInvoke) *ir.InstCall {
	call := ir.NewCall(inv.Invokee, inv.Args...)
	call.LocalIdent = inv.LocalIdent
	call.Typ = inv.Typ
	call.CallingConv = inv.CallingConv
	call.ReturnAttrs = inv.ReturnAttrs
	call.AddrSpace = inv.AddrSpace
	call.FuncAttrs = inv.FuncAttrs
	call.OperandBundles = inv.OperandBundles
	call.Metadata = inv.Metadata
	return call
}

// replaceUses makes every operand of f's instructions and terminators
// that is a key of replaced its value.
func replaceUses(f *ir.Func, replaced map[value.Value]value.Value) {
	swap := func(ops []*value.Value) {
		for _, op := range ops {
			if r, ok := replaced[*op]; ok {
				*op = r
			}
		}
	}
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			if u, ok := inst.(value.User); ok {
				swap(u.Operands())
			}
		}
		if u, ok := b.Term.(value.User); ok {
			swap(u.Operands())
		}
	}
}
