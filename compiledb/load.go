// This file reads compile_commands.json.

package compiledb

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// DatabaseName is the name of a compilation database in a build directory.
const DatabaseName = "compile_commands.json"

// Load reads the database at path, a compile_commands.json file or a build
// directory that holds one (the -p BUILD_DIR of clang-tidy), and returns
// its CUDA entries in database order, one per file (the first entry of a
// file wins), and warnings about the entries it skipped. It is LoadAll
// without the other entries.
func Load(path string) ([]Entry, []string, error) {
	cuda, _, warnings, err := LoadAll(path)
	return cuda, warnings, err
}

// LoadAll reads the database at path, like Load, and returns its CUDA
// entries and, apart, its other C and C++ entries (.c, .cc, .cpp, .cxx
// files compiled as C or C++), whose host code may launch kernels. Each
// file has one entry, its first. Entries for other languages are left out
// silently; entries that cannot be used are left out with a warning that
// says why. The flags dropped from CUDA entries are warned about, those
// of the other entries not (Translate tells them). Only a database that
// cannot be read or parsed is an error.
func LoadAll(path string) (cuda, other []Entry, warnings []string, err error) {
	file, err := databaseFile(path)
	if err != nil {
		return nil, nil, nil, err
	}
	raws, err := readDatabase(file)
	if err != nil {
		return nil, nil, nil, err
	}
	r := collector{db: file, base: filepath.Dir(file), seen: map[string]bool{}}
	for i, raw := range raws {
		r.add(i, raw)
	}
	return r.cuda, r.other, r.warnings, nil
}

// databaseFile returns the absolute path of the database that path names.
func databaseFile(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	info, err := os.Stat(abs)
	if err != nil {
		return "", fmt.Errorf("compilation database: %w", err)
	}
	if !info.IsDir() {
		return abs, nil
	}
	file := filepath.Join(abs, DatabaseName)
	if _, err := os.Stat(file); err != nil {
		return "", fmt.Errorf("%s: no %s in this directory (CMake writes one with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON; bear and ninja -t compdb also make one)", path, DatabaseName)
	}
	return file, nil
}

// A rawEntry is an entry of the database as written.
type rawEntry struct {
	Directory string   `json:"directory"`
	File      string   `json:"file"`
	Arguments []string `json:"arguments"`
	Command   string   `json:"command"`
	Output    string   `json:"output"`
}

// readDatabase parses the database file.
func readDatabase(file string) ([]rawEntry, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("compilation database: %w", err)
	}
	var raws []rawEntry
	if err := json.Unmarshal(data, &raws); err != nil {
		return nil, malformed(file, data, err)
	}
	return raws, nil
}

// malformed describes a JSON error of the database file, with the line
// and column where it was found.
func malformed(file string, data []byte, err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		line, col := position(data, syntax.Offset)
		return fmt.Errorf("%s:%d:%d: malformed compilation database: %v", file, line, col, err)
	case errors.As(err, &typ):
		line, col := position(data, typ.Offset)
		return fmt.Errorf("%s:%d:%d: malformed compilation database: %s", file, line, col, typeMismatch(typ))
	}
	return fmt.Errorf("%s: malformed compilation database: %v", file, err)
}

// position returns the 1-based line and column of the last byte the JSON
// decoder read before it stopped, offset bytes into data.
func position(data []byte, offset int64) (line, col int) {
	offset = min(max(offset-1, 0), int64(len(data)))
	before := data[:offset]
	line = bytes.Count(before, []byte("\n")) + 1
	col = len(before) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// typeMismatch says which value of the database has the wrong JSON type.
func typeMismatch(err *json.UnmarshalTypeError) string {
	switch err.Field {
	case "":
		return fmt.Sprintf("want an array of entries, found a JSON %s", err.Value)
	case "arguments":
		return fmt.Sprintf(`"arguments" is a JSON %s; want an array of strings`, err.Value)
	}
	return fmt.Sprintf("%q is a JSON %s; want a string", err.Field, err.Value)
}
