// This file defines trial values: attempts that look for a witness of a
// non-linear query with its launch-wide factors fixed to small constants.

package solver

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"hgrd/expr"
)

// trialValues are the constants a trial gives every factor at once. A
// race whose address multiplies a host value (j*cols + i) usually shows
// with the smallest sizes: rows of one or two elements overlap first;
// and with -1, the unchecked negative size that a cast to unsigned makes
// the largest; and with 0, the empty row, where every column is one cell
// (nested_host_loops_racy's launch for no tiles, whose intra-block race
// took 2.5 s of attempts without it, 1 s with it). Trials also try each known block dimension b and b+1
// (trials): a row exactly one block wide, and the smallest size that a
// grid of (n + b-1)/b blocks covers with two blocks, which races between
// blocks need.
var trialValues = []uint64{1, 2, 3, ^uint64(0), 0}

// A trial is a query with some launch-wide variables fixed.
type trial struct {
	query *Query
	terms queryTerms
	fixed map[string]uint64 // the fixed variables and their values
	width map[string]int    // the fixed variables' widths
	// checked and bounded memoise refuted.
	checked, bounded bool
}

// refuted reports whether the bounds of the trial's own assertions
// refute it (refutedByBounds): with its values fixed, a grid of one
// block, say, asked for a race between blocks. Such a trial is unsat
// without an attempt.
func (t *trial) refuted() bool {
	if !t.checked {
		t.checked, t.bounded = true, refutedByBounds(t.query.Assertions)
	}
	return t.bounded
}

// firstPossible returns the first trial the bounds of its assertions do
// not refute, or nil.
func firstPossible(ts []*trial) *trial {
	for _, t := range ts {
		if !t.refuted() {
			return t
		}
	}
	return nil
}

// trials returns the trials of q: none if q multiplies, divides or takes
// the remainder of no two non-constant terms with a launch-wide variable
// in them. Fixing those variables (host values such as a row length,
// launch dimensions) leaves products of a constant, which both encodings
// decide quickly. A trial's model is a model of q; its unsat says
// nothing about q.
func trials(q *Query) []*trial {
	m, roots := newTrialMaker(q)
	if len(roots) == 0 {
		return nil
	}
	values := append([]uint64(nil), trialValues...)
	for _, b := range pinnedBlockDims(m.pins) {
		if b > 1 {
			for _, v := range []uint64{b, b + 1} {
				if !slices.Contains(values, v) {
					values = append(values, v)
				}
			}
		}
	}
	// Every root at each value, then, with several roots, each root
	// alone (a row length and a width that the host relates
	// differently need not be equal).
	groups := [][]*expr.Term{roots}
	if len(roots) > 1 {
		for _, f := range roots {
			groups = append(groups, []*expr.Term{f})
		}
	}
	var out []*trial
	for _, group := range groups {
		for _, v := range values {
			if len(out) == maxTrials {
				return out
			}
			out = append(out, m.at(group, v))
		}
	}
	return out
}

// A trialMaker makes the trials of one query.
type trialMaker struct {
	q      *Query
	pins   []pin
	pinned map[string]uint64
	defs   map[string]*expr.Term
}

// newTrialMaker returns the trial maker of q and the variables its
// trials fix (see rootsOf): none if q multiplies, divides or takes the
// remainder of no two non-constant terms with a launch-wide variable
// in them, or if the values q pins fix every such variable.
func newTrialMaker(q *Query) (trialMaker, []*expr.Term) {
	m := trialMaker{q: q, pins: pinsOf(q)}
	m.pinned = pinnedVars(m.pins)
	factors := launchWideFactors(q, m.pinned)
	if len(factors) == 0 {
		return m, nil
	}
	m.defs = definitions(q, m.pinned)
	return m, rootsOf(factors, m.defs, m.pinned)
}

// at returns the trial of the query with every variable of group at v
// (masked to its width) and the variables they define at the values
// their definitions give. Since q states those definitions, the trial
// is q with group = v, neither more nor less.
func (m trialMaker) at(group []*expr.Term, v uint64) *trial {
	fixed, width := map[string]uint64{}, map[string]int{}
	for _, f := range group {
		fixed[f.Name], width[f.Name] = v&expr.Mask(f.Width), f.Width
	}
	derive(fixed, width, m.defs, m.pinned)
	t := fix(m.q, fixed)
	t.width = width
	return t
}

// definitions returns the launch-wide variables that a top-level
// conjunct of q equates to a term over other launch-wide variables and
// pinned ones, by name, with that term, if it applies no function: a row
// length the host computes from a count of tiles (cols == tiles*16 + 2),
// a size from a count of blocks (n == blocks * ntid.x). Pinned variables
// are not defined, and a variable's first definition wins.
func definitions(q *Query, pinned map[string]uint64) map[string]*expr.Term {
	defs := map[string]*expr.Term{}
	known := func(v *expr.Term) bool {
		_, ok := pinned[v.Name]
		return ok
	}
	free := func(v *expr.Term) bool {
		return v.Op == expr.OpVar && v.Scope == expr.Shared && v.Width != expr.Bool && !known(v)
	}
	for _, a := range q.Assertions {
		for _, f := range expr.Conjuncts(a) {
			if f.Op != expr.OpEq {
				continue
			}
			for i, v := range f.Args {
				def := f.Args[1-i]
				if _, done := defs[v.Name]; done || !free(v) || def.IsConst() || def.Width != v.Width {
					continue
				}
				vars := expr.Vars(def)
				if applies(def) || slices.ContainsFunc(vars, func(d *expr.Term) bool { return !free(d) && !known(d) || d.Name == v.Name }) {
					continue
				}
				defs[v.Name] = def
			}
		}
	}
	return defs
}

// applies reports whether t applies a function (a load from memory,
// say), whose value no trial fixes.
func applies(t *expr.Term) bool {
	found := false
	expr.Inspect(t, func(u *expr.Term) bool {
		found = found || u.Op == expr.OpApply
		return !found
	})
	return found
}

// rootsOf returns the variables a trial fixes for factors: each factor
// that defs define is replaced by the variables of its definition, and
// those in turn by theirs, pinned variables left out. Trial values are
// small for the host's own values: a row length of 1, 2 or 3 is no row
// length of tiles*16 + 2, while 1, 2 or 3 tiles are. The result is
// sorted by name.
func rootsOf(factors []*expr.Term, defs map[string]*expr.Term, pinned map[string]uint64) []*expr.Term {
	roots := map[string]*expr.Term{}
	expanded := map[string]bool{}
	work := slices.Clone(factors)
	for len(work) > 0 {
		v := work[0]
		work = work[1:]
		if def, ok := defs[v.Name]; ok && !expanded[v.Name] {
			expanded[v.Name] = true
			work = append(work, expr.Vars(def)...)
			continue
		}
		if _, known := pinned[v.Name]; !known {
			roots[v.Name] = v
		}
	}
	return byName(roots)
}

// derive adds to a trial's fixed variables those that defs define from
// fixed and pinned ones, with the values their definitions give, so
// that the trial fixes a defined factor with its roots.
func derive(fixed map[string]uint64, width map[string]int, defs map[string]*expr.Term, pinned map[string]uint64) {
	env := maps.Clone(pinned)
	maps.Copy(env, fixed)
	for changed := true; changed; {
		changed = false
		for _, name := range sortedKeys(defs) {
			if _, done := fixed[name]; done {
				continue
			}
			def := defs[name]
			if v, err := expr.Eval(def, expr.MapEnv(env)); err == nil {
				fixed[name], width[name], env[name] = v, def.Width, v
				changed = true
			}
		}
	}
}

// maxTrials bounds the trials of a query: each costs up to 1/trialShare of its
// budget, though most end within a few thousand units.
const maxTrials = 12

// maxHardTrials is the number of trials that may run out of their
// rlimit before a query's other trials are skipped. A trial is there to
// find a race cheaply once the host's values are constants; one that
// does not end within its limit shows that the query stays hard with
// them fixed, and so, as a rule, do the others: hecbench-dev's scan, whose
// shared-memory pairs shift by loop counters, spent 2.4 s of a 3.2 s
// query in six trials that all ran out, one after the other. In the
// examples no trial found a race after another had run out.
const maxHardTrials = 2

// fix returns the trial of q with the named variables replaced by
// constants.
func fix(q *Query, fixed map[string]uint64) *trial {
	subst := func(v *expr.Term) *expr.Term {
		if val, ok := fixed[v.Name]; ok && v.Width != expr.Bool {
			return expr.Const(val, v.Width)
		}
		return nil
	}
	fq := q.mapTerms(func(t *expr.Term) *expr.Term { return expr.Substitute(t, subst) })
	return &trial{query: fq, terms: collect(fq), fixed: fixed}
}

// complete turns a model of the trial into a model of the original
// query, whose terms are qt: the fixed variables get their values, and
// variables and applications that folding removed from the trial (their
// value did not matter) get 0.
func (t *trial) complete(r *Result, qt queryTerms) *Result {
	for name, v := range t.fixed {
		r.Vars[name] = v
	}
	for _, v := range qt.vars {
		if _, ok := r.Vars[v.Name]; !ok {
			r.Vars[v.Name] = 0
		}
	}
	env := r.Env()
	for _, a := range qt.applies {
		args := make([]uint64, len(a.Args))
		ok := true
		for i, arg := range a.Args {
			var err error
			if args[i], err = expr.Eval(arg, env); err != nil {
				ok = false
				break
			}
		}
		key := expr.ApplyKey(a.Name, args)
		if _, found := r.Applies[key]; ok && !found {
			r.Applies[key] = 0
		}
	}
	return r
}

// launchWideFactors returns the launch-wide (expr.Shared) bit-vector
// variables that multiply or divide a thread's value (an expr.Instance
// variable) in q: the row length of j*cols + i, say. Variables q pins
// to a constant are left out. The result is sorted by name.
func launchWideFactors(q *Query, pinned map[string]uint64) []*expr.Term {
	factors := map[string]*expr.Term{}
	var terms expr.Inspector
	visit := func(t *expr.Term) bool {
		switch t.Op {
		case expr.OpMul, expr.OpUDiv, expr.OpSDiv, expr.OpURem, expr.OpSRem:
			for i, a := range t.Args {
				other := t.Args[1-i]
				if a.IsConst() || !perThread(other) {
					continue
				}
				for _, v := range expr.Vars(a) {
					if _, known := pinned[v.Name]; v.Scope == expr.Shared && v.Width != expr.Bool && !known {
						factors[v.Name] = v
					}
				}
			}
		}
		return true
	}
	for _, a := range q.Assertions {
		terms.Inspect(a, visit)
	}
	return byName(factors)
}

// byName returns the variables of a map by name, sorted by name.
func byName(vars map[string]*expr.Term) []*expr.Term {
	out := make([]*expr.Term, 0, len(vars))
	for _, v := range vars {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// perThread reports whether t depends on a thread's value.
func perThread(t *expr.Term) bool {
	for _, v := range expr.Vars(t) {
		if v.Scope != expr.Shared {
			return true
		}
	}
	return false
}

// A pin is a top-level assertion that equates a variable to a constant.
type pin struct {
	v     *expr.Term
	value uint64
}

// pinsOf returns the pins of q, in order.
func pinsOf(q *Query) []pin {
	var pins []pin
	for _, a := range q.Assertions {
		for _, f := range expr.Conjuncts(a) {
			if v, c, ok := expr.Pin(f); ok {
				pins = append(pins, pin{v, c.Value})
			}
		}
	}
	return pins
}

// pinnedVars returns the pinned variables' values by name; the last pin
// of a variable wins.
func pinnedVars(pins []pin) map[string]uint64 {
	pinned := map[string]uint64{}
	for _, p := range pins {
		pinned[p.v.Name] = p.value
	}
	return pinned
}

// pinnedBlockDims returns the values of the pinned block dimensions, x
// first; the last pin of a dimension wins.
func pinnedBlockDims(pins []pin) []uint64 {
	var dims [3]uint64
	var pinned [3]bool
	for _, p := range pins {
		if r := p.v.Role; r.Kind == expr.BlockDim {
			dims[r.Axis], pinned[r.Axis] = p.value, true
		}
	}
	var out []uint64
	for axis, d := range dims {
		if pinned[axis] {
			out = append(out, d)
		}
	}
	return out
}

// String lists the fixed variables and their values.
func (t *trial) String() string {
	names := make([]string, 0, len(t.fixed))
	for name := range t.fixed {
		names = append(names, name)
	}
	sort.Strings(names)
	for i, name := range names {
		v := t.fixed[name]
		if v == expr.Mask(t.width[name]) {
			names[i] = name + "=-1"
		} else {
			names[i] = fmt.Sprintf("%s=%d", name, v)
		}
	}
	return strings.Join(names, ",")
}
