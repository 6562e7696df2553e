package compiledb

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMakefileFlags reads the macros and include directories a Makefile
// passes to nvcc: joined and separate forms, continuation lines, quoted
// values; not those of conditionals, recipes, comments or variables.
func TestMakefileFlags(t *testing.T) {
	dir := t.TempDir()
	makefile := `CC = nvcc
CFLAGS := $(EXTRA_CFLAGS) -DNX=400 \
	  -DSIM_TIME=600 -I../common -std=c++17 -Xcompiler -Wall -arch=$(ARCH)
CFLAGS += -D DATA_SPEC=DATA_SPEC_THERMAL -DNAME="two words" -I$(CUDA)/include
# CFLAGS += -DCOMMENTED
ifeq ($(DEBUG),yes)
  CFLAGS += -g -DDEBUG
endif
%.o: %.cu
	$(CC) $(CFLAGS) -DRECIPE -c $< -o $@
`
	if err := os.WriteFile(filepath.Join(dir, "Makefile"), []byte(makefile), 0o644); err != nil {
		t.Fatal(err)
	}
	got, ok := MakefileFlags(dir)
	want := Flags{
		IncludeDirs: []string{filepath.Join(filepath.Dir(dir), "common")},
		Defines:     []string{"NX=400", "SIM_TIME=600", "DATA_SPEC=DATA_SPEC_THERMAL", "NAME=two words"},
	}
	if !ok {
		t.Fatal("no flags found")
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("MakefileFlags (-want +got):\n%s", diff)
	}
	if _, ok := MakefileFlags(t.TempDir()); ok {
		t.Error("flags found in a directory without a Makefile")
	}
}
