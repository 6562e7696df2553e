package examples

import (
	"context"
	"testing"
	"time"

	"hgrd/cache"
	"hgrd/driver"
	"hgrd/examples/racetest"
)

// BenchmarkRescan scans the examples that need no command-line flags
// twice through one result cache, as a nightly scan of an unchanged
// repository does: the first scan into an empty cache, the second from
// it. It reports both times and their ratio (want at least 2).
func BenchmarkRescan(b *testing.B) {
	var inputs []driver.Input
	for _, c := range cases {
		files, opts, err := racetest.CaseOptions(c)
		if err != nil {
			b.Fatal(err)
		}
		if opts.GridDim != ([3]int64{}) || opts.BlockDim != ([3]int64{}) {
			continue
		}
		for _, f := range files {
			inputs = append(inputs, driver.Input{Path: f})
		}
	}
	var cold, warm time.Duration
	for i := 0; i < b.N; i++ {
		c, err := cache.Open(b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		opts := driver.Options{Cache: c, Jobs: 2}
		start := time.Now()
		first := driver.CheckInputs(context.Background(), inputs, opts)
		cold += time.Since(start)
		start = time.Now()
		second := driver.CheckInputs(context.Background(), inputs, opts)
		warm += time.Since(start)
		_, races, failed := first.Counts()
		_, races2, failed2 := second.Counts()
		if races == 0 || races != races2 || failed != failed2 {
			b.Fatalf("rescan differs: %d races %d failed, then %d and %d", races, failed, races2, failed2)
		}
	}
	n := float64(b.N)
	b.ReportMetric(cold.Seconds()/n, "cold-s/op")
	b.ReportMetric(warm.Seconds()/n, "warm-s/op")
	b.ReportMetric(cold.Seconds()/warm.Seconds(), "speedup")
	b.ReportMetric(float64(len(inputs)), "files")
}
