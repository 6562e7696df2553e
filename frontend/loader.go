// This file defines the Loader, which turns files into Units.

package frontend

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"time"

	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"

	"hgrd/internal/parallel"
)

// A Loader compiles and parses CUDA files. It is safe for concurrent use;
// Close removes the prelude it wrote.
type Loader struct {
	cfg        Config
	clang, opt string
	preludeDir string
}

// NewLoader checks the toolchain and writes the prelude. It fails with an
// *Error of kind ToolError if clang-14 or opt-14 is missing.
func NewLoader(cfg Config) (*Loader, error) {
	if cfg.GPUArch == "" {
		cfg.GPUArch = DefaultGPUArch
	}
	l := &Loader{cfg: cfg}
	var err error
	if l.clang, err = ClangTool.Resolve(cfg.Clang); err != nil {
		return nil, &Error{File: ClangTool.Name, Kind: ToolError, Msg: err.Error(), Err: err}
	}
	if l.opt, err = OptTool.Resolve(cfg.Opt); err != nil {
		return nil, &Error{File: OptTool.Name, Kind: ToolError, Msg: err.Error(), Err: err}
	}
	if l.preludeDir, err = writePrelude(); err != nil {
		return nil, &Error{File: PreludeHeader, Kind: ToolError, Msg: err.Error(), Err: err}
	}
	return l, nil
}

// Close removes the files the Loader wrote.
func (l *Loader) Close() error { return os.RemoveAll(l.preludeDir) }

// Timings records how long each front-end phase took for one file, summed
// over its two sides.
type Timings struct {
	Clang     time.Duration // clang-14
	Normalise time.Duration // opt-14
	Parse     time.Duration // llir/llvm
}

// Load compiles path for both sides, normalises and parses the two modules.
// Any failure is an *Error naming path.
func (l *Loader) Load(ctx context.Context, path string) (*Unit, error) {
	return l.LoadWith(ctx, path, nil)
}

// A HostSource is another file whose host code is analysed with a unit's,
// because it launches kernels the unit defines (a kernel defined in one
// file and launched from another), compiled with its own flags.
type HostSource struct {
	Path   string
	Config Config
}

// LoadWith is Load with the host code of partner files linked into the
// unit's host module (llvm-link-14), so that their launches of the unit's
// kernels, and the facts around them, are the unit's. A partner that
// cannot be compiled or linked is left out and named in Unit.Notes.
func (l *Loader) LoadWith(ctx context.Context, path string, partners []HostSource) (*Unit, error) {
	if err := checkSource(path); err != nil {
		return nil, err
	}
	type result struct {
		out *sideOutput
		err error
	}
	u := &Unit{Path: path, preludeDir: l.preludeDir}
	deviceSource := path
	ast := &astDump{l: l, ctx: ctx, cfg: l.cfg, path: path}
	if wrapper, done, failed := l.instantiate(ctx, l.cfg, path, ast); wrapper != "" || len(failed) > 0 {
		u.NotAnalysed = failed
		for _, inst := range done {
			u.Notes = append(u.Notes, fmt.Sprintf("kernel template analysed as %s: the file has no instantiation of it", inst))
		}
		if wrapper != "" {
			w, err := l.writeWrapper(path, wrapper)
			if err != nil {
				return nil, &Error{File: path, Kind: ReadError, Msg: err.Error(), Err: err}
			}
			defer os.Remove(w)
			deviceSource = w
		}
	}
	results := [2]chan result{make(chan result, 1), make(chan result, 1)}
	for _, side := range []Side{Device, Host} {
		go func(side Side) {
			src := path
			if side == Device {
				src = deviceSource
			}
			out, err := l.compileSide(ctx, l.cfg, side, src)
			results[side] <- result{out, err}
		}(side)
	}
	var outs [2]*sideOutput
	var firstErr error
	for _, side := range []Side{Device, Host} {
		r := <-results[side]
		if r.err != nil && firstErr == nil {
			firstErr = r.err
		}
		outs[side] = r.out
	}
	if firstErr != nil {
		return nil, firstErr
	}
	u.Inputs = mergeInputs(l.preludeDir, outs[Device].inputs, outs[Host].inputs)
	if len(partners) > 0 {
		l.linkPartners(ctx, u, outs[Host], partners)
	}
	for _, side := range []Side{Device, Host} {
		u.Timings.Clang += outs[side].clang
		u.Timings.Normalise += outs[side].normalise
	}
	modules, took, err := parseSides(path, outs)
	if err != nil {
		return nil, err
	}
	u.Timings.Parse += took
	u.Device, u.Host = modules[Device], modules[Host]
	lowerInvokes(u.Host)
	u.index()
	start, madeBefore := time.Now(), ast.took
	enumRanges(ast, u)
	// The dump's clang run (made here, or before compiling, for the
	// templates) counts as clang's time, its reading as parsing.
	u.Timings.Clang += ast.took
	u.Timings.Parse += time.Since(start) - (ast.took - madeBefore)
	return u, nil
}

// parseSides parses the normalised IR of both sides at once (a file that
// uses thrust has megabytes of host IR, parsed while the device side's
// is), and returns the modules and the time parsing took, summed over
// the sides as clang's time is.
func parseSides(path string, outs [2]*sideOutput) (modules [2]*ir.Module, took time.Duration, err *Error) {
	var errs [2]*Error
	var times [2]time.Duration
	sides := []Side{Device, Host}
	parallel.ForEach(len(sides), len(sides), func(i int) {
		side := sides[i]
		start := time.Now()
		modules[side], errs[side] = parseModule(path, side, outs[side].ir)
		times[side] = time.Since(start)
	})
	for _, side := range []Side{Device, Host} {
		if errs[side] != nil {
			return modules, 0, errs[side]
		}
	}
	return modules, times[Device] + times[Host], nil
}

// parseModule parses the normalised IR of one side.
func parseModule(path string, side Side, text string) (*ir.Module, *Error) {
	m, err := asm.ParseString(path, text)
	if err != nil {
		return nil, &Error{File: path, Kind: IRParseError,
			Msg: fmt.Sprintf("the %s IR could not be parsed: %s", side, firstLine([]byte(err.Error()), err)), Err: err}
	}
	return m, nil
}

// sniffSize is how much of a file is read to tell text from binary.
const sniffSize = 8192

// checkSource fails for a missing, unreadable or binary file.
func checkSource(path string) error {
	info, err := os.Stat(path)
	if err != nil {
		return &Error{File: path, Kind: ReadError, Msg: describeReadError(err), Err: err}
	}
	if info.IsDir() {
		return &Error{File: path, Kind: ReadError, Msg: "is a directory, not a CUDA file"}
	}
	f, err := os.Open(path)
	if err != nil {
		return &Error{File: path, Kind: ReadError, Msg: describeReadError(err), Err: err}
	}
	defer f.Close()
	head := make([]byte, sniffSize)
	n, err := f.Read(head)
	if err != nil && n == 0 && info.Size() > 0 {
		return &Error{File: path, Kind: ReadError, Msg: describeReadError(err), Err: err}
	}
	if bytes.IndexByte(head[:n], 0) >= 0 {
		return &Error{File: path, Kind: NotSourceError, Msg: "binary data (NUL bytes), not CUDA source"}
	}
	return nil
}

func describeReadError(err error) string {
	switch {
	case os.IsNotExist(err):
		return "no such file"
	case os.IsPermission(err):
		return "permission denied"
	}
	return fmt.Sprintf("cannot read: %v", err)
}
