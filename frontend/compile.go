// This file defines how clang-14 and opt-14 are run for each side of a file.

package frontend

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"hgrd/internal/proc"
)

// A Side is one of the two compilations of a CUDA file.
type Side int

// The two sides of a CUDA file.
const (
	Device Side = iota // GPU code: kernels and __device__ functions
	Host               // CPU code: main, launches, allocations
)

// String returns "device" or "host".
func (s Side) String() string {
	if s == Device {
		return "device"
	}
	return "host"
}

// normalisation is the fixed opt-14 pipeline of each side. Neither side
// runs a pass that removes, merges or speculates memory accesses to
// non-private memory. The device side inlines every device function into
// the kernels that call it (see allowInlining), so that the kernel
// analysis sees each kernel whole, and promotes allocas to SSA values. The
// host side inlines small helpers (dim3's constructor, wrappers around
// launches) but never the launch stubs (see keepStubs).
var normalisation = map[Side][]string{
	Device: {"-passes=always-inline,inline,function(sroa,mem2reg,sccp)", "-inline-threshold=1000000"},
	Host:   {"-passes=always-inline,inline,function(sroa,mem2reg,instsimplify)"},
}

// clangArgs returns the arguments of clang-14 for one side of path,
// compiled with cfg's flags, writing its dependency list to deps.
func (l *Loader) clangArgs(cfg Config, side Side, path, deps string) []string {
	args := []string{"-x", "cuda", "--cuda-gpu-arch=" + l.cfg.GPUArch}
	if side == Device {
		args = append(args, "--cuda-device-only")
	} else {
		args = append(args, "--cuda-host-only")
	}
	args = append(args,
		"-S", "-emit-llvm", "-gline-tables-only",
		// -O1 without its passes: no optnone/noinline attributes, so the
		// normalisation pipeline can run; no optimisation before it.
		"-O1", "-Xclang", "-disable-llvm-passes", "-Xclang", "-disable-lifetime-markers",
		"-fno-discard-value-names",
		"-Wno-unknown-cuda-version", "-nocudalib",
		// nvcc's host compilers only warn about 'register' in C++17.
		"-Wno-register",
		// libcu++ declares variadic functions for SFINAE, never called.
		"-Xclang", "-fcuda-allow-variadic-functions")
	if deps != "" {
		args = append(args, "-MD", "-MF", deps)
	}
	if cfg.CUDAPath != "" {
		// The SDK's own headers answer the CUDA names; only the GPUVerify
		// annotations come from the prelude, by path, so that none of its
		// headers shadows the SDK's.
		args = append(args, "--cuda-path="+cfg.CUDAPath,
			"-include", filepath.Join(l.preludeDir, annotationsHeader))
	} else {
		args = append(args, "-nocudainc", "-isystem", l.preludeDir, "-include", PreludeHeader)
	}
	if !hasStd(cfg.ExtraFlags) {
		args = append(args, "-std=c++17")
	}
	for _, dir := range cfg.IncludeDirs {
		args = append(args, "-I", dir)
	}
	for _, def := range cfg.Defines {
		args = append(args, "-D", def)
	}
	args = append(args, cfg.ExtraFlags...)
	return append(args, path, "-o", "-")
}

func hasStd(flags []string) bool {
	for _, f := range flags {
		if strings.HasPrefix(f, "-std=") || strings.HasPrefix(f, "--std") {
			return true
		}
	}
	return false
}

// sideOutput is the normalised IR text of one side and the time each step
// took.
type sideOutput struct {
	ir        string
	inputs    []string // the files clang read
	clang     time.Duration
	normalise time.Duration
}

// compileSide runs clang-14 and then the normalisation pipeline for one
// side of path, compiled with cfg's flags.
func (l *Loader) compileSide(ctx context.Context, cfg Config, side Side, path string) (*sideOutput, error) {
	start := time.Now()
	deps := l.depFile(side)
	raw, stderr, err := run(ctx, l.clang, l.clangArgs(cfg, side, path, deps), nil)
	out := &sideOutput{clang: time.Since(start), inputs: readDeps(deps)}
	if err != nil {
		return nil, clangFailure(path, side, stderr, err)
	}
	text := string(raw) // opt-14 reads return alignments; only llir needs them dropped
	if side == Host {
		text = keepStubs(text)
	} else {
		text = applyAxioms(allowInlining(readRegistersDirectly(text)))
	}
	start = time.Now()
	optArgs := append([]string{"-S"}, normalisation[side]...)
	optArgs = append(optArgs, "-", "-o", "-")
	var norm []byte
	if side == Device {
		// The module rewritten through llir, which opt-14 may reject (llir
		// prints some types back wrongly); then the module as it was.
		if rewritten := rewriteDevice(path, text); rewritten != text {
			if norm, stderr, err = run(ctx, l.opt, optArgs, []byte(rewritten)); err != nil {
				norm = nil
			}
		}
	}
	if norm == nil {
		norm, stderr, err = run(ctx, l.opt, optArgs, []byte(text))
	}
	out.normalise = time.Since(start)
	if err != nil {
		return nil, &Error{File: path, Kind: NormaliseError,
			Msg:    fmt.Sprintf("opt-14 failed on the %s IR: %s", side, firstLine(stderr, err)),
			Detail: string(stderr), Err: err}
	}
	out.ir = dropReturnAlign(string(norm))
	return out, nil
}

// run runs a tool with optional standard input and returns its standard
// output and standard error. The tool ends with this process.
func run(ctx context.Context, tool string, args []string, stdin []byte) ([]byte, []byte, error) {
	cmd := exec.CommandContext(ctx, tool, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	err := proc.Run(cmd)
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	return stdout.Bytes(), stderr.Bytes(), err
}

// clangFailure turns a failed clang run into an *Error whose message is
// clang's first error line.
func clangFailure(path string, side Side, stderr []byte, err error) *Error {
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) {
		return &Error{File: path, Kind: ToolError, Msg: fmt.Sprintf("couldn't run clang-14: %v", err), Err: err}
	}
	msg := firstError(string(stderr))
	if msg == "" {
		msg = fmt.Sprintf("clang-14 failed on the %s side (%v)", side, err)
	}
	return &Error{File: path, Kind: ClangError, Msg: msg, Detail: string(stderr), Err: err}
}

// firstError returns the first "error:" line of clang's diagnostics.
func firstError(diags string) string {
	for _, line := range strings.Split(diags, "\n") {
		if strings.Contains(line, "error:") {
			return strings.TrimSpace(line)
		}
	}
	return ""
}

// firstLine returns the first non-empty line of a tool's output, or err.
func firstLine(out []byte, err error) string {
	for _, line := range strings.Split(string(out), "\n") {
		if s := strings.TrimSpace(line); s != "" {
			return s
		}
	}
	return err.Error()
}
