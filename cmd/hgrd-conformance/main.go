// Command hgrd-conformance runs hgrd over the corpora of code others wrote
// (GPUVerify's labelled CUDA test suite and real CUDA applications with
// their host code) and prints how it does, as Markdown tables:
//
//	go run ./cmd/hgrd-conformance [--corpora DIR] [--only gpuverify|hecbench] [--quick] [-j N] [--reports DIR]
//
// For the labelled suite: cases right, true and false positives and
// negatives, cases not analysed, seconds per case, and every miss with the
// reason misses.tsv gives for it. For the applications: files analysed,
// files not analysed by reason, the races reported, seconds per file and
// peak memory. The corpora are read where they are, never copied.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

func main() {
	corpora := flag.String("corpora", defaultCorpora(), "directory holding gpuverify-cuda/ and hecbench-dev/ (also $HGRD_CORPORA)")
	hgrd := flag.String("hgrd", "", "hgrd binary to run (default: built from this checkout)")
	only := flag.String("only", "", "run one corpus only: gpuverify or hecbench")
	quick := flag.Bool("quick", false, "run a fixed small subset of each corpus")
	jobs := flag.Int("j", 2, "cases run at once")
	fileTimeout := flag.Duration("timeout", 5*time.Minute, "hgrd's budget per file")
	reports := flag.String("reports", "", "keep each application's JSON report in `DIR`, as PROGRAM.json")
	flag.Parse()
	r := &runner{hgrd: *hgrd, jobs: *jobs, fileTimeout: *fileTimeout, reports: *reports}
	if err := conform(*corpora, *only, *quick, r); err != nil {
		fmt.Fprintln(os.Stderr, "hgrd-conformance:", err)
		os.Exit(2)
	}
}

func conform(corpora, only string, quick bool, r *runner) error {
	if _, err := os.Stat(corpora); err != nil {
		return fmt.Errorf("corpora: %w (set --corpora or $HGRD_CORPORA)", err)
	}
	if r.hgrd == "" {
		dir, err := os.MkdirTemp("", "hgrd-conformance")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		if r.hgrd, err = buildHGRD(dir); err != nil {
			return err
		}
	}
	if r.reports != "" {
		if err := os.MkdirAll(r.reports, 0o755); err != nil {
			return err
		}
	}
	ctx := context.Background()
	if only == "" || only == "gpuverify" {
		res, err := r.gpuverify(ctx, filepath.Join(corpora, "gpuverify-cuda"), quick)
		if err != nil {
			return err
		}
		misses, err := loadMisses()
		if err != nil {
			return err
		}
		res.write(os.Stdout, misses)
	}
	if only == "" || only == "hecbench" {
		res, err := r.hecbench(ctx, filepath.Join(corpora, "hecbench-dev"), quick)
		if err != nil {
			return err
		}
		res.write(os.Stdout)
	}
	return nil
}

// defaultCorpora returns $HGRD_CORPORA, or ../shared/corpora beside the
// repository.
func defaultCorpora() string {
	if d := os.Getenv("HGRD_CORPORA"); d != "" {
		return d
	}
	return filepath.Join("..", "shared", "corpora")
}

// buildHGRD builds hgrd from the module the command runs in into dir.
func buildHGRD(dir string) (string, error) {
	bin := filepath.Join(dir, "hgrd")
	cmd := exec.Command("go", "build", "-o", bin, "hgrd/cmd/hgrd")
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("building hgrd: %w", err)
	}
	return bin, nil
}
