package expr

import "testing"

func TestRoleSurvivesInstantiate(t *testing.T) {
	tid := VarWithRole("tid.x", 32, PerThread, Role{Kind: ThreadIndex, Axis: 0})
	ntid := VarWithRole("ntid.y", 32, Shared, Role{Kind: BlockDim, Axis: 1})
	n := Var("n", 32, Shared)
	term := Add(Mul(tid, ntid), n)
	got := map[string]*Term{}
	for _, v := range Vars(Instantiate(term, 2)) {
		got[v.Name] = v
	}
	tests := []struct {
		name   string
		scope  Scope
		role   Role
		reason string
	}{
		{"tid.x#2", Instance, Role{Kind: ThreadIndex}, "a per-thread variable is renamed and keeps its role"},
		{"ntid.y", Shared, Role{Kind: BlockDim, Axis: 1}, "a launch-wide variable is left as it is"},
		{"n", Shared, Role{}, "a variable of no role stays of none"},
	}
	for _, tt := range tests {
		v, ok := got[tt.name]
		if !ok {
			t.Errorf("Instantiate(%s, 2) lacks %s (%s)", term, tt.name, tt.reason)
			continue
		}
		if v.Scope != tt.scope || v.Role != tt.role {
			t.Errorf("%s has scope %d and role %+v, want %d and %+v (%s)", tt.name, v.Scope, v.Role, tt.scope, tt.role, tt.reason)
		}
	}
}

func TestRenamedKeepsRole(t *testing.T) {
	v := VarWithRole("main#1.n", 64, Shared, Role{Kind: HostValue})
	r := Renamed(v, "n")
	if r.Name != "n" || r.Width != 64 || r.Scope != Shared || r.Role != v.Role {
		t.Errorf("Renamed(%s, n) = %s of width %d, scope %d, role %+v", v, r, r.Width, r.Scope, r.Role)
	}
	if v.Name != "main#1.n" {
		t.Errorf("Renamed changed its operand to %s", v)
	}
}

func TestRoleDoesNotPrint(t *testing.T) {
	with := VarWithRole("k.L0", 32, PerThread, Role{Kind: LoopCounter})
	without := Var("k.L0", 32, PerThread)
	if with.String() != without.String() {
		t.Errorf("a role changes the printed form: %s, not %s", with, without)
	}
}
