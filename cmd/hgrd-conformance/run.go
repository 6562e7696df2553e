// This file defines one run of hgrd on a corpus case: a child process with
// a JSON report, its exit status, its wall-clock time and its peak memory.

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"hgrd/report"
)

// A runner runs hgrd.
type runner struct {
	hgrd        string
	jobs        int
	fileTimeout time.Duration
	// reports, if set, is a directory that keeps each application's
	// JSON report, for judging its races from the code.
	reports string
}

// A run is what one hgrd process did.
type run struct {
	exit    int
	seconds float64
	maxRSS  int64 // bytes, the largest of hgrd and its children
	report  *report.Result
	json    []byte // the report as hgrd wrote it
	stderr  string
}

// hgrdRun runs hgrd with args in dir, with --format json added. hgrd's
// own budget is per file; a whole run gets ten of them before it is
// killed, with its workers, clang and opt (its process group).
func (r *runner) hgrdRun(ctx context.Context, dir string, args ...string) run {
	return r.hgrdRunWithin(ctx, 10, dir, args...)
}

// hgrdRunWithin is hgrdRun with a budget of the given number of per-file
// budgets for the whole run.
func (r *runner) hgrdRunWithin(ctx context.Context, budgets int, dir string, args ...string) run {
	args = append([]string{args[0], "--no-cache", "-q", "--timings", "--format", "json", "--timeout", r.fileTimeout.String()}, args[1:]...)
	ctx, cancel := context.WithTimeout(ctx, time.Duration(budgets)*r.fileTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, r.hgrd, args...)
	cmd.Dir = dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second // output held open by a process that left the group
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	out := run{seconds: time.Since(start).Seconds(), json: stdout.Bytes(), stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		out.exit = exit.ExitCode()
	case err != nil:
		out.exit = -1
		out.stderr += err.Error()
	}
	if cmd.ProcessState != nil {
		// wait4's usage covers the process and the children it reaped:
		// hgrd's workers, clang-14 and opt-14.
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			out.maxRSS = ru.Maxrss * 1024
		}
	}
	var rep report.Result
	if json.Unmarshal(stdout.Bytes(), &rep) == nil {
		out.report = &rep
	}
	return out
}

// keep writes the run's JSON report as name.json in the runner's
// reports directory, if it has one.
func (r *runner) keep(name string, o run) error {
	if r.reports == "" {
		return nil
	}
	return os.WriteFile(filepath.Join(r.reports, name+".json"), o.json, 0o644)
}

// crashed reports whether hgrd failed outside its contract: an exit
// status other than 0, 1 and 2, no report, or an exit status that
// disagrees with the report.
func (o run) crashed() bool {
	return o.exit < 0 || o.exit > 2 || o.report == nil || o.report.ExitCode() != o.exit
}
