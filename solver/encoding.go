// This file defines the two encodings of a query, bit-vectors and
// integers, and the plan of attempts that alternates between them.

package solver

import (
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/aclements/go-z3/z3"

	"hgrd/expr"
)

// An encoding is a query translated into Z3 assertions, with a way to
// read a term's value from a model of them.
type encoding struct {
	assertions []z3.Bool
	// narrowed, if set, is the encoding with every variable's
	// encoding within [-smallValue, smallValue].
	narrowed *encoding
	// fresh marks an encoding whose attempts are decided in a context
	// of their own (decideAlone): the integer encoding, a trial's
	// included. In the Solver's context a trial's integer attempt of
	// 156k units once took 92 s on hecbench-dev's axpby, after other
	// queries had changed what the context held (7 s alone; it had
	// taken well under a second before). An earlier version kept trials
	// there because one of copyFromTp_racy's was found only there; the
	// example's races are found with trials alone as well.
	fresh bool
	// freshAttempts counts the attempts decided alone so far: each
	// attempt's seed (see decideAlone).
	freshAttempts uint
	// reprinted marks a fresh encoding whose attempt that ends undecided
	// is asked once more, within the same rlimit, from the query printed
	// and parsed instead of translated (a trial's; see attemptNow).
	reprinted bool
	// value returns the Z3 expression whose model value is t's value:
	// a boolean, a bit-vector, or (integer encoding) the unsigned
	// reading of a bit-vector.
	value func(t *expr.Term) z3.Value
}

// An encodingKind names an encoding.
type encodingKind int

// The encodings.
const (
	anyEncoding encodingKind = iota
	bitVectorEncoding
	integerEncoding
	// provingEncoding is the integers where a query has them, else
	// bit-vectors (Prove).
	provingEncoding
)

// A step is one attempt of a plan: an encoding and its rlimit.
type step struct {
	// enc is the attempt's encoding; nil for a trial, encoded when it
	// runs (Solver.encoded).
	enc   *encoding
	limit uint64
	// satOnly marks an attempt over a narrowed encoding or a trial,
	// whose models are models of the query but whose unsat proves
	// nothing.
	satOnly bool
	// unsatOnly marks an attempt over a relaxation of the query (see
	// relaxed), whose unsat proves the query unsat but whose models
	// prove nothing.
	unsatOnly bool
	// trial, if set, is the trial enc encodes.
	trial *trial
	// relaxed, if set, is the relaxation of the query that enc encodes
	// (an unsatOnly attempt): a model of it is completed into one of
	// the query (Solver.completeRelaxed).
	relaxed *Query
	// firstLook marks a short attempt at a trial that the plan tries
	// again later with its full share: running out of its limit does
	// not make the trial hard (trialRun).
	firstLook bool
	// kind says what the attempt is, for hints (hints.go).
	kind attemptKind
	// name says what the attempt is, for HGRD_TRACE_QUERIES.
	name string
}

// alone reports whether the attempt is decided in a context of its own:
// a fresh encoding, or a trial not yet encoded, whose encoding is the
// integers' as its query's is.
func (st step) alone() bool { return st.enc == nil || st.enc.fresh }

// trialStep returns the attempt at a trial within limit, a first look
// or not. It is encoded when it runs (Solver.encoded): most plans end
// before their trials, and encoding them took half of planning.
func trialStep(t *trial, limit uint64, firstLook bool) step {
	name := "trial " + t.String()
	if firstLook {
		name = "trial (first look) " + t.String()
	}
	return step{limit: limit, satOnly: true, trial: t, firstLook: firstLook, kind: trialAttempt, name: name}
}

// encoded returns the step with its encoding: a trial encoded when it
// runs gets its encoding now, which the Solver retains.
func (s *Solver) encoded(st step) step {
	if st.enc == nil {
		st.enc = s.trialEncoding(st.trial)
		s.retain(st.enc)
	}
	return st
}

// plan returns the attempts for a query within a budget, a portfolio of
// the bit-vector and integer encodings: neither is better on every query
// (bit-blasting struggles with products of unknowns, non-linear integer
// arithmetic with bit tricks and wrapping), and each attempt starts
// afresh. A query that multiplies or divides unknowns (and shifts by
// none) first gets a short integer attempt; every query then gets a
// quick bit-vector attempt (or, if it has any, trials) and a short look
// among small values. Then a query that multiplies or divides unknowns
// alternates the encodings in rounds of growing limits
// (integerRounds), and any other query gets bit-vector attempts with
// one integer attempt (bitVectorRounds). The quick look was a sixteenth
// of the budget for queries that shift by unknown amounts; it is a
// hundred and twenty-eighth for all, so that trials find the races of
// such queries first (on hecbench-dev's axpby, 36 of 46 queries were
// races that trials found, after a long quick look of 0.7 s each). A
// query the integer encoding cannot express gets bit-vector attempts
// only.
func (s *Solver) plan(q *Query, qt queryTerms, limits []uint64) []step {
	bv := s.bitVectors(q)
	// Proving decides in a context of its own in either encoding, so
	// that its answer does not depend on what the Solver was asked
	// before: callers share proofs between Solvers (package analysis).
	bv.fresh = s.only == provingEncoding
	in, err := s.integers(q, qt)
	if s.only == integerEncoding && err != nil {
		panic(err)
	}
	var steps []step
	switch {
	case err != nil || s.only == bitVectorEncoding:
		// Proving falls back to bit-vectors too. A query without an
		// integer encoding computes with bits at length (a hash): its
		// relaxation comes first.
		if s.only == anyEncoding {
			if r := s.relaxation(q, sum(limits)/relaxedShare); r != nil {
				steps = append(steps, *r)
				limits = slices.Clone(limits)
				limits[len(limits)-1] -= r.limit
			}
		}
		for _, l := range limits {
			steps = append(steps, step{enc: bv, limit: l, kind: bitVectorAttempt, name: "bit-vectors"})
		}
	case s.only == integerEncoding || s.only == provingEncoding:
		for _, l := range limits {
			steps = append(steps, step{enc: in, limit: l, kind: integerAttempt, name: "integers"})
		}
	default:
		// Both encodings, in rounds of doubling limits: the integers
		// first for products of unknowns, except with bit tricks, which
		// are the bit-vectors'.
		integersFirst := nonLinear(q) && !variableShifts(q)
		budget := sum(limits)
		quick := budget / 128
		relaxation := s.relaxation(q, budget/relaxedShare)
		if relaxation != nil {
			budget -= relaxation.limit
		}
		ts := trials(q)
		// A first look at the first trial that the bounds of its
		// assertions leave possible, for a race, before the integers'
		// first attempt (firstTrialShare). A race between blocks needs
		// two blocks, which the smallest sizes tried first may not
		// give: copyLowToUpp_racy's first trial fixed a grid of one
		// block, and its race was found only after the integers' and
		// the relaxation's attempts had run out (0.2 s of the lane's
		// 0.5 s).
		if first := firstPossible(ts); first != nil && integersFirst && budget/firstTrialShare > 0 {
			steps = append(steps, trialStep(first, budget/firstTrialShare, true))
			budget -= budget / firstTrialShare
		}
		// Products of unknowns get a short integer attempt before
		// anything else: the integers decide most such queries within
		// it (see integerRounds), in hundredths of a second, where the
		// quick bit-vector look spent a tenth without an answer
		// (hecbench-dev's ssm, whose 593 queries' quick looks took 24 s).
		// With trials, half of it: a race is found among the trials
		// next, and the integers' first attempt ran out on 16 of the
		// examples' races before a trial found them (0.1 to 0.3 s
		// each), where the race-free queries it decides need 20k units
		// at the median. Halved, the examples' solving took 1 s less.
		share := uint64(firstIntegerShare)
		if len(ts) > 0 {
			share *= 2
		}
		if integersFirst && budget/share > 0 {
			steps = append(steps, step{enc: in, limit: budget / share, kind: integerAttempt, name: "integers"})
			budget -= budget / share
			// Then the relaxation, before the quick bit-vector look:
			// of the queries that the first integer attempt leaves,
			// hecbench-dev's wsm5 refuted 71 of 72 by their
			// relaxation (0.02 s each), after quick looks that decided
			// none (0.05 s each), and lda 62 by it; the quick looks
			// took a quarter of their solving.
			if relaxation != nil {
				steps = append(steps, *relaxation)
				relaxation = nil
			}
		}
		// A quick look with bit-vectors first: most queries of bounded
		// indices are decided by bit-blasting in a fraction of a second,
		// where the integers would spend their share first. Queries
		// with trials (products of a thread's value and a host value)
		// skip it: in the examples it decided 7 of the 120 such
		// queries, and on hecbench-dev's slowest programs it took 158 s
		// for none, where a trial often found the race next.
		if quick > 0 && len(ts) == 0 { // an rlimit of 0 would be no limit
			steps = append(steps, step{enc: bv, limit: quick, kind: bitVectorAttempt, name: "bit-vectors (quick)"})
			budget -= quick
		}
		// The relaxation after the first look at the query itself,
		// which decides most queries at once, with or without the
		// conditions the relaxation drops.
		if relaxation != nil {
			steps = append(steps, *relaxation)
		}
		// Trials, then small values: a race usually has a witness with
		// small host values, found far faster among them.
		for _, t := range ts {
			if budget/trialShare > 0 {
				steps = append(steps, trialStep(t, budget/trialShare, false))
			}
		}
		small := budget / smallValuesShare
		if !integersFirst {
			small = budget / smallValuesShareBitVectors
		}
		if small > 0 {
			steps = append(steps, step{enc: in.narrowed, limit: small, satOnly: true, kind: smallValuesAttempt, name: "small integers"})
		}
		budget -= small + uint64(len(ts))*(budget/trialShare)
		if !integersFirst {
			steps = append(steps, bitVectorRounds(bv, in, budget)...)
			break
		}
		steps = append(steps, integerRounds(in, bv, budget)...)
	}
	return pooled(steps)
}

// relaxedShare is the share of a query's budget (its inverse) that the
// attempt on its relaxation may spend: 39k units of the default budget.
// Every relaxation the examples' queries have that is unsat was decided
// within 36k units of the integers; those that are not spent their
// whole limit, 0.14 s on average at a 256th.
const relaxedShare = 512

// relaxation returns the attempt on q's relaxation (see relaxed) within
// limit, or nil if q has none or the limit is 0: the integers for a
// relaxation that multiplies unknowns (and shifts by none), the
// bit-vectors for any other.
func (s *Solver) relaxation(q *Query, limit uint64) *step {
	r := relaxed(q)
	if r == nil || limit == 0 {
		return nil
	}
	if nonLinear(r) && !variableShifts(r) {
		if in, err := s.integers(r, collect(r)); err == nil {
			return &step{enc: in, limit: limit, unsatOnly: true, relaxed: r, kind: relaxedAttempt, name: "relaxed integers"}
		}
	}
	return &step{enc: s.bitVectors(r), limit: limit, unsatOnly: true, relaxed: r, kind: relaxedAttempt, name: "relaxed bit-vectors"}
}

// minAttempt is the least rlimit an attempt gets on its own. Each
// attempt costs a few milliseconds before Z3 searches at all (a solver,
// its tactic, for the integers a context of their own), and its
// preprocessing alone consumes hundreds of units: the small questions
// asked of a witness (extendWitness, a thirty-second of a thirty-second
// of the budget) planned nine attempts of 76 to 10k units, and their
// integer attempts used up to ten times their limit before stopping.
// Such a question spent more time starting attempts than deciding.
const minAttempt = 4096

// pooled merges each attempt below minAttempt into the next attempt of
// the same encoding and kind (a trial, a look among small values and a
// decision are three kinds: the first two answer only sat), which gets
// its units; the last attempt of a kind is kept whatever its limit.
// Plans of the default budget, whose smallest attempt is a 256th (78k
// units), are unchanged.
func pooled(steps []step) []step {
	type kind struct {
		enc       *encoding
		satOnly   bool
		unsatOnly bool
		trial     *trial
	}
	kindOf := func(st step) kind { return kind{st.enc, st.satOnly, st.unsatOnly, st.trial} }
	out := make([]step, 0, len(steps))
	carried := map[kind]uint64{}
	for i, st := range steps {
		k := kindOf(st)
		st.limit += carried[k]
		delete(carried, k)
		later := slices.ContainsFunc(steps[i+1:], func(l step) bool { return kindOf(l) == k })
		if st.limit < minAttempt && later {
			carried[k] = st.limit
			continue
		}
		out = append(out, st)
	}
	return withoutSmallAlone(out)
}

// withoutSmallAlone drops each attempt below minAttempt that would be
// decided in a context of its own (an integer attempt, a trial, a look
// among small values, a relaxation in the integers) and gives its units
// to the next attempt: making the context and parsing the query take 20
// to 30 ms before Z3 searches at all, and its preprocessing alone uses
// more than such a limit. On hecbench-dev's sort, where witnesses within
// bounds are sought with small budgets, 242 such attempts took 5.6 s and
// decided nothing. The plan's last attempt is kept whatever its limit.
func withoutSmallAlone(steps []step) []step {
	out := steps[:0]
	var carried uint64
	for i, st := range steps {
		st.limit += carried
		carried = 0
		if st.alone() && st.limit < minAttempt && i < len(steps)-1 {
			carried = st.limit
			continue
		}
		out = append(out, st)
	}
	return out
}

// trialShare is the share of a query's budget (its inverse) that each
// trial may spend. Every race a trial found in the examples took at most
// 37k rlimit units (replayed alone with the z3 command), and on
// hecbench-dev 250 of 259 took under 0.4 s. Trials that find nothing
// run to their limit, and at a thirty-second each, a query's twelve
// trials took 37% of its budget: simpleSpmv's race, which the z3
// command finds with 6.8M units of bit-vectors, went undecided when its
// last attempt had 6.4M.
const trialShare = 128

// smallValuesShare is the share of a query's budget (its inverse) that
// its look among small values may spend. The look runs the integer
// encoding, whose rlimit units cost far more time than the bit-vectors'
// (see integerRounds), yet some races are found there only, late: 292k
// units for lavaMD's, 331k for row_major_sweep_racy's. A look of a
// 256th, with a second of a thirty-second after the first rounds, made
// lavaMD's queries twice as slow; one look of a thirty-second stays.
const smallValuesShare = 32

// smallValuesShareBitVectors is the share of a query's budget (its
// inverse) of the look among small values for a query that the
// bit-vectors lead (no products of unknowns, or bit tricks). There the
// integers' units cost far more time: each race such a look found took
// at most 77k units (in the examples at most 40k), while the looks that
// found nothing took 13 s of hecbench-dev's solving at a thirty-second
// (2.1 s for one query of scan), and the bit-vectors then decided.
const smallValuesShareBitVectors = 256

// firstTrialShare is the share of a query's budget (its inverse) of the
// first look at the first trial of a query that multiplies unknowns,
// which comes before the first integer attempt: 39k units of the
// default budget. Of the examples' 177 queries with trials, 33 were
// races that the first integer attempt ran out on (0.3 s each, 9.6 s in
// all) and a trial found next, 20 of them the first trial, all but one
// within 39k units (0.01 s); the first trials of the 87 race-free ones
// were unsat in 7.5k units at the median.
const firstTrialShare = 512

// firstIntegerShare is the share of a query's budget (its inverse) of
// the first integer attempt of a query that multiplies unknowns: 78k
// units of the default budget, which decided wsm5's queries (27k to 67k
// units) before the quick look and small values, four times faster.
const firstIntegerShare = 256

// integerRounds returns the attempts, within a budget, of a query that
// multiplies or divides unknowns, after its first integer attempt (at
// a firstIntegerShare of the whole budget): the integers at a 128th and
// a 32nd, each followed by the bit-vectors at a 16th and an 8th, then
// the bit-vectors alone at a quarter and with the rest.
//
// An integer attempt's rlimit units may cost far more time than a
// bit-vector attempt's, or not: on hecbench-dev, integer attempts ran at
// 100k to 300k units a second on sort's and fpdc's queries, whose races
// the bit-vectors then found in 0.3 s after 2 to 6 s of integer attempts
// at a sixty-fourth and a thirty-second; on wsm5's and ssm's, at over
// 1M, deciding them within 120k units. Integer attempts that decided a
// query decided it soon: in the examples 9 in 10 within 17k units and
// all within 195k, on hecbench-dev 9 in 10 within 25k and all but one
// within 220k. So the integers' limits grow from a short first attempt,
// which decides most, and the bit-vectors' first attempt comes before
// the integers' longest. (Before the 128th, it cost wsm5 14 s of
// bit-vector attempts that found nothing on queries the integers then
// decided at once.) The exception, bitpacking's grid-stride store (an
// output index refuted through a clamped quotient by the host's bit
// width), needs 160k to 415k units over eight seeds: at a 64th (272k)
// whether the last integer attempt decided it depended on the order in
// which the query's terms were made; at a 32nd (544k) it is decided, and
// the bit-vector attempts of 9M units after it, which never decide such
// a query, are not reached.
func integerRounds(in, bv *encoding, budget uint64) []step {
	return rounds(budget, []share{
		{in, 128, integerAttempt}, {bv, 16, bitVectorAttempt},
		{in, 32, integerAttempt}, {bv, 8, bitVectorAttempt},
		{bv, 4, bitVectorAttempt}, {bv, 0, bitVectorAttempt},
	})
}

// bitVectorRounds returns the attempts, within a budget, of a query that
// bit-vectors decide best: bit-vectors with doubling limits, then the
// integers once, at a sixty-fourth (see integerRounds for why so
// small), before the last bit-vector attempt.
// In the examples, integer attempts decided only queries that multiply
// or divide unknowns, which go to the integers first; on the real
// programs of hecbench-dev (axpby) the integer attempts of other queries
// ran at 40k to 90k rlimit units a second against bit-vectors' 1M to 3M,
// two thirds of the file's solving time, and decided 2 queries of 46,
// where bit-vectors decided the rest within an eighth of the budget.
func bitVectorRounds(bv, in *encoding, budget uint64) []step {
	return rounds(budget, []share{
		{bv, 16, bitVectorAttempt}, {bv, 8, bitVectorAttempt},
		{bv, 4, bitVectorAttempt}, {in, 64, integerAttempt}, {bv, 0, bitVectorAttempt},
	})
}

// A share is one attempt of a round: its encoding and the part of the
// rounds' budget it may spend (its inverse; 0 for what the others left).
type share struct {
	enc  *encoding
	part uint64
	kind attemptKind
}

// rounds returns the attempts of a list of shares of a budget, leaving
// out those whose share rounds down to nothing.
func rounds(budget uint64, shares []share) []step {
	steps := make([]step, 0, len(shares))
	spent := uint64(0)
	for _, sh := range shares {
		limit := budget - spent
		if sh.part != 0 {
			limit = budget / sh.part
		}
		if limit == 0 {
			continue // an rlimit of 0 would be no limit
		}
		steps = append(steps, step{enc: sh.enc, limit: limit, kind: sh.kind, name: sh.kind.String()})
		spent += limit
	}
	return steps
}

// trialEncoding returns the encoding of a trial: integers, in which
// fixing the factors leaves linear arithmetic, decided in a context of
// their own, or bit-vectors if the integer encoding cannot express the
// query.
func (s *Solver) trialEncoding(t *trial) *encoding {
	if enc, err := s.integers(t.query, t.terms); err == nil {
		enc.reprinted = enc.fresh
		return enc
	}
	return s.bitVectors(t.query)
}

// bitVectors returns the bit-vector encoding of a query, its divisions,
// remainders and products at the widths its bounds allow (tight.go).
func (s *Solver) bitVectors(q *Query) *encoding {
	tight := newTightness(q.Assertions)
	within := func(translate func()) {
		s.tr.tight = tight
		defer func() { s.tr.tight = nil }()
		translate()
	}
	enc := &encoding{value: func(t *expr.Term) (v z3.Value) {
		within(func() { v = s.tr.value(t) })
		return v
	}}
	within(func() {
		for _, a := range q.Assertions {
			enc.assertions = append(enc.assertions, s.tr.bool(a))
		}
	})
	return enc
}

// integers returns the integer encoding of a query, or an error if a
// term has none.
func (s *Solver) integers(q *Query, qt queryTerms) (enc *encoding, err error) {
	defer func() {
		if r := recover(); r != nil {
			var unsupported *unsupportedError
			if e, ok := r.(error); ok && errors.As(e, &unsupported) {
				enc, err = nil, e
				return
			}
			panic(r)
		}
	}()
	if n := bitDecompositions(q); n > maxBitDecompositions {
		return nil, fmt.Errorf("solver: no integer encoding of %d bit-wise operations (at most %d)", n, maxBitDecompositions)
	}
	tr := newIntTranslator(s.ctx, q)
	read := func(t *expr.Term) z3.Value {
		if t.IsBool() {
			return tr.bool(t)
		}
		return tr.view(t, false).e
	}
	var assertions []z3.Bool
	for _, a := range q.Assertions {
		assertions = append(assertions, tr.bool(a))
	}
	// Everything a model is read for is translated now, so that its
	// definitions are asserted: the leaves of the query and the
	// arguments of its applications. Observed terms are not read from
	// the model but computed from its leaves (readModel); translated,
	// they added definitions that made Z3's search far harder (the
	// address z*pitch + y*pitch of pitched_volume_racy, observed for the
	// witness while the query compares rows, took its sat attempts 330k
	// units and 4 s each; without it the whole file takes 0.5 s).
	for _, group := range [][]*expr.Term{qt.vars, qt.applies} {
		for _, t := range group {
			read(t)
			for _, a := range t.Args {
				read(a)
			}
		}
	}
	defined := len(tr.defs)
	value := func(t *expr.Term) z3.Value {
		v := read(t)
		if len(tr.defs) != defined {
			panic(termErr(t, "read from a model needs a definition not asserted"))
		}
		return v
	}
	assertions = append(assertions, tr.defs...)
	enc = &encoding{assertions: assertions, value: value, fresh: true}
	small := append([]z3.Bool(nil), assertions...)
	for _, name := range tr.varOrder {
		v := tr.vars[name]
		small = append(small, tr.small(-smallValue).LE(v.e), v.e.LE(tr.small(smallValue)))
	}
	enc.narrowed = &encoding{assertions: small, value: value, fresh: true}
	return enc, nil
}

// maxBitDecompositions bounds the bit-wise operations a query may have
// for an integer encoding. The encoding decomposes each operand of a
// bit-wise and, or or xor (other than a low-bits mask) into one 0/1
// integer per bit, tied to its value by a sum of powers of two; a hash
// computed in the kernel (hecbench-dev's md5hash: an unrolled MD5 guards
// the write of the key found) has hundreds of them, whose integer
// encodings took minutes to build, one per trial, and over a GiB of
// memory, for attempts that integer arithmetic could not decide. Such a
// query is the bit-vectors', which decided md5hash's queries in a
// fraction of a second each.
const maxBitDecompositions = 8

// bitDecompositions counts the bit-wise operations of a query that the
// integer encoding decomposes into bits (intTranslator.bitwise).
func bitDecompositions(q *Query) int {
	n := 0
	eachTerm(q, func(t *expr.Term) bool {
		if bitTrick(t) {
			n++
		}
		return true
	})
	return n
}

// smallValue bounds the variables of the narrowed integer encoding.
const smallValue = 256

// nonLinear reports whether a query multiplies, divides or takes the
// remainder of two non-constant bit-vectors.
func nonLinear(q *Query) bool {
	return anyTerm(q, func(t *expr.Term) bool {
		switch t.Op {
		case expr.OpMul, expr.OpUDiv, expr.OpSDiv, expr.OpURem, expr.OpSRem:
			return !t.Args[0].IsConst() && !t.Args[1].IsConst()
		}
		return false
	})
}

// variableShifts reports whether a query shifts by an amount that is not
// a constant, such as a lane's bit in a __syncwarp mask: the integer
// encoding has to express that with powers of two, which bit-vectors
// decide at once.
func variableShifts(q *Query) bool {
	return anyTerm(q, func(t *expr.Term) bool {
		switch t.Op {
		case expr.OpShl, expr.OpLShr, expr.OpAShr:
			return !t.Args[1].IsConst()
		}
		return false
	})
}

// anyTerm reports whether some subterm of the query's assertions
// satisfies f.
func anyTerm(q *Query, f func(t *expr.Term) bool) bool {
	found := false
	eachTerm(q, func(t *expr.Term) bool {
		found = f(t)
		return !found
	})
	return found
}

// eachTerm visits each distinct subterm of the query's assertions once,
// in pre-order, until visit returns false.
func eachTerm(q *Query, visit func(t *expr.Term) bool) {
	var terms expr.Inspector
	stop := false
	for _, a := range q.Assertions {
		terms.Inspect(a, func(t *expr.Term) bool {
			stop = stop || !visit(t)
			return !stop
		})
		if stop {
			return
		}
	}
}

// modelValue converts a model's value of a term's expression to the
// term's value: booleans 0 or 1, bit-vectors masked to their width.
func modelValue(t *expr.Term, z z3.Value) uint64 {
	switch z := z.(type) {
	case z3.Bool:
		b, ok := z.AsBool()
		if !ok {
			panic(termErr(t, "model gives no boolean value: %s", z))
		}
		if b {
			return 1
		}
		return 0
	case z3.BV:
		u, lit, ok := z.AsUint64()
		if !lit || !ok {
			panic(termErr(t, "model gives no bit-vector value: %s", z))
		}
		return u & expr.Mask(t.Width)
	case z3.Int:
		v, lit := z.AsBigInt()
		if !lit {
			panic(termErr(t, "model gives no integer value: %s", z))
		}
		return new(big.Int).And(v, new(big.Int).SetUint64(expr.Mask(t.Width))).Uint64()
	}
	panic(termErr(t, "model cannot evaluate term"))
}
