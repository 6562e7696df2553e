// This file defines the error type of the front end.

package frontend

import "fmt"

// An ErrorKind classifies why a file could not be loaded.
type ErrorKind int

// The kinds of front-end failure.
const (
	// ReadError: the file is missing or unreadable.
	ReadError ErrorKind = iota
	// NotSourceError: the file is not text (binary junk, NUL bytes).
	NotSourceError
	// ToolError: clang-14 or opt-14 is missing or could not be started.
	ToolError
	// ClangError: clang rejected the file; Detail holds its diagnostics.
	ClangError
	// NormaliseError: opt-14 failed on clang's output.
	NormaliseError
	// IRParseError: the IR parser rejected the normalised module.
	IRParseError
)

var kindNames = [...]string{
	ReadError:      "read error",
	NotSourceError: "not a source file",
	ToolError:      "toolchain error",
	ClangError:     "compile error",
	NormaliseError: "normalisation error",
	IRParseError:   "IR parse error",
}

// String returns a short lowercase name of the kind, such as "compile error".
func (k ErrorKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("ErrorKind(%d)", int(k))
}

// An Error reports why one file could not be loaded.
//
// Example printed form:
//
//	bad.cu: compile error: bad.cu:3:5: error: use of undeclared identifier 'x'
type Error struct {
	File   string    // the input path as given
	Kind   ErrorKind // what went wrong
	Msg    string    // one line, lowercase, without the file name
	Detail string    // tool output (clang's diagnostics), possibly several lines
	Err    error     // underlying error, if any
}

// Error returns the one-line message, naming the file.
func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s: %s", e.File, e.Kind, e.Msg)
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }
