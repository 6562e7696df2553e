package symbolic

import (
	"fmt"
	"strings"
	"testing"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"

	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/internal/testkit"
)

// goldenHooks name parameters after themselves, the results of calls
// after their callees (tid.x for llvm.nvvm.read.ptx.sreg.tid.x), and loop
// counters k.L<ID>.
type goldenHooks struct{}

func (goldenHooks) Leaf(v value.Value, w int) *expr.Term {
	switch v := v.(type) {
	case *ir.Param:
		return expr.Var(v.Name(), w, expr.Shared)
	case *ir.InstCall:
		if name := CalleeName(v); name != "" {
			return expr.Var(strings.TrimPrefix(name, "llvm.nvvm.read.ptx.sreg."), w, expr.PerThread)
		}
	}
	return nil
}
func (goldenHooks) Iteration(l *Loop) *expr.Term {
	return expr.Var(fmt.Sprintf("k.L%d", l.ID), 32, expr.PerThread)
}
func (goldenHooks) UniformLoopValue(*ir.InstPhi, *Loop, int) *expr.Term { return nil }
func (goldenHooks) StableCall(*ir.InstCall) bool                        { return true }
func (goldenHooks) Opaque(_ value.Value, t *expr.Term) *expr.Term       { return t }

// TestGolden prints, for each kernel of the test files, the path condition
// of every block and the term of every integer value with a source
// position, and compares them with testdata/<file>.golden; -update
// rewrites those. Values are numbered $1, $2, ... as they are printed,
// and later terms name them so.
func TestGolden(t *testing.T) {
	for _, name := range []string{"branches", "loops"} {
		t.Run(name, func(t *testing.T) {
			u := testkit.Load(t, "testdata/"+name+".cu")
			var out strings.Builder
			for _, k := range u.Kernels {
				printFunc(&out, u, k.Name, k.Func)
			}
			testkit.Golden(t, name, out.String())
		})
	}
}

// printFunc prints a function's blocks in reverse postorder, then the
// definedness conditions of all its values.
func printFunc(w *strings.Builder, u *frontend.Unit, name string, f *ir.Func) {
	e := New(f, goldenHooks{}, expr.PerThread)
	fmt.Fprintf(w, "function %s\n", name)
	names := map[*expr.Term]string{}
	var terms []*expr.Term
	for i, b := range e.G.Blocks {
		fmt.Fprintf(w, "  block %d%s\n", i, loopText(e.G, b))
		fmt.Fprintf(w, "    cond %s\n", namedTerm(e.BlockCond(b), names))
		for _, inst := range b.Insts {
			v, ok := inst.(value.Value)
			pos, located := u.Pos(inst)
			if !ok || !located || WidthOf(v.Type()) < 0 {
				continue
			}
			t := e.Term(v)
			terms = append(terms, t)
			label := fmt.Sprintf("$%d", len(terms))
			fmt.Fprintf(w, "    %s = %s at %s: %s\n", label, llvmOpcode(inst), testkit.Pos(pos), namedTerm(t, names))
			if _, ok := names[t]; !ok && !t.IsConst() && t.Op != expr.OpVar {
				names[t] = label
			}
		}
	}
	fmt.Fprintf(w, "  defined when %s\n", testkit.TermNamed(e.Definedness(terms...), names))
}

// namedTerm prints a term with the named values' terms as their names, the
// term itself too if it is one of them.
func namedTerm(t *expr.Term, names map[*expr.Term]string) string {
	if name, ok := names[t]; ok {
		return name
	}
	return testkit.TermNamed(t, names)
}

// loopText describes the innermost loop of a block, if any.
func loopText(g *Graph, b *ir.Block) string {
	l := g.LoopOf[b]
	if l == nil {
		return ""
	}
	if l.Header == b {
		return fmt.Sprintf(", header of loop k.L%d", l.ID)
	}
	return fmt.Sprintf(", in loop k.L%d", l.ID)
}

// llvmOpcode returns an instruction's LLVM opcode, such as "add" or "icmp".
func llvmOpcode(inst ir.Instruction) string {
	s := inst.LLString()
	if i := strings.Index(s, " = "); i >= 0 {
		s = s[i+3:]
	}
	return strings.Fields(s)[0]
}
