package kernelanalysis

import (
	"context"
	"flag"
	"testing"

	"hgrd/frontend"
)

var dumpFile = flag.String("dump", "", "print the accesses of this CUDA file")

func TestDump(t *testing.T) {
	if *dumpFile == "" {
		t.Skip("no -dump file")
	}
	l, err := frontend.NewLoader(frontend.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	u, err := l.Load(context.Background(), *dumpFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range u.Kernels {
		res, err := Analyze(u, k)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("kernel %s", res.Name)
		for _, acc := range res.Accesses {
			t.Logf("  %s\n      off=%s\n      cond=%s\n      intervals=%v", acc, acc.Offset, acc.Cond, acc.intervals)
		}
	}
}
