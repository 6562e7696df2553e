package compiledb

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestIncludedSources finds the .cu files compiled only through another:
// directly, through a header or another included .cu file, and through
// an include directory; a pair including each other stays on its own.
func TestIncludedSources(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"main.cu":           "#include \"kernels.cu\"\n#include \"lib/wrap.h\"\n",
		"kernels.cu":        "  #  include \"iteration.cu\"\n",
		"iteration.cu":      "__global__ void k() {}\n",
		"lib/wrap.h":        "#include \"deep.cu\"\n",
		"inc/deep.cu":       "__global__ void d() {}\n",
		"alone.cu":          "#include <stdio.h>\n#include \"missing.cu\"\n",
		"cycle/a.cu":        "#include \"b.cu\"\n",
		"cycle/b.cu":        "#include \"a.cu\"\n",
		"commented/skip.cu": "// #include \"../alone.cu\"\n",
	}
	var sources []string
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if filepath.Ext(name) == ".cu" {
			sources = append(sources, p)
		}
	}
	got := IncludedSources(sources, []string{filepath.Join(dir, "inc")})
	at := func(name string) string { return filepath.Join(dir, name) }
	want := map[string]string{
		at("kernels.cu"):   at("main.cu"),
		at("iteration.cu"): at("main.cu"),
		at("inc/deep.cu"):  at("main.cu"),
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("IncludedSources (-want +got):\n%s", diff)
	}
}
