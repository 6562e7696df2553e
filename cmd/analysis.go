// This file defines the flags that "hgrd check" and "hgrd scan" share and
// what both do with a run's result: suppressions, baselines, the report
// and the exit status.

package cmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"hgrd/analysis"
	"hgrd/cache"
	"hgrd/cuda"
	"hgrd/driver"
	"hgrd/frontend"
	"hgrd/report"
	"hgrd/suppress"
)

// defaultMemoryLimitMiB is --memory-limit's default: the bound a worker
// is planned for when -j's default is chosen (driver.DefaultJobs).
const defaultMemoryLimitMiB = 1024

// analysisFlags are the flags of a run over files.
type analysisFlags struct {
	format, output, root       string
	includes, defines          []string
	gridDim, blockDim          string
	cudaPath                   string
	toolkit                    frontend.Toolkit // found by options
	explain, anyLaunch         bool
	reportBenign, timings      bool
	jobs, threads              int
	timeout                    time.Duration
	memoryLimit                uint64
	noCache                    bool
	baseline, writeBaseline    string
	reportUnusedIgnores, quiet bool
}

// register adds the flags to a command's flag set.
func (f *analysisFlags) register(fl *pflag.FlagSet) {
	fl.StringVar(&f.format, "format", "text", "output format: text, json, sarif or html")
	fl.StringVarP(&f.output, "output", "o", "", "write the report to FILE instead of standard output")
	fl.StringVar(&f.root, "root", "", "directory SARIF URIs and HTML paths are relative to (default: the working directory)")
	fl.StringArrayVarP(&f.includes, "include-dir", "I", nil, "add DIR to the include search path")
	fl.StringArrayVarP(&f.defines, "define", "D", nil, "define macro NAME[=VALUE]")
	fl.StringVar(&f.gridDim, "grid-dim", "", cuda.RegNctaid.CUDAName()+" X[,Y[,Z]] of kernels that no analysed host code launches")
	fl.StringVar(&f.blockDim, "block-dim", "", cuda.RegNtid.CUDAName()+" X[,Y[,Z]] of kernels that no analysed host code launches")
	fl.StringVar(&f.cudaPath, "cuda-path", "", "use the headers of the CUDA toolkit in DIR instead of hgrd's prelude (default: CUDA_PATH, CUDA_HOME, nvcc's, /usr/local/cuda or /usr/lib/cuda, if clang-14 can use it)")
	fl.BoolVar(&f.explain, "explain", false, "print each launch with the host facts the analysis uses")
	fl.BoolVar(&f.timings, "timings", false, "give each file's wall-clock seconds in the JSON report (\"seconds\") and their split by phase (\"phases\": clang, opt, parse, analysis, solving), and the peak memory of its analysis (\"peakMiB\")")
	fl.BoolVar(&f.reportBenign, "report-benign", false, "report write-write races in which both writes store the same value, as benign races")
	fl.BoolVar(&f.anyLaunch, "any-launch", false, "check kernels for every launch shape: no 1-D default for kernels that read only x coordinates, no bound on the grid's threads")
	fl.IntVarP(&f.jobs, "jobs", "j", driver.DefaultJobs(), "files analysed at once (default: one a core, as many as the available memory holds at 2 GB each)")
	fl.IntVar(&f.threads, "threads", 0, "threads that solve one file's queries; the verdicts are the same with any number (default: the cores that -j leaves each file, up to 4)")
	fl.DurationVar(&f.timeout, "timeout", 0, "budget of one file's analysis, such as 5m; solving stops shortly before its end and reports the races found by then, with the pairs left undecided, as not fully analysed (default: none)")
	fl.Uint64Var(&f.memoryLimit, "memory-limit", defaultMemoryLimitMiB, "bound, in MiB, of the memory one file's analysis may hold (clang and opt apart); a file over it is reported as not analysed (0: none)")
	fl.BoolVar(&f.noCache, "no-cache", false, "analyse every file anew, without reading or writing the result cache")
	fl.StringVar(&f.baseline, "baseline", "", "report only races not in FILE, an earlier run's JSON or SARIF report")
	fl.StringVar(&f.writeBaseline, "write-baseline", "", "write the races found to FILE, for --baseline")
	fl.BoolVar(&f.reportUnusedIgnores, "report-unused-ignores", false, "warn about hgrd:ignore comments that silence no race (and exit 1)")
	fl.BoolVarP(&f.quiet, "quiet", "q", false, "no summary line and no progress on standard error")
}

// options turns the flags into driver options.
func (f *analysisFlags) options(tools *toolFlags) (driver.Options, error) {
	opts := driver.Options{Frontend: frontend.Config{
		Clang: tools.clang, Opt: tools.opt, CUDAPath: f.cudaPath,
		IncludeDirs: f.includes, Defines: f.defines,
	}, Options: analysis.Options{Explain: f.explain, AnyLaunch: f.anyLaunch, ReportBenign: f.reportBenign, Workers: f.threads}, Jobs: f.jobs, FileTimeout: f.timeout, MemoryLimit: f.memoryLimit << 20}
	// An installed CUDA toolkit's headers replace the prelude when
	// clang-14 can use them; one it cannot use is reported once, by run.
	f.toolkit = frontend.FindToolkit(context.Background(), opts.Frontend)
	opts.Frontend.CUDAPath, opts.Frontend.CUDASource = f.toolkit.Path, f.toolkit.Source
	var err error
	if f.gridDim != "" {
		if opts.GridDim, err = parseDim("--grid-dim", f.gridDim, cuda.CheckGridDim); err != nil {
			return opts, err
		}
	}
	if f.blockDim != "" {
		if opts.BlockDim, err = parseDim("--block-dim", f.blockDim, cuda.CheckBlockDim); err != nil {
			return opts, err
		}
	}
	if f.jobs < 1 {
		return opts, fmt.Errorf("-j %d: want at least 1", f.jobs)
	}
	if f.threads < 0 {
		return opts, fmt.Errorf("--threads %d: want 1 or more, or 0 for the default", f.threads)
	}
	if !f.noCache {
		// The cache is best-effort: without a usable directory, every
		// file is analysed anew.
		if dir, err := cache.DefaultDir(); err == nil {
			opts.Cache, _ = cache.Open(dir)
		}
	}
	return opts, nil
}

// run analyses the inputs and reports them: the common end of check and
// scan.
func (f *analysisFlags) run(c *cobra.Command, inputs []driver.Input, opts driver.Options) error {
	if f.toolkit.Rejected != "" {
		fmt.Fprintf(c.ErrOrStderr(), "hgrd: %s; using hgrd's prelude instead\n", f.toolkit.Rejected)
	}
	write, err := formatter(f.format, f.root)
	if err != nil {
		return err
	}
	var base *suppress.Baseline
	if f.baseline != "" {
		if base, err = suppress.LoadBaseline(f.baseline); err != nil {
			return err
		}
	}
	if !f.quiet && isTerminal(c.ErrOrStderr()) {
		opts.Progress = progressBar(c.ErrOrStderr())
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res := driver.CheckInputs(ctx, inputs, opts)
	for _, file := range res.Files {
		if f.timings {
			file.Phases = file.Timings.Seconds()
		} else {
			file.Seconds, file.PeakMiB = 0, 0 // a report is the same from run to run unless asked
		}
	}
	if opts.Progress != nil {
		fmt.Fprint(c.ErrOrStderr(), clearLine)
	}
	unused := suppress.Apply(res, sourceReader(inputs))
	if f.writeBaseline != "" {
		if err := suppress.WriteBaseline(f.writeBaseline, res); err != nil {
			return err
		}
	}
	if base != nil {
		base.Filter(res)
	}
	if f.reportUnusedIgnores {
		attachNotes(res, unused)
	}
	if err := f.writeReport(c, write, res); err != nil {
		return err
	}
	if !f.quiet {
		summarise(c, res)
	}
	code := res.ExitCode()
	if code == report.ExitClean && f.reportUnusedIgnores && len(unused) > 0 {
		code = report.ExitRaces
	}
	if code != report.ExitClean {
		return &exitError{code}
	}
	return nil
}

// sourceReader reads sources for hgrd:ignore comments: an unsaved
// buffer's content for its path, the file's otherwise.
func sourceReader(inputs []driver.Input) func(string) ([]byte, error) {
	buffers := map[string][]byte{}
	for _, in := range inputs {
		if in.Source != nil {
			buffers[filepath.Clean(in.Path)] = in.Source
		}
	}
	return func(path string) ([]byte, error) {
		if src, ok := buffers[filepath.Clean(path)]; ok {
			return src, nil
		}
		return os.ReadFile(path)
	}
}

// writeReport prints the report to standard output or to --output.
func (f *analysisFlags) writeReport(c *cobra.Command, write func(io.Writer, *report.Result) error, res *report.Result) error {
	if f.output == "" {
		return write(c.OutOrStdout(), res)
	}
	var b bytes.Buffer
	if err := write(&b, res); err != nil {
		return err
	}
	return os.WriteFile(f.output, b.Bytes(), 0o644)
}

// attachNotes adds each note to the result of the file it names, or to
// the first file's if it names none of them.
func attachNotes(res *report.Result, notes []report.Note) {
	for _, n := range notes {
		target := res.Files[0]
		for _, f := range res.Files {
			if strings.HasPrefix(n.Pos, f.Path+":") {
				target = f
			}
		}
		target.Notes = append(target.Notes, n)
	}
}

// formatter returns the writer of a --format value. SARIF URIs and HTML
// paths are relative to root, by default the working directory.
func formatter(name, root string) (func(io.Writer, *report.Result) error, error) {
	rootDir := func() (string, error) {
		if root != "" {
			return root, nil
		}
		return os.Getwd()
	}
	switch name {
	case "text":
		return report.WriteText, nil
	case "json":
		return report.WriteJSON, nil
	case "sarif":
		return func(w io.Writer, r *report.Result) error {
			root, err := rootDir()
			if err != nil {
				return err
			}
			return report.WriteSARIF(w, r, report.SARIFOptions{Version: Version, Root: root})
		}, nil
	case "html":
		return func(w io.Writer, r *report.Result) error {
			root, err := rootDir()
			if err != nil {
				return err
			}
			return report.WriteHTML(w, r, report.HTMLOptions{Title: "hgrd report", Root: root, Version: Version})
		}, nil
	}
	return nil, fmt.Errorf("unknown --format %q (want text, json, sarif or html)", name)
}

// summarise prints a one-line count to standard error.
func summarise(c *cobra.Command, res *report.Result) {
	files, races, failed := res.Counts()
	msg := fmt.Sprintf("hgrd: %d file(s), %d race(s)", files, races)
	if failed > 0 {
		msg += fmt.Sprintf(", %d not analysed", failed)
	}
	if n := suppressedCount(res); n > 0 {
		msg += fmt.Sprintf(", %d suppressed", n)
	}
	fmt.Fprintln(c.ErrOrStderr(), msg)
}

func suppressedCount(res *report.Result) int {
	n := 0
	for _, f := range res.Files {
		n += len(f.Suppressed)
	}
	return n
}

// parseDim parses a --grid-dim or --block-dim value.
func parseDim(flag, s string, check func([3]int64) error) ([3]int64, error) {
	d, err := cuda.ParseDim(s, check)
	if err != nil {
		return d, fmt.Errorf("%s %q: %v", flag, s, err)
	}
	return d, nil
}
