package driver

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hgrd/analysis"
	"hgrd/cache"
	"hgrd/frontend"
	"hgrd/internal/testkit"
	"hgrd/report"
)

// headerKernel races exactly when the header's STRIDE is 0.
const headerKernel = `#include "stride.h"
__global__ void k(int *a) { a[(blockIdx.x * blockDim.x + threadIdx.x) * STRIDE] = threadIdx.x; }
int main() { int *a; cudaMalloc(&a, 256 * sizeof(int)); k<<<2, 128>>>(a); return 0; }
`

func openCache(t *testing.T) *cache.Cache {
	t.Helper()
	c, err := cache.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestCacheAnswersUnchangedFilesAndNoticesChangedHeaders(t *testing.T) {
	dir := t.TempDir()
	src := testkit.WriteFile(t, dir, "k.cu", headerKernel)
	testkit.WriteFile(t, dir, "stride.h", "#define STRIDE 1\n")
	opts := Options{Cache: openCache(t)}
	first := Check(context.Background(), []string{src}, opts)
	if f := first.Files[0]; f.Error != "" || len(f.Races) != 0 || f.Timings.Clang == 0 {
		t.Fatalf("first run: error %q, %d races, clang time %v; want a clean analysis", f.Error, len(f.Races), f.Timings.Clang)
	}
	second := Check(context.Background(), []string{src}, opts)
	if f := second.Files[0]; f.Timings.Clang != 0 || f.Error != "" || len(f.Races) != 0 {
		t.Errorf("second run was not answered by the cache: clang time %v, error %q", f.Timings.Clang, f.Error)
	}
	testkit.WriteFile(t, dir, "stride.h", "#define STRIDE 0\n")
	third := Check(context.Background(), []string{src}, opts)
	if f := third.Files[0]; f.Timings.Clang == 0 || len(f.Races) == 0 {
		t.Errorf("after the header changed: clang time %v, %d races; want a new analysis finding the race", f.Timings.Clang, len(f.Races))
	}
}

func TestBufferIsAnalysedUnderItsPath(t *testing.T) {
	dir := t.TempDir()
	testkit.WriteFile(t, dir, "stride.h", "#define STRIDE 0\n")
	path := filepath.Join(dir, "unsaved.cu") // not on disk
	res := CheckInputs(context.Background(), []Input{{Path: path, Source: []byte(headerKernel)}}, Options{})
	f := res.Files[0]
	if f.Error != "" || len(f.Races) == 0 {
		t.Fatalf("error %q, %d races; want the buffer analysed with the header next to its path", f.Error, len(f.Races))
	}
	for _, r := range f.Races {
		if r.First.File != path || r.First.Line != 2 {
			t.Errorf("race at %s:%d, want %s:2", r.First.File, r.First.Line, path)
		}
	}
}

func TestFileTimeoutIsNotAnalysed(t *testing.T) {
	src := testkit.TempFile(t, "k.cu", goodKernel)
	res := Check(context.Background(), []string{src}, Options{FileTimeout: time.Millisecond})
	f := res.Files[0]
	if !strings.Contains(f.Error, "timed out") || res.ExitCode() != report.ExitIncomplete {
		t.Errorf("error %q, exit %d; want a timeout and exit status 2", f.Error, res.ExitCode())
	}
	if cache.Cacheable(f) {
		t.Error("a timed-out result would be cached")
	}
}

// TestSolvingStopsBeforeTheTimeout checks that a file whose time budget
// runs out while its queries are being solved is reported with what was
// found by then and the pairs left undecided, as not fully analysed and
// not cached, rather than lost: the analysis waits until its solving
// deadline has passed, so that no query is asked.
func TestSolvingStopsBeforeTheTimeout(t *testing.T) {
	saved := analyseFile
	defer func() { analyseFile = saved }()
	analyseFile = func(ctx context.Context, u *frontend.Unit, opts analysis.Options) (*analysis.Result, error) {
		if opts.SolveDeadline.IsZero() {
			t.Error("no solving deadline within a time budget")
		}
		time.Sleep(time.Until(opts.SolveDeadline))
		return saved(ctx, u, opts)
	}
	src := testkit.TempFile(t, "k.cu", racyKernel)
	res := Check(context.Background(), []string{src}, Options{FileTimeout: 5 * time.Second, InProcess: true})
	f := res.Files[0]
	if f.Error != "" || len(f.Incomplete) != 1 || !strings.Contains(f.Incomplete[0], "time budget ran out while solving: 1 pair of accesses (in k) was not decided") {
		t.Errorf("error %q, incomplete %q; want no error and the pair of k undecided", f.Error, f.Incomplete)
	}
	if res.ExitCode() != report.ExitIncomplete || cache.Cacheable(f) {
		t.Errorf("exit %d, cacheable %v; want 2 and not cacheable", res.ExitCode(), cache.Cacheable(f))
	}
}

func TestJobsKeepInputOrderAndReportProgress(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, name := range []string{"a.cu", "b.cu", "c.cu"} {
		files = append(files, testkit.WriteFile(t, dir, name, goodKernel))
	}
	var calls int
	opts := Options{Jobs: 3, Progress: func(done, total int, _ string) {
		calls++
		if total != 3 || done < 1 || done > 3 {
			t.Errorf("progress %d/%d", done, total)
		}
	}}
	res := Check(context.Background(), files, opts)
	for i, f := range res.Files {
		if f.Path != files[i] || f.Error != "" {
			t.Errorf("result %d: %s (%s), want %s", i, f.Path, f.Error, files[i])
		}
	}
	if calls != 3 {
		t.Errorf("%d progress calls, want 3", calls)
	}
}

// sharedKernel races between blocks unless its launch has one block;
// sharedLauncher, another file, launches it so.
const (
	sharedKernel   = "__global__ void k(int *a) { a[threadIdx.x] = blockIdx.x; }\n"
	sharedLauncher = `__global__ void k(int *a);
int main() { int *a; cudaMalloc(&a, 64 * sizeof(int)); k<<<1, 64>>>(a); return 0; }
`
)

func TestCachedResultsKeepTheLinkToOtherFiles(t *testing.T) {
	dir := t.TempDir()
	files := []string{testkit.WriteFile(t, dir, "kernel.cu", sharedKernel), testkit.WriteFile(t, dir, "main.cu", sharedLauncher)}
	opts := Options{Cache: openCache(t)}
	for _, run := range []string{"first", "cached"} {
		res := Check(context.Background(), files, opts)
		for _, f := range res.Files {
			if f.Error != "" || len(f.Races) != 0 {
				t.Errorf("%s run: %s: error %q, %d races; want the launch in main.cu to rule the race out", run, f.Path, f.Error, len(f.Races))
			}
		}
		if clang := res.Files[0].Timings.Clang; run == "cached" && clang != 0 {
			t.Errorf("cached run analysed kernel.cu again (clang time %v)", clang)
		}
	}
	if res := Check(context.Background(), files[:1], Options{}); len(res.Files[0].Races) == 0 {
		t.Error("kernel.cu alone has no race: the test does not show the link")
	}
}
