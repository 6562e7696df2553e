package symbolic

import (
	"testing"

	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
)

// diamond has an if-else whose branches meet at join, a loop, and a path
// that ends in unreachable (a failed assert).
const diamond = `
define void @f(i1 %c, i1 %d, i1 %e) {
entry:
  br i1 %c, label %then, label %else
then:
  br label %join
else:
  br i1 %e, label %abort, label %join
abort:
  unreachable
join:
  br label %loop
loop:
  br i1 %d, label %loop, label %exit
exit:
  ret void
}
`

func TestPostDominates(t *testing.T) {
	m, err := asm.ParseString("diamond.ll", diamond)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGraph(m.Funcs[0])
	blocks := map[string]*ir.Block{}
	for _, b := range g.Blocks {
		blocks[b.LocalName] = b
	}
	tests := []struct {
		a, b   string
		want   bool
		reason string
	}{
		{"join", "entry", true, "both branches meet at join; the abort path does not return"},
		{"join", "else", true, "else's other path aborts the launch"},
		{"then", "entry", false, "the else path avoids then"},
		{"exit", "loop", true, "the loop's only way out"},
		{"loop", "join", true, "a block post-dominated by its loop header"},
		{"entry", "join", false, "entry is before join"},
		{"exit", "abort", false, "no path from abort returns"},
	}
	for _, tt := range tests {
		if got := g.PostDominates(blocks[tt.a], blocks[tt.b]); got != tt.want {
			t.Errorf("PostDominates(%s, %s) = %v, want %v (%s)", tt.a, tt.b, got, tt.want, tt.reason)
		}
	}
}

// TestLeads checks reachability by one or more edges on diamond: a
// block leads to itself only round a cycle, and back edges count.
func TestLeads(t *testing.T) {
	m, err := asm.ParseString("diamond.ll", diamond)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGraph(m.Funcs[0])
	blocks := map[string]*ir.Block{}
	for _, b := range g.Blocks {
		blocks[b.LocalName] = b
	}
	tests := []struct {
		from, to string
		want     bool
	}{
		{"entry", "exit", true},
		{"then", "else", false},
		{"loop", "loop", true},
		{"join", "join", false},
		{"abort", "exit", false},
		{"exit", "entry", false},
	}
	for _, tt := range tests {
		if got := g.Leads(blocks[tt.from], blocks[tt.to]); got != tt.want {
			t.Errorf("Leads(%s, %s) = %v, want %v", tt.from, tt.to, got, tt.want)
		}
	}
	if set := g.Reached(Closure{From: blocks["join"], Forward: true, Acyclic: true}); set[blocks["entry"]] || !set[blocks["exit"]] || !set[blocks["join"]] {
		t.Errorf("Reached from join, acyclic = %v, want join, loop and exit only", set)
	}
}
