// This file defines Check, the entry point of a run.

package driver

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"hgrd/frontend"
	"hgrd/report"
)

// Options configure a run.
type Options struct {
	// Frontend configures clang-14, opt-14 and the include paths.
	Frontend frontend.Config
	// GridDim and BlockDim are the launch shape assumed for kernels that
	// no analysed host code launches; a zero entry means unknown.
	GridDim, BlockDim [3]int64
	// Explain records, per launch, the host facts the analysis used.
	Explain bool
	// Workers is the number of solvers that decide one file's queries in
	// parallel; 0 means one per core.
	Workers int
	// InProcess analyses every file in the calling process instead of a
	// child process per file (isolate.go). Verdicts near the solver's
	// budget may then depend on the files analysed before; tests that
	// replace stages of the analysis need it.
	InProcess bool
}

// analyseUnit finds the races of one loaded file. It is a variable so that
// tests can exercise the driver's recovery from failing stages.
var analyseUnit = func(ctx context.Context, u *frontend.Unit, opts Options, out *report.FileResult) error {
	return nil
}

// Check analyses files in order and returns their results. It never fails
// as a whole: a toolchain problem becomes the error of every file. Each
// file is analysed in a child process of its own unless opts.InProcess
// is set.
func Check(ctx context.Context, files []string, opts Options) *report.Result {
	res := &report.Result{}
	if !opts.InProcess {
		for _, path := range files {
			checkInChild(ctx, path, opts, res.AddFile(path))
		}
		return res
	}
	loader, err := frontend.NewLoader(opts.Frontend)
	if err != nil {
		for _, path := range files {
			recordError(res.AddFile(path), err)
		}
		return res
	}
	defer loader.Close()
	for _, path := range files {
		checkFile(ctx, loader, path, opts, res.AddFile(path))
	}
	return res
}

// checkFile loads and analyses one file, recording any failure, panics
// included, in out.
func checkFile(ctx context.Context, loader *frontend.Loader, path string, opts Options, out *report.FileResult) {
	defer func() {
		if p := recover(); p != nil {
			out.Races = []*report.Race{}
			out.Error = fmt.Sprintf("internal error: %v (please report this with the file)", p)
			out.ErrorDetail = string(debug.Stack())
		}
	}()
	u, err := loader.Load(ctx, path)
	if err != nil {
		recordError(out, err)
		return
	}
	out.Timings.Clang, out.Timings.Normalise, out.Timings.Parse = u.Timings.Clang, u.Timings.Normalise, u.Timings.Parse
	if err := analyseUnit(ctx, u, opts, out); err != nil {
		recordError(out, err)
	}
}

// recordError stores err as the file's one-line error, with tool output as
// its detail.
func recordError(out *report.FileResult, err error) {
	var fe *frontend.Error
	if errors.As(err, &fe) {
		out.Error = fmt.Sprintf("%s: %s", fe.Kind, fe.Msg)
		out.ErrorDetail = fe.Detail
		return
	}
	out.Error = strings.SplitN(err.Error(), "\n", 2)[0]
}
