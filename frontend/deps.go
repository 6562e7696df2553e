// This file reads the dependency lists clang writes (-MD -MF), so that a
// Unit knows every file its analysis read: the source and its headers.

package frontend

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
)

// depCount numbers dependency files, so that concurrent loads of one
// Loader never share one.
var depCount atomic.Int64

// depFile returns a new path for clang's dependency list of one side.
func (l *Loader) depFile(side Side) string {
	return filepath.Join(l.preludeDir, fmt.Sprintf("deps-%s-%d.d", side, depCount.Add(1)))
}

// readDeps returns the files a Makefile-syntax dependency list names,
// absolute and cleaned, and removes the list. Paths are relative to the
// directory clang ran in, the process's own.
func readDeps(path string) []string {
	data, err := os.ReadFile(path)
	os.Remove(path)
	if err != nil {
		return nil
	}
	text := strings.ReplaceAll(string(data), "\\\n", " ")
	if i := strings.Index(text, ": "); i >= 0 {
		text = text[i+2:]
	}
	var files []string
	for _, word := range splitMakeWords(text) {
		if abs, err := filepath.Abs(word); err == nil {
			files = append(files, abs)
		}
	}
	return files
}

// splitMakeWords splits a dependency line on blanks, honouring the
// backslash escapes clang writes for spaces and '#' in names.
func splitMakeWords(s string) []string {
	var words []string
	var cur strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && (s[i+1] == ' ' || s[i+1] == '#'):
			cur.WriteByte(s[i+1])
			i++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if cur.Len() > 0 {
				words = append(words, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteByte(c)
		}
	}
	if cur.Len() > 0 {
		words = append(words, cur.String())
	}
	return words
}

// mergeInputs returns the union of the lists, sorted, without the files
// under the prelude directory: the prelude is part of hgrd itself.
func mergeInputs(preludeDir string, lists ...[]string) []string {
	seen := map[string]bool{}
	var out []string
	prefix := filepath.Clean(preludeDir) + string(filepath.Separator)
	for _, list := range lists {
		for _, f := range list {
			if seen[f] || strings.HasPrefix(f, prefix) {
				continue
			}
			seen[f] = true
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}
