// This file defines the per-query resource budget, Z3's rlimit, and how a
// query spends it; and records what experiments with Z3 4.8.12 showed.
//
// # How the budget is set
//
// An rlimit is the context parameter "rlimit" (go-z3's
// Context.Config().SetUint, that is Z3_update_param_value), which every
// Z3_solver_check of the context reads; a change takes effect at the next
// check. Z3 counts resource units in one counter per context that grows
// over the context's lifetime, but each check pushes a limit of rlimit
// units above the counter's current value, so the limit is per check: a
// Solver still decides an easy query after hard ones exhausted their
// budgets (TestBudgetIsPerQuery; a hundred in a row in one experiment).
//
// # What a query consumes
//
// The rlimits that decide the benchmark queries of queries_test.go in one
// attempt on a fresh Solver, found by bisection (TestBudgetConsumption,
// run with HGRD_SOLVER_MEASURE=1), for 45 to 800 terms of 32- and 64-bit
// arithmetic with multiplication, division and remainder: 23k
// (1d/unsat), 42k (1d-neighbour/sat), 135k (tile-pitch48/unsat), 34k
// (tile-pitch16/sat), 70k (unrolled-stride8/unsat), 888k
// (unrolled-stride7/sat), 210k and 212k (reduction), 202k and 199k
// (symbolic block size). Z3 spends 2 to 4 million units a second on this
// machine, plus about 10 ms to set up each check.
//
// Consumption is machine-independent and repeatable on a fresh Solver,
// but depends on a context's history: what earlier checks left in it
// (term ids, fresh names) changes how the same query is bit-blasted and
// searched. Unsat queries and most sat ones vary by a few per cent, but
// unrolled-stride7/sat, whose one satisfiable case hides among 64, took
// from 0.07 s to 2.6 s when repeated in one context, and 7 of 30 runs
// exceeded 10M units. Hence attempts: a query spends its budget in
// several checks of growing rlimit, each a fresh draw. Spending 10M as
// 1.25M, 1.25M, 2.5M and 5M decided all 30 runs, in 60% less time
// (BenchmarkCheck reports the share of undecided runs as unknown/op).
//
// Queries multiplying two unknowns are out of reach whatever the budget:
// different blocks of a launch of unknown block size writing
// out[ctaid*ntid + tid] (hardQuery in queries_test.go) is unsat, but Z3
// had not decided it after 50M units (30 s); given the lemma that equal
// global indices mean the same thread, it decides it in 0.25 s.
//
// # Memory
//
// Z3's QF_BV strategy runs part of its simplification (and-inverter
// graphs, as we read Z3's source) only while Z3's memory, counted over
// the whole process, is below a limit of a few hundred MB. With 475 MB
// held by earlier contexts, the block-symbolic/unsat query took 14M units
// instead of 0.3M.
// Every context holds about 17 MB and go-z3 frees contexts and solvers
// only when the garbage collector finalizes them, so each attempt resets
// its Z3 solver as soon as it is done, and a program should keep a few
// long-lived Solvers (one per worker) rather than make one per query.

package solver

import (
	"math"
	"strings"
	"sync/atomic"
)

// DefaultBudget is the rlimit a query gets when New is passed 0. It was
// 10M with bit-vectors alone; with two encodings sharing it (encoding.go)
// a query that multiplies unknowns gets integer attempts of about 240k
// and 480k units, in contexts of their own, and bit-vector attempts with
// the rest. (Measured with the z3 command, the paper's row-major
// queries took 0.3M to 2.9M units in one context with everything else;
// alone, every integer attempt that decided a query of the examples
// took at most 201k.) A unit is not
// a fixed time: bit-vector attempts ran at 1M to 3M units a second on
// this machine, integer attempts at 80k to 250k. A query that exhausts
// the whole budget took 20 to 30 seconds of this machine's time on
// hecbench-dev's miniWeather (60 with four integer attempts).
//
// The same integer attempt consumed 17 times more units in a worker's
// context than replayed from its HGRD_DUMP_QUERIES file in a fresh one
// (a conversion query: 428k units and 1.7 s against 25k units and
// 0.07 s): what else the context holds (the bit-vector and trial
// encodings made first) changes the order of terms, and with it Z3's
// search. Integer attempts are therefore decided in a context of their
// own (fresh.go); hecbench-dev's conversion then took 57 s where it had
// not finished in 120.
const DefaultBudget = 20_000_000

// SetBudget sets the rlimit of the Solver's next queries; 0 means
// DefaultBudget, and budgets above 2^32-1, the largest rlimit Z3
// accepts, are lowered to it.
func (s *Solver) SetBudget(budget uint64) {
	if budget == 0 {
		budget = DefaultBudget
	}
	s.budget = min(budget, math.MaxUint32)
}

// Budget returns the rlimit each query may consume.
func (s *Solver) Budget() uint64 { return s.budget }

// SetSpendCap bounds the rlimit units that each of the Solver's next
// queries may spend in all, 0 meaning no bound beyond the budget. The
// query is planned as for its budget, and its attempts run in the
// plan's order, leaving out each one that would take the spending past
// the cap (capped). A smaller budget would not do: it shrinks every
// attempt, and a plan's small early attempts (a trial, the integers'
// first look) then no longer decide what they decide at the full
// budget's limits. The cap leaves those as they are and drops the
// long attempts late in the plan, which decide the queries that need
// much search. Answers under a cap are remembered apart from answers
// without one: an unknown answer is the cap's.
func (s *Solver) SetSpendCap(units uint64) { s.spendCap = units }

// SpendCap returns the cap that SetSpendCap set.
func (s *Solver) SpendCap() uint64 { return s.spendCap }

// capped returns the steps of a plan that fit within a spending cap
// (0: all of them), in order: each step whose rlimit would take the
// sum of those kept past the cap is left out, and later, smaller ones
// may still fit. The first step is always kept.
func capped(steps []step, spendCap uint64) []step {
	if spendCap == 0 {
		return steps
	}
	var kept []step
	spent := uint64(0)
	for i, st := range steps {
		if i > 0 && spent+st.limit > spendCap {
			continue
		}
		kept = append(kept, st)
		spent += st.limit
	}
	return kept
}

// attempts splits a query's budget into the rlimits of its attempts: an
// eighth, an eighth, a quarter and the remaining half. A query whose
// consumption varies from run to run gets four draws, at the price of
// deciding only within half the budget a query that steadily needs more.
func attempts(budget uint64) []uint64 {
	if budget < 8 {
		return []uint64{budget}
	}
	eighth, quarter := budget/8, budget/4
	return []uint64{eighth, eighth, quarter, budget - 2*eighth - quarter}
}

// sum adds rlimits.
func sum(limits []uint64) uint64 {
	var n uint64
	for _, l := range limits {
		n += l
	}
	return n
}

// unknownReason explains an unknown result given Z3's reason: "" if the
// rlimit ran out, which Z3 reports as "max. resource limit exceeded" (or
// "canceled" from its incremental core, which this package does not
// otherwise interrupt).
func unknownReason(z3reason string) string {
	if strings.Contains(z3reason, "resource limit") || z3reason == "canceled" {
		return ""
	}
	if strings.Contains(z3reason, "memory") || strings.Contains(z3reason, "memout") {
		memoryOuts.Add(1)
	}
	return "z3: " + z3reason
}

// memoryOuts counts the attempts of this process that ended at Z3's
// memory bound (LimitMemory).
var memoryOuts atomic.Int64

// MemoryOuts returns how many attempts of this process have ended at
// Z3's memory bound (LimitMemory). The bound is on the memory of all of
// the process's contexts, so where Solvers run at once such an ending
// may be another Solver's doing.
func MemoryOuts() int64 { return memoryOuts.Load() }
