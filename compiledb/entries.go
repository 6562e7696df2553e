// This file turns the raw entries of a database into Entries.

package compiledb

import (
	"fmt"
	"path/filepath"
	"strings"
)

// A collector sorts the entries of one database.
type collector struct {
	db       string          // the database file, for warnings
	base     string          // its directory, against which a relative "directory" is resolved
	seen     map[string]bool // files with an entry already
	cuda     []Entry
	other    []Entry
	warnings []string
}

// A kind is the language of an entry, as far as hgrd cares.
type kind int

const (
	otherLanguage kind = iota // assembler, Fortran, ...: left out
	cudaSource
	hostSource // C or C++
)

// add sorts the i-th entry of the database.
func (c *collector) add(i int, raw rawEntry) {
	warn := func(format string, args ...any) {
		prefix := fmt.Sprintf("%s: entry %d (%s): ", c.db, i+1, describe(raw))
		c.warnings = append(c.warnings, prefix+fmt.Sprintf(format, args...))
	}
	e, t, err := c.entry(raw)
	if err != nil {
		warn("%v; skipped", err)
		return
	}
	k := classify(e.File, t.language)
	if k == otherLanguage {
		return
	}
	if k == hostSource {
		c.addHost(e)
		return
	}
	if c.seen[e.File] {
		warn("a second entry for the file; the first is kept")
		return
	}
	c.seen[e.File] = true
	for _, w := range t.warnings {
		warn("%s", w)
	}
	c.cuda = append(c.cuda, e)
}

// addHost keeps the first entry of a C or C++ file, without warnings:
// a project has many of them, built more than once and with host-only
// flags, and few matter to hgrd.
func (c *collector) addHost(e Entry) {
	if !c.seen[e.File] {
		c.seen[e.File] = true
		c.other = append(c.other, e)
	}
}

// entry translates an entry; the translator tells its language and the
// flags it dropped.
func (c *collector) entry(raw rawEntry) (Entry, *translator, error) {
	if raw.Directory == "" || raw.File == "" {
		return Entry{}, nil, fmt.Errorf("no %s", missingFields(raw))
	}
	args, err := commandLine(raw)
	if err != nil {
		return Entry{}, nil, err
	}
	e := Entry{Dir: absPath(c.base, raw.Directory)}
	e.File = absPath(e.Dir, raw.File)
	t := newTranslator(args, e.Dir)
	e.Flags = t.flags
	return e, t, nil
}

// describe names an entry for warnings: by its file, or its output.
func describe(raw rawEntry) string {
	switch {
	case raw.File != "":
		return raw.File
	case raw.Output != "":
		return "output " + raw.Output
	}
	return "no file"
}

// missingFields names the required fields an entry lacks.
func missingFields(raw rawEntry) string {
	var missing []string
	if raw.Directory == "" {
		missing = append(missing, `"directory"`)
	}
	if raw.File == "" {
		missing = append(missing, `"file"`)
	}
	return strings.Join(missing, " and ")
}

// commandLine returns the argv of an entry: its "arguments", or its
// "command" split into words.
func commandLine(raw rawEntry) ([]string, error) {
	if len(raw.Arguments) > 0 {
		return raw.Arguments, nil
	}
	if strings.TrimSpace(raw.Command) == "" {
		return nil, fmt.Errorf(`neither "arguments" nor "command"`)
	}
	args, err := SplitCommand(raw.Command)
	if err != nil {
		return nil, fmt.Errorf(`"command": %v`, err)
	}
	return args, nil
}

// classify returns the kind of an entry from its -x language, or from the
// extension of its file when it has none.
func classify(file, language string) kind {
	switch language {
	case "cu", "cuda":
		return cudaSource
	case "c", "c++":
		return hostSource
	case "", "none": // -x none: by the extension
	default:
		return otherLanguage
	}
	switch filepath.Ext(file) {
	case ".cu":
		return cudaSource
	case ".c", ".cc", ".cpp", ".cxx", ".c++", ".cp", ".C", ".CPP":
		return hostSource
	}
	return otherLanguage
}
