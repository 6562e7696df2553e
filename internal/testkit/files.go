// This file writes temporary files and finds marker comments in sources.

package testkit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// WriteFile writes content as the file name (which may have directories
// of its own) in dir, creating the directories it lacks, and returns the
// file's path; it fails the test on any error.
func WriteFile(t testing.TB, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TempFile writes content as a file called name in a new temporary
// directory, removed when the test ends, and returns its path.
func TempFile(t testing.TB, name, content string) string {
	t.Helper()
	return WriteFile(t, t.TempDir(), name, content)
}

// markerPrefix starts a marker comment: "// @name" names its line.
const markerPrefix = "// @"

// Line returns the line, counted from 1, of the one marker comment
// "// @marker" in the file at path, failing the test if the file has no
// such marker or more than one.
func Line(t testing.TB, path, marker string) int {
	t.Helper()
	lines := Markers(t, path)[marker]
	switch len(lines) {
	case 0:
		t.Fatalf("%s: no marker @%s", path, marker)
	case 1:
		return lines[0]
	default:
		t.Fatalf("%s: marker @%s on lines %v; markers must be unique", path, marker, lines)
	}
	return 0
}

// Markers returns the lines, counted from 1, of every marker comment in
// the file at path, by marker name: the first word after "// @".
func Markers(t testing.TB, path string) map[string][]int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	markers := map[string][]int{}
	for i, line := range strings.Split(string(data), "\n") {
		j := strings.Index(line, markerPrefix)
		if j < 0 {
			continue
		}
		if name := strings.Fields(line[j+len(markerPrefix):]); len(name) > 0 {
			markers[name[0]] = append(markers[name[0]], i+1)
		}
	}
	return markers
}
