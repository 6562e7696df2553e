// This file finds the .cu files that other .cu files include, as a kernel
// file is included by its wrapper: build systems compile such a file only
// through its includer, and so does a directory scan.

package compiledb

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"sort"
)

// quotedInclude matches a directive #include "name", the form that names a
// project's own file.
var quotedInclude = regexp.MustCompile(`^\s*#\s*include\s*"([^"]+)"`)

// maxIncludeDepth bounds the walk through nested includes.
const maxIncludeDepth = 32

// IncludedSources returns, for each of the sources (absolute paths) that
// another of them includes, directly or through other files, the source it
// is compiled through: one that no other source includes, the first in
// sorted order when several do. Includes are the quoted ones, looked up
// next to the including file and then in includeDirs; a source that only
// sources including each other reach (a cycle) is left out, and so
// analysed alone.
func IncludedSources(sources, includeDirs []string) map[string]string {
	isSource := map[string]bool{}
	for _, s := range sources {
		isSource[s] = true
	}
	w := &includeWalk{dirs: includeDirs, direct: map[string][]string{}}
	reach := map[string][]string{} // source -> the other sources it includes
	included := map[string]bool{}
	for _, s := range sources {
		for _, f := range w.closure(s) {
			if f != s && isSource[f] {
				reach[s] = append(reach[s], f)
				included[f] = true
			}
		}
	}
	roots := make([]string, 0, len(sources))
	for _, s := range sources {
		if !included[s] {
			roots = append(roots, s)
		}
	}
	sort.Strings(roots)
	through := map[string]string{}
	for _, r := range roots {
		for _, f := range reach[r] {
			if _, ok := through[f]; !ok {
				through[f] = r
			}
		}
	}
	return through
}

// An includeWalk reads files' quoted includes, each file once.
type includeWalk struct {
	dirs   []string
	direct map[string][]string // file -> the files it includes
}

// closure returns every file that file includes, directly or not.
func (w *includeWalk) closure(file string) []string {
	seen := map[string]bool{file: true}
	var out []string
	var visit func(f string, depth int)
	visit = func(f string, depth int) {
		if depth > maxIncludeDepth {
			return
		}
		for _, g := range w.includes(f) {
			if !seen[g] {
				seen[g] = true
				out = append(out, g)
				visit(g, depth+1)
			}
		}
	}
	visit(file, 0)
	return out
}

// includes returns the existing files that file's quoted includes name.
func (w *includeWalk) includes(file string) []string {
	if got, ok := w.direct[file]; ok {
		return got
	}
	w.direct[file] = nil // a file that includes itself stops here
	f, err := os.Open(file)
	if err != nil {
		return nil
	}
	defer f.Close()
	var found []string
	scan := bufio.NewScanner(f)
	scan.Buffer(make([]byte, 64*1024), 1024*1024)
	for scan.Scan() {
		if m := quotedInclude.FindStringSubmatch(scan.Text()); m != nil {
			if p := w.resolve(filepath.Dir(file), m[1]); p != "" {
				found = append(found, p)
			}
		}
	}
	w.direct[file] = found
	return found
}

// resolve finds an included name next to the includer, then in the
// include directories; "" if it is in none.
func (w *includeWalk) resolve(dir, name string) string {
	for _, d := range append([]string{dir}, w.dirs...) {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(d, name)
		}
		if abs, err := filepath.Abs(p); err == nil {
			if info, err := os.Stat(abs); err == nil && info.Mode().IsRegular() {
				return abs
			}
		}
	}
	return ""
}
