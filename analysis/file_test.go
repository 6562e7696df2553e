package analysis

import (
	"context"
	"slices"
	"strings"
	"testing"

	"hgrd/constraints"
	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/hostanalysis"
	"hgrd/internal/testkit"
	"hgrd/kernelanalysis"
	"hgrd/report"
)

// twoKernels launches one kernel itself, leaves the other to other files,
// and calls a host function that another file defines.
const twoKernels = `__global__ void launched(int *a) { a[threadIdx.x] = 1; }
__global__ void library(int *a) { a[0] = threadIdx.x; }
void prepare(int *a);
int main() {
  int *a;
  cudaMalloc(&a, 64 * sizeof(int));
  prepare(a);
  launched<<<1, 64>>>(a);
  return 0;
}
`

func TestFileFindsRacesAndLinkage(t *testing.T) {
	u := testkit.LoadSource(t, "two.cu", twoKernels)
	res, err := File(context.Background(), u, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, r := range res.Races {
		if r.Kernel != "library" {
			t.Errorf("race in %s: only library's a[0] races", r.Kernel)
		}
		kinds = append(kinds, r.Kind)
	}
	// library has no launch here, so any shape: every kind races, in
	// the order of constraints.Kinds.
	if want := []string{"inter-block", "intra-block", "intra-warp"}; !slices.Equal(kinds, want) {
		t.Errorf("race kinds %v, want %v", kinds, want)
	}
	for _, r := range res.Races {
		if r.Fingerprint == "" || r.Witness == nil {
			t.Errorf("race %s lacks its fingerprint or witness", r.Message)
		}
	}
	exported := strings.Join(res.Linkage.Exported, " ")
	if !strings.Contains(exported, "library") || strings.Contains(exported, "launched") {
		t.Errorf("exported %v: want library's stub only", res.Linkage.Exported)
	}
	if !slices.ContainsFunc(res.Linkage.Imported, func(f string) bool { return strings.Contains(f, "prepare") }) {
		t.Errorf("imported %v: want prepare", res.Linkage.Imported)
	}
}

func TestSameContextComparesStructure(t *testing.T) {
	n := expr.Var("n", 32, expr.Shared)
	m := expr.Var("n", 64, expr.Shared) // prints as n too
	ctx := func(fact *expr.Term, offset *expr.Term) *constraints.Launch {
		return &constraints.Launch{Facts: []*expr.Term{fact},
			Aliases: map[constraints.Slot]constraints.Alias{{Param: 0, Field: constraints.NoField}: {Group: "a", Offset: offset}}}
	}
	base := ctx(expr.ULt(n, expr.Const(8, 32)), expr.Const(0, 64))
	if !sameContext(base, ctx(expr.ULt(n, expr.Const(8, 32)), expr.Const(0, 64))) {
		t.Error("equal contexts are not the same")
	}
	if sameContext(base, ctx(expr.ULt(m, expr.Const(8, 64)), expr.Const(0, 64))) {
		t.Error("facts over variables of different widths are the same")
	}
	if sameContext(base, ctx(expr.ULt(n, expr.Const(8, 32)), nil)) {
		t.Error("a known offset and an unknown one are the same")
	}
}

// TestUnknownContentsAreNamed checks that a race whose addresses depend
// on memory contents says so, naming the memory and where it is read.
func TestUnknownContentsAreNamed(t *testing.T) {
	for _, r := range racesInOneBlock(t, "scatter.cu", `__global__ void scatter(const int *slot, float *out) {
  int j = slot[threadIdx.x];
  out[j] = threadIdx.x;
}
`, "no race: two threads may read one slot value") {
		if !strings.Contains(r.Hint, "the contents of global slot (read at ") || !strings.Contains(r.Hint, "scatter.cu:2:11)") {
			t.Errorf("race note %q does not name slot's contents and where they are read", r.Hint)
		}
		if len(r.Unseen) != 1 || !strings.HasPrefix(r.Unseen[0], "the contents of global slot (read at ") || !strings.HasSuffix(r.Unseen[0], "scatter.cu:2:11)") {
			t.Errorf("race's unseen values %q, want slot's contents alone", r.Unseen)
		}
	}
}

// TestRaceWithoutUnknownsHasNoUnseenValues checks that a race whose
// addresses are thread indices alone lists no unseen values, so that
// tools can tell it from races that need memory contents.
func TestRaceWithoutUnknownsHasNoUnseenValues(t *testing.T) {
	for _, r := range racesInOneBlock(t, "pairs.cu", `__global__ void pairs(int *out) {
  out[threadIdx.x / 2] = threadIdx.x;
}
`, "no race: lanes 2k and 2k+1 write one element") {
		if len(r.Unseen) > 0 {
			t.Errorf("race at line %d lists unseen values %q; its addresses read only thread indices", r.First.Line, r.Unseen)
		}
	}
}

// TestLocalArrayValuesAreNamed checks that a race whose address is read
// back from the thread's own array, at an index hgrd does not follow,
// says that it is, not that it is memory the kernel writes for others.
func TestLocalArrayValuesAreNamed(t *testing.T) {
	for _, r := range racesInOneBlock(t, "bins.cu", `__global__ void bins(const float *in, unsigned *out, int k) {
  unsigned b[4];
  for (int c = 0; c < 4; c++)
    b[c] = (unsigned)(in[threadIdx.x * 4 + c] * 256.0f);
  atomicAdd(&out[b[k & 3]], 1);
  out[threadIdx.x] = 0;
}
`, "no race: a bin may be another thread's slot") {
		if strings.Contains(r.Hint, "memory the kernel also writes") || !strings.Contains(r.Hint, "its own local array") {
			t.Errorf("race note %q does not say the value is read back from the thread's own array", r.Hint)
		}
	}
}

// TestLibraryPairsAreNotChecked checks that a pair of accesses neither of
// which has a position in the user's code (a library kernel's) gets no
// query, while the same accesses with positions do.
func TestLibraryPairsAreNotChecked(t *testing.T) {
	u := testkit.LoadSource(t, "two.cu", twoKernels)
	i := slices.IndexFunc(u.Kernels, func(fk *frontend.Kernel) bool { return fk.Name == "library" })
	if i < 0 {
		t.Fatal("no kernel library")
	}
	k, err := kernelanalysis.Analyze(u, u.Kernels[i])
	if err != nil {
		t.Fatal(err)
	}
	l := launchContexts(u.Kernels[i], k, hostanalysis.Launches(u), Options{})[0]
	if n := len(appendTasks(nil, k, l, Options{})); n == 0 {
		t.Fatal("no task for library's a[0] = threadIdx.x, which races")
	}
	for _, a := range k.Accesses {
		a.Pos = frontend.Pos{File: a.Pos.File}
	}
	if n := len(appendTasks(nil, k, l, Options{})); n != 0 {
		t.Errorf("%d tasks for accesses with no position in the user's code, want none", n)
	}
}

// racesInOneBlock analyses a source file's kernels in one block of 64
// threads and returns their races, failing the test if there are none
// (why says why there is one).
func racesInOneBlock(t *testing.T, name, src, why string) []*report.Race {
	t.Helper()
	u := testkit.LoadSource(t, name, src)
	res, err := File(context.Background(), u, Options{Workers: 1, GridDim: [3]int64{1, 1, 1}, BlockDim: [3]int64{64, 1, 1}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Races) == 0 {
		t.Fatal(why)
	}
	return res.Races
}
