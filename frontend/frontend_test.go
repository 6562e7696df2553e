package frontend_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/llir/llvm/ir"

	"hgrd/frontend"
	"hgrd/internal/testkit"
)

// instLines returns the source lines of f's instructions accepted by keep.
func instLines(u *frontend.Unit, f *ir.Func, keep func(ir.Instruction) bool) map[int]bool {
	lines := map[int]bool{}
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			if keep(inst) {
				if pos, ok := u.Pos(inst); ok {
					lines[pos.Line] = true
				}
			}
		}
	}
	return lines
}

func TestLoadFindsKernelsAndFunctions(t *testing.T) {
	u := testkit.Load(t, "testdata/launch.cu")
	got := strings.Join(u.KernelNames(), " ")
	if want := "fill<int> plain scale"; got != want {
		t.Errorf("kernels = %q, want %q", got, want)
	}
	for _, k := range u.Kernels {
		if k.Stub == nil {
			t.Errorf("kernel %s (%s) has no host launch stub", k.Name, k.Func.Name())
		} else if u.KernelOfStub(k.Stub) != k {
			t.Errorf("KernelOfStub(%s) does not lead back to %s", k.Stub.Name(), k.Name)
		}
	}
	var device []string
	for _, f := range u.DeviceFuncs {
		device = append(device, frontend.SourceName(f))
	}
	if !slices.Contains(device, "twice") {
		t.Errorf("device functions %v lack twice", device)
	}
	if slices.Contains(device, "put") {
		t.Errorf("device functions %v still hold the always-inline put", device)
	}
	var host []string
	for _, f := range u.HostFuncs {
		host = append(host, f.Name())
	}
	if !slices.Contains(host, "main") {
		t.Errorf("host functions %v lack main", host)
	}
}

func TestLaunchIsVisibleOnTheHostSide(t *testing.T) {
	path := "testdata/launch.cu"
	u := testkit.Load(t, path)
	k := u.Kernel("scale")
	if k == nil || k.Stub == nil {
		t.Fatal("no kernel scale with a stub")
	}
	var main *ir.Func
	for _, f := range u.HostFuncs {
		if f.Name() == "main" {
			main = f
		}
	}
	callsStub := func(inst ir.Instruction) bool {
		call, ok := inst.(*ir.InstCall)
		return ok && call.Callee == k.Stub
	}
	lines := instLines(u, main, callsStub)
	if want := testkit.Line(t, path, "launch"); !lines[want] {
		t.Errorf("main calls %s on lines %v, want line %d", k.Stub.Name(), lines, want)
	}
	configures := instLines(u, main, func(inst ir.Instruction) bool {
		call, ok := inst.(*ir.InstCall)
		return ok && strings.Contains(call.Callee.Ident(), "cudaConfigureCall")
	})
	if len(configures) != 3 {
		t.Errorf("cudaConfigureCall on lines %v, want one per launch (3)", configures)
	}
}

func TestPositionsPointIntoTheUsersFile(t *testing.T) {
	path := "testdata/launch.cu"
	u := testkit.Load(t, path)
	scale := u.Kernel("scale").Func
	stores := instLines(u, scale, func(inst ir.Instruction) bool {
		_, ok := inst.(*ir.InstStore)
		return ok
	})
	for _, marker := range []string{"store", "inlined-store"} {
		if line := testkit.Line(t, path, marker); !stores[line] {
			t.Errorf("stores of scale on lines %v, want one on line %d (@%s)", stores, line, marker)
		}
	}
	atomics := instLines(u, scale, func(inst ir.Instruction) bool {
		_, rmw := inst.(*ir.InstAtomicRMW)
		call, isCall := inst.(*ir.InstCall)
		return rmw || isCall && strings.Contains(call.Callee.Ident(), "atom")
	})
	if line := testkit.Line(t, path, "atomic"); !atomics[line] || len(atomics) != 1 {
		t.Errorf("atomics of scale on lines %v, want only line %d: the prelude's atomicAdd maps to its caller", atomics, line)
	}
	for _, b := range scale.Blocks {
		for _, inst := range b.Insts {
			if pos, ok := u.Pos(inst); ok && pos.File != path {
				t.Errorf("%s maps to %s, outside the user's file", inst.LLString(), pos)
			}
		}
	}
}

func TestFilesWithoutKernels(t *testing.T) {
	for _, path := range []string{"testdata/empty.cu", "testdata/nokernel.cu"} {
		u := testkit.Load(t, path)
		if len(u.Kernels) != 0 {
			t.Errorf("%s: kernels %v, want none", path, u.KernelNames())
		}
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	unreadable := filepath.Join(dir, "secret.cu")
	if err := os.WriteFile(unreadable, []byte("int x;"), 0); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path   string
		kind   frontend.ErrorKind
		msg    string
		reason string
	}{
		{"testdata/missing.cu", frontend.ReadError, "no such file", "a missing file is named as missing"},
		{"testdata", frontend.ReadError, "is a directory", "a directory is not a source file"},
		{"testdata/junk.bin", frontend.NotSourceError, "binary data", "NUL bytes mean binary junk"},
		{"testdata/syntax_error.cu", frontend.ClangError, "undeclared_name", "clang's first error is the message"},
	}
	if os.Geteuid() != 0 {
		tests = append(tests, struct {
			path   string
			kind   frontend.ErrorKind
			msg    string
			reason string
		}{unreadable, frontend.ReadError, "permission denied", "a file without read permission"})
	}
	l := testkit.NewLoader(t)
	for _, tt := range tests {
		_, err := l.Load(context.Background(), tt.path)
		var fe *frontend.Error
		if !errors.As(err, &fe) {
			t.Errorf("%s: Load error %v, want *Error (%s)", tt.path, err, tt.reason)
			continue
		}
		if fe.Kind != tt.kind || !strings.Contains(fe.Msg, tt.msg) {
			t.Errorf("%s: got %v (%v), want kind %v with %q (%s)", tt.path, fe, fe.Kind, tt.kind, tt.msg, tt.reason)
		}
		if !strings.HasPrefix(fe.Error(), tt.path+": ") || strings.Contains(fe.Error(), "\n") {
			t.Errorf("%s: message %q is not one line naming the file", tt.path, fe.Error())
		}
	}
}

func TestClangDiagnosticsAreKept(t *testing.T) {
	_, err := testkit.NewLoader(t).Load(context.Background(), "testdata/syntax_error.cu")
	var fe *frontend.Error
	if !errors.As(err, &fe) || !strings.Contains(fe.Detail, "syntax_error.cu:2:") {
		t.Fatalf("detail of %v lacks clang's located diagnostic:\n%v", err, fe)
	}
}

func TestMissingToolIsAToolError(t *testing.T) {
	_, err := frontend.NewLoader(frontend.Config{Clang: filepath.Join(t.TempDir(), "clang-14")})
	var fe *frontend.Error
	if !errors.As(err, &fe) || fe.Kind != frontend.ToolError || !strings.Contains(fe.Msg, "apt-get install -y clang-14") {
		t.Fatalf("NewLoader with a missing clang: %v, want a frontend.ToolError with the install command", err)
	}
}
