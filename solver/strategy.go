// This file sets the tactic with which Z3 decides every attempt, so that
// an attempt's answer depends only on its assertions and its rlimit,
// never on how fast the machine runs it.

package solver

// #cgo LDFLAGS: -lz3
// #include <stdlib.h>
// #include <z3.h>
import "C"

import (
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Z3_mk_solver, which go-z3's NewSolver calls, makes a solver that runs,
// on a first check without a push, the tactic Z3 picks for the logic of
// the assertions. Some of Z3 4.8.12's logic tactics bound their steps by
// wall-clock time (try_for), and a step cut short leaves the rest of the
// rlimit to the next: the QF_NIA tactic gives its SMT core 2 s, then
// nlsat 3 s, then the SMT core again; the QF_LIA tactic runs bounded and
// ILP searches of 2 to 15 s. On a loaded machine an attempt of the
// integer encoding then answered unsat in one run and unknown in the
// next, with the same assertions and rlimit. The bit-vector tactics
// (QF_BV, QF_AUFBV, propositional) have no time limits.
//
// Z3's global parameter tactic.default_tactic replaces the tactic that
// solver picks. decisionTactic keeps Z3's choice for bit-vectors, in its
// order (the same answers with the same rlimit consumption on every
// bit-vector attempt of the examples), and gives everything else,
// the integer encoding, integerTactic.
//
// Pure bit-vector queries get bitVectorTactic, Z3's QF_BV tactic spelled
// out without its memory test, and those with functions functionTactic,
// which embeds it, so that no answer depends on the memory the process
// holds.
const decisionTactic = "(then simplify" +
	" (if (and is-propositional (not produce-proofs)) qffd" +
	" (if is-qfbv " + bitVectorTactic +
	" (if is-qfaufbv " + functionTactic + " " + integerTactic + "))))"

// functionTactic is Z3 4.8.12's QF_AUFBV tactic (qfaufbv_tactic.cpp),
// for bit-vector queries with functions (memory contents), in the tactic
// language: its preamble, which removes the functions by Ackermann's
// reduction, then the QF_BV tactic, which it embeds, as bitVectorTactic,
// without its memory test. Z3's memory is that of all of the process's
// contexts, so with the test, a query's answer would depend on what the
// other lanes of a file solved at the same time held (analysis.solveAll).
const functionTactic = "(using-params (then simplify propagate-values solve-eqs elim-uncnstr" +
	" reduce-bv-size" +
	" (using-params simplify :som true :pull_cheap_ite true :push_ite_bv false" +
	" :local_ctx true :local_ctx_limit 10000000)" +
	" max-bv-sharing ackermannize_bv" +
	" (if is-qfbv " + bitVectorTactic + " smt))" +
	" :elim_and true :sort_store true)"

// bitVectorTactic is Z3 4.8.12's QF_BV tactic (qfbv_tactic.cpp) in the
// tactic language, with one change: the and-inverter graph stage after
// bit-blasting always runs, where Z3's runs it only while the memory of
// all of the process's Z3 contexts is below 300 MB, which made answers
// depend on when Go's garbage collector had freed the contexts of
// earlier queries. Below that memory it is the same tactic: on the
// bit-vector queries of the examples it gives the same answers with the
// same rlimit consumption, unit for unit.
const bitVectorTactic = "(using-params (then simplify propagate-values" +
	" (using-params solve-eqs :solve_eqs_max_occs 2) elim-uncnstr reduce-bv-size" +
	" (using-params simplify :som true :pull_cheap_ite true :push_ite_bv false" +
	" :local_ctx true :local_ctx_limit 10000000 :flat true :hoist_mul false)" +
	" (using-params simplify :hoist_mul true :som false) max-bv-sharing ackermannize_bv" +
	" (if is-qfbv-eq (then bv1-blast smt)" +
	" (if is-qfbv (then bit-blast (using-params (then simplify solve-eqs) :local_ctx true)" +
	" (using-params aig :aig_per_assertion false) sat) smt)))" +
	" :elim_and true :blast_distinct true)"

// integerTactic decides the integer encoding: Z3's cheap simplifications
// and eliminations, sums of monomials, then its SMT core, with no time
// limit anywhere. On the 286 integer attempts of the examples it decided
// every query within 5M units, 5.7M units and 10 s in all, where the
// QF_NIA tactic left 10 undecided and spent 140M units and 93 s; it
// decides the sat row-major query (rowMajorQuery) within 13k units,
// which the QF_NIA tactic had not within 5M.
//
// Two procedures of the SMT core's non-linear arithmetic are off: its
// nlsat calls and Horner schemes count almost no rlimit units for their
// work, so that an rlimit would no longer bound an attempt's time (100k
// units took 40 s on a factoring query with both on, 0.3 s with both
// off). Neither decided any query of the examples or benchmarks that
// the rest did not.
const integerTactic = "(then simplify propagate-values solve-eqs elim-uncnstr" +
	" (using-params simplify :som true)" +
	" (using-params smt :arith.nl.nra false :arith.nl.horner false))"

// configureOnce guards configureZ3.
var configureOnce sync.Once

// memoryBound is the bound of LimitMemory, in MiB; 0 means none.
var memoryBound atomic.Uint64

// LimitMemory bounds the memory that Z3 holds in this process, over all
// of its contexts, to bytes (rounded down to MiB; 0: no bound). An
// attempt that would pass the bound ends unknown ("max. memory
// exceeded"), as one that runs out of its rlimit does, so that a query
// Z3 cannot decide within the memory it has (bit-blasting two MD5
// computations) leaves its pair undecided instead of the whole file lost
// to the process's memory limit. Below the bound nothing changes: the
// tactics only compare the memory Z3 holds with it. The bound is
// process-wide, as Z3's tactic parameter is; a worker sets it from its
// memory limit before its first Solver.
func LimitMemory(bytes uint64) {
	memoryBound.Store(bytes >> 20)
	setZ3GlobalParam("tactic.default_tactic", tactic())
}

// tactic returns decisionTactic, within the memory bound if one is set.
// Z3 passes a using-params' parameters on to every tactic inside, the
// bit-blaster, the SAT solver and the SMT core among them.
func tactic() string {
	if mb := memoryBound.Load(); mb > 0 {
		return fmt.Sprintf("(using-params %s :max_memory %d)", decisionTactic, mb)
	}
	return decisionTactic
}

// configureZ3 makes tactic() the tactic of every Z3 solver of the
// process, and has the memory Z3 frees kept for its next allocations
// (keepFreedMemory), before the first Solver is made. Both are
// process-wide: Z3 reads the parameter whenever it makes a solver.
func configureZ3() {
	configureOnce.Do(func() {
		setZ3GlobalParam("tactic.default_tactic", tactic())
		keepFreedMemory()
	})
}

// setZ3GlobalParam sets a process-wide Z3 parameter.
func setZ3GlobalParam(name, value string) {
	cname, cvalue := C.CString(name), C.CString(value)
	defer C.free(unsafe.Pointer(cname))
	defer C.free(unsafe.Pointer(cvalue))
	C.Z3_global_param_set(cname, cvalue)
}

// z3GlobalParam returns the value of a process-wide Z3 parameter, or ""
// if Z3 has no parameter of that name.
func z3GlobalParam(name string) string {
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	var value C.Z3_string
	if !C.Z3_global_param_get(cname, &value) {
		return ""
	}
	return C.GoString(value)
}
