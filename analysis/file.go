// This file defines File, the analysis of a file: every kernel, in every
// launch context, every conflicting pair of accesses, every kind of race.

package analysis

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"hgrd/constraints"
	"hgrd/cuda"
	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/hostanalysis"
	"hgrd/kernelanalysis"
	"hgrd/report"
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
	// Workers is the number of solvers that decide the file's queries in
	// parallel; 0 means one per core.
	Workers int
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
	res := &Result{}
	launches := hostanalysis.Launches(u)
	if opts.Explain {
		res.Explain = append(res.Explain, explainLaunches(u, launches)...)
	}
	res.Linkage = linkage(u, launches)
	var tasks []*task
	for _, fk := range u.Kernels {
		k, err := kernelanalysis.Analyze(u, fk)
		if err != nil {
			return nil, err
		}
		res.Incomplete = append(res.Incomplete, k.Incomplete...)
		for _, l := range launchContexts(fk, k, launches, opts) {
			tasks = appendTasks(tasks, k, l)
		}
	}
	res.Analysis = time.Since(start)
	start = time.Now()
	err := solveAll(ctx, tasks, opts.Workers)
	res.Solving = time.Since(start)
	if err != nil {
		return nil, err
	}
	res.Races, res.Undecided = collectResults(tasks)
	sortRaces(res.Races)
	report.SetFingerprints(&report.FileResult{Races: res.Races})
	if opts.Explain {
		res.Explain = append(res.Explain, explainRuledOut(ctx, tasks, opts.Workers)...)
	}
	return res, nil
}

// launchContexts returns a kernel's launch contexts: one per distinct
// launch found by the host walk, with the dimensions, arguments and facts
// the host code gives it; or, if nothing launches the kernel, the command
// line's shape.
func launchContexts(fk *frontend.Kernel, k *kernelanalysis.Kernel, launches []*hostanalysis.Launch, opts Options) []*constraints.Launch {
	var ctxs []*constraints.Launch
	seen := map[string]bool{}
	for _, l := range launches {
		if l.Kernel != fk {
			continue
		}
		facts, notes := launchFacts(k, l)
		key := fmt.Sprint(facts, aliases(l))
		if seen[key] {
			continue
		}
		seen[key] = true
		origin := fmt.Sprintf("launch at %s", l.Pos)
		if len(l.Via) > 0 {
			origin += fmt.Sprintf(" via %s", l.Via[0])
		}
		ctxs = append(ctxs, &constraints.Launch{GridDim: l.GridDim, BlockDim: l.BlockDim, Facts: facts,
			FactNotes: notes, Aliases: aliases(l), Origin: origin})
	}
	if len(ctxs) == 0 {
		ctxs = append(ctxs, &constraints.Launch{GridDim: opts.GridDim, BlockDim: opts.BlockDim,
			Origin: noLaunchOrigin(opts)})
	}
	return ctxs
}

// launchFacts states a launch's dimensions and integer arguments in terms
// of host values, and the host facts that hold at it, each with a note
// saying what it is.
func launchFacts(k *kernelanalysis.Kernel, l *hostanalysis.Launch) ([]*expr.Term, []string) {
	var facts []*expr.Term
	var notes []string
	add := func(f *expr.Term, note string) {
		facts = append(facts, f)
		notes = append(notes, note)
	}
	for axis := 0; axis < 3; axis++ {
		if t := l.Grid[axis]; t != nil {
			add(expr.Eq(kernelanalysis.GridDim(axis), t),
				fmt.Sprintf("%s == %s (launch at %s)", cuda.RegNctaid.CUDAComponent(axis), hostanalysis.Display(t), l.Pos))
		}
		if t := l.Block[axis]; t != nil {
			add(expr.Eq(kernelanalysis.BlockDim(axis), t),
				fmt.Sprintf("%s == %s (launch at %s)", cuda.RegNtid.CUDAComponent(axis), hostanalysis.Display(t), l.Pos))
		}
	}
	for _, p := range k.Params {
		if p.Index < len(l.Args) && p.Term != nil && l.Args[p.Index] != nil && l.Args[p.Index].Width == p.Term.Width {
			add(expr.Eq(p.Term, l.Args[p.Index]),
				fmt.Sprintf("%s == %s (argument at %s)", p.Name, hostanalysis.Display(l.Args[p.Index]), l.Pos))
		}
	}
	for _, f := range l.Facts {
		text := hostanalysis.Display(f.Cond)
		if f.Kind == hostanalysis.Definedness {
			text = "no overflow where the host code promises none"
		}
		add(f.Cond, fmt.Sprintf("%s (%s at %s)", text, f.Kind, f.Pos))
	}
	return facts, notes
}

// aliases places the launch's pointer arguments in their allocations.
func aliases(l *hostanalysis.Launch) map[int]constraints.Alias {
	m := map[int]constraints.Alias{}
	for i, p := range l.Pointers {
		m[i] = constraints.Alias{Group: p.Allocation, Offset: p.Offset}
	}
	return m
}

// explainLaunches describes each launch and the host facts it has.
func explainLaunches(u *frontend.Unit, launches []*hostanalysis.Launch) []report.Note {
	var notes []report.Note
	for _, l := range launches {
		msg := fmt.Sprintf("launch of %s<<<%s, %s>>>", l.Kernel.Name, dims(l.Grid), dims(l.Block))
		for _, v := range l.Via {
			msg += fmt.Sprintf(" (called at %s)", v)
		}
		notes = append(notes, report.Note{Pos: l.Pos.String(), Message: msg})
		for i, arg := range l.Args {
			if arg != nil && i < len(l.Kernel.Func.Params) {
				notes = append(notes, report.Note{Pos: l.Pos.String(),
					Message: fmt.Sprintf("  argument %s = %s", l.Kernel.Func.Params[i].LocalName, hostanalysis.Display(arg))})
			}
		}
		for _, f := range l.Facts {
			if f.Kind == hostanalysis.Definedness {
				continue
			}
			notes = append(notes, report.Note{Pos: l.Pos.String(),
				Message: fmt.Sprintf("  %s (%s at %s)", hostanalysis.Display(f.Cond), f.Kind, f.Pos)})
		}
	}
	return notes
}

// dims spells a launch dimension's terms.
func dims(d [3]*expr.Term) string {
	parts := make([]string, 3)
	for i, t := range d {
		parts[i] = "?"
		if t != nil {
			parts[i] = hostanalysis.Display(t)
		}
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// noLaunchOrigin describes the launch context of a kernel that no analysed
// host code launches.
func noLaunchOrigin(opts Options) string {
	if opts.GridDim[0] > 0 || opts.BlockDim[0] > 0 {
		return "no launch in the analysed host code; shape from --grid-dim/--block-dim"
	}
	return "no launch in the analysed host code; any launch shape (set --grid-dim/--block-dim)"
}

// raceKey identifies a report: one per racing pair of source accesses
// (position and read, write or atomic) and kind of race.
type raceKey struct {
	first, second         frontend.Pos
	firstKind, secondKind kernelanalysis.AccessKind
	kind                  constraints.Kind
	union                 bool // the key of a union of the pair's kinds
}

// ordered returns two accesses with the earlier source position first.
func ordered(a, b *kernelanalysis.Access) (*kernelanalysis.Access, *kernelanalysis.Access) {
	if before(b.Pos, a.Pos) || b.Pos == a.Pos && b.Kind > a.Kind {
		return b, a
	}
	return a, b
}

func before(p, q frontend.Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Column < q.Column
}

// sortRaces orders races by first access, second access and kind.
func sortRaces(races []*report.Race) {
	kindOrder := map[string]int{}
	for i, k := range constraints.Kinds {
		kindOrder[k.String()] = i
	}
	sort.SliceStable(races, func(i, j int) bool {
		a, b := races[i], races[j]
		if a.First != b.First {
			return lessAccess(a.First, b.First)
		}
		if a.Second != b.Second {
			return lessAccess(a.Second, b.Second)
		}
		return kindOrder[a.Kind] < kindOrder[b.Kind]
	})
}

func lessAccess(a, b report.Access) bool {
	return before(frontend.Pos{File: a.File, Line: a.Line, Column: a.Column},
		frontend.Pos{File: b.File, Line: b.Line, Column: b.Column})
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
