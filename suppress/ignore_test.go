package suppress

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hgrd/internal/testkit"
	"hgrd/report"
)

// source joins lines into the text of a file.
func source(lines ...string) string { return strings.Join(lines, "\n") + "\n" }

// newRace returns a race of a kind between a write on one line of file and
// a read on another.
func newRace(file, kind string, firstLine, secondLine int) *report.Race {
	return &report.Race{Kind: kind, Memory: report.Shared, Kernel: "k", Object: "s",
		First:  report.Access{File: file, Line: firstLine, Column: 2, Access: report.Write, Expr: "s[tid]"},
		Second: report.Access{File: file, Line: secondLine, Column: 10, Access: report.Read, Expr: "s[0]"}}
}

// resultOf returns a result with one analysed file holding races.
func resultOf(path string, races ...*report.Race) *report.Result {
	r := &report.Result{}
	f := r.AddFile(path)
	f.Races = append(f.Races, races...)
	return r
}

// kernelLines is a kernel with two races: A between lines 2 and 3, B
// between lines 4 and 5; comments are appended to its lines.
var kernelLines = []string{
	"__global__ void k(int *s) {",
	"\ts[threadIdx.x] = 1;",
	"\tint a = s[0];",
	"\ts[threadIdx.x + 1] = 2;",
	"\tint b = s[1];",
	"}",
}

// withComment returns kernelLines with text appended to line n (1-based).
func withComment(n int, text string) []string {
	lines := append([]string(nil), kernelLines...)
	lines[n-1] += " " + text
	return lines
}

// withLineAbove returns kernelLines with a line inserted before line n.
func withLineAbove(n int, text string) []string {
	lines := append([]string(nil), kernelLines[:n-1]...)
	lines = append(lines, text)
	return append(lines, kernelLines[n-1:]...)
}

func TestIgnoreSilencesOnlyTheRaceOfItsLine(t *testing.T) {
	cases := []struct {
		name   string
		lines  []string
		aLines [2]int // race A's access lines
		bLines [2]int
	}{
		{"on the first access's line", withComment(2, "// hgrd:ignore writes equal values"), [2]int{2, 3}, [2]int{4, 5}},
		{"on the second access's line", withComment(3, "// hgrd:ignore writes equal values"), [2]int{2, 3}, [2]int{4, 5}},
		{"alone on the line above", withLineAbove(2, "\t// hgrd:ignore writes equal values"), [2]int{3, 4}, [2]int{5, 6}},
		{"block comment alone above", withLineAbove(2, "  /* hgrd:ignore writes equal values */"), [2]int{3, 4}, [2]int{5, 6}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := testkit.TempFile(t, "k.cu", source(c.lines...))
			a := newRace(path, report.IntraBlock, c.aLines[0], c.aLines[1])
			b := newRace(path, report.IntraBlock, c.bLines[0], c.bLines[1])
			r := resultOf(path, a, b)
			unused := Apply(r, nil)
			f := r.Files[0]
			if !reflect.DeepEqual(f.Races, []*report.Race{b}) || !reflect.DeepEqual(f.Suppressed, []*report.Race{a}) {
				t.Fatalf("races %v, suppressed %v: want only race A suppressed", f.Races, f.Suppressed)
			}
			if a.Suppression != "writes equal values" {
				t.Errorf("suppression %q, want the comment's reason", a.Suppression)
			}
			if len(unused) != 0 {
				t.Errorf("unused comments %v, want none", unused)
			}
			if r.ExitCode() != report.ExitRaces {
				t.Errorf("exit code %d, want %d for race B", r.ExitCode(), report.ExitRaces)
			}
		})
	}
}

func TestIgnoreDoesNotReachFurtherThanTheLineBelow(t *testing.T) {
	twoLinesAbove := append([]string{kernelLines[0], "\t// hgrd:ignore too far", ""}, kernelLines[1:]...)
	cases := []struct {
		name     string
		lines    []string
		raceLine int // the race is between this line and the next
	}{
		{"two lines above", twoLinesAbove, 4},
		{"after code on the line above", withComment(1, "// hgrd:ignore not alone"), 2},
		{"in a string literal", withComment(2, `printf("// hgrd:ignore"); printf("/* hgrd:ignore */");`), 2},
		{"not at the comment's start", withComment(2, "// see hgrd:ignore"), 2},
		{"a longer word", withComment(2, "// hgrd:ignored"), 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := testkit.TempFile(t, "k.cu", source(c.lines...))
			r := resultOf(path, newRace(path, report.IntraBlock, c.raceLine, c.raceLine+1))
			Apply(r, nil)
			if f := r.Files[0]; len(f.Races) != 1 || len(f.Suppressed) != 0 {
				t.Errorf("races %v, suppressed %v: want the race still reported", f.Races, f.Suppressed)
			}
		})
	}
}

func TestKindListSilencesOnlyItsKinds(t *testing.T) {
	cases := []struct {
		comment    string
		suppressed []string
	}{
		{"// hgrd:ignore[intra-block] reviewed", []string{report.IntraBlock}},
		{"// hgrd:ignore[intra-warp, inter-block]", []string{report.InterBlock, report.IntraWarp}},
		{"// hgrd:ignore [inter-block] a space before the list", []string{report.InterBlock}},
		{"/* hgrd:ignore[intra-warp,intra-block] */", []string{report.IntraBlock, report.IntraWarp}},
		{"// hgrd:ignore[intra_block] unknown kind", nil},
		{"// hgrd:ignore[intra-block unclosed", nil},
		{"// hgrd:ignore every kind", []string{report.InterBlock, report.IntraBlock, report.IntraWarp}},
	}
	for _, c := range cases {
		t.Run(c.comment, func(t *testing.T) {
			path := testkit.TempFile(t, "k.cu", source(withComment(2, c.comment)...))
			r := resultOf(path,
				newRace(path, report.InterBlock, 2, 3),
				newRace(path, report.IntraBlock, 2, 3),
				newRace(path, report.IntraWarp, 2, 3))
			Apply(r, nil)
			var suppressed []string
			for _, race := range r.Files[0].Suppressed {
				suppressed = append(suppressed, race.Kind)
			}
			if !reflect.DeepEqual(suppressed, c.suppressed) {
				t.Errorf("suppressed kinds %v, want %v", suppressed, c.suppressed)
			}
			if len(r.Files[0].Races)+len(suppressed) != 3 {
				t.Errorf("%d races and %d suppressed, want 3 in all", len(r.Files[0].Races), len(suppressed))
			}
		})
	}
}

func TestIgnoreWithoutReasonRecordsTheMarker(t *testing.T) {
	path := testkit.TempFile(t, "k.cu", source(withComment(2, "/* hgrd:ignore */")...))
	race := newRace(path, report.IntraBlock, 2, 3)
	Apply(resultOf(path, race), nil)
	if race.Suppression != "hgrd:ignore" {
		t.Errorf("suppression %q, want %q", race.Suppression, "hgrd:ignore")
	}
}

func TestUnusedIgnoresAreReportedWithPositions(t *testing.T) {
	dir := t.TempDir()
	header := testkit.WriteFile(t, dir, "h.cuh", source(
		"// hgrd:ignore stale in header",
		"",
		"__device__ void store(int *s) { s[threadIdx.x] = 1; }"))
	unnamedHeader := testkit.WriteFile(t, dir, "other.cuh", source("// hgrd:ignore not named by any race"))
	kernel := testkit.WriteFile(t, dir, "k.cu", source(
		"#include \"h.cuh\"",
		"__global__ void k(int *s) {",
		"\tstore(s); // hgrd:ignore used",
		"\tint a = s[0];",
		"\t  /* hgrd:ignore stale */",
		"}"))
	broken := testkit.WriteFile(t, dir, "broken.cu", source("// hgrd:ignore in a file that failed"))
	race := newRace(header, report.IntraBlock, 3, 3)
	race.Second.File = kernel
	r := resultOf(kernel, race)
	r.AddFile(broken).Error = "compile error: broken.cu:1:1: error"
	_ = unnamedHeader

	want := []report.Note{
		{Pos: kernel + ":5:4", Message: "hgrd:ignore comment silences no race"},
		{Pos: header + ":1:1", Message: "hgrd:ignore comment silences no race"},
	}
	if got := Apply(r, nil); !reflect.DeepEqual(got, want) {
		t.Errorf("unused %v, want %v", got, want)
	}
	if len(r.Files[0].Suppressed) != 1 {
		t.Fatalf("suppressed %v, want the race", r.Files[0].Suppressed)
	}
	// Applied again, the comment still counts as used by the race it
	// silenced the first time.
	if got := Apply(r, nil); !reflect.DeepEqual(got, want) {
		t.Errorf("second Apply: unused %v, want %v", got, want)
	}
}

func TestIgnoreOnAnUndecidedPairIsNotUnused(t *testing.T) {
	path := testkit.TempFile(t, "k.cu", source(withComment(2, "// hgrd:ignore pending")...))
	r := resultOf(path)
	r.Files[0].Undecided = []*report.Undecided{{
		First:  report.Access{File: path, Line: 2},
		Second: report.Access{File: path, Line: 3}, Reason: "timeout"}}
	if unused := Apply(r, nil); len(unused) != 0 {
		t.Errorf("unused %v, want none", unused)
	}
}

func TestUnreadableFileSilencesNothing(t *testing.T) {
	path := testkit.TempFile(t, "k.cu", source(withComment(2, "// hgrd:ignore reason")...))
	failing := func(string) ([]byte, error) { return nil, errors.New("permission denied") }
	r := resultOf(path, newRace(path, report.IntraBlock, 2, 3))
	if unused := Apply(r, failing); len(unused) != 0 {
		t.Errorf("unused %v, want none from an unreadable file", unused)
	}
	if len(r.Files[0].Races) != 1 {
		t.Errorf("races %v, want the race still reported", r.Files[0].Races)
	}

	missing := filepath.Join(t.TempDir(), "gone.cu")
	r = resultOf(missing, newRace(missing, report.IntraBlock, 2, 3))
	if unused := Apply(r, nil); len(unused) != 0 || len(r.Files[0].Races) != 1 {
		t.Errorf("missing file: unused %v, races %v; want none unused, the race reported", unused, r.Files[0].Races)
	}
}

func TestApplyReadsEachFileOnce(t *testing.T) {
	path := testkit.TempFile(t, "k.cu", source(kernelLines...))
	reads := map[string]int{}
	counting := func(name string) ([]byte, error) {
		reads[name]++
		return os.ReadFile(name)
	}
	r := resultOf(path, newRace(path, report.IntraBlock, 2, 3), newRace(path, report.IntraWarp, 4, 5))
	Apply(r, counting)
	if reads[path] != 1 || len(reads) != 1 {
		t.Errorf("reads %v, want %s read once", reads, path)
	}
}
