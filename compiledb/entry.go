// This file defines what the package returns for a compile command.

package compiledb

// An Entry is one translation unit of a database: its source file, the
// directory its command ran in, and the clang-14 flags translated from
// that command.
type Entry struct {
	File  string // absolute, cleaned path of the source
	Dir   string // absolute "directory" of the entry
	Flags Flags  // the flags of its command that hgrd's front end needs
}

// Flags are what hgrd's front end takes from a compile command. Paths in
// them are absolute, except an -include file that is not found in the
// command's directory, which clang then looks up in the include path.
type Flags struct {
	IncludeDirs []string // -I directories, in order
	Defines     []string // -D NAME or NAME=VALUE, in order
	// Extra holds the other kept clang flags, in order, each flag and its
	// value as separate elements: -isystem DIR, -iquote DIR, -idirafter
	// DIR, -U NAME, -include FILE, and at most one -std=STD.
	Extra []string
}
