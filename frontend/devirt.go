// This file defines the device side's resolution of calls through function
// pointers: each becomes a call of a dispatcher that compares the pointer
// with every function it may hold and calls that one, so that the inliner
// brings the possible callees' bodies into the kernel.

package frontend

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// resolveIndirectCalls rewrites m so that every call through a function
// pointer calls a dispatcher over the pointer's possible targets: the
// functions of the module whose address is taken and whose type is the
// call's. Device code cannot call host functions, and a pointer that
// holds none of them is undefined behaviour, so the targets are all the
// call can reach. A call with no possible target is left as it is (the
// kernel analysis reports it as not seen into). It reports whether it
// changed m.
func resolveIndirectCalls(m *ir.Module) bool {
	taken := addressTaken(m)
	changed := false
	for _, f := range m.Funcs {
		for _, b := range f.Blocks {
			for _, inst := range b.Insts {
				c, ok := inst.(*ir.InstCall)
				if !ok || !isIndirect(c) {
					continue
				}
				targets := targetsOf(c, taken)
				if len(targets) == 0 {
					continue
				}
				d := newDispatcher(m, c, targets)
				c.Args = append([]value.Value{c.Callee}, c.Args...)
				c.Callee = d
				changed = true
			}
		}
	}
	return changed
}

// isIndirect reports whether a call's callee is a value other than a
// function or inline assembly.
func isIndirect(c *ir.InstCall) bool {
	switch c.Callee.(type) {
	case *ir.Func, *ir.InlineAsm:
		return false
	}
	return true
}

// targetsOf returns the defined functions whose address is taken and whose
// signature is the one the call uses, in module order.
func targetsOf(c *ir.InstCall, taken []*ir.Func) []*ir.Func {
	ptr, ok := c.Callee.Type().(*types.PointerType)
	if !ok {
		return nil
	}
	sig, ok := ptr.ElemType.(*types.FuncType)
	if !ok || sig.Variadic {
		return nil
	}
	var out []*ir.Func
	for _, f := range taken {
		if len(f.Blocks) > 0 && f.Sig.Equal(sig) {
			out = append(out, f)
		}
	}
	return out
}

// addressTaken returns the functions of m used other than as the callee of
// a direct call: in an operand, a constant expression or a global's
// initializer.
func addressTaken(m *ir.Module) []*ir.Func {
	seen := map[*ir.Func]bool{}
	var out []*ir.Func
	var visit func(v value.Value)
	visit = func(v value.Value) {
		switch v := v.(type) {
		case *ir.Func:
			if !seen[v] {
				seen[v] = true
				out = append(out, v)
			}
		case *ir.Arg:
			visit(v.Value)
		case *constant.ExprBitCast:
			visit(v.From)
		case *constant.ExprAddrSpaceCast:
			visit(v.From)
		case *constant.ExprPtrToInt:
			visit(v.From)
		case *constant.ExprGetElementPtr:
			visit(v.Src)
		case *constant.ExprICmp:
			visit(v.X)
			visit(v.Y)
		case *constant.ExprSelect:
			visit(v.X)
			visit(v.Y)
		case *constant.Struct:
			for _, f := range v.Fields {
				visit(f)
			}
		case *constant.Array:
			for _, e := range v.Elems {
				visit(e)
			}
		case *constant.Vector:
			for _, e := range v.Elems {
				visit(e)
			}
		}
	}
	for _, g := range m.Globals {
		if g.Init != nil {
			visit(g.Init)
		}
	}
	for _, f := range m.Funcs {
		for _, b := range f.Blocks {
			for _, inst := range b.Insts {
				visitOperands(inst, visit)
			}
			if b.Term != nil {
				visitOperands(b.Term, visit)
			}
		}
	}
	return out
}

// visitOperands calls visit on each operand of an instruction, except the
// callee of a call.
func visitOperands(inst interface{}, visit func(value.Value)) {
	u, ok := inst.(interface{ Operands() []*value.Value })
	if !ok {
		return
	}
	var callee value.Value
	if c, ok := inst.(*ir.InstCall); ok {
		callee = c.Callee
	}
	for _, op := range u.Operands() {
		if *op != callee || callee == nil {
			visit(*op)
		}
	}
}

// newDispatcher adds to m an always-inline function that takes a call's
// function pointer and arguments and calls the target the pointer equals,
// the last target when it equals none of the others.
func newDispatcher(m *ir.Module, c *ir.InstCall, targets []*ir.Func) *ir.Func {
	fp := ir.NewParam("fp", c.Callee.Type())
	params := []*ir.Param{fp}
	var args []value.Value
	for i, a := range c.Args {
		p := ir.NewParam(fmt.Sprintf("a%d", i), a.Type())
		params = append(params, p)
		args = append(args, p)
	}
	ret := targets[0].Sig.RetType
	d := m.NewFunc(fmt.Sprintf("hgrd.dispatch.%d", len(m.Funcs)), ret, params...)
	d.Linkage = enum.LinkageInternal
	d.FuncAttrs = append(d.FuncAttrs, enum.FuncAttrAlwaysInline)
	b := d.NewBlock("entry")
	for i, t := range targets {
		call := b
		if i < len(targets)-1 {
			call = d.NewBlock(fmt.Sprintf("call.%d", i))
			next := d.NewBlock(fmt.Sprintf("next.%d", i))
			b.NewCondBr(b.NewICmp(enum.IPredEQ, fp, t), call, next)
			b = next
		}
		r := call.NewCall(t, args...)
		r.Metadata = c.Metadata
		if types.Equal(ret, types.Void) {
			call.NewRet(nil)
		} else {
			call.NewRet(r)
		}
	}
	return d
}
