// This file defines the SARIF 2.1.0 form of a Result.

package report

import (
	"io"

	"github.com/owenrumney/go-sarif/v2/sarif"
)

// toolURI is where users read about hgrd's rules.
const toolURI = "https://github.com/hgrd/hgrd"

// A Rule describes one kind of race as a SARIF reporting descriptor.
type Rule struct {
	ID    string // stable identifier, such as "HGRD1001"
	Kind  string // InterBlock, IntraBlock or IntraWarp
	Title string
	Help  string
}

// Rules lists hgrd's rules, one per kind of race.
var Rules = []Rule{
	{ID: "HGRD1001", Kind: InterBlock, Title: "inter-block data race",
		Help: "Threads of different blocks access the same global address, at least one writes, and nothing but the kernel's end orders them."},
	{ID: "HGRD1002", Kind: IntraBlock, Title: "intra-block data race",
		Help: "Threads of one block in different warps access the same address, at least one writes, and no __syncthreads() separates the accesses on every path."},
	{ID: "HGRD1003", Kind: IntraWarp, Title: "intra-warp data race",
		Help: "Lanes of one warp access the same address, at least one writes, and no __syncwarp() separates them: since Volta, lanes are not in lockstep."},
}

// ruleFor returns the rule of a kind of race.
func ruleFor(kind string) Rule {
	for _, r := range Rules {
		if r.Kind == kind {
			return r
		}
	}
	return Rule{ID: "HGRD1000", Kind: kind, Title: kind + " data race"}
}

// WriteSARIF prints the result as a SARIF 2.1.0 log with one run.
func WriteSARIF(w io.Writer, r *Result, version string) error {
	log, err := sarif.New(sarif.Version210)
	if err != nil {
		return err
	}
	run := sarif.NewRunWithInformationURI("hgrd", toolURI)
	run.Tool.Driver.WithVersion(version)
	for _, rule := range Rules {
		run.AddRule(rule.ID).WithName(rule.Title).
			WithShortDescription(sarif.NewMultiformatMessageString(rule.Title)).
			WithFullDescription(sarif.NewMultiformatMessageString(rule.Help)).
			WithHelp(sarif.NewMultiformatMessageString(rule.Help))
	}
	inv := run.AddInvocation(r.ExitCode() != ExitIncomplete)
	for _, f := range r.Files {
		run.AddDistinctArtifact(f.Path)
		if f.Error != "" {
			inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications,
				sarif.NewNotification().
					WithLevel("error").
					WithMessage(sarif.NewTextMessage(f.Path+": "+f.Error)).
					WithLocations([]*sarif.Location{fileLocation(f.Path)}))
		}
		for _, race := range f.Races {
			run.AddResult(sarifResult(race))
		}
	}
	log.AddRun(run)
	return log.PrettyWrite(w)
}

func sarifResult(race *Race) *sarif.Result {
	rule := ruleFor(race.Kind)
	res := sarif.NewRuleResult(rule.ID).
		WithLevel("warning").
		WithMessage(sarif.NewTextMessage(race.Title())).
		WithLocations([]*sarif.Location{accessLocation(race.First)})
	second := accessLocation(race.Second)
	second.WithId(1).WithMessage(sarif.NewTextMessage("conflicting " + race.Second.Access + " by another thread"))
	res.AddRelatedLocation(second)
	return res
}

func accessLocation(a Access) *sarif.Location {
	region := sarif.NewRegion().WithStartLine(a.Line).WithStartColumn(a.Column)
	return sarif.NewLocationWithPhysicalLocation(sarif.NewPhysicalLocation().
		WithArtifactLocation(sarif.NewSimpleArtifactLocation(a.File)).
		WithRegion(region))
}

func fileLocation(path string) *sarif.Location {
	return sarif.NewLocationWithPhysicalLocation(sarif.NewPhysicalLocation().
		WithArtifactLocation(sarif.NewSimpleArtifactLocation(path)))
}
