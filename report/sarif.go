// This file defines the SARIF 2.1.0 form of a Result, in the shape GitHub
// code scanning accepts: rules with help, results with related locations,
// code flows and partial fingerprints, and URIs relative to %SRCROOT%.

package report

import (
	"io"
	"strings"

	"github.com/owenrumney/go-sarif/v2/sarif"
)

// srcRoot is the uriBaseId of every artifact inside the scan root.
const srcRoot = "%SRCROOT%"

// fingerprintKey is the partialFingerprints key of every hgrd result:
// GitHub tracks an alert across runs by it, and baselines in SARIF form
// (package suppress) read it from every result of an hgrd run, so
// undecided pairs use it too; their fingerprints never equal a race's.
const fingerprintKey = "hgrdRace/v1"

// baselineSuppression is the Race.Suppression of races a baseline
// silences; any other is the reason of an hgrd:ignore comment.
const baselineSuppression = "baseline"

// SARIFOptions says how to write a SARIF log.
type SARIFOptions struct {
	// Version is hgrd's version, recorded as the driver's version.
	Version string
	// Root is the scan root: artifact URIs are relative to it, under the
	// uriBaseId %SRCROOT%. Empty keeps paths as they are given.
	Root string
}

// WriteSARIF prints the result as a SARIF 2.1.0 log with one run. Races
// and undecided pairs are results; files that could not be analysed,
// undecided pairs, incomplete analyses and notes are also notifications
// of the invocation. Races without a fingerprint get one (SetFingerprints).
// Suppressed races are results with a suppression: "inSource" for an
// hgrd:ignore comment, "external" for a baseline.
func WriteSARIF(w io.Writer, r *Result, opts SARIFOptions) error {
	root, err := absRoot(opts.Root)
	if err != nil {
		return err
	}
	log, err := sarif.New(sarif.Version210)
	if err != nil {
		return err
	}
	sw := &sarifWriter{paths: pathMapper{root: root}}
	log.AddRun(sw.run(r, opts.Version))
	if err := log.PrettyWrite(w); err != nil {
		return err
	}
	_, err = io.WriteString(w, "\n")
	return err
}

// A sarifWriter builds the run of one SARIF log.
type sarifWriter struct {
	paths pathMapper
	sarif *sarif.Run
}

// run returns the run of the result.
func (sw *sarifWriter) run(r *Result, version string) *sarif.Run {
	run := sarif.NewRunWithInformationURI("hgrd", toolURI)
	sw.sarif = run
	if version != "" {
		run.Tool.Driver.WithVersion(version)
	}
	// Columns are clang's, which count bytes; for ASCII sources, the
	// usual CUDA, bytes and Unicode code points are the same.
	run.ColumnKind = "unicodeCodePoints"
	if sw.paths.root != "" {
		run.OriginalUriBaseIDs = map[string]*sarif.ArtifactLocation{
			srcRoot: {URI: ptr(fileURI(sw.paths.root, true))},
		}
	}
	for _, rule := range Rules {
		run.Tool.Driver.AddRule(rule.descriptor())
	}
	inv := run.AddInvocation(executionSuccessful(r))
	for _, f := range r.Files {
		sw.addFile(f, inv)
	}
	return run
}

// executionSuccessful reports whether every file could be analysed; an
// undecided pair or an incomplete analysis is an error notification of a
// successful execution.
func executionSuccessful(r *Result) bool {
	for _, f := range r.Files {
		if f.Error != "" {
			return false
		}
	}
	return true
}

// addFile adds the artifact, the results and the notifications of a file.
func (sw *sarifWriter) addFile(f *FileResult, inv *sarif.Invocation) {
	sw.addArtifact(f.Path)
	inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, sw.notifications(f)...)
	if needsFingerprints(f) {
		SetFingerprints(f)
	}
	for _, race := range f.Races {
		sw.sarif.AddResult(sw.raceResult(race))
	}
	for _, u := range f.Undecided {
		sw.sarif.AddResult(sw.undecidedResult(u))
	}
	for _, race := range f.Suppressed {
		sw.sarif.AddResult(sw.suppressedResult(race))
	}
}

// addArtifact records an analysed file among the run's artifacts.
func (sw *sarifWriter) addArtifact(path string) {
	loc := sw.paths.artifact(path)
	for _, a := range sw.sarif.Artifacts {
		if *a.Location.URI == *loc.URI {
			return
		}
	}
	sw.sarif.Artifacts = append(sw.sarif.Artifacts,
		&sarif.Artifact{Location: loc, Length: -1, Roles: []string{"analysisTarget"}})
}

// needsFingerprints reports whether some race of the file lacks one.
func needsFingerprints(f *FileResult) bool {
	for _, r := range f.Races {
		if r.Fingerprint == "" {
			return true
		}
	}
	return false
}

// notifications returns what the invocation says about a file: why it
// could not be analysed, what the analysis could not see, the pairs it
// could not decide, and its notes.
func (sw *sarifWriter) notifications(f *FileResult) []*sarif.Notification {
	var ns []*sarif.Notification
	file := sw.fileLocation(f.Path)
	if f.Error != "" {
		ns = append(ns, notification("error", sw.paths.display(f.Path)+": "+f.Error+errorDetail(f.ErrorDetail), file))
	}
	for _, note := range f.Incomplete {
		ns = append(ns, notification("error", sw.paths.display(f.Path)+": not fully analysed: "+note, file))
	}
	for _, u := range f.Undecided {
		ns = append(ns, notification("error", sw.undecidedText(u, false),
			sw.accessLocation(u.First), sw.accessLocation(u.Second)))
	}
	for _, n := range f.Notes {
		ns = append(ns, notification("warning", n.Pos+": "+n.Message, file))
	}
	return ns
}

// errorDetail returns a tool's output, bounded, on lines after the error.
func errorDetail(detail string) string {
	if strings.TrimSpace(detail) == "" {
		return ""
	}
	var b strings.Builder
	writeDetail(&b, detail)
	return "\n" + strings.TrimRight(b.String(), "\n")
}

// notification returns a tool execution notification.
func notification(level, text string, locs ...*sarif.Location) *sarif.Notification {
	return sarif.NewNotification().WithLevel(level).
		WithMessage(sarif.NewTextMessage(text)).WithLocations(locs)
}

func ptr[T any](v T) *T { return &v }
