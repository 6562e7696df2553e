package hostanalysis

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/llir/llvm/ir"

	"hgrd/expr"
	"hgrd/internal/testkit"
)

// findGlobalValues computes the globalValues of a host module, as the
// walker does (newWalker).
func findGlobalValues(m *ir.Module) globalValues {
	escaped, stores := globalUses(m)
	return globalValuesOf(m, escaped, stores)
}

// globalsSource has one global of each kind globalValuesOf tells
// apart: read only, set to constants, copied from another, set from the
// command line, passed by address, a float and a double set to a
// negative constant (held as their bit patterns, not sign-extended).
const globalsSource = `#include <cstdlib>
int n = 1 << 20;
int stride = 2;
long copy = 7;
int fromArgs = 3;
int byAddress = 4;
float scale = 0.5f;
double mode = 2.0;
static int own = 16;
#include <cstdio>
__global__ void k(int *a, int m) { a[threadIdx.x] = m; }
int main(int argc, char **argv) {
  if (argc > 2) stride = 1;
  if (argc > 3) mode = -1.5;
  copy = n;
  fromArgs = atoi(argv[1]);
  sscanf(argv[2], "%d", &byAddress);
  int *a;
  cudaMalloc(&a, n * sizeof(int));
  k<<<n / own, own>>>(a, stride + copy + fromArgs + byAddress + (int)scale + (int)mode);
  return 0;
}
`

func TestGlobalValues(t *testing.T) {
	u := testkit.LoadSource(t, "globals.cu", globalsSource)
	got := map[string]string{}
	for g, vals := range findGlobalValues(u.Host) {
		got[g.Name()] = fmt.Sprint(vals)
	}
	want := map[string]string{
		"n":       "[1048576]",
		"stride":  "[1 2]",
		"copy":    "[7 1048576]",
		"_ZL3own": "[16]",
		"scale":   fmt.Sprint([]uint64{uint64(math.Float32bits(0.5))}),
		"mode":    fmt.Sprint([]uint64{math.Float64bits(2), math.Float64bits(-1.5)}),
	}
	for name, vals := range want {
		if got[name] != vals {
			t.Errorf("%s: values %q, want %s", name, got[name], vals)
		}
	}
	for _, name := range []string{"fromArgs", "byAddress"} {
		if v, ok := got[name]; ok {
			t.Errorf("%s: values %s, want none known", name, v)
		}
	}
}

// TestExternalGlobalsNeedMain checks that a file without main, whose
// globals other files may write, knows only its own.
func TestExternalGlobalsNeedMain(t *testing.T) {
	u := testkit.LoadSource(t, "lib.cu", `int n = 64;
static int own = 32;
__global__ void k(int *a) { a[threadIdx.x] = 1; }
void launch(int *a) { k<<<n / own, own>>>(a); }
`)
	got := map[string]bool{}
	for g := range findGlobalValues(u.Host) {
		got[g.Name()] = true
	}
	if got["n"] || !got["_ZL3own"] {
		t.Errorf("known globals %v, want _ZL3own only", got)
	}
}

// globalFlowSource sets a configuration global before launches: once
// with a call between that may set it again, once with a branch that
// only prints between two reads, and once before a loop that sets it
// again after its launch.
const globalFlowSource = `#include <cstdio>
#include <cstdlib>
static int tile = 16;
int stride = 2;
static int step = 8;
__global__ void k(int *a, int t) { a[threadIdx.x] = t; }
static void reset(int v) { tile = v; }
int main(int argc, char **argv) {
  if (argc > 1) stride = 1;
  int *a;
  cudaMalloc(&a, 1 << 20);
  tile = 32;
  k<<<1024 / tile, 256>>>(a, tile);
  k<<<1024 / stride, 256>>>(a, stride);
  reset(argc);
  k<<<1024 / tile, 256>>>(a, tile);
  int blocks = 1024 / stride;
  if (argc > 2)
    printf("%d blocks\n", blocks);
  k<<<blocks, 256>>>(a, stride);
  step = 4;
  for (int r = 0; r < argc; r++) {
    k<<<1, 256>>>(a, step);
    step = 16;
  }
  return 0;
}
`

// TestGlobalLoadsReadTheLastStore checks that a load of a global reads
// the value stored last before it, and that two loads with no write
// between read one value; a call that may write the global ends both.
func TestGlobalLoadsReadTheLastStore(t *testing.T) {
	ls := Launches(testkit.LoadSource(t, "flow.cu", globalFlowSource))
	if len(ls) != 5 {
		t.Fatalf("%d launches, want 5", len(ls))
	}
	stored := ls[0]
	if stored.GridDim[0] != 32 || !stored.Args[1].IsConst() || stored.Args[1].Value != 32 {
		t.Errorf("after tile = 32: grid %v and argument %v, want 32 and 32", stored.Grid[0], stored.Args[1])
	}
	chosen := ls[1]
	gridVars, argVars := varNames(chosen.Grid[0]), varNames(chosen.Args[1])
	if len(argVars) != 1 || !slices.Equal(gridVars, argVars) {
		t.Errorf("stride read twice with no write between: grid over %v, argument over %v, want one choice in both", gridVars, argVars)
	}
	after := ls[2]
	if after.Args[1].IsConst() {
		t.Errorf("after reset(argc): argument %v, want one of tile's values, not the 32 stored before the call", after.Args[1])
	}
	printed := ls[3]
	gridVars, argVars = varNames(printed.Grid[0]), varNames(printed.Args[1])
	if len(argVars) != 1 || !slices.Equal(gridVars, argVars) {
		t.Errorf("stride read before and after a branch that prints: grid over %v, argument over %v, want one choice in both", gridVars, argVars)
	}
	if looped := ls[4]; looped.Args[1].IsConst() {
		t.Errorf("in a loop that sets step after its launch: argument %v, want one of step's values, not the 4 stored before the loop", looped.Args[1])
	}
}

// varNames returns the names of the variables of t, sorted.
func varNames(t *expr.Term) []string {
	var names []string
	for _, v := range expr.Vars(t) {
		names = append(names, v.Name)
	}
	slices.Sort(names)
	return slices.Compact(names)
}
