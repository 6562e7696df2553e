package kernelanalysis

import (
	"os"
	"strings"
	"testing"

	"hgrd/frontend/frontendtest"
)

// analyzeFile analyses every kernel of a test file.
func analyzeFile(t *testing.T, path string) (map[string]*Kernel, map[string]int) {
	t.Helper()
	u := frontendtest.Load(t, path)
	kernels := map[string]*Kernel{}
	for _, k := range u.Kernels {
		res, err := Analyze(u, k)
		if err != nil {
			t.Fatal(err)
		}
		kernels[res.Name] = res
	}
	return kernels, markers(t, path)
}

// markers maps "kernel/name" to the line of "// @name" inside the kernel.
func markers(t *testing.T, path string) map[string]int {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]int{}
	kernel := ""
	for i, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "__global__ void ") {
			kernel = strings.TrimPrefix(line, "__global__ void ")
			kernel = kernel[:strings.IndexByte(kernel, '(')]
		}
		if j := strings.Index(line, "// @"); j >= 0 {
			m[kernel+"/"+strings.TrimSpace(line[j+4:])] = i + 1
		}
	}
	return m
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
	kernels, lines := analyzeFile(t, "testdata/intervals.cu")
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
	}
	for _, tt := range tests {
		k := kernels[tt.kernel]
		w := access(t, k, lines[tt.kernel+"/w"], Write)
		r := access(t, k, lines[tt.kernel+"/r"], Read)
		if _, ok := k.Concurrent(w, r, BlockLevel); ok != tt.block {
			t.Errorf("%s: block-level concurrent = %v, want %v (%s)", tt.kernel, ok, tt.block, tt.reason)
		}
		if _, ok := k.Concurrent(w, r, WarpLevel); ok != tt.warp {
			t.Errorf("%s: warp-level concurrent = %v, want %v (%s)", tt.kernel, ok, tt.warp, tt.reason)
		}
	}
}

func TestPrivateMemoryIsNotAnAccess(t *testing.T) {
	kernels, lines := analyzeFile(t, "testdata/intervals.cu")
	k := kernels["private_"]
	for _, a := range k.Accesses {
		if a.Pos.Line == lines["private_/private"] {
			t.Errorf("thread-private store reported as an access: %s", a)
		}
	}
	out := access(t, k, lines["private_/out"], Write)
	if out.Object.Name != "out" || out.Object.Space != Global || out.Source != "out[threadIdx.x]" {
		t.Errorf("store to out: %s, want global out[threadIdx.x]", out)
	}
}

func TestAccessesOfTheReduction(t *testing.T) {
	kernels, _ := analyzeFile(t, "testdata/basic.cu")
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
