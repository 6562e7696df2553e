// Package solver decides hgrd's race queries with the Z3 SMT solver, through
// github.com/aclements/go-z3, and turns satisfying models into witnesses.
//
// # Background
//
// The constraints package states each race query without reference to any
// solver; this package is the only one that imports Z3. A Query is a
// conjunction of boolean expr terms plus terms whose values the caller
// wants; Solver.Check answers Sat with a model, Unsat, or Unknown when the
// query's resource budget ran out. A Z3 Context serialises its calls, so
// each Solver owns one and serves one goroutine.
//
// # Translation
//
// Terms map to Z3 with SMT-LIB semantics, the same as expr.Eval's:
// booleans to Bool, bit-vectors to bit-vectors of their width, and each
// uninterpreted function name to one Z3 function declared on first use.
// Division and remainder by zero, and shifts by the width or more, mean
// what SMT-LIB says (x/0 is all ones, x%0 is x, x<<w is 0). Terms are
// immutable DAGs, so a Solver translates each *expr.Term once and keeps
// the translation for its lifetime: queries that share path conditions
// pay for them once. In a query's bit-vector encoding, a division,
// remainder or product whose operands the query's assertions bound (a
// thread index below a block size of at most 1024) is encoded at the
// width the bounds need and zero-extended (tight.go): a smaller circuit
// for the same value wherever the assertions hold. Those translations
// depend on the query's bounds and are kept with its encoding.
// Translation problems (operands of different widths,
// a Width that disagrees with the operands, a name used at two sorts) and
// Z3's own errors come back from Check as errors, never as crashes.
//
// # Encodings
//
// A query has two exact encodings (encoding.go): bit-vectors, and
// integers (integer.go), where each bit-vector is an integer congruent to
// its value and wrapping is made explicit only where a value can leave
// its range; a variable is declared within the narrow range the query's
// own bounds imply (a loop counter below its guard, boundsproof.go), so
// that products of it need no wrap. Bit-blasting does bit tricks well
// and products of unknowns badly; non-linear integer arithmetic the
// other way round. Attempts
// alternate between them with doubling limits, after short searches for
// a model: trials (trial.go), which fix the launch-wide values that
// multiply a thread's to small constants, and small values. First of
// all, a query whose path conditions read memory or compute with bits
// gets a short attempt on its relaxation (relax.go), those conditions
// weakened to true, whose unsat proves the query's; a model of it is
// completed into one of the query in one more attempt, its variables
// fixed (complete.go). Both are tested against expr.Eval on
// random terms (diff_test.go). HGRD_DUMP_QUERIES=DIR writes each attempt
// into DIR as SMT-LIB; HGRD_TRACE_QUERIES=1 prints each query's attempts
// to standard error.
//
// # Answers without a search
//
// Before any attempt, a query is tried against the Solver's recent models
// (reuse.go) and against the bounds its own assertions give its
// variables (refute.go: a comparison they decide, such as two block
// indices below a grid of one block that must differ), and the assertions that share no variable or function with
// its observed terms are set apart (slice.go): the race's part is asked
// alone, and the rest only if the race is not refuted, within a small
// share of the budget. An unsat or unknown answer is remembered by the
// shape of what was asked (answers.go), so a template's instantiations,
// which ask the same questions under other names and other host
// conditions, are answered once. Questions that differ in their
// constants as well (an element size, a block size) share a skeleton
// (hints.go): the kind of attempt that decided the last one of a
// skeleton is tried first for the next, and for a question of no known
// skeleton, the one that decided the last of its Family (the same pair
// in another instantiation of a template kernel). Trials stop after two have run
// out of their rlimit: the query then stays hard with its host values
// fixed. Trials that fix one host value and were all unsat become a case
// split when that value can take few others (exhaust.go): a trial for
// each of them, all unsat, proves the query unsat. A trial whose own
// assertions' bounds already refute it (refute.go: a race between the
// blocks of a grid that its fixed size makes one block) is unsat
// without an attempt and is never the first look.
//
// # Budget
//
// Each query gets a budget of Z3 rlimit units, machine-independent
// unlike a timeout, spent in a few attempts of growing rlimit on fresh Z3
// solvers (see budget.go for the measurements behind this and behind
// DefaultBudget). Z3's search depends on the order in which it meets a
// query's terms: a trial's integer attempt that ends undecided is asked
// once more within its rlimit from the query printed and parsed rather
// than translated (fresh.go). An attempt too small to search
// (minAttempt) gives its units to the next (pooled). A spending cap
// (SetSpendCap) runs a budget's plan without its attempts past the cap.
// Exhausting the budget is not an error: the Result is Unknown with a
// Reason.
//
// # Models
//
// A Sat Result holds the value of every variable and every uninterpreted
// function application of the query, the latter keyed by expr.ApplyKey
// of the argument values, and the values of the observed terms.
// Result.Env replays the model for expr.Eval, so witnesses can be
// computed and checked without Z3.
//
// Z3Version reports the Z3 library hgrd is linked against.
package solver
