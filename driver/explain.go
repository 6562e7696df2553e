// This file defines what --explain says about races the host facts rule
// out: for each query that is unsat with the launch's facts and sat
// without them, a smallest set of facts (found by deleting facts one at a
// time) that keeps it unsat.

package driver

import (
	"context"
	"fmt"
	"strings"

	"hgrd/constraints"
	"hgrd/report"
	"hgrd/solver"
)

// explainBudget is the budget of each explaining query: an undecided step
// keeps its fact, so the set named may be larger than needed but never too
// small.
const explainBudget = solver.DefaultBudget / 8

// maxExplained bounds the races explained per file: each costs a query per
// host fact.
const maxExplained = 10

// explainRuledOut returns a note for each race that only host facts rule
// out, naming the facts that do.
func explainRuledOut(ctx context.Context, tasks []*task) []report.Note {
	s := solver.New(explainBudget)
	defer s.Close()
	var notes []report.Note
	done := map[raceKey]bool{} // explained, or racy in some launch
	for _, t := range tasks {
		if t.result != nil && t.result.Status == solver.Sat {
			done[t.key] = true
		}
	}
	for _, t := range tasks {
		if len(notes) == maxExplained || ctx.Err() != nil {
			break
		}
		if t.result == nil || t.result.Status != solver.Unsat || len(t.launch.Facts) == 0 || done[t.key] {
			continue
		}
		done[t.key] = true
		needed, ok := factsNeeded(s, t)
		if !ok {
			continue
		}
		var why []string
		for _, i := range needed {
			why = append(why, t.launch.FactNotes[i])
		}
		q := t.query
		notes = append(notes, report.Note{Pos: q.First.Pos.String(), Message: fmt.Sprintf(
			"%s %s-%s race with %s ruled out by host facts: %s",
			q.Kind, q.First.Kind, q.Second.Kind, q.Second.Pos, strings.Join(why, "; "))})
	}
	return notes
}

// factsNeeded reports whether the task's race exists without the launch's
// facts and, if so, returns the indices of facts that suffice to rule it
// out.
func factsNeeded(s *solver.Solver, t *task) ([]int, bool) {
	keep := make([]int, len(t.launch.Facts))
	for i := range keep {
		keep[i] = i
	}
	if status(s, t, nil) != solver.Sat {
		return nil, false
	}
	for i := 0; i < len(keep); {
		without := append(append([]int(nil), keep[:i]...), keep[i+1:]...)
		if status(s, t, without) == solver.Unsat {
			keep = without
		} else {
			i++
		}
	}
	return keep, true
}

// status answers the task's query with only the facts listed.
func status(s *solver.Solver, t *task, facts []int) solver.Status {
	l := &constraints.Launch{Aliases: t.launch.Aliases, Origin: t.launch.Origin}
	for _, i := range facts {
		l.Facts = append(l.Facts, t.launch.Facts[i])
	}
	q := constraints.Build(t.kernel, t.query.First, t.query.Second, t.query.Kind, l)
	if q == nil {
		return solver.Unsat
	}
	res, err := solveWithin(s, &task{kernel: t.kernel, launch: l, query: q}, explainBudget)
	if err != nil {
		return solver.Unknown
	}
	return res.Status
}
