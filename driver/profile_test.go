package driver

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestHeapProfile checks that a worker asked for heap profiles leaves
// one, named after its file, once it stops: a gzipped protocol buffer,
// as go tool pprof reads them.
func TestHeapProfile(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(heapProfileEnv, dir)
	startHeapProfile("some/dir/kernel.cu")()
	matches, _ := filepath.Glob(filepath.Join(dir, "kernel.cu.*.heap"))
	if len(matches) != 1 {
		t.Fatalf("profiles %v, want one kernel.cu.PID.heap", matches)
	}
	data, err := os.ReadFile(matches[0])
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		t.Errorf("the heap profile is not gzipped (%d bytes)", len(data))
	}
	if rest, _ := filepath.Glob(filepath.Join(dir, ".heap-*")); len(rest) != 0 {
		t.Errorf("temporary files left: %v", rest)
	}
}
