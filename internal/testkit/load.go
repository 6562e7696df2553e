// This file loads CUDA files through the front end.

package testkit

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"hgrd/frontend"
)

// NewLoader returns a Loader with the default toolchain that is closed
// when the test ends, failing the test if the toolchain is missing.
func NewLoader(t testing.TB) *frontend.Loader {
	t.Helper()
	l, err := frontend.NewLoader(frontend.Config{})
	if err != nil {
		t.Fatalf("NewLoader: %v", err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// Load compiles and parses a CUDA file with the default toolchain, failing
// the test on any error, with clang's diagnostics if it has some.
func Load(t testing.TB, path string) *frontend.Unit {
	t.Helper()
	u, err := NewLoader(t).Load(context.Background(), path)
	if err != nil {
		var fe *frontend.Error
		if errors.As(err, &fe) && fe.Detail != "" {
			t.Fatalf("Load(%s): %v\n%s", path, err, fe.Detail)
		}
		t.Fatalf("Load(%s): %v", path, err)
	}
	return u
}

// LoadSource writes source as a file called name in a temporary directory
// and loads it. Positions in the unit name the temporary file; Pos gives
// them without its directory.
func LoadSource(t testing.TB, name, source string) *frontend.Unit {
	t.Helper()
	return Load(t, TempFile(t, name, source))
}

// Pos returns a position as "file:line:col" with the file's base name, the
// same on every machine whatever directory the file was loaded from.
func Pos(p frontend.Pos) string {
	p.File = filepath.Base(p.File)
	return p.String()
}
