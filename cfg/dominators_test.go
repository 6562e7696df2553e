package cfg

import (
	"strings"
	"testing"
)

// A graph is a graph of named nodes, parsed from lines such as "a b c"
// (a's successors are b and c).
type graph struct {
	lines [][]string
	edges map[string][]string
}

func parse(lines ...string) graph {
	g := graph{edges: map[string][]string{}}
	for _, l := range lines {
		f := strings.Fields(l)
		g.lines = append(g.lines, f)
		g.edges[f[0]] = append(g.edges[f[0]], f[1:]...)
	}
	return g
}

func (g graph) succs(n string) []string { return g.edges[n] }

// reversed returns the predecessors function of g, with "exit" as a
// virtual exit whose successors are the given exiting nodes.
func (g graph) reversed(exits ...string) func(string) []string {
	preds := map[string][]string{"exit": exits}
	for _, l := range g.lines {
		for _, s := range l[1:] {
			preds[s] = append(preds[s], l[0])
		}
	}
	return func(n string) []string { return preds[n] }
}

// idoms prints every node's immediate dominator, in the tree's order.
func idoms(t *Tree[string]) string {
	var out []string
	for _, n := range t.Nodes() {
		if d, ok := t.IDom(n); ok {
			out = append(out, d+">"+n)
		}
	}
	return strings.Join(out, " ")
}

func TestDominators(t *testing.T) {
	tests := []struct {
		name  string
		g     graph
		exits []string // for post-dominators
		dom   string   // immediate dominators
		post  string   // immediate post-dominators, "exit" the virtual exit
	}{
		{
			name:  "diamond",
			g:     parse("entry then else", "then join", "else join"),
			exits: []string{"join"},
			dom:   "entry>else entry>then entry>join",
			post:  "exit>join join>else join>then join>entry",
		},
		{
			name:  "loop",
			g:     parse("entry head", "head body exit_", "body latch", "latch head"),
			exits: []string{"exit_"},
			dom:   "entry>head head>exit_ head>body body>latch",
			post:  "exit>exit_ exit_>head head>latch latch>body head>entry",
		},
		{
			// The abort path ends nowhere: it does not reach the exit,
			// so it has no post-dominator and does not count against
			// join post-dominating cond.
			name:  "aborting path",
			g:     parse("entry cond", "cond abort join", "join ret"),
			exits: []string{"ret"},
			dom:   "entry>cond cond>join join>ret cond>abort",
			post:  "exit>ret ret>join join>cond cond>entry",
		},
		{
			name:  "multiple exits",
			g:     parse("entry a b", "a ret1", "b ret2 a"),
			exits: []string{"ret1", "ret2"},
			dom:   "entry>b b>ret2 entry>a a>ret1",
			post:  "exit>ret2 exit>ret1 ret1>a exit>b exit>entry",
		},
		{
			name:  "unreachable node",
			g:     parse("entry ret", "dead ret"),
			exits: []string{"ret"},
			dom:   "entry>ret",
			post:  "exit>ret ret>dead ret>entry",
		},
	}
	for _, tt := range tests {
		dom := Dominators("entry", tt.g.succs)
		if got := idoms(dom); got != tt.dom {
			t.Errorf("%s: dominators %q, want %q", tt.name, got, tt.dom)
		}
		post := Dominators("exit", tt.g.reversed(tt.exits...))
		if got := idoms(post); got != tt.post {
			t.Errorf("%s: post-dominators %q, want %q", tt.name, got, tt.post)
		}
	}
}

func TestDominates(t *testing.T) {
	g := parse("entry head", "head body done", "body head", "done ret", "head2 ret")
	dom := Dominators("entry", g.succs)
	tests := []struct {
		a, b   string
		want   bool
		reason string
	}{
		{"entry", "ret", true, "the root dominates every node"},
		{"head", "body", true, "a loop header dominates its body"},
		{"body", "head", false, "the body does not dominate its header"},
		{"head", "head", true, "a node dominates itself"},
		{"body", "done", false, "the loop may run no iteration"},
		{"head2", "ret", false, "an unreachable node dominates nothing"},
		{"ret", "head2", false, "an unreachable node is dominated by nothing"},
		{"head2", "head2", false, "not even itself"},
	}
	for _, tt := range tests {
		if got := dom.Dominates(tt.a, tt.b); got != tt.want {
			t.Errorf("Dominates(%s, %s) = %v, want %v (%s)", tt.a, tt.b, got, tt.want, tt.reason)
		}
	}
	if dom.Contains("head2") || !dom.Contains("body") {
		t.Error("Contains: the tree holds exactly the reachable nodes")
	}
	if _, ok := dom.IDom("entry"); ok {
		t.Error("IDom(root) is ok, want none")
	}
}

func TestReversePostorder(t *testing.T) {
	g := parse("a b c", "b d", "c d", "d a")
	got := strings.Join(ReversePostorder("a", g.succs), " ")
	if want := "a c b d"; got != want {
		t.Errorf("ReversePostorder = %q, want %q (successors in order, the root first)", got, want)
	}
}
