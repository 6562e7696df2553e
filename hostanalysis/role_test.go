package hostanalysis

import (
	"testing"

	"hgrd/expr"
)

// TestHostVariablesAreHostValues checks that the variables of a launch's
// arguments and facts (a call's result, a pitch slot, the pitch field of
// a cudaPitchedPtr) carry the role of host values.
func TestHostVariablesAreHostValues(t *testing.T) {
	launches := launchesOf(t, "testdata/pitch.cu")
	if len(launches) != 3 {
		t.Fatalf("%d launches, want 3", len(launches))
	}
	for _, l := range launches {
		terms := append([]*expr.Term(nil), l.Args...)
		for _, f := range l.Facts {
			terms = append(terms, f.Cond)
		}
		for _, a := range l.Fields {
			for _, f := range a {
				terms = append(terms, f.Term)
			}
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
			t.Errorf("the launch of %s: its arguments and facts have no variables", l.Kernel.Name)
		}
	}
}
