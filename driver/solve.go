// This file defines the solving of a file's race queries by a pool of
// workers, each with its own solver, and the collection of their answers
// in a deterministic order.

package driver

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"hgrd/constraints"
	"hgrd/expr"
	"hgrd/kernelanalysis"
	"hgrd/report"
	"hgrd/solver"
)

// A task is one race query and, once solved, its answer.
type task struct {
	kernel *kernelanalysis.Kernel
	launch *constraints.Launch
	query  *constraints.Query
	key    raceKey

	result  *solver.Result
	skipped bool // an earlier task already found this race
}

// appendTasks adds the queries of every conflicting pair of a kernel, in
// one launch context, for every kind of race.
func appendTasks(tasks []*task, k *kernelanalysis.Kernel, l *constraints.Launch) []*task {
	accs := k.Accesses
	for i, a := range accs {
		for _, b := range accs[i:] {
			if !constraints.Conflicting(l, a, b) {
				continue
			}
			first, second := ordered(a, b)
			for _, kind := range constraints.Kinds {
				q := constraints.Build(k, first, second, kind, l)
				if q == nil {
					continue
				}
				key := raceKey{first.Pos, second.Pos, first.Kind, second.Kind, kind}
				tasks = append(tasks, &task{kernel: k, launch: l, query: q, key: key})
			}
		}
	}
	return tasks
}

// solveAll answers every task with up to workers solvers in parallel (all
// cores if workers is 0). A task is skipped when an earlier task with the
// same key was already found racy, so the reported witness is always the
// earliest task's whatever the scheduling.
func solveAll(ctx context.Context, tasks []*task, workers int) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, len(tasks))
	var (
		mu      sync.Mutex
		racy    = map[raceKey]int{} // lowest racy task index per key
		next    = 0
		firstEr error
		wg      sync.WaitGroup
	)
	claim := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		for next < len(tasks) && firstEr == nil && ctx.Err() == nil {
			i := next
			next++
			if j, ok := racy[tasks[i].key]; ok && j < i {
				tasks[i].skipped = true
				continue
			}
			return i, true
		}
		return 0, false
	}
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := solver.New(0)
			defer s.Close()
			for i, ok := claim(); ok; i, ok = claim() {
				t := tasks[i]
				res, err := solve(s, t)
				if err == nil && res.Status == solver.Sat {
					err = verifyWitness(t.query, res)
				}
				mu.Lock()
				switch {
				case err != nil && firstEr == nil:
					firstEr = fmt.Errorf("%s and %s: %w", t.query.First.Pos, t.query.Second.Pos, err)
				case err == nil:
					t.result = res
					if j, ok := racy[t.key]; res.Status == solver.Sat && (!ok || i < j) {
						racy[t.key] = i
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstEr != nil {
		return firstEr
	}
	return ctx.Err()
}

// probeBudget is the share of the budget a probe query gets.
const probeBudget = solver.DefaultBudget / 8

// solve answers one task: first under each probe shape of its launch
// (a race found there is a race), then with its unknown dimensions
// symbolic.
func solve(s *solver.Solver, t *task) (*solver.Result, error) {
	observe := []*expr.Term{t.query.Offset1, t.query.Offset2}
	for _, probe := range constraints.Probes(t.launch) {
		s.SetBudget(probeBudget)
		res, err := s.Check(&solver.Query{Assertions: append(probe, t.query.Assertions...), Observe: observe})
		s.SetBudget(0)
		if err != nil || res.Status == solver.Sat {
			return res, err
		}
	}
	return s.Check(&solver.Query{Assertions: t.query.Assertions, Observe: observe})
}

// collectResults reports, per key, the earliest racy task, or else the
// earliest undecided one.
func collectResults(tasks []*task, out *report.FileResult) {
	done := map[raceKey]bool{}
	for _, t := range tasks {
		if t.result != nil && t.result.Status == solver.Sat && !done[t.key] {
			done[t.key] = true
			out.Races = append(out.Races, raceReport(t.kernel, t.query, t.result, t.launch))
		}
	}
	for _, t := range tasks {
		if t.result != nil && t.result.Status == solver.Unknown && !done[t.key] {
			done[t.key] = true
			out.Undecided = append(out.Undecided, &report.Undecided{
				First: accessReport(t.query.First), Second: accessReport(t.query.Second),
				Reason: fmt.Sprintf("%s query: %s", t.query.Kind, t.result.Reason)})
		}
	}
}
