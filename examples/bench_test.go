package examples

import (
	"context"
	"path/filepath"
	"testing"

	"hgrd/driver"
	"hgrd/report"
)

// BenchmarkExamples analyses every example and reports the time of each
// phase per run over all of them, and the ratio of hgrd's own work
// (analysis and solving) to clang's.
func BenchmarkExamples(b *testing.B) {
	files, err := filepath.Glob("*/*.cu")
	if err != nil || len(files) == 0 {
		b.Fatalf("no examples: %v", err)
	}
	var total report.Timings
	for i := 0; i < b.N; i++ {
		res := driver.Check(context.Background(), files, driver.Options{})
		for _, f := range res.Files {
			total.Add(f.Timings)
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
