// This file defines File, the analysis of a file: every kernel, in every
// launch context, every conflicting pair of accesses, every kind of race.

package analysis

import (
	"context"
	"time"

	"hgrd/frontend"
	"hgrd/hostanalysis"
	"hgrd/kernelanalysis"
	"hgrd/report"
	"hgrd/solver"
)

// Options configure the analysis of one file. They travel to the
// driver's worker processes as JSON.
type Options struct {
	// GridDim and BlockDim are the launch shape assumed for kernels that
	// no analysed host code launches; a zero entry means unknown.
	GridDim, BlockDim [3]int64
	// Explain records, per launch, the host facts the analysis used, and
	// what rules out the races that are not reported.
	Explain bool
	// AnyLaunch drops the launch model's assumptions (model.go) and checks
	// every launch shape.
	AnyLaunch bool
	// ReportBenign reports write-write races in which both writes store
	// the same value, as benign races; by default they are not races.
	ReportBenign bool
	// Workers is the number of threads that decide the file's lanes of
	// queries at once, each lane with solvers of its own; 0 means one per
	// core. It changes no answer (solveAll). Z3's memory is released
	// between lanes (solver.ReleaseMemory): with one thread after every
	// lane, with more once enough is held (releaseGate).
	Workers int
	// SolverMemory bounds, in bytes, the memory Z3 holds in the process
	// (solver.LimitMemory; 0: no bound): an attempt that would pass it
	// ends undecided. It is process-wide, so only a process that
	// analyses one file at a time (a worker) sets it.
	SolverMemory uint64 `json:"-"`
	// SolveDeadline, if set, is when solving stops, the per-file time
	// budget's safety margin before it (driver.Options.FileTimeout): the
	// races found by then are reported, and the pairs not decided are
	// one Incomplete entry. It is no verdict's input, so cache keys
	// leave it out.
	SolveDeadline time.Time
}

// A Result is what the analysis of one file finds.
type Result struct {
	Races     []*report.Race // sorted, with fingerprints
	Undecided []*report.Undecided
	// Incomplete lists what the analysis could not see, such as calls to
	// device functions without a body.
	Incomplete []string
	// Explain holds, with Options.Explain, the launches found, their
	// host facts, and what rules out the races not reported.
	Explain []report.Note
	// Linkage says how the file's host code and kernels reach other files.
	Linkage Linkage
	// Analysis and Solving are the time spent building queries and
	// deciding them.
	Analysis, Solving time.Duration
}

// Linkage lists, by IR name, the host functions through which other
// files reach a file's kernels and those the file's host code calls in
// other files.
type Linkage struct {
	// Exported are the launch stubs of the kernels the file defines and
	// does not launch itself, and its externally visible host functions
	// from which a launch is reachable (launch wrappers).
	Exported []string `json:"exported,omitempty"`
	// Imported are the functions the host code calls and the file does
	// not define.
	Imported []string `json:"imported,omitempty"`
}

// File finds the races of every kernel of u, in every launch context.
// An error means the file could not be analysed; the Result is then nil.
func File(ctx context.Context, u *frontend.Unit, opts Options) (*Result, error) {
	start := time.Now()
	solver.LimitMemory(opts.SolverMemory)
	res := &Result{}
	launches := hostanalysis.Launches(u)
	if opts.Explain {
		res.Explain = append(res.Explain, explainLaunches(u, launches)...)
	}
	res.Linkage = linkage(u, launches)
	res.Incomplete = append(res.Incomplete, u.NotAnalysed...)
	var tasks []*task
	kernels := map[*frontend.Kernel]*kernelanalysis.Kernel{}
	for _, fk := range u.Kernels {
		k, err := kernelanalysis.Analyze(u, fk)
		if err != nil {
			return nil, err
		}
		kernels[fk] = k
	}
	dropOverwritten(launches, kernels)
	dropRewrittenRanges(launches, kernels)
	for _, fk := range u.Kernels {
		k := kernels[fk]
		res.Incomplete = append(res.Incomplete, k.Incomplete...)
		for _, l := range launchContexts(fk, k, launches, opts) {
			tasks = appendTasks(tasks, k, l, opts)
			if opts.Explain {
				res.Explain = append(res.Explain, explainAssumptions(u, fk, l)...)
			}
		}
	}
	res.Analysis = time.Since(start)
	start = time.Now()
	solveCtx, cancel := ctx, context.CancelFunc(func() {})
	if !opts.SolveDeadline.IsZero() {
		solveCtx, cancel = context.WithDeadline(ctx, opts.SolveDeadline)
	}
	defer cancel()
	err := solveAll(solveCtx, tasks, opts.Workers)
	res.Solving = time.Since(start)
	cut := err != nil && solveCtx.Err() != nil && ctx.Err() == nil
	if err != nil && !cut {
		return nil, err
	}
	res.Races, res.Undecided = collectResults(tasks)
	sortRaces(res.Races)
	report.SetFingerprints(&report.FileResult{Races: res.Races})
	if note := unfinishedNote(tasks); cut && note != "" {
		res.Incomplete = append(res.Incomplete, note)
		return res, nil
	}
	if opts.Explain {
		res.Explain = append(res.Explain, explainRuledOut(ctx, tasks, opts.Workers)...)
	}
	return res, nil
}

// linkage says how the unit's kernels and launches reach other files
// (see the driver's second pass).
func linkage(u *frontend.Unit, launches []*hostanalysis.Launch) Linkage {
	launched := map[*frontend.Kernel]bool{}
	for _, l := range launches {
		launched[l.Kernel] = true
	}
	link := Linkage{Imported: u.ImportedFuncs}
	for _, k := range u.Kernels {
		if !launched[k] && k.Stub != nil {
			link.Exported = append(link.Exported, k.Stub.Name())
		}
	}
	link.Exported = append(link.Exported, hostanalysis.Launchers(u)...)
	return link
}
