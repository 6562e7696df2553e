// This file runs the analysis of inputs: several at once, each through
// the cache, within its time budget, from a buffer or a file.

package driver

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"hgrd/cache"
	"hgrd/frontend"
	"hgrd/internal/parallel"
	"hgrd/report"
)

// A runner analyses inputs with one run's options and reports progress.
type runner struct {
	opts        Options
	mu          sync.Mutex
	done, total int
}

func newRunner(opts Options) *runner {
	return &runner{opts: opts}
}

// all analyses every input into the outcome of the same index.
func (r *runner) all(ctx context.Context, inputs []Input, partners [][]frontend.HostSource, outcomes []*outcome) {
	which := make([]int, len(inputs))
	for i := range which {
		which[i] = i
	}
	r.some(ctx, inputs, partners, outcomes, which)
}

// some analyses the inputs of the given indices, opts.Jobs at a time,
// replacing their outcomes.
func (r *runner) some(ctx context.Context, inputs []Input, partners [][]frontend.HostSource, outcomes []*outcome, which []int) {
	r.mu.Lock()
	r.total += len(which)
	r.mu.Unlock()
	jobs := r.opts.Jobs
	if r.opts.InProcess {
		jobs = 1
	}
	threads := solverThreads(r.opts.Workers, runtime.NumCPU(), jobs, len(which))
	parallel.ForEach(len(which), jobs, func(k int) {
		i := which[k]
		var ps []frontend.HostSource
		if partners != nil {
			ps = partners[i]
		}
		outcomes[i] = r.one(ctx, inputs[i], ps, threads)
	})
}

// solverThreads returns the threads that solve one file's queries: those
// asked for, if any; else the cores that the files analysed at once (the
// jobs, or fewer files) leave each, at least one and at most
// maxSolverThreads. A pre-commit check or an editor's lint of one file
// gets the cores; a scan, one a file.
func solverThreads(asked, cores, jobs, files int) int {
	if asked > 0 {
		return asked
	}
	return min(maxSolverThreads, max(1, cores/max(1, min(jobs, files))))
}

// maxSolverThreads bounds the default threads of one file. Lanes solved
// at once hold their memory together, within the file's one limit
// (--memory-limit): a lane's solver holds up to a few hundred MB on
// hecbench-dev (lut-gemm's kernels.cu: 415 MiB at the peak on one
// thread, 643 MiB on two), and a file that passes the limit is analysed
// again on one thread.
const maxSolverThreads = 4

// one analyses an input, from the cache if it has the answer, its
// queries solved on threads threads.
func (r *runner) one(ctx context.Context, in Input, partners []frontend.HostSource, threads int) *outcome {
	defer r.progress(in.Path)
	opts := r.opts
	opts.Workers = threads
	if in.Frontend != nil {
		opts.Frontend = *in.Frontend
	}
	key := ""
	if opts.Cache != nil {
		if k, err := cacheKey(in, partners, opts); err == nil {
			key = k
			var cached outcome
			if opts.Cache.Get(key, &cached) && cached.Result != nil {
				cached.Result.Path = in.Path
				return &cached
			}
		}
	}
	start := time.Now()
	out := r.analyse(ctx, in, partners, opts)
	out.Result.Path = in.Path
	out.Result.Timings = out.Timings
	if key != "" && ctx.Err() == nil && cache.Cacheable(out.Result) {
		stored := *out
		stored.Timings = report.Timings{}
		_ = opts.Cache.Put(key, &stored, out.Inputs) // best effort
	}
	out.Result.Seconds = time.Since(start).Seconds() // after Put: the cache keeps no timing
	return out
}

// analyse runs the analysis of one input, in a child process unless
// opts.InProcess, within opts.FileTimeout.
func (r *runner) analyse(ctx context.Context, in Input, partners []frontend.HostSource, opts Options) (out *outcome) {
	fileCtx, cancel := ctx, context.CancelFunc(func() {})
	if opts.FileTimeout > 0 {
		fileCtx, cancel = context.WithTimeout(ctx, opts.FileTimeout)
		opts.SolveDeadline = time.Now().Add(opts.FileTimeout - solvingMargin(opts.FileTimeout))
	}
	defer cancel()
	path := in.Path
	if in.Source != nil {
		buf, err := writeBuffer(in)
		if err != nil {
			out = newOutcome(in.Path)
			out.Result.Error = fmt.Sprintf("read error: %v", err)
			return out
		}
		defer buf.remove()
		path = buf.file
		opts.Frontend.ExtraFlags = append(append([]string(nil), opts.Frontend.ExtraFlags...), "-iquote", filepath.Dir(in.Path))
		defer func() { buf.rename(out, in.Path) }()
	}
	if opts.InProcess {
		out = checkInProcess(fileCtx, path, partners, opts)
	} else {
		out = checkInChild(fileCtx, path, partners, opts)
	}
	if errors.Is(fileCtx.Err(), context.DeadlineExceeded) && ctx.Err() == nil {
		out.Result.Races = []*report.Race{}
		out.Result.Error = fmt.Sprintf("analysis timed out after %s (the per-file budget, --timeout)", opts.FileTimeout)
		out.Result.ErrorDetail = ""
	}
	return out
}

// solvingMargin is how long before the end of a file's time budget its
// solving stops (analysis.Options.SolveDeadline), so that the races
// found by then reach the report before the budget's end kills the
// worker: a twentieth of the budget, at least half a second and at
// most three. A query is built without a look at the clock, and a big
// kernel's union of kinds takes a second or two to build; a worker cut
// on hecbench-dev's scan (a 30 s budget) answered 0.3 s after its
// deadline.
func solvingMargin(budget time.Duration) time.Duration {
	return min(max(budget/20, 500*time.Millisecond), 3*time.Second)
}

// checkInProcess loads and analyses one file in this process.
func checkInProcess(ctx context.Context, path string, partners []frontend.HostSource, opts Options) *outcome {
	loader, err := frontend.NewLoader(opts.Frontend)
	if err != nil {
		out := newOutcome(path)
		out.fail(err)
		return out
	}
	defer loader.Close()
	return checkFile(ctx, loader, path, partners, opts)
}

// progress counts a finished input and reports it; calls are serialised.
func (r *runner) progress(path string) {
	if r.opts.Progress == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done++
	r.opts.Progress(r.done, r.total, path)
}

// A buffer is an input's unsaved content written to a temporary file.
type buffer struct {
	dir, file string
}

// writeBuffer writes an input's Source to a temporary file of the same
// base name, behind a #line directive that names the input's path, so
// that clang's diagnostics and the debug positions name the input.
func writeBuffer(in Input) (*buffer, error) {
	dir, err := os.MkdirTemp("", "hgrd-stdin-")
	if err != nil {
		return nil, err
	}
	b := &buffer{dir: dir, file: filepath.Join(dir, filepath.Base(in.Path))}
	text := fmt.Sprintf("#line 1 %q\n%s", in.Path, in.Source)
	if err := os.WriteFile(b.file, []byte(text), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return b, nil
}

func (b *buffer) remove() { os.RemoveAll(b.dir) }

// rename replaces the temporary file's name by the input's path wherever
// the result still names it, and drops it from the inputs: the buffer's
// content is part of the cache key instead.
func (b *buffer) rename(o *outcome, path string) {
	out := o.Result
	fix := func(s string) string { return strings.ReplaceAll(s, b.file, path) }
	// Clang may record the #line name relative to a directory of its
	// choosing: a tail of the path's absolute form names the path.
	abs, _ := filepath.Abs(path)
	fixFile := func(name string) string {
		if name != path && strings.HasSuffix(abs, string(filepath.Separator)+name) {
			return path
		}
		return fix(name)
	}
	out.Error, out.ErrorDetail = fix(out.Error), fix(out.ErrorDetail)
	for _, race := range out.Races {
		race.First.File, race.Second.File = fixFile(race.First.File), fixFile(race.Second.File)
	}
	for _, u := range out.Undecided {
		u.First.File, u.Second.File = fixFile(u.First.File), fixFile(u.Second.File)
	}
	for i := range out.Incomplete {
		out.Incomplete[i] = fix(out.Incomplete[i])
	}
	for _, notes := range [][]report.Note{out.Explain, out.Notes} {
		for i := range notes {
			notes[i].Pos, notes[i].Message = fix(notes[i].Pos), fix(notes[i].Message)
		}
	}
	var inputs []string
	for _, f := range o.Inputs {
		if !strings.HasPrefix(f, b.dir+string(filepath.Separator)) {
			inputs = append(inputs, f)
		}
	}
	o.Inputs = inputs
}
