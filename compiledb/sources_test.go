package compiledb

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hgrd/internal/testkit"
)

func TestFindSources(t *testing.T) {
	root := t.TempDir()
	tree := filepath.Join(root, "tree")
	for _, f := range []string{
		"tree/b.cu", "tree/a.cu", "tree/sub/c.cu", "tree/sub/deeper/d.cu",
		"tree/host.cpp", "tree/kernel.cuh", "tree/notes.cu.txt",
		"tree/.git/hidden.cu", "tree/sub/.cache/hidden.cu",
		"other/e.cu", "outside/f.cu",
	} {
		testkit.WriteFile(t, root, f, "")
	}
	symlink(t, filepath.Join(root, "outside"), filepath.Join(tree, "linked-dir"))
	symlink(t, filepath.Join(root, "outside/f.cu"), filepath.Join(tree, "linked.cu"))

	got, err := FindSources([]string{tree, filepath.Join(root, "other/e.cu"), filepath.Join(tree, "a.cu")})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, f := range []string{"other/e.cu", "tree/a.cu", "tree/b.cu", "tree/linked.cu", "tree/sub/c.cu", "tree/sub/deeper/d.cu"} {
		want = append(want, filepath.Join(root, f))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("FindSources:\n got %q\nwant %q", got, want)
	}
}

func TestFindSourcesHiddenRoot(t *testing.T) {
	root := filepath.Join(t.TempDir(), ".hidden")
	testkit.WriteFile(t, root, "k.cu", "")
	got, err := FindSources([]string{root})
	if err != nil || !reflect.DeepEqual(got, []string{filepath.Join(root, "k.cu")}) {
		t.Errorf("FindSources(hidden root) = %q, %v; want its k.cu: only directories below are skipped", got, err)
	}
}

func TestFindSourcesRelative(t *testing.T) {
	root := t.TempDir()
	testkit.WriteFile(t, root, "src/k.cu", "")
	t.Chdir(root)
	got, err := FindSources([]string{"src", "."})
	if err != nil || !reflect.DeepEqual(got, []string{filepath.Join(root, "src/k.cu")}) {
		t.Errorf("FindSources(src, .) = %q, %v; want the absolute path of src/k.cu once", got, err)
	}
}

func TestFindSourcesErrors(t *testing.T) {
	root := t.TempDir()
	testkit.WriteFile(t, root, "host.cpp", "")
	tests := []struct{ path, want string }{
		{filepath.Join(root, "host.cpp"), "not a .cu file"},
		{filepath.Join(root, "absent"), "no such file"},
	}
	for _, tt := range tests {
		_, err := FindSources([]string{tt.path})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("FindSources(%s) error = %v; want one containing %q", tt.path, err, tt.want)
		}
	}
}

// symlink makes link point to target, or skips the test where that fails.
func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("symlinks unavailable: %v", err)
	}
}
