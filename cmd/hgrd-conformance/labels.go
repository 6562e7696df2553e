// This file defines the cases of the labelled suite, read from its
// labels.tsv, and the fixed subset that --quick runs.

package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// A label is what GPUVerify's suite expects of a case.
type label string

// The labels of labels.tsv.
const (
	labelFree       label = "free"       // GPUVerify verifies it
	labelRace       label = "race"       // GPUVerify's expected failure is a race
	labelUnlabelled label = "unlabelled" // an expected failure of another kind
)

// A suiteCase is one line of labels.tsv.
type suiteCase struct {
	Path       string
	Expect     label
	Args       []string
	OutOfScope string // why the case is not counted; "" if it is
}

// counted reports whether the case counts in the accuracy: in scope and
// labelled race or free.
func (c suiteCase) counted() bool {
	return c.OutOfScope == "" && (c.Expect == labelFree || c.Expect == labelRace)
}

// parseLabels reads labels.tsv: path, expect, hgrd arguments and the
// reason a case is out of scope, tab-separated; # starts a comment.
func parseLabels(r io.Reader) ([]suiteCase, error) {
	var cases []suiteCase
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 2 {
			return nil, fmt.Errorf("labels.tsv:%d: want path, expect, arguments and scope, tab-separated", n)
		}
		c := suiteCase{Path: f[0], Expect: label(f[1])}
		switch c.Expect {
		case labelFree, labelRace, labelUnlabelled:
		default:
			return nil, fmt.Errorf("labels.tsv:%d: unknown label %q", n, f[1])
		}
		if len(f) > 2 {
			c.Args = strings.Fields(f[2])
		}
		if len(f) > 3 {
			c.OutOfScope = strings.TrimSpace(f[3])
		}
		cases = append(cases, c)
	}
	return cases, sc.Err()
}

// quickCases returns a fixed subset of the cases that count: every
// quickStride-th free case and every race case, so that both labels are
// there whatever the suite's order.
func quickCases(cases []suiteCase) []suiteCase {
	const quickStride = 8
	var out []suiteCase
	free := 0
	for _, c := range cases {
		if !c.counted() {
			continue
		}
		if c.Expect == labelRace {
			out = append(out, c)
			continue
		}
		if free%quickStride == 0 {
			out = append(out, c)
		}
		free++
	}
	return out
}
