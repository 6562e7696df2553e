package examples

import (
	"context"
	"testing"

	"hgrd/driver"
	"hgrd/examples/racetest"
	"hgrd/report"
)

// BenchmarkExamples analyses every example, with its hgrd-flags, and
// reports the time of each
// phase per run over all of them, and the ratio of hgrd's own work
// (analysis and solving) to clang's.
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
	for i := 0; i < b.N; i++ {
		for _, r := range runs {
			res := driver.Check(context.Background(), r.files, r.opts)
			for _, f := range res.Files {
				total.Add(f.Timings)
			}
		}
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
