package examples

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"syscall"
	"testing"

	"hgrd/driver"
	"hgrd/examples/racetest"
	"hgrd/report"
)

// BenchmarkExamples analyses every example, with its hgrd-flags, and
// reports the time of each
// phase per run over all of them, the ratio of hgrd's own work
// (analysis and solving) to clang's, the share of files whose own work
// took no longer than clang and opt, the slowest file, and the peak
// memory of a worker.
func BenchmarkExamples(b *testing.B) {
	type run struct {
		files []string
		opts  driver.Options
	}
	var runs []run
	for _, c := range cases {
		files, opts, err := racetest.CaseOptions(c)
		if err != nil {
			b.Fatal(err)
		}
		runs = append(runs, run{files, opts})
	}
	var total report.Timings
	files, ownNoLonger, slowest := 0, 0, 0.0
	var over []overrun
	for i := 0; i < b.N; i++ {
		for _, r := range runs {
			res := driver.Check(context.Background(), r.files, r.opts)
			for _, f := range res.Files {
				total.Add(f.Timings)
				p := f.Timings.Seconds()
				files++
				if p.OwnNoLonger() {
					ownNoLonger++
				} else {
					over = append(over, overrun{f.Path, p.Own(), p.FrontEnd()})
				}
				slowest = max(slowest, f.Seconds)
			}
		}
	}
	logOverruns(b, over)
	if files > 0 {
		b.ReportMetric(100*float64(ownNoLonger)/float64(files), "%files-own<=clang+opt")
		b.ReportMetric(slowest, "max-s/file")
	}
	var usage syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &usage) == nil {
		// The largest worker (or clang, opt) of the run, in MiB.
		b.ReportMetric(float64(usage.Maxrss)/1024, "peak-MiB")
	}
	n := float64(b.N)
	ms := func(d float64) float64 { return d / 1e6 / n }
	b.ReportMetric(ms(float64(total.Clang)), "clang-ms/op")
	b.ReportMetric(ms(float64(total.Normalise)), "opt-ms/op")
	b.ReportMetric(ms(float64(total.Parse)), "parse-ms/op")
	b.ReportMetric(ms(float64(total.Analysis)), "analysis-ms/op")
	b.ReportMetric(ms(float64(total.Solving)), "solve-ms/op")
	if total.Clang > 0 {
		b.ReportMetric(float64(total.Analysis+total.Solving)/float64(total.Clang), "hgrd/clang")
	}
}

// An overrun is a file whose own work took longer than clang and opt.
type overrun struct {
	path          string
	own, frontEnd float64
}

// logOverruns logs the files whose own work exceeded clang and opt,
// most first, in one entry.
func logOverruns(b *testing.B, over []overrun) {
	sort.Slice(over, func(i, j int) bool { return over[i].own-over[i].frontEnd > over[j].own-over[j].frontEnd })
	var lines strings.Builder
	fmt.Fprintf(&lines, "%d files' own work took longer than clang and opt:", len(over))
	for _, o := range over {
		fmt.Fprintf(&lines, "\n%s: own work %.2fs, clang+opt %.2fs", o.path, o.own, o.frontEnd)
	}
	b.Log(lines.String())
}
