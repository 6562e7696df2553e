package analysis

import (
	"testing"

	"hgrd/constraints"
	"hgrd/expr"
	"hgrd/hostanalysis"
	"hgrd/internal/testkit"
	"hgrd/kernelanalysis"
	"hgrd/solver"
)

// TestSettleMembers checks what a union's answer leaves to the queries of
// its kinds: unsat answers them all, unknown asks each within
// memberBudget, a race asks each with the whole budget.
func TestSettleMembers(t *testing.T) {
	for _, tt := range []struct {
		status     solver.Status
		answered   bool
		wantBudget uint64
	}{
		{solver.Unsat, true, 0},
		{solver.Unknown, false, memberBudget},
		{solver.Sat, false, 0},
	} {
		members := []*task{{}, {}, {}}
		union := &task{members: members}
		union.settleMembers(&solver.Result{Status: tt.status})
		if union.result == nil || union.result.Status != tt.status {
			t.Errorf("%v: the union's answer is not recorded", tt.status)
		}
		for i, m := range members {
			if (m.result != nil) != tt.answered {
				t.Errorf("%v: member %d answered = %v, want %v", tt.status, i, m.result != nil, tt.answered)
			}
			if m.budget != tt.wantBudget {
				t.Errorf("%v: member %d budget = %d, want %d", tt.status, i, m.budget, tt.wantBudget)
			}
		}
	}
	if memberBudget == 0 || memberBudget >= solver.DefaultBudget {
		t.Errorf("memberBudget = %d: it must be a positive part of the default budget %d", memberBudget, solver.DefaultBudget)
	}
}

// equalThenLoaded stores 0 from threads 0 to 3 and what it loads from
// the rest; pairs of threads write one slot of a.
const equalThenLoaded = `__global__ void k(int *a, const int *b) {
  int v = threadIdx.x < 4 ? 0 : b[threadIdx.x];
  a[threadIdx.x / 2] = v;
}
int main() {
  int *a, *b;
  cudaMalloc(&a, 16 * sizeof(int));
  cudaMalloc(&b, 32 * sizeof(int));
  k<<<1, 32>>>(a, b);
  return 0;
}
`

// TestExtendWitness checks the retry of a witness whose writes store
// equal values: threads 4 and 5 may store different loaded values, and
// the race found keeps them; threads 0 and 1 both store 0, whatever
// memory holds, and the retry finds no race.
func TestExtendWitness(t *testing.T) {
	u := testkit.LoadSource(t, "values.cu", equalThenLoaded)
	var q *constraints.Query
	for _, fk := range u.Kernels {
		k, err := kernelanalysis.Analyze(u, fk)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range launchContexts(fk, k, hostanalysis.Launches(u), Options{}) {
			for _, tk := range appendTasks(nil, k, l, Options{}) {
				if tk.members == nil && tk.key.kind == constraints.IntraWarp {
					q = tk.ensureQuery()
				}
			}
		}
	}
	if q == nil || !q.ValuesMustDiffer {
		t.Fatalf("no intra-warp query whose race needs different values: %+v", q)
	}
	// A host value that is a boolean is pinned too.
	flag := expr.VarWithRole("flag", expr.Bool, expr.Shared, expr.Role{Kind: expr.HostValue})
	q.Assertions = append(q.Assertions, expr.AnyOf(flag, expr.Eq(expr.Var("unused", 32, expr.Shared), expr.Const(7, 32))))
	s := solver.New(0)
	defer s.Close()
	for _, tt := range []struct {
		t1, t2  uint64
		wantSat bool
	}{
		{4, 5, true},
		{0, 1, false},
	} {
		found := &solver.Result{Status: solver.Sat, Vars: map[string]uint64{"flag": 1, "tid.x#1": tt.t1, "tid.x#2": tt.t2}}
		res, err := extendWitness(s, q, found, solver.DefaultBudget/extendShare)
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Status == solver.Sat; got != tt.wantSat {
			t.Errorf("threads %d and %d: race %v, want %v", tt.t1, tt.t2, got, tt.wantSat)
			continue
		}
		if tt.wantSat && (res.Vars["tid.x#1"] != tt.t1 || res.Vars["tid.x#2"] != tt.t2 || res.Vars["flag"] != 1) {
			t.Errorf("threads %d and %d: the race found is of threads %d and %d, flag %d", tt.t1, tt.t2, res.Vars["tid.x#1"], res.Vars["tid.x#2"], res.Vars["flag"])
		}
	}
}
