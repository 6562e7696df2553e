package hostanalysis

import (
	"testing"

	"hgrd/expr"
)

// TestHostVariablesAreHostValues checks that the variables of a launch's
// arguments and facts (a call's result, a pitch slot) carry the role of
// host values.
func TestHostVariablesAreHostValues(t *testing.T) {
	launches := launchesOf(t, "testdata/pitch.cu")
	if len(launches) != 1 {
		t.Fatalf("%d launches, want 1", len(launches))
	}
	l := launches[0]
	terms := append([]*expr.Term(nil), l.Args...)
	for _, f := range l.Facts {
		terms = append(terms, f.Cond)
	}
	n := 0
	for _, term := range terms {
		if term == nil {
			continue
		}
		for _, v := range expr.Vars(term) {
			n++
			if v.Role != (expr.Role{Kind: expr.HostValue}) || v.Scope != expr.Shared {
				t.Errorf("host variable %s has role %+v and scope %d", v.Name, v.Role, v.Scope)
			}
		}
	}
	if n == 0 {
		t.Error("the launch's arguments and facts have no variables")
	}
}
