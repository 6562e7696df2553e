package kernelanalysis

import (
	"fmt"
	"strings"
	"testing"

	"github.com/llir/llvm/ir"

	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/internal/testkit"
)

// TestGolden prints what the analysis finds in each kernel of the test
// files (parameters, loops, accesses with their terms and guards, and
// which pairs of accesses two threads can run between the same barriers)
// and compares it with testdata/<file>.golden; -update rewrites those.
func TestGolden(t *testing.T) {
	for _, name := range []string{"basic", "counters", "guards", "intervals", "shapes", "tables"} {
		t.Run(name, func(t *testing.T) {
			u := testkit.Load(t, "testdata/"+name+".cu")
			var out strings.Builder
			for _, fk := range u.Kernels {
				k, err := Analyze(u, fk)
				if err != nil {
					t.Fatal(err)
				}
				printKernel(&out, u, k)
			}
			testkit.Golden(t, name, out.String())
		})
	}
}

// printKernel prints one kernel's analysis.
func printKernel(w *strings.Builder, u *frontend.Unit, k *Kernel) {
	fmt.Fprintf(w, "kernel %s\n", k.Name)
	for _, p := range k.Params {
		switch {
		case p.Pointer:
			fmt.Fprintf(w, "  param %d %s: pointer\n", p.Index, p.Name)
		case p.Term != nil:
			fmt.Fprintf(w, "  param %d %s: %s\n", p.Index, p.Name, testkit.Term(p.Term))
		default:
			fmt.Fprintf(w, "  param %d %s\n", p.Index, p.Name)
		}
	}
	for _, a := range k.Assumptions {
		fmt.Fprintf(w, "  assume %s\n", testkit.Term(a))
	}
	for _, s := range k.Incomplete {
		fmt.Fprintf(w, "  incomplete: %s\n", s)
	}
	for _, l := range k.Loops {
		fmt.Fprintf(w, "  loop %s at %s%s\n", Iteration(l), headerPos(u, l.Header), parentText(l))
	}
	for _, c := range k.Counters {
		fmt.Fprintf(w, "  counter %s at %s + %s: %s\n", c.Object, c.Object.Name, testkit.Term(c.Address), testkit.Term(c.Value))
	}
	for _, a := range k.Accesses {
		printAccess(w, a)
	}
	printConcurrency(w, k)
}

// printAccess prints an access: what, where, and its terms.
func printAccess(w *strings.Builder, a *Access) {
	fmt.Fprintf(w, "  access %d: %s %s at %s\n", a.ID, a.Kind, a.Source, testkit.Pos(a.Pos))
	fmt.Fprintf(w, "    object %s\n", a.Object)
	fmt.Fprintf(w, "    offset %s\n", testkit.Term(a.Offset))
	fmt.Fprintf(w, "    size %s\n", testkit.Term(a.Size))
	fmt.Fprintf(w, "    cond %s\n", testkit.Term(a.Cond))
	if a.Kind == Atomic {
		fmt.Fprintf(w, "    atomic %s, %s scope\n", a.Op, a.Scope)
	}
	if len(a.Loops) > 0 {
		var ls []string
		for _, l := range a.Loops {
			ls = append(ls, Iteration(l).String())
		}
		fmt.Fprintf(w, "    in loops %s\n", strings.Join(ls, ", "))
	}
	for _, g := range a.Guards {
		printGuard(w, g)
	}
}

// printGuard prints a guard with its operations' scopes and positions.
func printGuard(w *strings.Builder, g *Guard) {
	leader := ""
	if g.Leader {
		leader = " (by the block's leader)"
	}
	kind := g.Kind.String()
	if !g.Complete() {
		kind = "incomplete " + kind
	}
	fmt.Fprintf(w, "    guard %s %s %s%s, %s scope\n", kind, g.Object, g.Source, leader, g.Scope())
	fmt.Fprintf(w, "      at %s + %s\n", g.Object.Name, testkit.Term(g.Offset))
	for _, op := range g.Ops {
		fmt.Fprintf(w, "      %s (%s) at %s\n", op.Name, op.Scope, testkit.Pos(op.Pos))
	}
	if g.Value != nil {
		fmt.Fprintf(w, "      stores %s\n", testkit.Term(g.Value))
	}
	if g.Exit != nil {
		fmt.Fprintf(w, "      exits when %s\n", testkit.Term(g.Exit))
	}
	if g.Fence != nil {
		fmt.Fprintf(w, "      then %s (%s) at %s\n", g.Fence.Name, g.Fence.Scope, testkit.Pos(g.Fence.Pos))
	}
}

// goldenLevels are the barrier levels whose intervals the golden files show.
var goldenLevels = []struct {
	name  string
	level Level
}{{"block", BlockLevel}, {"warp", WarpLevel}, {"full-warp", FullWarpLevel}, {"grid", GridLevel}}

// printConcurrency prints, for each pair of accesses to one object of
// which one writes (an access with itself included), the condition under
// which two threads run them between the same barriers at each level.
func printConcurrency(w *strings.Builder, k *Kernel) {
	for i, a := range k.Accesses {
		for _, b := range k.Accesses[i:] {
			if a.Object != b.Object || a.Kind == Read && b.Kind == Read {
				continue
			}
			fmt.Fprintf(w, "  pair %d %d\n", a.ID, b.ID)
			for _, l := range goldenLevels {
				cond, ok := k.Concurrent(a, b, l.level)
				fmt.Fprintf(w, "    %s: %s\n", l.name, concurrencyText(cond, ok))
			}
			cond, ok := k.WarpConcurrent(a, b)
			fmt.Fprintf(w, "    lanes: %s\n", concurrencyText(cond, ok))
		}
	}
}

// concurrencyText spells the result of Concurrent.
func concurrencyText(cond *expr.Term, ok bool) string {
	if !ok {
		return "ordered"
	}
	return "concurrent when " + testkit.Term(cond)
}

// headerPos returns the position of a block's first located instruction.
func headerPos(u *frontend.Unit, b *ir.Block) string {
	for _, inst := range b.Insts {
		if p, ok := u.Pos(inst); ok {
			return testkit.Pos(p)
		}
	}
	if p, ok := u.Pos(b.Term); ok {
		return testkit.Pos(p)
	}
	return "?"
}

// parentText names the loop a loop is nested in.
func parentText(l *Loop) string {
	if l.Parent == nil {
		return ""
	}
	return ", inside " + Iteration(l.Parent).String()
}
