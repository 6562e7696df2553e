// This file defines source positions and maps IR instructions to them.

package frontend

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/llir/llvm/ir/metadata"
)

// A Pos is a position in a source file. Lines and columns count from 1; a
// zero Line means the position is unknown.
//
// Example printed form:
//
//	reduce.cu:42:7
type Pos struct {
	File   string
	Line   int
	Column int
}

// IsValid reports whether the position is known.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String returns "file:line:col", or "file" if the position is unknown.
func (p Pos) String() string {
	if !p.IsValid() {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
}

// attached is implemented by every IR instruction and terminator.
type attached interface {
	MDAttachments() []*metadata.Attachment
}

// Pos returns the position in the user's source of an IR instruction or
// terminator. Locations in the prelude, in clang's headers or in system
// headers are followed out through their inlined-at chain to the user's
// code; ok is false if there is no such position.
func (u *Unit) Pos(inst interface{}) (pos Pos, ok bool) {
	loc := location(inst)
	for ; loc != nil; loc = loc.InlinedAt {
		file := scopeFile(loc.Scope)
		if file == nil || loc.Line == 0 {
			continue
		}
		if u.isInternal(absName(file)) {
			continue
		}
		return Pos{File: file.Filename, Line: int(loc.Line), Column: int(loc.Column)}, true
	}
	return Pos{File: u.Path}, false
}

// location returns the !dbg attachment of an instruction, or nil.
func location(inst interface{}) *metadata.DILocation {
	a, ok := inst.(attached)
	if !ok {
		return nil
	}
	for _, md := range a.MDAttachments() {
		if md.Name == "dbg" {
			loc, _ := md.Node.(*metadata.DILocation)
			return loc
		}
	}
	return nil
}

// scopeFile returns the file of a debug scope.
func scopeFile(scope metadata.Field) *metadata.DIFile {
	switch s := scope.(type) {
	case *metadata.DISubprogram:
		return s.File
	case *metadata.DILexicalBlock:
		return s.File
	case *metadata.DILexicalBlockFile:
		return s.File
	case *metadata.DIFile:
		return s
	}
	return nil
}

// absName returns a debug-info file's absolute name. Clang records names
// relative to a directory it chooses (often the compilation directory,
// sometimes a parent of the file), so reports keep Filename as it is: for
// the user's files it is the path clang was given.
func absName(f *metadata.DIFile) string {
	if filepath.IsAbs(f.Filename) || f.Directory == "" {
		return f.Filename
	}
	return filepath.Join(f.Directory, f.Filename)
}

// internalDirs are header directories whose code is never the user's.
var internalDirs = []string{"/usr/include/", "/usr/lib/", "/usr/local/include/"}

// isInternal reports whether a file belongs to the prelude, clang or the
// system rather than to the user.
func (u *Unit) isInternal(name string) bool {
	if !filepath.IsAbs(name) {
		return false
	}
	if strings.HasPrefix(name, u.preludeDir+string(filepath.Separator)) {
		return true
	}
	for _, dir := range internalDirs {
		if strings.HasPrefix(name, dir) {
			return true
		}
	}
	return false
}
