// This file asks the questions of a race's notes (negativeNote,
// pitchNote): whether the race has no witness under one more assertion,
// such as stride >= width. A pair of accesses often races in two or
// three kinds, and each kind's note asked the same question of its own
// query (copyUppToLow_racy: six notes, three times its solving). The
// question is asked first of the union of the pair's kinds: unsat there
// is unsat for each kind, and one answer serves them all.

package analysis

import (
	"strings"

	"hgrd/constraints"
	"hgrd/expr"
	"hgrd/solver"
)

// A kindGroup is the tasks of one pair of accesses in one launch
// context, one for each kind of race the launch leaves open, and the
// answers of the note questions asked of their union.
type kindGroup struct {
	members []*task
	// union is the union of the members' queries not yet found unsat,
	// built by the first note question and dropped once every member is
	// answered (drop).
	union *constraints.Query
	// ruledOut holds, by question (questionKey), whether the union has
	// no witness under the question's assertions.
	ruledOut map[string]bool
}

// newKindGroup returns the group of a pair's open kinds, or nil if there
// are fewer than two: a question of one kind is asked of its own query.
func newKindGroup(open []*task) *kindGroup {
	if len(open) < 2 {
		return nil
	}
	g := &kindGroup{members: open, ruledOut: map[string]bool{}}
	for _, t := range open {
		t.group = g
	}
	return g
}

// reset forgets the group's answers, when its lane is solved again from
// the start (restore): the answers must be those the lane's solver
// gives in order.
func (g *kindGroup) reset() {
	g.union = nil
	clear(g.ruledOut)
}

// unionQuery returns the query of the union task (unionTask) of the
// members not found unsat, with the row readings p proves (withRows),
// or nil if fewer than two members remain.
func (g *kindGroup) unionQuery(p *prover) *constraints.Query {
	if g.union != nil {
		return g.union
	}
	var open []*task
	for _, m := range g.members {
		if m.result == nil || m.result.Status != solver.Unsat {
			open = append(open, m)
		}
	}
	u := unionTask(open)
	if u == nil {
		return nil
	}
	g.union = withRows(p, u.ensureQuery(), u.launch)
	return g.union
}

// drop lets the union go once every member has its answer.
func (g *kindGroup) drop() {
	for _, m := range g.members {
		if m.result == nil {
			return
		}
	}
	g.union = nil
}

// noteQuestions asks the questions of one race's notes.
type noteQuestions struct {
	s       *solver.Solver
	premise *prover
	task    *task // the race found; its query is built
}

// ruledOut reports whether the task's race has no witness where the
// assertions extra hold, decided within budget. It asks the union of
// the task's kinds first (once per group and question) and, unless the
// union is ruled out, the task's own query.
func (n *noteQuestions) ruledOut(extra []*expr.Term, budget uint64) bool {
	if g := n.task.group; g != nil {
		key := questionKey(extra)
		ruled, asked := g.ruledOut[key]
		if !asked {
			if u := g.unionQuery(n.premise); u != nil {
				ruled = n.unsat(u, extra, budget)
				g.ruledOut[key] = ruled
			}
		}
		if ruled {
			return true
		}
	}
	return n.unsat(n.task.query, extra, budget)
}

// unsat reports whether q's race with the assertions extra is
// unsatisfiable within budget. A note's question is one hgrd expects to
// be unsat, so it is first asked as a proof (solver.Attempt: one integer
// attempt in a context of its own) within noteProofBudget: a race's
// search, whose trials and enumerations look for witnesses, spent most
// of its time on them (copyUppToLow_racy's six notes: 0.4 s of the
// file's 0.75 s of solving, against 0.01 s as proofs). A witness found
// there ends the question; a proof not found within its budget leaves
// it to that search, within budget, as before. A proof of a whole
// note's budget decided two more of hecbench-dev's miniWeather notes
// (at 525k and 661k units), but one took 30 s on its scatterAdd (170k
// units a second), where the search gave up in 1 s.
func (n *noteQuestions) unsat(q *constraints.Query, extra []*expr.Term, budget uint64) bool {
	defer n.s.SetBudget(n.s.Budget())
	n.s.SetBudget(min(budget, noteProofBudget))
	res, err := n.s.Attempt(q.Race(), expr.Not(expr.AllOf(extra...)))
	if err != nil || res.Status != solver.Unknown {
		return err == nil && res.Status == solver.Unsat
	}
	n.s.SetBudget(budget)
	res, err = n.s.Check(&solver.Query{Assertions: append(q.Race(), extra...)})
	return err == nil && res.Status == solver.Unsat
}

// noteProofBudget is the rlimit of a note question's proof, that of a
// premise's (premiseBudget): copyUppToLow_racy's took 45k units.
const noteProofBudget = premiseBudget

// questionKey identifies a note's question by its assertions.
func questionKey(extra []*expr.Term) string {
	parts := make([]string, len(extra))
	for i, t := range extra {
		parts[i] = t.String()
	}
	return strings.Join(parts, " && ")
}
