// This file defines the canonical description of a race and the matching
// of reported races against wants.

package racetest

import (
	"fmt"
	"sort"

	"hgrd/report"
)

// A Problem is one disagreement between the reported races and the wants.
//
// Example printed form:
//
//	k.cu:12: unexpected race: intra-warp write-write race on shared s with line 12
type Problem struct {
	File string
	Line int
	Msg  string
}

// String returns "file:line: message".
func (p Problem) String() string {
	return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Msg)
}

// Ordered returns the two accesses of a race, the earlier by (line,
// column) first. Accesses in different files keep the driver's order.
func Ordered(r *report.Race) (first, second report.Access) {
	a, b := r.First, r.Second
	if a.File == b.File && (b.Line < a.Line || b.Line == a.Line && b.Column < a.Column) {
		a, b = b, a
	}
	return a, b
}

// Describe returns the canonical description of a race, which wants match:
//
//	{kind} {first access}-{second access} race on {memory} {object} with line {second line}
//
// A benign race (both writes store the same value, --report-benign) is
// "{kind} benign write-write race on ...".
// An unknown object is written "?". A race that exists only because of a
// scope ends with its note: "... with line 20 (atomicAdd_block at
// k.cu:18:5 does not order threads of different blocks)".
func Describe(r *report.Race) string {
	first, second := Ordered(r)
	obj := r.Object
	if obj == "" {
		obj = "?"
	}
	benign := ""
	if r.Benign {
		benign = "benign "
	}
	desc := fmt.Sprintf("%s %s%s-%s race on %s %s with line %d",
		r.Kind, benign, first.Access, second.Access, r.Memory, obj, second.Line)
	if r.ScopeNote != "" {
		desc += " (" + r.ScopeNote + ")"
	}
	return desc
}

// The beginnings of the problems that count against accuracy.
const (
	unexpectedPrefix = "unexpected race: "
	missedPrefix     = "missed race: "
)

// A site is a line of a file.
type site struct {
	file string
	line int
}

// Match compares races with wants and returns the problems, sorted by
// position. A race belongs to the line of its first access (see Ordered)
// and a want to its own line; on each line, races and wants are paired so
// that each race matches at most one want, each want at most one race, and
// as many as possible are paired. A race left over is unexpected, a want
// left over is a missed race. File names are compared as they are.
func Match(races []*report.Race, wants []Want) []Problem {
	racesAt := map[site][]*report.Race{}
	wantsAt := map[site][]Want{}
	for _, r := range races {
		first, _ := Ordered(r)
		s := site{first.File, first.Line}
		racesAt[s] = append(racesAt[s], r)
	}
	for _, w := range wants {
		s := site{w.File, w.Line}
		wantsAt[s] = append(wantsAt[s], w)
	}
	var problems []Problem
	for s, rs := range racesAt {
		problems = append(problems, matchSite(s, rs, wantsAt[s])...)
	}
	for s, ws := range wantsAt {
		if _, ok := racesAt[s]; !ok {
			problems = append(problems, matchSite(s, nil, ws)...)
		}
	}
	sort.SliceStable(problems, func(i, j int) bool {
		a, b := problems[i], problems[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Msg < b.Msg
	})
	return problems
}

// matchSite pairs the races and wants of one line by a maximum bipartite
// matching, so that a loose regexp listed first cannot take the race that
// only a later, stricter one matches.
func matchSite(s site, races []*report.Race, wants []Want) []Problem {
	descs := make([]string, len(races))
	for i, r := range races {
		descs[i] = Describe(r)
	}
	wantOf := make([]int, len(races)) // race -> want, or -1
	raceOf := make([]int, len(wants)) // want -> race, or -1
	for i := range wantOf {
		wantOf[i] = -1
	}
	for j := range raceOf {
		raceOf[j] = -1
	}
	var augment func(i int, seen []bool) bool
	augment = func(i int, seen []bool) bool {
		for j, w := range wants {
			if seen[j] || !w.Pattern.MatchString(descs[i]) {
				continue
			}
			seen[j] = true
			if raceOf[j] < 0 || augment(raceOf[j], seen) {
				wantOf[i], raceOf[j] = j, i
				return true
			}
		}
		return false
	}
	for i := range races {
		augment(i, make([]bool, len(wants)))
	}
	var problems []Problem
	for i, j := range wantOf {
		if j < 0 {
			problems = append(problems, Problem{s.file, s.line, unexpectedPrefix + descs[i]})
		}
	}
	for j, i := range raceOf {
		if i < 0 {
			problems = append(problems, Problem{s.file, s.line,
				fmt.Sprintf(missedPrefix+"no reported race matches %q", wants[j].Pattern.String())})
		}
	}
	return problems
}
