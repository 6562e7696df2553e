// This file compares test output with golden files.

package testkit

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// update is the -update flag of every test binary that uses golden files.
var update = flag.Bool("update", false, "rewrite golden files from the current output")

// Updating reports whether the test binary was run with -update.
func Updating() bool { return *update }

// Golden compares got with the golden file testdata/<name>.golden of the
// package under test, failing the test with a diff if they differ; with
// -update it rewrites the file instead.
func Golden(t testing.TB, name, got string) {
	t.Helper()
	GoldenFile(t, filepath.Join("testdata", name+".golden"), got)
}

// GoldenFile compares got with the file at path, failing the test with a
// diff (-want +got, by line) if they differ; with -update it rewrites the
// file instead.
func GoldenFile(t testing.TB, path, got string) {
	t.Helper()
	if *update {
		WriteFile(t, filepath.Dir(path), filepath.Base(path), got)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update to create it)", err)
	}
	if diff := cmp.Diff(lines(string(want)), lines(got)); diff != "" {
		t.Errorf("%s differs from the output (-want +got); if the change is intended, rerun with -update and review the file's diff:\n%s", path, diff)
	}
}

// lines splits text into lines, so that a diff shows whole lines.
func lines(text string) []string { return strings.SplitAfter(text, "\n") }
