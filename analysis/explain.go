// This file defines what --explain says about races the host facts or
// acquire/release synchronisation rule out: for each query that is unsat
// with its locks and flags and sat without them, the locks and flags;
// for each query that is unsat with the launch's facts and sat without
// them, a small set of facts that keeps it unsat.
//
// The set is found by deletion: first every fact that shares no variable
// with the kernel's side of the query at once, then halves, quarters and
// so on of the remaining facts, down to single facts, so that every fact
// named is needed by itself (unless deleting it came back undecided). The
// races of a file are explained in parallel, each with a Solver of its
// own, so an explanation does not depend on the others.

package analysis

import (
	"context"
	"fmt"
	"runtime"
	"strings"

	"hgrd/constraints"
	"hgrd/expr"
	"hgrd/internal/parallel"
	"hgrd/report"
	"hgrd/solver"
)

// explainBudget is the budget of each explaining query: an undecided step
// keeps its facts, so the set named may be larger than needed but never
// too small.
const explainBudget = solver.DefaultBudget / 8

// maxExplained bounds the races explained per file: each costs several
// queries.
const maxExplained = 10

// explainRuledOut returns a note for each race that only host facts rule
// out, naming the facts that do, explaining up to workers races at once.
func explainRuledOut(ctx context.Context, tasks []*task, workers int) []report.Note {
	candidates := explainCandidates(tasks)
	notes := make([]*report.Note, len(candidates))
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// As between lanes of queries (solveLanes), an explanation's solver
	// is closed before Z3's memory is released: a worker runs with the
	// garbage collector off, and ssm's ten explanations held more than
	// the 1 GiB a file may use.
	gate := newReleaseGate(workers)
	parallel.ForEach(len(candidates), workers, func(i int) {
		gate.enter()
		defer gate.leave()
		if ctx.Err() == nil {
			notes[i] = explain(candidates[i])
		}
	})
	gate.close()
	var out []report.Note
	for _, n := range notes {
		if n != nil {
			out = append(out, *n)
		}
	}
	return out
}

// explainCandidates returns the first maxExplained tasks, one per race,
// whose query the launch's facts make unsat and that no launch found racy.
func explainCandidates(tasks []*task) []*task {
	done := map[raceKey]bool{} // chosen, or racy in some launch
	for _, t := range tasks {
		if t.result != nil && t.result.Status == solver.Sat {
			done[t.key] = true
		}
	}
	var out []*task
	for _, t := range tasks {
		if len(out) == maxExplained {
			break
		}
		if t.members != nil || t.result == nil || t.result.Status != solver.Unsat || done[t.key] {
			continue
		}
		if q := t.ensureQuery(); len(t.launch.Facts) == 0 && len(q.Guards) == 0 && q.DifferentValues == nil {
			continue // nothing to explain it by
		}
		done[t.key] = true
		out = append(out, t)
	}
	return out
}

// explain returns the note for one task, or nil if its race does not
// exist even without the launch's facts or its guards.
func explain(t *task) *report.Note {
	s := solver.New(explainBudget)
	defer s.Close()
	if note := explainGuards(s, t); note != nil {
		return note
	}
	if note := explainBenign(s, t); note != nil {
		return note
	}
	needed, ok := factsNeeded(s, t)
	if !ok {
		return nil
	}
	var why []string
	for _, i := range needed {
		why = append(why, t.launch.FactNotes[i])
	}
	q := t.ensureQuery()
	return &report.Note{Pos: q.First.Pos.String(), Message: fmt.Sprintf(
		"%s %s-%s race with %s ruled out by host facts: %s",
		q.Kind, q.First.Kind, q.Second.Kind, q.Second.Pos, strings.Join(why, "; "))}
}

// explainGuards returns a note naming the locks and flags that rule a
// task's race out, if the race exists without them.
func explainGuards(s *solver.Solver, t *task) *report.Note {
	q := t.ensureQuery()
	if len(q.Guards) == 0 {
		return nil
	}
	bare := constraints.BuildWith(t.kernel, q.First, q.Second, q.Kind, t.launch, constraints.Options{IgnoreGuards: true})
	res, err := solveWithin(s, &task{kernel: t.kernel, launch: t.launch, query: bare}, explainBudget)
	if err != nil || res.Status != solver.Sat {
		return nil
	}
	return &report.Note{Pos: q.First.Pos.String(), Message: fmt.Sprintf(
		"%s %s-%s race with %s ruled out by synchronisation: %s",
		q.Kind, q.First.Kind, q.Second.Kind, q.Second.Pos, strings.Join(q.Guards, "; "))}
}

// explainBenign returns a note saying that a write-write race is ruled
// out only because both writes store the same value, if it is.
func explainBenign(s *solver.Solver, t *task) *report.Note {
	q := t.ensureQuery()
	if q.DifferentValues == nil {
		return nil
	}
	same := constraints.BuildWith(t.kernel, q.First, q.Second, q.Kind, t.launch, constraints.Options{KeepBenign: true})
	res, err := solveWithin(s, &task{kernel: t.kernel, launch: t.launch, query: same}, explainBudget)
	if err != nil || res.Status != solver.Sat {
		return nil
	}
	return &report.Note{Pos: q.First.Pos.String(), Message: fmt.Sprintf(
		"%s %s-%s race with %s ruled out: both writes store the same value (a benign race; --report-benign reports it)",
		q.Kind, q.First.Kind, q.Second.Kind, q.Second.Pos)}
}

// factsNeeded reports whether the task's race exists without the launch's
// facts and, if so, returns the indices of facts that suffice to rule it
// out.
func factsNeeded(s *solver.Solver, t *task) ([]int, bool) {
	if status(s, t, nil) != solver.Sat {
		return nil, false
	}
	keep, unrelated := splitUnrelated(t)
	if len(unrelated) > 0 && status(s, t, keep) != solver.Unsat {
		keep = append(keep, unrelated...) // rarely: facts that clash among themselves
	}
	for size := len(keep) / 2; ; size /= 2 {
		size = max(size, 1)
		for i := 0; i < len(keep); {
			end := min(i+size, len(keep))
			without := append(append([]int(nil), keep[:i]...), keep[end:]...)
			if status(s, t, without) == solver.Unsat {
				keep = without
			} else {
				i = end
			}
		}
		if size == 1 {
			return keep, true
		}
	}
}

// splitUnrelated divides the launch's facts into those connected to the
// kernel's side of the query through shared variables, directly or
// through other facts, and the rest, in order.
func splitUnrelated(t *task) (related, unrelated []int) {
	reached := map[string]bool{}
	for _, a := range kernelSide(t) {
		for _, v := range expr.Vars(a) {
			reached[v.Name] = true
		}
	}
	facts := t.launch.Facts
	in := make([]bool, len(facts))
	for grew := true; grew; {
		grew = false
		for i, f := range facts {
			if in[i] {
				continue
			}
			vars := expr.Vars(f)
			for _, v := range vars {
				if reached[v.Name] {
					in[i], grew = true, true
					break
				}
			}
			if in[i] {
				for _, v := range vars {
					reached[v.Name] = true
				}
			}
		}
	}
	for i := range facts {
		if in[i] {
			related = append(related, i)
		} else {
			unrelated = append(unrelated, i)
		}
	}
	return related, unrelated
}

// kernelSide returns the task's query without the launch's facts.
func kernelSide(t *task) []*expr.Term {
	if _, q := withFacts(t, nil); q != nil {
		return q.Race()
	}
	return nil
}

// withFacts returns the task's launch with only the facts listed, and
// the query of the task's race in it (nil if the race is impossible).
func withFacts(t *task, facts []int) (*constraints.Launch, *constraints.Query) {
	l := &constraints.Launch{Aliases: t.launch.Aliases, Origin: t.launch.Origin}
	for _, i := range facts {
		l.Facts = append(l.Facts, t.launch.Facts[i])
	}
	q := t.ensureQuery()
	return l, constraints.Build(t.kernel, q.First, q.Second, q.Kind, l)
}

// status answers the task's query with only the facts listed.
func status(s *solver.Solver, t *task, facts []int) solver.Status {
	l, q := withFacts(t, facts)
	if q == nil {
		return solver.Unsat
	}
	res, err := solveWithin(s, &task{kernel: t.kernel, launch: l, query: q}, explainBudget)
	if err != nil {
		return solver.Unknown
	}
	return res.Status
}
