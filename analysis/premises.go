// This file defines how the premises of a query's lemmas are proven:
// from what is known of one thread, sliced to what bears on the premise,
// linear facts first; and remembered for the file's later queries.

package analysis

import (
	"context"
	"sync"

	"hgrd/constraints"
	"hgrd/expr"
	"hgrd/kernelanalysis"
	"hgrd/solver"
)

// premiseBudget is the rlimit of the question whether a premise holds.
// Premises are linear where the query is not (a column below a row
// length, a launch's blocks within a loop bound), and so decided in a
// few thousand units when they hold at all.
const premiseBudget = solver.DefaultBudget / 128

// A prover proves the premises of one lane's queries with a solver of
// its own. Its solver is not the lane's: what a context has translated
// changes how Z3 searches it, and quantAQLM's sh_b pair, decided near the
// budget in the lane's solver, was not decided once premises had been
// asked there. Its answers go to the premiseAnswers every lane of a file
// shares.
type prover struct {
	// s is the prover's solver, made at the first proof: most files'
	// lanes prove nothing the others have not (answers), and a Z3
	// context costs milliseconds to make.
	s       *solver.Solver
	answers *premiseAnswers
	// done, if set, stops the solver when it is done (solver.StopWhen):
	// the lane's deadline; release ends the watch.
	done    context.Context
	release func() bool
	// facts holds each side's facts as detached conjuncts (see
	// detached), computed once for all the premises about it.
	facts map[sideKey][]*expr.Term
}

// premiseAnswers holds the answers of a file's provers, shared by its
// lanes: the union and kinds of a pair ask the same premises, and so do
// the pairs of an access and of the accesses on one path (the read and
// the write of a +=), which the lanes divide among them (tiled_grid_ok
// asked each of its 32 premises once a lane). A question is the facts
// that bear on a goal and the goal. Its answer is the same whichever
// lane's prover gives it, as solver.Prove decides it in a Z3 context of
// its own, so sharing answers leaves every verdict as it was.
type premiseAnswers struct {
	mu     sync.Mutex
	terms  expr.Interner
	proven map[*expr.Term]bool // by the question's representative
}

func newPremiseAnswers() *premiseAnswers {
	return &premiseAnswers{proven: map[*expr.Term]bool{}}
}

// question returns the representative of the question whether facts
// imply goal.
func (a *premiseAnswers) question(facts []*expr.Term, goal *expr.Term) *expr.Term {
	q := expr.Implies(expr.AllOf(facts...), goal)
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.terms.Intern(q)
}

// lookup returns the answer recorded for a question, if there is one.
func (a *premiseAnswers) lookup(question *expr.Term) (proven, ok bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	proven, ok = a.proven[question]
	return proven, ok
}

// record records the answer to a question.
func (a *premiseAnswers) record(question *expr.Term, proven bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.proven[question] = proven
}

// A sideKey names what is known of the thread running an access of a
// launch on one side of its queries.
type sideKey struct {
	launch *constraints.Launch
	access *kernelanalysis.Access
	side   int
}

// newProver returns a prover that shares its answers in answers.
func newProver(answers *premiseAnswers) *prover {
	return &prover{answers: answers, facts: map[sideKey][]*expr.Term{}}
}

// solver returns the prover's solver, made on the first call.
func (p *prover) solver() *solver.Solver {
	if p.s == nil {
		p.s = solver.New(premiseBudget)
		if p.done != nil {
			p.release = p.s.StopWhen(p.done)
		}
	}
	return p.s
}

// close releases the prover's solver, if it made one.
func (p *prover) close() {
	if p.release != nil {
		p.release()
	}
	if p.s != nil {
		p.s.Close()
	}
}

// proves reports whether each of goals, premises about the access of
// q's side (0 or 1), follows from what is known of that side's thread
// (constraints.Query.SideFacts) within premiseBudget each: from the
// linear facts that bear on it first, then from all the simple ones.
// Facts that multiply or divide unknowns (the bounds of an allocation of
// rows*cols elements) are needed only for some goals, and left the
// solver unable to prove 0 <= 1 + 16*blockIdx.x + threadIdx.x within the
// whole budget; one goal that needs them (a column below its row length,
// which a guard with a division states) left it unable to prove another
// with them.
func (p *prover) proves(q *constraints.Query, l *constraints.Launch, side int, goals []*expr.Term) bool {
	facts := p.sideFacts(q, l, side)
	for _, goal := range goals {
		if !p.provesOne(facts, goal) {
			return false
		}
	}
	return true
}

// sideFacts returns the detached conjuncts of what is known of the
// thread of q's side.
func (p *prover) sideFacts(q *constraints.Query, l *constraints.Launch, side int) []*expr.Term {
	key := sideKey{l, [2]*kernelanalysis.Access{q.First, q.Second}[side], side}
	facts, ok := p.facts[key]
	if !ok {
		facts = detached(q.SideFacts(side))
		p.facts[key] = facts
	}
	return facts
}

// provesOne reports whether goal follows from conjuncts, a side's
// detached facts: the answer shared if the question was asked, else the
// solver's.
func (p *prover) provesOne(conjuncts []*expr.Term, goal *expr.Term) bool {
	small := relevant(conjuncts, []*expr.Term{goal}, smallFact)
	question := p.answers.question(small, goal)
	proven, ok := p.answers.lookup(question)
	if !ok {
		proven = p.prove(small, goal)
		p.answers.record(question, proven)
	}
	return proven
}

// maxBranchingTerms bounds the size of a fact with branches (a
// disjunction, an if-then-else) that the prover keeps.
const maxBranchingTerms = 48

// smallFact reports whether the prover keeps a fact: a simple one
// (expr.Simple), or one with branches of at most maxBranchingTerms
// terms, such as a loop's guard against a count that the last block
// clamps, i + threadIdx.x < ((blockIdx.x + 1) * chunk > n ? max(0, n -
// blockIdx.x * chunk) : chunk).
func smallFact(t *expr.Term) bool { return expr.Simple(t) || expr.Small(t, maxBranchingTerms) }

// prove reports whether the solver proves goal from the small facts
// that bear on it: from the linear ones among them first, then from the
// simple ones, then from all. (The linear facts that bear on a goal are
// among the simple ones that do, and those among the small ones.) Facts
// with branches make a proof far harder, and are given only to a goal
// that needs them.
func (p *prover) prove(small []*expr.Term, goal *expr.Term) bool {
	goals := []*expr.Term{goal}
	simple := relevant(small, goals, expr.Simple)
	rounds := [][]*expr.Term{relevant(simple, goals, expr.Linear), simple}
	if len(small) > len(simple) {
		rounds = append(rounds, small)
	}
	for _, facts := range rounds {
		if ok, err := p.solver().Prove(facts, goal); ok && err == nil {
			return true
		}
	}
	return false
}

// relevant returns the conjuncts that keep accepts and that bear on
// goals: those that share a variable with the goals or, transitively,
// with a conjunct already kept. A premise about one thread's column
// needs the launch's dimensions and the host values they come from, not
// the thousand terms of its access's path condition, which left the
// solver unable to prove 0 <= 16*blockIdx.x + threadIdx.x within its
// budget.
func relevant(conjuncts, goals []*expr.Term, keep func(*expr.Term) bool) []*expr.Term {
	vars := map[string]bool{}
	for _, g := range goals {
		for _, v := range expr.Vars(g) {
			vars[v.Name] = true
		}
	}
	kept := make([]bool, len(conjuncts))
	for i, c := range conjuncts {
		kept[i] = !keep(c) // never kept: marked as if already
	}
	for grew := true; grew; {
		grew = false
		for i, c := range conjuncts {
			if kept[i] || !mentionsAny(c, vars) {
				continue
			}
			kept[i], grew = true, true
			for _, v := range expr.Vars(c) {
				vars[v.Name] = true
			}
		}
	}
	var out []*expr.Term
	for i, c := range conjuncts {
		if kept[i] && keep(c) {
			out = append(out, c)
		}
	}
	return out
}

// detached returns the conjuncts of facts, and the conclusions of those
// that are implications whose premises are among them: the IR's
// promises about an access in a loop (a product that does not wrap)
// hold under the exits of the loops before it, which are conjuncts of
// its condition too. A comparison with a minimum or a maximum is
// followed by the comparisons with its operands that it states
// (expr.ExtremeBounds), which are small where it is not: a loop's guard
// i < min(begin + chunk, n) bounds i by begin + chunk.
func detached(facts []*expr.Term) []*expr.Term {
	var conjuncts []*expr.Term
	for _, f := range facts {
		for _, c := range expr.Conjuncts(f) {
			conjuncts = append(append(conjuncts, c), expr.ExtremeBounds(c)...)
		}
	}
	var terms expr.Interner
	known := map[*expr.Term]bool{}
	for _, c := range conjuncts {
		known[terms.Intern(c)] = true
	}
	holds := func(t *expr.Term) bool {
		for _, c := range expr.Conjuncts(t) {
			if !known[terms.Intern(c)] {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(conjuncts); i++ {
		if c := conjuncts[i]; c.Op == expr.OpImplies && holds(c.Args[0]) {
			for _, d := range expr.Conjuncts(c.Args[1]) {
				if r := terms.Intern(d); !known[r] {
					known[r] = true
					conjuncts = append(conjuncts, d)
				}
			}
		}
	}
	return conjuncts
}

// mentionsAny reports whether t has a variable named in vars.
func mentionsAny(t *expr.Term, vars map[string]bool) bool {
	for _, v := range expr.Vars(t) {
		if vars[v.Name] {
			return true
		}
	}
	return false
}
