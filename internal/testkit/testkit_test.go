package testkit

import (
	"path/filepath"
	"strings"
	"testing"

	"hgrd/expr"
	"hgrd/frontend"
)

func TestLineFindsTheOneMarker(t *testing.T) {
	path := TempFile(t, "k.cu", "int a; // @first\n\nint b; // @second trailing words\n")
	if got := Line(t, path, "first"); got != 1 {
		t.Errorf("Line(first) = %d, want 1", got)
	}
	if got := Line(t, path, "second"); got != 3 {
		t.Errorf("Line(second) = %d, want 3: the marker is the first word after // @", got)
	}
}

func TestMarkersListsRepeatedMarkers(t *testing.T) {
	path := TempFile(t, "k.cu", "// @w\n// @r\n// @w\n")
	m := Markers(t, path)
	if len(m["w"]) != 2 || m["w"][0] != 1 || m["w"][1] != 3 || len(m["r"]) != 1 {
		t.Errorf("Markers = %v, want w on lines 1 and 3, r on line 2", m)
	}
}

func TestWriteFileCreatesDirectories(t *testing.T) {
	dir := t.TempDir()
	path := WriteFile(t, dir, "a/b/c.cu", "x")
	if want := filepath.Join(dir, "a", "b", "c.cu"); path != want {
		t.Errorf("WriteFile returned %s, want %s", path, want)
	}
	GoldenFile(t, path, "x")
}

func TestTermShowsWidthsAndSortsDisjunctions(t *testing.T) {
	x := expr.Var("x", 32, expr.PerThread)
	a := expr.SLt(expr.SExt(x, 64), expr.Const(4, 64))
	b := expr.Eq(x, expr.Const(0, 32))
	if got, want := Term(expr.AnyOf(a, b)), Term(expr.AnyOf(b, a)); got != want {
		t.Errorf("disjunctions in two orders print as %s and %s", got, want)
	}
	if got, want := Term(expr.AnyOf(a, b)), "((sext64(x) <s 4) || (x == 0))"; got != want {
		t.Errorf("Term = %s, want %s", got, want)
	}
	names := map[*expr.Term]string{a: "$1"}
	if got, want := TermNamed(expr.Not(a), names), "!$1"; got != want {
		t.Errorf("TermNamed = %s, want %s", got, want)
	}
}

func TestLoadSourceNamesTheFile(t *testing.T) {
	u := LoadSource(t, "scale.cu", "__global__ void scale(int *a) {\n  a[threadIdx.x] *= 2;\n}\n")
	if names := u.KernelNames(); len(names) != 1 || names[0] != "scale" {
		t.Fatalf("kernels %v, want scale", names)
	}
	for _, b := range u.Kernels[0].Func.Blocks {
		for _, inst := range b.Insts {
			if p, ok := u.Pos(inst); ok && !strings.HasPrefix(Pos(p), "scale.cu:2:") {
				t.Errorf("%s: position %s, want one on line 2 of scale.cu", inst.LLString(), Pos(p))
			}
		}
	}
}

func TestPosDropsTheDirectory(t *testing.T) {
	if got := Pos(frontend.Pos{File: filepath.Join("some", "dir", "k.cu"), Line: 3, Column: 7}); got != "k.cu:3:7" {
		t.Errorf("Pos = %s, want k.cu:3:7", got)
	}
}
