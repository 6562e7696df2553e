package constraints

import (
	"slices"
	"testing"

	"hgrd/expr"
)

func TestKindStrings(t *testing.T) {
	var got []string
	for _, k := range Kinds {
		got = append(got, k.String())
	}
	// The order is the order of queries and of reports; the strings are
	// the reports' kinds.
	want := []string{"inter-block", "intra-block", "intra-warp"}
	if !slices.Equal(got, want) {
		t.Errorf("Kinds spell %v, want %v", got, want)
	}
	if got := Kind(0).String(); got != "Kind(0)" {
		t.Errorf("the zero Kind spells %q", got)
	}
}

func TestUnionIsOfNoKind(t *testing.T) {
	x := expr.Var("x", 32, expr.Shared)
	a := &Query{Kind: InterBlock, Assertions: []*expr.Term{expr.Eq(x, expr.Const(1, 32))}}
	b := &Query{Kind: IntraWarp, Assertions: []*expr.Term{expr.Eq(x, expr.Const(2, 32))}}
	u := Union([]*Query{a, b})
	if u == nil || !u.Union || u.Kind != 0 {
		t.Fatalf("Union of two kinds' queries = %+v, want a union of no kind", u)
	}
	if a.Union || b.Union {
		t.Error("the queries of one kind are marked as unions")
	}
}
