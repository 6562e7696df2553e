// This file defines the hints a Solver keeps: which kind of attempt
// decided a question of a skeleton, so that the next question of that
// skeleton tries it first.

package solver

import "fmt"

// An attemptKind says what an attempt of a plan is.
type attemptKind int

// The kinds of attempt.
const (
	bitVectorAttempt   attemptKind = iota // the bit-vector encoding
	integerAttempt                        // the integer encoding
	smallValuesAttempt                    // the integers, every variable small (sat only)
	relaxedAttempt                        // the query's relaxation (unsat only)
	trialAttempt                          // a trial (sat only)
	completionAttempt                     // a relaxation's model completed (sat only)
)

// String names an attempt kind as the trace does.
func (k attemptKind) String() string {
	switch k {
	case bitVectorAttempt:
		return "bit-vectors"
	case integerAttempt:
		return "integers"
	case smallValuesAttempt:
		return "small integers"
	case relaxedAttempt:
		return "relaxation"
	case trialAttempt:
		return "trial"
	case completionAttempt:
		return "completion"
	}
	return fmt.Sprintf("attemptKind(%d)", int(k))
}

// A hint is the attempt that decided a question: its kind and rlimit.
// Hints are kept by the question's key under expr.SkeletonOf (see
// questionKeyOf): the same question up to names and constants.
type hint struct {
	kind  attemptKind
	limit uint64
}

// hinted returns a plan with the attempt that a hint names first: the
// first of the hint's kind whose rlimit is at least the hint's, or else
// the largest of its kind. The instantiations of a template kernel ask
// one question at several scales (an element size, a block size in its
// constants), which the same attempt decides, often after others that
// search in vain: hecbench-dev's scan asked each instantiation's
// shared-memory pairs in trials and small values for 2 to 5 s before
// bit-vectors at 2.3M units refuted them in 0.3 s. The plan is otherwise
// unchanged, so the query's budget is too; a hint that does not hold
// costs one attempt earlier than planned. Trials are not hinted: their
// values are the query's own.
func hinted(steps []step, h hint) []step {
	pick := -1
	for i, st := range steps {
		if st.kind != h.kind {
			continue
		}
		if st.limit >= h.limit {
			pick = i
			break
		}
		if pick < 0 || st.limit > steps[pick].limit {
			pick = i
		}
	}
	if pick <= 0 {
		return steps
	}
	out := append([]step{steps[pick]}, steps[:pick]...)
	return append(out, steps[pick+1:]...)
}

// hint returns the hint for a question of a key and a family: the
// key's, or else the family's. The instantiations of a template kernel
// are often launched on different host paths, a dispatch on a size
// (hecbench-dev's simpleSpmv: vector_mv_csr<2> if a row has at most two
// threads, <4> if three or four, ...), so that each query of a pair
// holds the conditions of its own path and no two have one skeleton.
// Each instantiation's intra-block query of y[m] took 5 s of trials,
// small values and smaller attempts in vain, before bit-vectors at 9.1M
// units refuted it in 1.7 s. A family's hint that does not hold costs,
// as a skeleton's does, one attempt earlier than planned.
func (s *Solver) hint(key questionKey, f Family) (hint, bool) {
	if h, ok := s.hints[key]; ok {
		return h, true
	}
	h, ok := s.familyHints[f] // learn keeps no hint for the empty family
	return h, ok
}

// learn records the attempt that decided a question of a key and a
// family; trials, whose values are the question's own, leave no hint.
func (s *Solver) learn(key questionKey, f Family, st step) {
	if st.kind == trialAttempt {
		return
	}
	if s.hints == nil {
		s.hints = map[questionKey]hint{}
		s.familyHints = map[Family]hint{}
	}
	h := hint{kind: st.kind, limit: st.limit}
	s.hints[key] = h
	if f != "" {
		s.familyHints[f] = h
	}
}
