// This file runs each file's analysis in a child process of its own.
//
// Why: Z3's answers near a query's budget depend on state that a process
// accumulates. Its bit-vector strategy skips a simplification stage once
// Z3 holds 300 MB over all contexts, and contexts of earlier files are
// freed only when Go's garbage collector gets to them (solver/budget.go).
// A file analysed after others in one process could therefore get a
// different verdict than on its own: the pre-commit check, the editor
// lint and the nightly scan must agree. A child process per file starts
// every file from the same state, and a crash inside Z3 or LLVM loses
// that file only.
//
// A worker runs with Go's garbage collector off, but for collections
// between lanes of queries (analysis.Options.Workers: the threads that
// solve them) and above a memory limit. go-z3 releases a Z3 term when
// the collector finalizes its Go value, and Z3 then reuses the term's id:
// the order in which Z3 searches, and so its answers near the budget and
// its witnesses, would depend on when the collector ran (two runs of the
// same files with the collector on gave different witnesses; with it
// off, the same). Between lanes no solver is open, so a collection there
// changes nothing that Z3 decides. A file whose Go heap passes half of
// the per-file memory limit (--memory-limit) gets collections while
// lanes are open too; they free Go's memory, and the finalizers they
// find due wait until no lane is open (solver.HoldFinalizers).
//
// The child is the running executable itself, started with workerEnv set,
// so no separate binary has to be installed or found. A program that
// analyses files (the hgrd command; test binaries, in their TestMain)
// calls ServeIfWorker before anything else, which turns the child into a
// worker. A worker ends with its parent, however the parent ends
// (package proc).

package driver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"

	"hgrd/analysis"
	"hgrd/frontend"
	"hgrd/internal/proc"
	"hgrd/report"
)

// workerEnv, set to "1", makes a process serve one analysis request on
// its standard input and exit.
const workerEnv = "HGRD_DRIVER_WORKER"

// A workerRequest is what a worker analyses, and its memory limit.
type workerRequest struct {
	Path        string
	Partners    []frontend.HostSource
	Options     Options
	MemoryLimit uint64
}

// heapLimit returns the Go heap size at which a worker with a memory
// limit of limit bytes (0: none) collects garbage after all: half of the
// limit, the other half being Z3's.
func heapLimit(limit uint64) int64 {
	if limit == 0 {
		return 3 << 30
	}
	return int64(limit / 2)
}

// solverMemory returns the bound of the memory Z3 may hold in a worker
// with a memory limit of limit bytes (0: none): half of it. Z3 notices
// that it passed the bound only at its next check: on hecbench-dev's
// md5hash the worker peaked at 940 MiB with a bound of 512. Z3 keeps what
// a context's attempts allocated until the context goes, so a bound much
// lower leaves a file's later queries no room: with three tenths,
// simpleSpmv's context held 297 MiB after one attempt and every later
// attempt ended at once, undecided; with half, it decides them.
func solverMemory(limit uint64) uint64 { return limit / 2 }

// ServeIfWorker makes this process a worker if the driver started it as
// one: it serves the one analysis request on its standard input and exits.
// Otherwise it returns at once. Programs that run the driver call it first
// thing in main, and test binaries in TestMain.
func ServeIfWorker() {
	if os.Getenv(workerEnv) == "1" {
		proc.ExitIfOrphaned(2)
		os.Exit(serveWorker(os.Stdin, os.Stdout))
	}
}

// serveWorker reads one request from in, analyses the file in this
// process and writes the outcome to out. It returns the exit status.
func serveWorker(in io.Reader, out io.Writer) int {
	var req workerRequest
	if err := json.NewDecoder(in).Decode(&req); err != nil {
		fmt.Fprintf(os.Stderr, "hgrd worker: bad request: %v\n", err)
		return 2
	}
	debug.SetGCPercent(-1)
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(heapLimit(req.MemoryLimit))
	}
	// The file's lanes of queries, each with its own solver, on the
	// threads the driver gave the file (solverThreads); garbage is
	// collected only while no lane is being solved.
	req.Options.Workers = max(req.Options.Workers, 1)
	req.Options.SolverMemory = solverMemory(req.MemoryLimit)
	defer startProfile(req.Path)()
	defer startHeapProfile(req.Path)()
	res := checkInProcess(context.Background(), req.Path, req.Partners, req.Options)
	if err := json.NewEncoder(out).Encode(res); err != nil {
		fmt.Fprintf(os.Stderr, "hgrd worker: %v\n", err)
		return 2
	}
	return 0
}

// checkInChild analyses one file in a worker process. A worker that dies
// (a crash in Z3 or LLVM, a kill) becomes the file's error.
func checkInChild(ctx context.Context, path string, partners []frontend.HostSource, opts Options) *outcome {
	out := newOutcome(path)
	exe, err := os.Executable()
	if err != nil {
		out.Result.Error = fmt.Sprintf("internal error: cannot start the analysis process: %v", err)
		return out
	}
	req, err := json.Marshal(workerRequest{Path: path, Partners: partners, Options: opts, MemoryLimit: opts.MemoryLimit})
	if err != nil {
		out.Result.Error = fmt.Sprintf("internal error: %v", err)
		return out
	}
	// The worker's temporary files (the prelude, clang's and opt's
	// scratch files) go into a directory of its own that this process
	// removes, so that a worker killed by --timeout, the memory limit or a
	// crash leaves nothing behind. (If this process is killed too, the
	// next run removes it: removeStaleScratch.)
	scratch, err := os.MkdirTemp("", scratchPrefix())
	if err != nil {
		out.Result.Error = fmt.Sprintf("internal error: cannot create the analysis process's directory: %v", err)
		return out
	}
	defer os.RemoveAll(scratch)
	cmd := exec.CommandContext(ctx, exe)
	cmd.Env = append(os.Environ(), workerEnv+"=1", "TMPDIR="+scratch)
	cmd.Stdin = bytes.NewReader(req)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if os.Getenv(analysis.TraceEnv) != "" {
		// A trace is for finding where the time goes: it is passed on
		// as it comes, so that a run cut short by --timeout shows it.
		cmd.Stderr = io.MultiWriter(&stderr, os.Stderr)
	}
	peak, runErr := proc.RunWithin(cmd, opts.MemoryLimit)
	if errors.Is(runErr, proc.ErrMemoryLimit) && opts.Workers > 1 && ctx.Err() == nil {
		// Lanes solved at once hold more memory together than one at a
		// time: the file's verdict is the one a single thread gives.
		opts.Workers = 1
		return checkInChild(ctx, path, partners, opts)
	}
	if errors.Is(runErr, proc.ErrMemoryLimit) {
		out.Result.Error = fmt.Sprintf("analysis exceeded the memory limit of %d MiB (the per-file limit, --memory-limit)", opts.MemoryLimit>>20)
		out.Result.PeakMiB = peak >> 20
		return out
	}
	var resp outcome
	if decodeErr := json.Unmarshal(stdout.Bytes(), &resp); runErr != nil || decodeErr != nil || resp.Result == nil {
		out.Result.Error = "internal error: the analysis process failed: " + describeFailure(runErr, decodeErr, ctx)
		out.Result.ErrorDetail = strings.TrimSpace(stderr.String())
		out.Result.PeakMiB = peak >> 20
		return out
	}
	if os.Getenv(analysis.TraceEnv) == "" {
		os.Stderr.Write(stderr.Bytes()) // diagnostics, such as HGRD_DUMP_QUERIES's
	}
	resp.Result.Path = path
	resp.Result.PeakMiB = peak >> 20
	if resp.Result.Races == nil {
		resp.Result.Races = []*report.Race{} // JSON's null for none, as newOutcome makes it
	}
	return &resp
}

// describeFailure says why a worker gave no result.
func describeFailure(runErr, decodeErr error, ctx context.Context) string {
	switch {
	case ctx.Err() != nil:
		return ctx.Err().Error()
	case runErr != nil:
		return runErr.Error()
	}
	return fmt.Sprintf("unreadable result: %v", decodeErr)
}

// scratchDirPrefix starts the name of a worker's temporary directory,
// which goes on with the process id of the hgrd process that made it.
const scratchDirPrefix = "hgrd-worker-"

// scratchPrefix is the prefix of this process's workers' directories.
func scratchPrefix() string { return fmt.Sprintf("%s%d-", scratchDirPrefix, os.Getpid()) }

// removeStaleScratch removes the workers' directories that hgrd processes
// no longer running left in the temporary directory: a run killed with
// SIGKILL cannot remove its workers' directories, and its workers, which
// the kernel kills with it, cannot either. A directory whose maker's
// process id is in use is kept, whatever process now has that id.
func removeStaleScratch() {
	dir := os.TempDir()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), scratchDirPrefix)
		pid, _, found := strings.Cut(rest, "-")
		if !ok || !found || !e.IsDir() {
			continue
		}
		if n, err := strconv.Atoi(pid); err == nil && n > 0 && !proc.Alive(n) {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
}
