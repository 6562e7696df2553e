// This file defines Run, which analyses the cases and reports the problems.

package racetest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"hgrd/cuda"
	"hgrd/driver"
	"hgrd/report"
)

// Testing is the part of *testing.T that Run uses.
type Testing interface {
	Helper()
	Errorf(format string, args ...any)
}

// flagsPrefix starts the comment, on a file's first line, that gives the
// launch shape of kernels no host code launches.
const flagsPrefix = "// hgrd-flags:"

// Run analyses each case, a subdirectory of dir holding .cu files, and
// reports through t every problem: a race without a want, a want without a
// race, a file that could not be analysed and a pair left undecided.
func Run(t Testing, dir string, cases ...string) {
	t.Helper()
	for _, c := range cases {
		RunScored(t, dir, c)
	}
}

// RunScored is Run for one case, returning its score.
func RunScored(t Testing, dir, c string) Score {
	t.Helper()
	start := time.Now()
	msgs, score := runCase(filepath.Join(dir, c))
	score.Case, score.Seconds = c, time.Since(start).Seconds()
	for _, msg := range msgs {
		t.Errorf("%s", msg)
	}
	return score
}

// runCase analyses one case directory and returns its problems as
// messages, and its score.
func runCase(dir string) ([]string, Score) {
	files, err := filepath.Glob(filepath.Join(dir, "*.cu"))
	if err != nil || len(files) == 0 {
		return []string{fmt.Sprintf("%s: no .cu file in case directory", dir)}, Score{Failed: true}
	}
	opts, wants, msgs := readCase(files)
	if len(msgs) > 0 {
		return msgs, Score{Failed: true}
	}
	res := driver.Check(context.Background(), files, opts)
	var races []*report.Race
	for _, f := range res.Files {
		if f.Error != "" {
			msgs = append(msgs, fmt.Sprintf("%s: not analysed: %s\n%s", f.Path, f.Error, f.ErrorDetail))
		}
		for _, u := range f.Undecided {
			msgs = append(msgs, fmt.Sprintf("%s:%d: undecided pair with line %d: %s",
				display(u.First.File), u.First.Line, u.Second.Line, u.Reason))
		}
		for _, r := range f.Races {
			races = append(races, absRace(r))
		}
	}
	score := Score{Expected: len(wants), Reported: len(races), Failed: len(msgs) > 0}
	for _, p := range Match(races, wants) {
		switch {
		case strings.HasPrefix(p.Msg, missedPrefix):
			score.Missed++
		case strings.HasPrefix(p.Msg, unexpectedPrefix):
			score.FalseAlarms++
		}
		p.File = display(p.File)
		msgs = append(msgs, p.String())
	}
	return msgs, score
}

// CaseOptions returns a case directory's .cu files and the options its
// hgrd-flags line sets.
func CaseOptions(dir string) ([]string, driver.Options, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.cu"))
	if err != nil || len(files) == 0 {
		return nil, driver.Options{}, fmt.Errorf("%s: no .cu file in case directory", dir)
	}
	opts, _, msgs := readCase(files)
	if len(msgs) > 0 {
		return nil, opts, fmt.Errorf("%s", strings.Join(msgs, "\n"))
	}
	return files, opts, nil
}

// readCase reads the options and wants of a case's files.
func readCase(files []string) (driver.Options, []Want, []string) {
	var opts driver.Options
	var wants []Want
	var msgs []string
	flagsFile := ""
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			msgs = append(msgs, err.Error())
			continue
		}
		ws, err := ParseWants(abs(path), src)
		if err != nil {
			msgs = append(msgs, display(err.Error()))
		}
		wants = append(wants, ws...)
		line, _, _ := bytes.Cut(src, []byte("\n"))
		rest, ok := strings.CutPrefix(strings.TrimSpace(string(line)), flagsPrefix)
		if !ok {
			continue
		}
		if flagsFile != "" {
			msgs = append(msgs, fmt.Sprintf("%s:1: hgrd-flags given again (first in %s)", path, flagsFile))
			continue
		}
		flagsFile = path
		if opts, err = ParseFlags(rest); err != nil {
			msgs = append(msgs, fmt.Sprintf("%s:1: %v", path, err))
		}
	}
	return opts, wants, msgs
}

// ParseFlags parses the text after "// hgrd-flags:": --grid-dim and
// --block-dim, each followed by X[,Y[,Z]] (missing components are 1),
// either as the next word or after '='; -D NAME[=VALUE] (or -DNAME); and
// the switches --any-launch and --report-benign.
func ParseFlags(text string) (driver.Options, error) {
	var opts driver.Options
	words := strings.Fields(text)
	for i := 0; i < len(words); i++ {
		switch words[i] {
		case "--any-launch":
			opts.AnyLaunch = true
			continue
		case "--report-benign":
			opts.ReportBenign = true
			continue
		}
		if def, ok := strings.CutPrefix(words[i], "-D"); ok && def != "" {
			opts.Frontend.Defines = append(opts.Frontend.Defines, def)
			continue
		}
		name, val, hasVal := strings.Cut(words[i], "=")
		if !hasVal {
			if i+1 == len(words) {
				return opts, fmt.Errorf("hgrd-flags: %s needs a value", name)
			}
			i++
			val = words[i]
		}
		var err error
		switch name {
		case "--grid-dim":
			opts.GridDim, err = cuda.ParseDim(val, cuda.CheckGridDim)
		case "--block-dim":
			opts.BlockDim, err = cuda.ParseDim(val, cuda.CheckBlockDim)
		case "-D":
			opts.Frontend.Defines = append(opts.Frontend.Defines, val)
		default:
			return opts, fmt.Errorf("hgrd-flags: unknown flag %q (want --grid-dim, --block-dim, -D, --any-launch or --report-benign)", name)
		}
		if err != nil {
			return opts, fmt.Errorf("hgrd-flags: %s %s: %v", name, val, err)
		}
	}
	return opts, nil
}

// absRace returns a copy of r whose file names are absolute, as the wants'
// are.
func absRace(r *report.Race) *report.Race {
	c := *r
	c.First.File, c.Second.File = abs(r.First.File), abs(r.Second.File)
	return &c
}

// abs returns the cleaned absolute form of a file name, or the name itself.
func abs(path string) string {
	if path == "" {
		return path
	}
	if a, err := filepath.Abs(path); err == nil {
		return a
	}
	return path
}

// display shortens absolute names under the working directory in a message.
func display(s string) string {
	wd, err := os.Getwd()
	if err != nil {
		return s
	}
	return strings.ReplaceAll(s, wd+string(filepath.Separator), "")
}
