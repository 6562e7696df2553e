package hostanalysis

import (
	"fmt"
	"testing"

	"hgrd/internal/testkit"
)

// globalsSource has one global of each kind findGlobalValues tells
// apart: read only, set to constants, copied from another, set from the
// command line, passed by address, and a float.
const globalsSource = `#include <cstdlib>
int n = 1 << 20;
int stride = 2;
long copy = 7;
int fromArgs = 3;
int byAddress = 4;
float scale = 0.5f;
static int own = 16;
#include <cstdio>
__global__ void k(int *a, int m) { a[threadIdx.x] = m; }
int main(int argc, char **argv) {
  if (argc > 2) stride = 1;
  copy = n;
  fromArgs = atoi(argv[1]);
  sscanf(argv[2], "%d", &byAddress);
  int *a;
  cudaMalloc(&a, n * sizeof(int));
  k<<<n / own, own>>>(a, stride + copy + fromArgs + byAddress + (int)scale);
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
	}
	for name, vals := range want {
		if got[name] != vals {
			t.Errorf("%s: values %q, want %s", name, got[name], vals)
		}
	}
	for _, name := range []string{"fromArgs", "byAddress", "scale"} {
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
