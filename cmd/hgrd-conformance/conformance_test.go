package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"hgrd/report"
)

func TestParseLabels(t *testing.T) {
	text := "# path\texpect\targs\tscope\n" +
		"a/kernel.cu\tfree\t--block-dim=64 --grid-dim=2\t\n" +
		"b/kernel.cu\trace\t--block-dim=2\tuses a host variable\n" +
		"c/kernel.cu\tunlabelled\t\t\n"
	cases, err := parseLabels(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != 3 || cases[0].Path != "a/kernel.cu" || len(cases[0].Args) != 2 || !cases[0].counted() {
		t.Fatalf("cases = %+v", cases)
	}
	if cases[1].counted() || cases[1].OutOfScope != "uses a host variable" {
		t.Errorf("an out-of-scope case counts: %+v", cases[1])
	}
	if cases[2].counted() {
		t.Errorf("an unlabelled case counts: %+v", cases[2])
	}
	if _, err := parseLabels(strings.NewReader("x.cu\tmaybe\t\t\n")); err == nil {
		t.Error("an unknown label was accepted")
	}
}

func TestVerdicts(t *testing.T) {
	race := &report.Race{Kind: "intra-block", Memory: "global"}
	file := func(f report.FileResult) run {
		r := &report.Result{Files: []*report.FileResult{&f}}
		return run{exit: r.ExitCode(), report: r}
	}
	tests := []struct {
		o      run
		want   verdict
		reason string
	}{
		{file(report.FileResult{}), verdictFree, "no race"},
		{file(report.FileResult{Races: []*report.Race{race}}), verdictRace, "a race"},
		{file(report.FileResult{Error: "compile error: x"}), verdictNotAnalysed, "an error"},
		{file(report.FileResult{Incomplete: []string{"call to f"}}), verdictNotAnalysed, "a part not seen"},
		{run{exit: 3}, verdictCrash, "no report, exit 3"},
		{run{exit: 0, report: file(report.FileResult{Races: []*report.Race{race}}).report}, verdictCrash,
			"exit 0 with a race reported: the status disagrees with the report"},
	}
	for _, tt := range tests {
		if got := verdictOf(tt.o); got != tt.want {
			t.Errorf("verdictOf = %v, want %v (%s)", got, tt.want, tt.reason)
		}
	}
}

func TestMissesAndTally(t *testing.T) {
	res := &suiteResult{cases: []caseResult{
		{suiteCase: suiteCase{Path: "fp.cu", Expect: labelFree}, verdict: verdictRace},
		{suiteCase: suiteCase{Path: "tp.cu", Expect: labelRace}, verdict: verdictRace},
		{suiteCase: suiteCase{Path: "na.cu", Expect: labelRace}, verdict: verdictNotAnalysed},
		{suiteCase: suiteCase{Path: "tn.cu", Expect: labelFree}, verdict: verdictFree},
	}}
	tl := res.tally()
	if tl.counted != 4 || tl.right != 2 || tl.tp != 1 || tl.fp != 1 || tl.tn != 1 || tl.notAnalysed != 1 {
		t.Errorf("tally = %+v", tl)
	}
	wrong, fixed := res.misses(map[string]string{"fp.cu": "label disagrees", "tn.cu": "was wrong once"})
	if len(wrong) != 2 || wrong[0].reason != "label disagrees" || wrong[1].reason != "" {
		t.Errorf("misses = %+v", wrong)
	}
	if len(fixed) != 1 || fixed[0] != "tn.cu" {
		t.Errorf("fixed = %v, want [tn.cu]", fixed)
	}
	var out bytes.Buffer
	res.write(&out, map[string]string{"fp.cu": "label disagrees"})
	for _, want := range []string{"| 2 (50.0%) | 1 | 1 | 0 | 1 | 1 |", "label disagrees", "UNEXPLAINED"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
}

func TestErrorReasons(t *testing.T) {
	tests := []struct{ msg, want string }{
		{"compile error: a.cu:3:10: fatal error: 'cub/cub.cuh' file not found", "missing header cub/cub.cuh"},
		{"compile error: a.cu:9:3: error: no matching function for call to 'foo'", "compile error: no matching function for call to '…'"},
		{"analysis timed out after 5m0s (the per-file budget, --timeout)", "analysis timed out after 5m0s (the per-file budget, --timeout)"},
	}
	for _, tt := range tests {
		if got := errorReason(tt.msg); got != tt.want {
			t.Errorf("errorReason(%q) = %q, want %q", tt.msg, got, tt.want)
		}
	}
}

func TestIncompleteReasons(t *testing.T) {
	tests := []struct{ note, want string }{
		{"call to foo(int) of a device function without a body", "call to foo(int) without a body"},
		{"the file's time budget ran out while solving: 3 pairs of accesses (in k, g) were not decided; the races reported were found before it ran out",
			"the file's time budget ran out while solving (races found before are reported)"},
	}
	for _, tt := range tests {
		if got := incompleteReason(tt.note); got != tt.want {
			t.Errorf("incompleteReason(%q) = %q, want %q", tt.note, got, tt.want)
		}
	}
}

func TestMissesFileParses(t *testing.T) {
	known, err := loadMisses()
	if err != nil {
		t.Fatal(err)
	}
	for path, reason := range known {
		if !strings.HasSuffix(path, ".cu") || reason == "" {
			t.Errorf("misses.tsv: %q %q", path, reason)
		}
	}
}

// TestQuickConformance runs the quick subset of both corpora, when they
// are there: every miss of the labelled suite must be explained in
// misses.tsv, nothing may crash, and the subset must be at least 95%
// right. A clone without the corpora skips it.
func TestQuickConformance(t *testing.T) {
	corpora := defaultCorpora()
	if !filepath.IsAbs(corpora) {
		corpora = filepath.Join("..", "..", corpora)
	}
	if _, err := os.Stat(filepath.Join(corpora, "gpuverify-cuda", "labels.tsv")); err != nil {
		t.Skipf("skipped: no corpora at %s (set HGRD_CORPORA)", corpora)
	}
	if testing.Short() {
		t.Skip("skipped in -short mode")
	}
	bin, err := buildHGRD(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	r := &runner{hgrd: bin, jobs: runtime.NumCPU(), fileTimeout: 5 * time.Minute}
	ctx := context.Background()
	suite, err := r.gpuverify(ctx, filepath.Join(corpora, "gpuverify-cuda"), true)
	if err != nil {
		t.Fatal(err)
	}
	known, err := loadMisses()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	suite.write(&out, known)
	tl := suite.tally()
	wrong, _ := suite.misses(known)
	for _, m := range wrong {
		if m.reason == "" {
			t.Errorf("unexplained %s on %s: %s", m.missKind(), m.Path, firstProblem(m.run))
		}
	}
	if tl.crashes > 0 || percent(tl.right, tl.counted) < 95 {
		t.Errorf("quick suite: %d crashes, %d of %d right:\n%s", tl.crashes, tl.right, tl.counted, out.String())
	}
	apps, err := r.hecbench(ctx, filepath.Join(corpora, "hecbench-dev"), true)
	if err != nil {
		t.Fatal(err)
	}
	files, crashed := apps.files()
	if len(crashed) > 0 || len(files) == 0 {
		out.Reset()
		apps.write(&out)
		t.Errorf("applications: %d files, %d crashed scans:\n%s", len(files), len(crashed), out.String())
	}
}

// TestSlowestFiles checks the table of the slowest analysed files: by
// own work, longest first, without the files not analysed, each with its
// peak memory; and the table of the largest peaks, not analysed included.
func TestSlowestFiles(t *testing.T) {
	file := func(path string, own float64, peak uint64, err string) fileOutcome {
		return fileOutcome{"p", &report.FileResult{Path: path, Error: err, Seconds: own + 1, PeakMiB: peak,
			Phases: &report.PhaseSeconds{Clang: 1, Solving: own}}}
	}
	files := []fileOutcome{file("a.cu", 2, 300, ""), file("b.cu", 9, 1100, "analysis timed out"), file("c.cu", 5, 200, ""), file("d.cu", 1, 100, "")}
	var out strings.Builder
	writeSlowest(&out, files, 2)
	want := "| slowest analysed file | s in hgrd's own work | s in clang+opt | peak MiB |\n|---|---|---|---|\n" +
		"| p/c.cu | 5.00 | 1.00 | 200 |\n| p/a.cu | 2.00 | 1.00 | 300 |\n\n"
	if out.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", out.String(), want)
	}
	out.Reset()
	writeLargest(&out, files, 2)
	want = "| largest file | peak MiB | s in all |\n|---|---|---|\n| p/b.cu | 1100 | 10.00 |\n| p/a.cu | 300 | 3.00 |\n\n"
	if out.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", out.String(), want)
	}
}
