//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestKilledRunLeavesNoProcess kills a real hgrd check with SIGKILL, as a
// CI timeout or an editor cancelling a stale lint does, while its worker
// is compiling and analysing a large file, and checks that the worker and
// the tools it started end with it instead of running on as orphans.
func TestKilledRunLeavesNoProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hgrd and analyses a large file")
	}
	bin := buildHgrd(t, repoRoot(t))
	dir := t.TempDir()
	src := filepath.Join(dir, "many.cu")
	if err := os.WriteFile(src, []byte(manyKernels(400)), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "check", "--no-cache", src)
	cmd.Dir = dir
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	worker := waitForChild(t, cmd.Process.Pid, 30*time.Second)
	time.Sleep(500 * time.Millisecond) // the worker is now busy with clang or the solver
	descendants := append([]int{worker}, childrenOf(worker)...)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	deadline := time.Now().Add(10 * time.Second)
	for _, pid := range descendants {
		for alive(pid) {
			if time.Now().After(deadline) {
				t.Fatalf("process %d (%s) still runs after its hgrd was killed", pid, commandOf(pid))
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
}

// manyKernels returns a CUDA file of n kernels, slow enough to compile and
// analyse that a test can kill its run midway.
func manyKernels(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, `__global__ void k%d(float *a, int n) {
  __shared__ float s[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = a[i];
  __syncthreads();
  for (int j = 0; j < n; j++)
    a[(i + j) %% n] += s[(threadIdx.x + j) %% 256];
}
`, i)
	}
	b.WriteString("int main() {\n  float *a;\n  cudaMalloc(&a, 1 << 20);\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "  k%d<<<4, 256>>>(a, 1024);\n", i)
	}
	b.WriteString("  return 0;\n}\n")
	return b.String()
}

// waitForChild returns the first child process of pid, waiting up to d
// for one to appear.
func waitForChild(t *testing.T, pid int, d time.Duration) int {
	t.Helper()
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if c := childrenOf(pid); len(c) > 0 {
			return c[0]
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("hgrd started no worker within %v", d)
	return 0
}

// childrenOf returns the process ids of pid's children, from /proc.
func childrenOf(pid int) []int {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	var out []int
	for _, f := range tasks {
		data, _ := os.ReadFile(f)
		for _, field := range strings.Fields(string(data)) {
			if c, err := strconv.Atoi(field); err == nil {
				out = append(out, c)
			}
		}
	}
	return out
}

// alive reports whether pid is a process that has not ended (a zombie has).
func alive(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// The state follows the command's closing parenthesis.
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// commandOf returns pid's command line, for messages.
func commandOf(pid int) string {
	data, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	return strings.ReplaceAll(strings.TrimSpace(string(data)), "\x00", " ")
}
