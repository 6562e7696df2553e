// This file defines Check, the entry point of a run, and its options.

package driver

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"
	"time"

	"hgrd/analysis"
	"hgrd/cache"
	"hgrd/frontend"
	"hgrd/report"
)

// Options configure a run. They travel to each file's child process as
// JSON (isolate.go); the fields marked json:"-" concern the parent's
// scheduling only.
type Options struct {
	// Frontend configures clang-14, opt-14 and the include paths; an
	// Input's own Frontend replaces it for that input.
	Frontend frontend.Config
	// Options configure the analysis of each file: the launch shape of
	// kernels no host code launches, --explain, solvers per file (0:
	// the cores the jobs leave each file, see solverThreads).
	analysis.Options
	// InProcess analyses every file in the calling process instead of a
	// child process per file (isolate.go). Verdicts near the solver's
	// budget may then depend on the files analysed before; tests that
	// replace stages of the analysis need it.
	InProcess bool

	// Jobs is the number of files analysed at once, each in its own
	// child process; 0 or 1 means one at a time.
	Jobs int `json:"-"`
	// FileTimeout bounds the analysis of one file; 0 means no bound. A
	// file that exceeds it is reported as not analysed.
	FileTimeout time.Duration `json:"-"`
	// MemoryLimit bounds the resident memory, in bytes, of the process
	// that analyses one file; 0 means no bound. A file that exceeds it is
	// reported as not analysed. It applies to child processes only.
	MemoryLimit uint64 `json:"-"`
	// Cache, if set, keeps results by the content of their inputs, the
	// options and hgrd's build, and answers unchanged files from it.
	Cache *cache.Cache `json:"-"`
	// Progress, if set, is called after each file is done, with the
	// number done so far, the number of files and the file.
	Progress func(done, total int, path string) `json:"-"`
	// NoPartners turns off the second pass that gives kernels launched
	// from another analysed file the facts of that launch.
	NoPartners bool `json:"-"`
}

// An Input is one file to analyse.
type Input struct {
	// Path names the file, as reports print it.
	Path string
	// Frontend, if set, replaces Options.Frontend for this file: the
	// flags of its compilation database entry.
	Frontend *frontend.Config
	// Source, if set, is the file's content, analysed instead of what
	// is at Path: an editor's unsaved buffer. Includes are still looked
	// up next to Path.
	Source []byte
	// Auxiliary marks a file read only for its host code (a C++ file of
	// a compilation database): what it launches and calls serves the
	// other inputs' analyses, and it has no result of its own.
	Auxiliary bool
	// Through, if set, is the path of another input that includes this
	// file (a kernel file included by its wrapper): the file is analysed
	// only as part of that input, as build systems compile it, and its
	// result says so, with that input's error if it had one.
	Through string
}

// analyseFile finds the races of one loaded file. It is a variable so that
// tests can exercise the driver's recovery from failing stages.
var analyseFile = analysis.File

// Check analyses files in order and returns their results. It never fails
// as a whole: a toolchain problem becomes the error of every file. Each
// file is analysed in a child process of its own unless opts.InProcess
// is set.
func Check(ctx context.Context, files []string, opts Options) *report.Result {
	inputs := make([]Input, len(files))
	for i, f := range files {
		inputs[i] = Input{Path: f}
	}
	return CheckInputs(ctx, inputs, opts)
}

// CheckInputs analyses inputs, opts.Jobs at a time, and returns their
// results in input order, auxiliary inputs left out. A kernel that one
// input defines and no host code of it launches, but that another input
// launches, is analysed again with that input's host code linked in (a
// second pass), so that it gets the facts of its launch; so is a launch
// wrapper that another input calls.
func CheckInputs(ctx context.Context, inputs []Input, opts Options) *report.Result {
	if os.Getenv(workerEnv) == "1" {
		// A worker's main did not call ServeIfWorker: starting workers
		// from here would start this program again, and again.
		panic("driver: a worker process must call driver.ServeIfWorker first thing in main or TestMain")
	}
	if !opts.InProcess {
		removeStaleScratch()
	}
	own, through := splitIncluded(inputs)
	res := checkOwn(ctx, own, opts)
	return mergeIncluded(inputs, res, through)
}

// checkOwn analyses the inputs that are analysed on their own, both passes.
func checkOwn(ctx context.Context, inputs []Input, opts Options) *report.Result {
	outcomes := make([]*outcome, len(inputs))
	run := newRunner(opts)
	run.all(ctx, inputs, nil, outcomes)
	if !opts.NoPartners {
		partners := findPartners(inputs, outcomes, opts)
		var again []int
		for i := range inputs {
			if len(partners[i]) > 0 {
				again = append(again, i)
			}
		}
		run.some(ctx, inputs, partners, outcomes, again)
	}
	res := &report.Result{}
	for i, in := range inputs {
		if !in.Auxiliary {
			res.Files = append(res.Files, outcomes[i].Result)
		}
	}
	return res
}

// checkFile loads and analyses one file, with the host code of its
// partners, recording any failure, panics included, in its outcome.
func checkFile(ctx context.Context, loader *frontend.Loader, path string, partners []frontend.HostSource, opts Options) (out *outcome) {
	out = newOutcome(path)
	defer func() {
		if p := recover(); p != nil {
			out.Result.Races = []*report.Race{}
			out.Result.Error = fmt.Sprintf("internal error: %v (please report this with the file)", p)
			out.Result.ErrorDetail = string(debug.Stack())
		}
	}()
	u, err := loader.LoadWith(ctx, path, partners)
	if err != nil {
		out.fail(err)
		return out
	}
	out.loaded(u)
	res, err := analyseFile(ctx, u, opts.Options)
	if err != nil {
		out.fail(err)
		return out
	}
	out.analysed(res)
	if opts.Explain {
		note := report.Note{Pos: path, Message: "CUDA headers: " + opts.Frontend.Headers()}
		out.Result.Explain = append([]report.Note{note}, out.Result.Explain...)
	}
	return out
}
