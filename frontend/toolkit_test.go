package frontend

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestToolkitCandidates looks for a toolkit where developers install one,
// in order, and only where --cuda-path says when it is given.
func TestToolkitCandidates(t *testing.T) {
	env := map[string]string{"CUDA_PATH": "/opt/cuda-a", "CUDA_HOME": "/opt/cuda-b"}
	getenv := func(k string) string { return env[k] }
	nvcc := func(string) (string, error) { return "/opt/cuda-c/bin/nvcc", nil }
	noNvcc := func(string) (string, error) { return "", errors.New("not found") }
	got := toolkitCandidates("", getenv, nvcc)
	want := []toolkitCandidate{
		{"/opt/cuda-a", "CUDA_PATH"}, {"/opt/cuda-b", "CUDA_HOME"}, {"/opt/cuda-c", "nvcc on PATH"},
		{"/usr/local/cuda", "/usr/local/cuda"}, {"/usr/lib/cuda", "/usr/lib/cuda"},
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(toolkitCandidate{})); diff != "" {
		t.Errorf("candidates (-want +got):\n%s", diff)
	}
	if got := toolkitCandidates("/sdk", getenv, nvcc); len(got) != 1 || got[0] != (toolkitCandidate{"/sdk", "--cuda-path"}) {
		t.Errorf("with --cuda-path: %v", got)
	}
	if got := toolkitCandidates("", func(string) string { return "" }, noNvcc); len(got) != 2 {
		t.Errorf("with nothing installed: %v, want the two standard directories", got)
	}
}
