// This file defines the SARIF results of races, undecided pairs and
// suppressed races, and the locations they point at.

package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/owenrumney/go-sarif/v2/sarif"
)

// raceResult returns the SARIF result of a race: the first access is the
// location, the second a related location with id 1, and the witness's
// two threads are the thread flows of a code flow.
func (sw *sarifWriter) raceResult(race *Race) *sarif.Result {
	kind := race.Kind
	if race.Benign {
		kind = benignKind
	}
	rule := ruleFor(kind)
	res := sarif.NewRuleResult(rule.ID).
		WithLevel("warning").
		WithMessage(sarif.NewTextMessage(raceMessage(race))).
		WithLocations([]*sarif.Location{sw.accessLocation(race.First)})
	if i := ruleIndex(kind); i >= 0 {
		res.WithRuleIndex(i)
	}
	res.AddRelatedLocation(sw.accessLocation(race.Second).WithId(1).
		WithMessage(sarif.NewTextMessage(secondAccessText(race))))
	if race.Witness != nil {
		res.AddCodeFlow(sw.witnessFlow(race))
	}
	if race.Fingerprint != "" {
		res.WithPartialFingerPrints(map[string]any{fingerprintKey: race.Fingerprint})
	}
	res.Properties = raceProperties(race)
	return res
}

// suppressedResult returns the result of a suppressed race: the race's,
// with a suppression that says what silenced it. Every field of the
// suppression is set, since go-sarif writes absent ones as null, which the
// schema rejects.
func (sw *sarifWriter) suppressedResult(race *Race) *sarif.Result {
	kind, why := "inSource", race.Suppression
	switch {
	case race.Suppression == baselineSuppression:
		kind, why = "external", "in the baseline"
	case why == "":
		why = "hgrd:ignore comment"
	}
	res := sw.raceResult(race)
	res.Suppressions = []*sarif.Suppression{sarif.NewSuppression(kind).
		WithStatus("accepted").
		WithJustifcation(why).
		WithLocation(sw.accessLocation(race.First)).
		WithGuid(suppressionGUID(race))}
	return res
}

// suppressionGUID returns a name-based (version 5 style) GUID of a
// suppressed race: its identity, fingerprint, position and reason, so that
// it is unique in a log and the same across runs while the race stays.
func suppressionGUID(race *Race) string {
	name := fmt.Sprintf("suppression|%s|%s|%s|%s", race.identity(), race.Fingerprint, race.First.Pos(), race.Suppression)
	sum := sha256.Sum256([]byte(name))
	sum[6] = sum[6]&0x0f | 0x50
	sum[8] = sum[8]&0x3f | 0x80
	h := hex.EncodeToString(sum[:16])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// raceMessage returns a race's title, its scope note unless the title
// has it already, and a link to the conflicting access (the related
// location with id 1), which GitHub renders as a link to that line.
func raceMessage(race *Race) string {
	msg := race.Title()
	if race.ScopeNote != "" && !strings.Contains(msg, race.ScopeNote) {
		msg += " (" + race.ScopeNote + ")"
	}
	return msg + "; it conflicts with this [" + race.Second.Access + "](1) by another thread."
}

// secondAccessText describes the second access of a race.
func secondAccessText(race *Race) string {
	text := "conflicting " + race.Second.Access
	if race.Second.Expr != "" {
		text += " of " + race.Second.Expr
	}
	if race.Witness != nil {
		return text + " by " + race.Witness.Second.String()
	}
	return text + " by another thread"
}

// raceProperties returns the properties of a race's result.
func raceProperties(race *Race) sarif.Properties {
	props := sarif.Properties{"kind": race.Kind, "memory": race.Memory}
	optional := map[string]string{"kernel": race.Kernel, "object": race.Object,
		"launch": race.Launch, "scopeNote": race.ScopeNote, "assumptions": race.Assumptions, "hint": race.Hint}
	for key, value := range optional {
		if value != "" {
			props[key] = value
		}
	}
	if len(race.Unseen) > 0 {
		props["unseen"] = race.Unseen
	}
	return props
}

// witnessFlow returns the code flow of a race's witness: one thread flow
// per thread, each at its access.
func (sw *sarifWriter) witnessFlow(race *Race) *sarif.CodeFlow {
	w := race.Witness
	flow := sarif.NewCodeFlow().WithTextMessage(witnessShape(race))
	for i, side := range []struct {
		thread Thread
		access Access
	}{{w.First, race.First}, {w.Second, race.Second}} {
		step := sarif.NewThreadFlowLocation().WithLocation(
			sw.accessLocation(side.access).WithMessage(sarif.NewTextMessage(threadAction(side.thread, side.access))))
		flow.AddThreadFlow(sarif.NewThreadFlow().
			WithID(fmt.Sprintf("thread%d", i+1)).
			WithTextMessage(fmt.Sprintf("thread %d: %s", i+1, side.thread)).
			WithLocations([]*sarif.ThreadFlowLocation{step}))
	}
	return flow
}

// witnessShape describes the launch of a witness: its grid and block
// dimensions, the launch context, the address and the parameters.
func witnessShape(race *Race) string {
	w := race.Witness
	s := "witness: " + w.shape()
	if race.Launch != "" {
		s += " (" + race.Launch + ")"
	}
	if w.Address != "" {
		s += "; both access " + w.Address
	}
	if params := paramList(w.Params); params != "" {
		s += "; parameters " + params
	}
	return s
}

// threadAction says what a thread does at an access, such as
// "blockIdx=(1,0,0) threadIdx=(3,0,0) writes s[threadIdx.x]".
func threadAction(t Thread, a Access) string {
	verbs := map[string]string{Read: "reads", Write: "writes", Atomic: "atomically updates"}
	verb, ok := verbs[a.Access]
	if !ok {
		verb = a.Access + "s"
	}
	what := a.Expr
	if what == "" {
		what = "the address"
	}
	return t.String() + " " + verb + " " + what
}

// undecidedResult returns the SARIF result of a pair the solver could not
// decide. It is a warning of rule HGRD2001: the pair may race, so GitHub
// lists it beside the races for a person to review (a result of kind
// "review" would have to have level "none", which GitHub shows as a mere
// note); the run's exit status 2 says that the analysis is incomplete.
func (sw *sarifWriter) undecidedResult(u *Undecided) *sarif.Result {
	res := sarif.NewRuleResult(ruleFor(undecidedKind).ID).
		WithRuleIndex(ruleIndex(undecidedKind)).
		WithLevel("warning").
		WithMessage(sarif.NewTextMessage(sw.undecidedText(u, true))).
		WithLocations([]*sarif.Location{sw.accessLocation(u.First)})
	res.AddRelatedLocation(sw.accessLocation(u.Second).WithId(1).
		WithMessage(sarif.NewTextMessage("the other access of the pair: " + u.Second.Access)))
	res.WithPartialFingerPrints(map[string]any{fingerprintKey: undecidedFingerprint(u)})
	res.Properties = sarif.Properties{"reason": u.Reason}
	return res
}

// undecidedText describes an undecided pair; with link, the second access
// links to the related location with id 1.
func (sw *sarifWriter) undecidedText(u *Undecided, link bool) string {
	second := fmt.Sprintf("%s at %s:%d:%d", u.Second.Access, sw.paths.display(u.Second.File), u.Second.Line, u.Second.Column)
	if link {
		second = "[" + second + "](1)"
	}
	return fmt.Sprintf("could not decide whether this %s races with the %s: %s", u.First.Access, second, u.Reason)
}

// undecidedFingerprint identifies an undecided pair as race fingerprints
// do: by what is accessed and how, not by lines.
func undecidedFingerprint(u *Undecided) string {
	side := func(a Access) string {
		return fmt.Sprintf("%s|%s|%s", filepath.Base(a.File), a.Access, a.Expr)
	}
	sum := sha256.Sum256([]byte("undecided|" + side(u.First) + "|" + side(u.Second)))
	return fingerprintVersion + ":" + hex.EncodeToString(sum[:12])
}

// accessLocation returns the location of an access: its file and its
// line and column.
func (sw *sarifWriter) accessLocation(a Access) *sarif.Location {
	region := sarif.NewRegion().WithStartLine(max(a.Line, 1))
	if a.Column > 0 {
		region.WithStartColumn(a.Column)
	}
	return sarif.NewLocationWithPhysicalLocation(sarif.NewPhysicalLocation().
		WithArtifactLocation(sw.paths.artifact(a.File)).
		WithRegion(region))
}

// fileLocation returns the location of a whole file.
func (sw *sarifWriter) fileLocation(path string) *sarif.Location {
	return sarif.NewLocationWithPhysicalLocation(sarif.NewPhysicalLocation().
		WithArtifactLocation(sw.paths.artifact(path)))
}

// artifact returns the artifact location of a path: a URI relative to
// %SRCROOT% when the path is inside the root or relative, a file URI when
// it is absolute and outside the root.
func (m pathMapper) artifact(path string) *sarif.ArtifactLocation {
	rel, inside := m.relative(path)
	if !inside && filepath.IsAbs(path) {
		return &sarif.ArtifactLocation{URI: ptr(fileURI(path, false))}
	}
	uri := (&url.URL{Path: filepath.ToSlash(rel)}).String()
	return &sarif.ArtifactLocation{URI: &uri, URIBaseId: ptr(srcRoot)}
}

// paramList returns "n=64, m=2" for a witness's parameters, in name order.
func paramList(params map[string]int64) string {
	names := slices.Sorted(maps.Keys(params))
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = fmt.Sprintf("%s=%d", name, params[name])
	}
	return strings.Join(parts, ", ")
}
