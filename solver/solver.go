// This file defines the package's API: queries, results and the Solver
// that decides them.

package solver

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"

	"github.com/aclements/go-z3/z3"

	"hgrd/expr"
)

// Status is the outcome of a query.
type Status int

// The outcomes of a query.
const (
	Unsat   Status = iota // no assignment satisfies the assertions
	Sat                   // the Result's model satisfies the assertions
	Unknown               // undecided, usually because the budget ran out
)

// String returns "unsat", "sat" or "unknown".
func (s Status) String() string {
	switch s {
	case Unsat:
		return "unsat"
	case Sat:
		return "sat"
	case Unknown:
		return "unknown"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// A Query is a conjunction of boolean terms to satisfy.
type Query struct {
	// Assertions are booleans; the query is their conjunction (true if
	// there are none).
	Assertions []*expr.Term
	// Observe are terms, bit-vector or boolean, whose values the
	// caller wants from the model.
	Observe []*expr.Term
	// Family, if set, names the question the query asks of one of
	// several instances, such as one pair of accesses and kind of race
	// in each instantiation of a template kernel: a question of no known
	// skeleton takes the hint of its family's latest (see Solver.hint).
	Family Family
}

// A Family names a question asked of several instances, whose queries
// differ in more than names and constants: the instantiations of a
// template kernel are launched on different host paths (a dispatch on a
// size), which add conditions of their own to each. The empty Family is
// none.
type Family string

// Part returns the family of one part of the question of family f, or
// none if f is none.
func (f Family) Part(name string) Family {
	if f == "" {
		return ""
	}
	return f + "|" + Family(name)
}

// mapTerms returns the query with f applied to each of its assertions
// and observed terms.
func (q *Query) mapTerms(f func(*expr.Term) *expr.Term) *Query {
	out := &Query{Family: q.Family}
	for _, a := range q.Assertions {
		out.Assertions = append(out.Assertions, f(a))
	}
	for _, o := range q.Observe {
		out.Observe = append(out.Observe, f(o))
	}
	return out
}

// A Result is a query's outcome and, when Sat, its model.
type Result struct {
	Status Status
	// Vars holds the value of every variable of the assertions and of
	// Observe, masked to its width; booleans are 0 or 1.
	Vars map[string]uint64
	// Applies holds the value of every uninterpreted function
	// application in the assertions and in Observe, keyed by
	// expr.ApplyKey of the function's name and its argument values.
	Applies map[string]uint64
	// Values holds the values of Observe, in order.
	Values []uint64
	// Reason says why the status is Unknown.
	Reason string
}

// A Solver decides queries with its own Z3 context. It is not safe for
// concurrent use; use one per goroutine.
//
// A Solver remembers the translation of every term it has seen, so
// queries that share sub-terms (path conditions, say) are cheap to
// translate; the memory is released by Close.
type Solver struct {
	ctx    *z3.Context
	tr     *translator
	budget uint64 // rlimit per query, spent over attempts
	// spendCap, if not 0, bounds the units a query's attempts may
	// spend in all (see SetSpendCap).
	spendCap uint64
	// only, if set, restricts every attempt to one encoding (tests).
	only encodingKind
	// retained holds every Z3 value the Solver made, until Close. go-z3
	// releases a value's Z3 term when the garbage collector finalizes
	// it, and Z3 then reuses the term's id for a later term: ids, and
	// with them the order in which Z3 searches, would depend on when
	// the collector ran, and so would answers near the budget. Holding
	// the values makes a Solver's answers a function of its queries.
	retained []any
	// answers holds the Solver's answers that no renaming changes (see
	// remembered).
	answers map[questionKey]*Result
	// terms interns the terms the Solver compares across queries: the
	// keys of rests and the assertions of refuted.
	terms expr.Interner
	// refuted holds the assertions of the latest unsat queries (see
	// remembered).
	refuted refutations
	// observe, if set, is told of each attempt and its outcome (tests).
	observe func(step, *Result)
	// hints holds, by skeleton, the kind of attempt that decided the
	// latest question of each (see hinted).
	hints map[questionKey]hint
	// familyHints holds, by family, the kind of attempt that decided
	// the latest question of each (see hint).
	familyHints map[Family]hint
	// models holds the Solver's latest Sat results, oldest first (see
	// reuse).
	models []*Result
	// rests holds the answers to the parts of queries apart from their
	// races (see checkRest).
	rests struct {
		answers map[*expr.Term]*Result // by the rest's interned conjunction
	}
	// enumerations holds the outcomes of otherValues (exhaust.go), which
	// the queries of one launch ask alike.
	enumerations enumerations
	// stopper holds what StopWhen needs to stop the Solver's searches.
	stopper stopper
}

// New returns a Solver that gives each query a budget of budget rlimit
// units, or DefaultBudget if budget is 0. Budgets above 2^32-1, the
// largest rlimit Z3 accepts, are lowered to it.
func New(budget uint64) *Solver {
	configureZ3()
	ctx := z3.NewContext(nil)
	s := &Solver{ctx: ctx, tr: newTranslator(ctx)}
	s.SetBudget(budget)
	return s
}

// Check decides q. It reports a Z3 failure, such as an ill-sorted term,
// as an error; an exhausted budget is not an error but Status Unknown,
// with a Reason.
//
// Check spends the budget in a few attempts of growing rlimit (see
// attempts in budget.go), each on a fresh Z3 solver of the Solver's
// context, so no assertion outlives its query while term translations
// are kept. A fresh solver rather than push and pop: after a push, Z3
// 4.8.12 answers with its incremental core instead of the tactic of
// strategy.go, which bit-blasts bit-vectors to its SAT solver, and that
// core did not decide the block-symbolic/unsat benchmark query within
// 10M units where a fresh solver needs 0.3M.
func (s *Solver) Check(q *Query) (*Result, error) {
	return s.check(q, attempts(s.budget))
}

// check answers q unsat if an assertion is false, with a recent model
// that satisfies it (reuse), unsat if the bounds of its assertions
// refute it (refutedByBounds), or as an earlier question of its shape
// (remembered), or else decides it in attempts with the given rlimits.
// A false assertion is the overlap of two accesses at distinct constant
// offsets (md5hash's foundKey[0] and foundKey[7]): slicing, which finds
// no variable in such offsets, would otherwise ask the path conditions
// first, whole MD5 computations that no budget decides.
func (s *Solver) check(q *Query, limits []uint64) (*Result, error) {
	if s.ctx == nil {
		return nil, errors.New("solver: Check after Close")
	}
	if slices.ContainsFunc(q.Assertions, (*expr.Term).IsFalse) {
		r := &Result{Status: Unsat}
		traceReuse("an assertion is false", r)
		return r, nil
	}
	if r := s.reuse(q); r != nil {
		traceReuse("a recent query's model satisfies it", r)
		return r, nil
	}
	if refutedByBounds(q.Assertions) {
		r := &Result{Status: Unsat}
		traceReuse("the bounds of its assertions refute it", r)
		return r, nil
	}
	res, err := s.checkSlices(q, limits)
	if err == nil {
		s.remember(res)
	}
	return res, err
}

// checkSlices decides q in its two independent parts (see
// independentParts) when it has two. The race's part comes first, as an
// earlier question of its shape or in attempts with the given rlimits:
// unsat, the usual answer, is q's without a look at the rest. Otherwise
// the rest, which does not bear on the race, is decided within a
// restShare of the budget (see checkRest): unsat is q's answer; with a
// race's part undecided, unknown is; with a race found, the union of the
// parts' models is q's witness, or, if the rest was not decided within
// its share, q is decided whole.
//
// Deciding the rest only after the race's part saves a Z3 check for
// every pair whose race is refuted (the examples took 3389 attempts with
// the rest first, 2999 with it after), and puts no hard rest before a race's
// part that is unsat at once (TestDifferential's random queries). A rest
// known to be unsat (a launch on an infeasible host path) answers at
// once.
func (s *Solver) checkSlices(q *Query, limits []uint64) (*Result, error) {
	factored := factoredDisjunctions(q)
	whole := func() (*Result, error) {
		return s.remembered(q, limits, func() (*Result, error) { return s.decide(factored, limits) })
	}
	race, rest := independentParts(factored)
	if rest == nil {
		return whole()
	}
	traceSlices()
	key := s.terms.Intern(expr.AllOf(rest.Assertions...))
	if r, ok := s.rests.answers[key]; ok && r.Status == Unsat {
		traceReuse("as the same rest before", r)
		return &Result{Status: Unsat}, nil
	}
	res, err := s.checkPart(race, limits)
	if err != nil || res.Status == Unsat {
		return res, err
	}
	done, err := s.checkRest(key, rest, []uint64{max(sum(limits)/restShare, 1)})
	switch {
	case err != nil || done.Status == Unsat:
		return done, err
	case res.Status == Unknown:
		return res, nil
	case done.Status == Unknown:
		return whole()
	}
	union := &Result{Vars: maps.Clone(done.Vars), Applies: maps.Clone(done.Applies)}
	maps.Copy(union.Vars, res.Vars)
	maps.Copy(union.Applies, res.Applies)
	if m := modelFrom(union, q); m != nil {
		return m, nil
	}
	return nil, errors.New("solver: the models of a query's independent parts do not satisfy it")
}

// restShare is the share of a query's budget (its inverse) that deciding
// the part that does not bear on its race may spend: host conditions
// such as a dispatch on a type tag, decided in a few thousand units.
const restShare = 128

// checkRest decides the part of a query apart from its race, whose
// interned conjunction is key, as checkPart does; and answers it again,
// from its model if it is sat, when a later query asks it with the same
// terms: the host's path to a launch and the launch's facts are the rest
// of many pairs of the launch, and a race's answer, usually unsat,
// leaves no model among the recent ones to reuse.
func (s *Solver) checkRest(key *expr.Term, rest *Query, limits []uint64) (*Result, error) {
	if r, ok := s.rests.answers[key]; ok {
		if r.Status != Sat {
			return &Result{Status: r.Status, Reason: r.Reason}, nil
		}
		if m := modelFrom(r, rest); m != nil {
			traceReuse("as the same rest before", m)
			return m, nil
		}
	}
	res, err := s.checkPart(rest, limits)
	if err == nil {
		if s.rests.answers == nil {
			s.rests.answers = map[*expr.Term]*Result{}
		}
		s.rests.answers[key] = res
	}
	return res, err
}

// checkPart decides an independent part of a query: with a recent model
// that satisfies it (the host's path to a launch, asked again with every
// pair of its kernel), as an earlier question of its shape, or in
// attempts. A part's model is not remembered: the query's is, once its
// parts are decided.
func (s *Solver) checkPart(p *Query, limits []uint64) (*Result, error) {
	if r := s.reuse(p); r != nil {
		return r, nil
	}
	return s.remembered(p, limits, func() (*Result, error) { return s.decide(p, limits) })
}

// decide decides q in attempts with the given rlimits, until one decides
// it.
func (s *Solver) decide(q *Query, limits []uint64) (res *Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, failure(r)
		}
	}()
	key := questionKeyOf(q, limits, expr.SkeletonOf)
	q = mergedVariables(shiftedPowers(q))
	terms := collect(q)
	trace := newTrace()
	defer trace.finish()
	steps := s.plan(q, terms, limits)
	if h, ok := s.hint(key, q.Family); ok {
		steps = hinted(steps, h)
	}
	steps = capped(steps, s.spendCap)
	trace.planned(steps)
	s.retain(steps)
	trials := trialRun{planned: trialCount(steps)}
	cutShort := "" // why an attempt that only decides one way ended, if not its rlimit
	for _, step := range steps {
		if trials.skips(step) {
			continue
		}
		if step.trial != nil && step.trial.refuted() {
			// Unsat by the bounds of its own assertions: no attempt.
			trace.note(step.name + ": unsat by the bounds of its assertions")
			if trials.record(step, &Result{Status: Unsat}) && s.exhaustTrials(q, trials.refuted, step.limit, trace) {
				return &Result{Status: Unsat}, nil
			}
			continue
		}
		step = s.encoded(step)
		res = s.run(step, q, terms, trace)
		if step.relaxed != nil && res.Status == Sat {
			if done := s.completeRelaxed(q, terms, step, res, trace); done != nil {
				s.learn(key, q.Family, step)
				return done, nil
			}
		}
		if trials.record(step, res) && s.exhaustTrials(q, trials.refuted, step.limit, trace) {
			return &Result{Status: Unsat}, nil
		}
		if step.satOnly && res.Status != Sat || step.unsatOnly && res.Status != Unsat {
			if res.Status == Unknown && res.Reason != "" {
				cutShort = res.Reason // not the budget's: say so if nothing decides
			}
			res = &Result{Status: Unknown}
			continue
		}
		if res.Status != Unknown {
			s.learn(key, q.Family, step)
		}
		if res.Status != Unknown || res.Reason != "" {
			return res, nil
		}
	}
	res.Reason = fmt.Sprintf("resource budget (rlimit %d) exhausted", sum(limits))
	if cutShort != "" {
		res.Reason = cutShort
	}
	return res, nil
}

// run makes an encoded attempt of a plan for q, whose terms are qt,
// traces it and shows it to the test's observer, and returns its
// result, a model read by modelReader.
func (s *Solver) run(st step, q *Query, qt queryTerms, tr *trace) *Result {
	start := tr.start()
	res, units := s.attempt(st.enc, st.limit, s.modelReader(st, q, qt))
	tr.step(st, res, start, units)
	if s.observe != nil {
		s.observe(st, res)
	}
	return res
}

// attempt decides an encoding's assertions within an rlimit, in a
// context of their own if the encoding is fresh (decideAlone): a model
// found there is then found again in the Solver's context with every
// constant pinned to its value, for extract to read. It also returns the
// rlimit units an attempt in a context of its own consumed, for
// HGRD_TRACE_QUERIES (0 in the Solver's context, whose count go-z3 does
// not give). A nil extract asks for the status only: a sat answer is
// then neither found again in the Solver's context nor read. A stopped
// Solver (StopWhen) makes no attempt, and an attempt it stops answers
// unknown; both say they were interrupted.
func (s *Solver) attempt(enc *encoding, limit uint64, extract func(*z3.Model) *Result) (res *Result, units uint64) {
	if s.stopped() {
		return &Result{Status: Unknown, Reason: interruptedReason}, 0
	}
	n := s.spreadNet(limit)
	res, units = s.attemptNow(enc, limit, extract)
	fired := n.fold()
	switch {
	case res.Status == Unknown && s.stopped():
		res.Reason = interruptedReason // Z3's "canceled" or "interrupted"
	case res.Status == Unknown && fired:
		res.Reason = netReason(limit)
	}
	return res, units
}

// attemptNow is attempt, for a Solver not stopped when it starts.
func (s *Solver) attemptNow(enc *encoding, limit uint64, extract func(*z3.Model) *Result) (res *Result, units uint64) {
	if dumpDir := os.Getenv("HGRD_DUMP_QUERIES"); dumpDir != "" {
		s.dumpQuery(dumpDir, enc.assertions)
	}
	var pins []z3.Bool
	if enc.fresh {
		a := decideAlone(s.ctx, enc.assertions, limit, enc.freshAttempts, &s.stopper)
		if a.status == Unknown && enc.reprinted && !s.stopped() {
			again := decideAloneFrom(s.ctx, enc.assertions, s.printed(enc.assertions), limit, enc.freshAttempts, &s.stopper)
			again.units += a.units
			a = again
		}
		enc.freshAttempts++
		units = a.units
		switch {
		case a.invalid:
		case a.status == Unsat:
			return &Result{Status: Unsat}, units
		case a.status == Unknown:
			return &Result{Status: Unknown, Reason: unknownReason(a.reason)}, units
		case extract == nil:
			return &Result{Status: Sat}, units
		default:
			pins = s.pin(a)
		}
	}
	return s.checkInContext(enc.assertions, pins, limit, extract), units
}

// checkInContext decides assertions and pins in the Solver's context
// within an rlimit, and reads a model with extract (nil: the status
// only).
func (s *Solver) checkInContext(assertions, pins []z3.Bool, limit uint64, extract func(*z3.Model) *Result) *Result {
	s.ctx.Config().SetUint("rlimit", uint(limit))
	zs := s.newSolver(assertions)
	// Free the solver's state (bit-blasted formula, SAT solver) now
	// rather than when the garbage collector finalizes zs: see budget.go
	// for why Z3's memory use matters.
	defer zs.Reset()
	for _, p := range pins {
		zs.Assert(p)
	}
	sat, err := zs.Check()
	switch {
	case err != nil:
		var unknown *z3.ErrSatUnknown
		if !errors.As(err, &unknown) {
			panic(err)
		}
		return &Result{Status: Unknown, Reason: unknownReason(unknown.Reason)}
	case !sat:
		return &Result{Status: Unsat}
	case extract == nil:
		return &Result{Status: Sat}
	}
	m := zs.Model()
	s.retain(m)
	return extract(m)
}

// newSolver returns a Z3 solver of the Solver's context with the
// assertions asserted.
func (s *Solver) newSolver(assertions []z3.Bool) *z3.Solver {
	zs := z3.NewSolver(s.ctx)
	s.retain(zs)
	for _, a := range assertions {
		zs.Assert(a)
	}
	return zs
}

// retain keeps a Z3 value alive until Close (see Solver.retained).
func (s *Solver) retain(v any) { s.retained = append(s.retained, v) }

// failure turns a panic recovered during Check into an error. go-z3
// panics with Z3's error message as a string; the translation panics
// with a termError.
func failure(r any) error {
	switch r := r.(type) {
	case *termError:
		return r
	case string:
		return fmt.Errorf("solver: z3 failed: %s", r)
	case error:
		return fmt.Errorf("solver: %w", r)
	}
	return fmt.Errorf("solver: %v", r)
}

// Close releases the Solver's term translations and its reference to the
// Z3 context. go-z3 has no call that deletes a context: the context is
// deleted by go-z3's finalizer once the garbage collector finds it
// unreachable (see ReleaseMemory). A closed Solver must not be used.
func (s *Solver) Close() {
	s.stopper.close()
	s.ctx, s.tr, s.retained = nil, nil, nil
}

// printed returns assertions as SMT-LIB text: their declarations and
// assertions, as the Solver's context prints them.
func (s *Solver) printed(assertions []z3.Bool) string {
	zs := s.newSolver(assertions)
	defer zs.Reset()
	return zs.String()
}

// dumpCount numbers dumped queries.
var dumpCount atomic.Int64

// dumpQuery writes assertions as SMT-LIB into dir, for reproducing a
// query with the z3 command (HGRD_DUMP_QUERIES=dir): z3 rlimit=N FILE
// decides it with the tactic of strategy.go, as Check does.
func (s *Solver) dumpQuery(dir string, assertions []z3.Bool) {
	text := fmt.Sprintf("(set-option :tactic.default_tactic %q)\n%s\n(check-sat)\n", tactic(), s.printed(assertions))
	name := filepath.Join(dir, fmt.Sprintf("query-%d-%05d.smt2", os.Getpid(), dumpCount.Add(1)))
	_ = os.WriteFile(name, []byte(text), 0o644)
}
