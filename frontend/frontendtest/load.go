// Package frontendtest loads CUDA files for the tests of the packages that
// analyse them.
package frontendtest

import (
	"context"
	"testing"

	"hgrd/frontend"
)

// Load compiles and parses a CUDA file with the default toolchain, failing
// the test on any error.
func Load(t testing.TB, path string) *frontend.Unit {
	t.Helper()
	l, err := frontend.NewLoader(frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	u, err := l.Load(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
