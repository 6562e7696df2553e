// This file defines the analysis stage of a file: every kernel, in every
// launch context, every conflicting pair of accesses, every kind of race.

package driver

import (
	"context"
	"fmt"
	"sort"
	"time"

	"hgrd/constraints"
	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/hostanalysis"
	"hgrd/kernelanalysis"
	"hgrd/report"
)

func init() { analyseUnit = analyse }

// analyse finds the races of every kernel of u.
func analyse(ctx context.Context, u *frontend.Unit, opts Options, out *report.FileResult) error {
	start := time.Now()
	launches := hostanalysis.Launches(u)
	var tasks []*task
	for _, fk := range u.Kernels {
		k, err := kernelanalysis.Analyze(u, fk)
		if err != nil {
			return err
		}
		out.Incomplete = append(out.Incomplete, k.Incomplete...)
		for _, l := range launchContexts(fk, k, launches, opts) {
			tasks = appendTasks(tasks, k, l)
		}
	}
	out.Timings.Analysis += time.Since(start)
	start = time.Now()
	err := solveAll(ctx, tasks, opts.Workers)
	out.Timings.Solving += time.Since(start)
	if err != nil {
		return err
	}
	collectResults(tasks, out)
	sortRaces(out.Races)
	return nil
}

// launchContexts returns the distinct launch shapes of a kernel: one per
// distinct constant shape among its launch sites, or the command line's
// shape if nothing launches it.
func launchContexts(fk *frontend.Kernel, k *kernelanalysis.Kernel, launches []*hostanalysis.Launch, opts Options) []*constraints.Launch {
	var ctxs []*constraints.Launch
	seen := map[string]bool{}
	for _, l := range launches {
		if l.Kernel != fk {
			continue
		}
		facts := constArgFacts(k, l.ConstArgs)
		key := fmt.Sprint(l.GridDim, l.BlockDim, facts)
		if seen[key] {
			continue
		}
		seen[key] = true
		ctxs = append(ctxs, &constraints.Launch{GridDim: l.GridDim, BlockDim: l.BlockDim, Facts: facts,
			Origin: fmt.Sprintf("launch at %s", l.Pos)})
	}
	if len(ctxs) == 0 {
		ctxs = append(ctxs, &constraints.Launch{GridDim: opts.GridDim, BlockDim: opts.BlockDim,
			Origin: noLaunchOrigin(opts)})
	}
	return ctxs
}

// noLaunchOrigin describes the launch context of a kernel that no analysed
// host code launches.
func noLaunchOrigin(opts Options) string {
	if opts.GridDim[0] > 0 || opts.BlockDim[0] > 0 {
		return "no launch in the analysed host code; shape from --grid-dim/--block-dim"
	}
	return "no launch in the analysed host code; any launch shape (set --grid-dim/--block-dim)"
}

// constArgFacts states that parameters receive the launch's constant
// arguments.
func constArgFacts(k *kernelanalysis.Kernel, args map[int]int64) []*expr.Term {
	var facts []*expr.Term
	for _, p := range k.Params {
		v, ok := args[p.Index]
		if !ok || p.Term == nil {
			continue
		}
		if p.Term.IsBool() {
			facts = append(facts, expr.Eq(p.Term, expr.BoolConst(v != 0)))
		} else {
			facts = append(facts, expr.Eq(p.Term, expr.Int(v, p.Term.Width)))
		}
	}
	return facts
}

// raceKey identifies a report: one per racing pair of source accesses
// (position and read, write or atomic) and kind of race.
type raceKey struct {
	first, second         frontend.Pos
	firstKind, secondKind kernelanalysis.AccessKind
	kind                  string
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
		kindOrder[k] = i
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
