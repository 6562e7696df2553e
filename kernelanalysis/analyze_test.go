package kernelanalysis

import (
	"strings"
	"testing"

	"hgrd/internal/testkit"
)

// analyzeFile analyses every kernel of a test file, by name.
func analyzeFile(t *testing.T, path string) map[string]*Kernel {
	t.Helper()
	u := testkit.Load(t, path)
	kernels := map[string]*Kernel{}
	for _, k := range u.Kernels {
		res, err := Analyze(u, k)
		if err != nil {
			t.Fatal(err)
		}
		kernels[res.Name] = res
	}
	return kernels
}

// access returns the kernel's access of the given kind on a line.
func access(t *testing.T, k *Kernel, line int, kind AccessKind) *Access {
	t.Helper()
	for _, a := range k.Accesses {
		if a.Pos.Line == line && a.Kind == kind {
			return a
		}
	}
	t.Fatalf("%s: no %s access on line %d", k.Name, kind, line)
	return nil
}

func TestBarrierIntervals(t *testing.T) {
	const path = "testdata/intervals.cu"
	kernels := analyzeFile(t, path)
	tests := []struct {
		kernel string
		block  bool // concurrent at block level
		warp   bool // concurrent at warp level
		reason string
	}{
		{"separated", false, false, "__syncthreads between the write and the read"},
		{"unseparated", true, true, "no barrier"},
		{"warpOnly", true, false, "__syncwarp orders lanes of a warp only"},
		{"bothBranches", false, false, "a barrier on every path, though none dominates the read"},
		{"midBarrier", true, true, "the read meets the next iteration's write around the back edge"},
		{"uniformBarrier", false, false, "a thread that skipped the barrier under a uniform condition went the other way from the writer"},
		{"divergentBarrier", true, true, "a barrier under a thread-dependent condition orders nothing"},
		{"uniformNoBarrier", true, true, "the write after the last barrier meets the next iteration's read"},
		{"uniformBarrierTop", false, false, "both threads went around the back edge since the barrier they met at, so they take the uniform branch in the same iteration"},
	}
	for _, tt := range tests {
		k := kernels[tt.kernel]
		w := access(t, k, testkit.Line(t, path, tt.kernel+"/w"), Write)
		r := access(t, k, testkit.Line(t, path, tt.kernel+"/r"), Read)
		if _, ok := k.Concurrent(w, r, BlockLevel); ok != tt.block {
			t.Errorf("%s: block-level concurrent = %v, want %v (%s)", tt.kernel, ok, tt.block, tt.reason)
		}
		if _, ok := k.Concurrent(w, r, WarpLevel); ok != tt.warp {
			t.Errorf("%s: warp-level concurrent = %v, want %v (%s)", tt.kernel, ok, tt.warp, tt.reason)
		}
	}
}

func TestPrivateMemoryIsNotAnAccess(t *testing.T) {
	const path = "testdata/intervals.cu"
	k := analyzeFile(t, path)["private_"]
	private := testkit.Line(t, path, "private_/private")
	for _, a := range k.Accesses {
		if a.Pos.Line == private {
			t.Errorf("thread-private store reported as an access: %s", a)
		}
	}
	out := access(t, k, testkit.Line(t, path, "private_/out"), Write)
	if out.Object.Name != "out" || out.Object.Space != Global || out.Source != "out[threadIdx.x]" {
		t.Errorf("store to out: %s, want global out[threadIdx.x]", out)
	}
}

func TestAccessesOfTheReduction(t *testing.T) {
	kernels := analyzeFile(t, "testdata/basic.cu")
	var got []string
	for _, a := range kernels["reduce"].Accesses {
		got = append(got, a.Kind.String()+" "+a.Object.Space.String()+" "+a.Source)
	}
	want := []string{
		"read global in[((blockIdx.x * blockDim.x) + threadIdx.x)]",
		"write shared s[threadIdx.x]",
		"read shared s",
		"write global out[blockIdx.x]",
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || g == w
		}
		if !found {
			t.Errorf("reduce lacks access %q; has %q", w, got)
		}
	}
}

func TestUnpromisedIndexArithmetic(t *testing.T) {
	const path = "testdata/unpromised.cu"
	kernels := analyzeFile(t, path)
	tests := []struct {
		kernel string
		want   []string
	}{
		{"rowMajor", nil},
		{"global", []string{"((ctaid.x * ntid.x) + tid.x)"}},
		{"planes", nil},
		{"hashed", nil},
	}
	for _, tc := range tests {
		acc := access(t, kernels[tc.kernel], testkit.Line(t, path, tc.kernel), Write)
		var got []string
		for _, u := range acc.Unpromised {
			got = append(got, testkit.Term(u))
		}
		if strings.Join(got, ", ") != strings.Join(tc.want, ", ") {
			t.Errorf("%s: unpromised %q, want %q", tc.kernel, got, tc.want)
		}
	}
}
