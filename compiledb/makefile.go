// This file reads the macros and include directories that a Makefile
// beside a CUDA file passes to the compiler, for directory scans without a
// compilation database.

package compiledb

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// makefileNames are the names make looks for, in its order.
var makefileNames = []string{"GNUmakefile", "makefile", "Makefile"}

// makeAssignment matches a variable assignment: NAME = value, :=, ::=,
// += or ?=, and captures the value.
var makeAssignment = regexp.MustCompile(`^\s*(?:override\s+|export\s+)?[A-Za-z_][A-Za-z0-9_.]*\s*(?::{1,2}=|\+=|\?=|=)\s*(.*)$`)

// makeConditional matches the directives that open and close a
// conditional part of a Makefile.
var (
	makeConditionalOpen  = regexp.MustCompile(`^\s*(ifeq|ifneq|ifdef|ifndef)\b`)
	makeConditionalClose = regexp.MustCompile(`^\s*endif\b`)
)

// MakefileFlags returns the -D and -I flags that the Makefile in dir
// assigns to its variables, in order, with -I directories resolved against
// dir: what its build passes to nvcc (CFLAGS := -DNX=400 -I../common).
// Assignments inside conditionals (a debug build's -DDEBUG) and words
// that expand variables are left out. false if dir has no Makefile or it
// assigns no such flag.
func MakefileFlags(dir string) (Flags, bool) {
	var text []byte
	for _, name := range makefileNames {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err == nil {
			text = data
			break
		}
	}
	if text == nil {
		return Flags{}, false
	}
	args := []string{"nvcc"}
	for _, value := range unconditionalAssignments(string(text)) {
		words, err := SplitCommand(value)
		if err != nil {
			continue
		}
		args = append(args, macroAndIncludeFlags(words)...)
	}
	if len(args) == 1 {
		return Flags{}, false
	}
	flags, _ := Translate(args, dir)
	return Flags{IncludeDirs: flags.IncludeDirs, Defines: flags.Defines}, len(flags.IncludeDirs)+len(flags.Defines) > 0
}

// unconditionalAssignments returns the values of the Makefile's variable
// assignments outside conditionals, continuation lines joined and
// comments removed. Recipe lines (starting with a tab) are no assignments.
func unconditionalAssignments(text string) []string {
	text = strings.ReplaceAll(text, "\\\r\n", " ")
	text = strings.ReplaceAll(text, "\\\n", " ")
	var values []string
	depth := 0
	for _, line := range strings.Split(text, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		switch {
		case strings.HasPrefix(line, "\t"):
		case makeConditionalOpen.MatchString(line):
			depth++
		case makeConditionalClose.MatchString(line):
			depth = max(depth-1, 0)
		case depth == 0:
			if m := makeAssignment.FindStringSubmatch(line); m != nil {
				values = append(values, m[1])
			}
		}
	}
	return values
}

// macroAndIncludeFlags keeps the -D and -I flags of words (joined or with
// their value as the next word) whose text expands no variable.
func macroAndIncludeFlags(words []string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		w := words[i]
		if w != "-D" && w != "-I" && !strings.HasPrefix(w, "-D") && !strings.HasPrefix(w, "-I") {
			continue
		}
		flag := []string{w}
		if (w == "-D" || w == "-I") && i+1 < len(words) {
			i++
			flag = append(flag, words[i])
		}
		if !strings.Contains(strings.Join(flag, " "), "$") {
			out = append(out, flag...)
		}
	}
	return out
}
