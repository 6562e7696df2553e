// This file defines the accuracy table: per case, the races expected and
// reported, the misses and false alarms, and the time taken, in the form
// of table 3 of the HGRD paper.

package racetest

import (
	"fmt"
	"io"
	"sort"
	"text/tabwriter"
)

// A Score is the accuracy of hgrd on one case.
type Score struct {
	Case        string
	Expected    int // wants
	Reported    int // races reported
	Missed      int // wants no race matched
	FalseAlarms int // races no want matched
	Seconds     float64
	// Failed is set when the case could not be scored: a file was not
	// analysed, a pair was undecided, or a want did not parse.
	Failed bool
}

// Summary adds up scores; its Seconds is the median of theirs.
func Summary(scores []Score) Score {
	sum := Score{Case: "Summary"}
	var secs []float64
	for _, s := range scores {
		sum.Expected += s.Expected
		sum.Reported += s.Reported
		sum.Missed += s.Missed
		sum.FalseAlarms += s.FalseAlarms
		sum.Failed = sum.Failed || s.Failed
		secs = append(secs, s.Seconds)
	}
	sum.Seconds = median(secs)
	return sum
}

// median returns the median of xs, 0 if there are none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	xs = append([]float64(nil), xs...)
	sort.Float64s(xs)
	if n := len(xs); n%2 == 0 {
		return (xs[n/2-1] + xs[n/2]) / 2
	}
	return xs[len(xs)/2]
}

// WriteTable prints the scores and their summary as a table: program,
// expected races, reported, missed, false alarms, seconds (the summary
// row's is the median), and the maximum time.
func WriteTable(w io.Writer, scores []Score) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "Program\tExpected\tReported\tMissed\tFalse alarms\tSeconds\t")
	row := func(s Score) {
		name := s.Case
		if s.Failed {
			name += " (failed)"
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%.2f\t\n", name, s.Expected, s.Reported, s.Missed, s.FalseAlarms, s.Seconds)
	}
	max := 0.0
	for _, s := range scores {
		row(s)
		if s.Seconds > max {
			max = s.Seconds
		}
	}
	sum := Summary(scores)
	sum.Case = fmt.Sprintf("Summary (%d programs; seconds: median, max %.2f)", len(scores), max)
	row(sum)
	return tw.Flush()
}
