package driver

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hgrd/analysis"
	"hgrd/frontend"
	"hgrd/internal/testkit"
	"hgrd/report"
)

const goodKernel = `__global__ void k(int *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = 1; }
int main() { int *a; cudaMalloc(&a, 256 * sizeof(int)); k<<<2, 128>>>(a); return 0; }
`

// TestMain lets the test binary serve as the driver's worker process.
func TestMain(m *testing.M) {
	ServeIfWorker()
	os.Exit(m.Run())
}

func TestCheckKeepsGoingAfterABadFile(t *testing.T) {
	dir := t.TempDir()
	good := testkit.WriteFile(t, dir, "good.cu", goodKernel)
	bad := testkit.WriteFile(t, dir, "bad.cu", "not cuda at all")
	res := Check(context.Background(), []string{bad, good}, Options{})
	if len(res.Files) != 2 {
		t.Fatalf("%d results, want 2", len(res.Files))
	}
	if res.Files[0].Error == "" || res.Files[1].Error != "" {
		t.Errorf("errors %q, %q: want only the first file to fail", res.Files[0].Error, res.Files[1].Error)
	}
	if res.ExitCode() != report.ExitIncomplete {
		t.Errorf("exit code %d, want %d", res.ExitCode(), report.ExitIncomplete)
	}
}

func TestPanicsBecomeFileErrors(t *testing.T) {
	dir := t.TempDir()
	first := testkit.WriteFile(t, dir, "first.cu", goodKernel)
	second := testkit.WriteFile(t, dir, "second.cu", goodKernel)
	saved := analyseFile
	defer func() { analyseFile = saved }()
	analyseFile = func(_ context.Context, u *frontend.Unit, _ analysis.Options) (*analysis.Result, error) {
		if strings.HasSuffix(u.Path, "first.cu") {
			panic("z3: something went wrong")
		}
		return &analysis.Result{}, nil
	}
	res := Check(context.Background(), []string{first, second}, Options{InProcess: true})
	if got := res.Files[0].Error; !strings.Contains(got, "internal error: z3: something went wrong") {
		t.Errorf("first file's error %q does not carry the panic", got)
	}
	if res.Files[1].Error != "" {
		t.Errorf("second file failed too: %s", res.Files[1].Error)
	}
	if res.ExitCode() != report.ExitIncomplete {
		t.Errorf("exit code %d, want %d", res.ExitCode(), report.ExitIncomplete)
	}
}

func TestMissingToolFailsEveryFile(t *testing.T) {
	opts := Options{Frontend: frontend.Config{Clang: filepath.Join(t.TempDir(), "clang-14")}}
	res := Check(context.Background(), []string{"a.cu", "b.cu"}, opts)
	for _, f := range res.Files {
		if !strings.Contains(f.Error, "clang-14 not found") {
			t.Errorf("%s: error %q, want clang-14 not found", f.Path, f.Error)
		}
	}
}

const racyKernel = `__global__ void k(int *a) { a[threadIdx.x / 2] = threadIdx.x; }
int main() { int *a; cudaMalloc(&a, 64 * sizeof(int)); k<<<1, 64>>>(a); return 0; }
`

func TestChildProcessGivesTheInProcessResult(t *testing.T) {
	dir := t.TempDir()
	files := []string{testkit.WriteFile(t, dir, "racy.cu", racyKernel), testkit.WriteFile(t, dir, "bad.cu", "not cuda"), testkit.WriteFile(t, dir, "good.cu", goodKernel)}
	child := Check(context.Background(), files, Options{})
	inProcess := Check(context.Background(), files, Options{InProcess: true})
	for _, res := range []*report.Result{child, inProcess} {
		for _, f := range res.Files {
			f.Seconds, f.PeakMiB = 0, 0 // time and memory differ from run to run
		}
	}
	var a, b strings.Builder
	if err := report.WriteJSON(&a, child); err != nil {
		t.Fatal(err)
	}
	if err := report.WriteJSON(&b, inProcess); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("child processes reported\n%s\nthe calling process\n%s", a.String(), b.String())
	}
	if len(child.Files[0].Races) == 0 || child.Files[1].Error == "" || child.Files[0].Timings.Clang == 0 {
		t.Errorf("child results lack the race, the error or the timings: %+v", child.Files)
	}
}

func TestCancelledChildIsAFileError(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := Check(ctx, []string{testkit.TempFile(t, "good.cu", goodKernel)}, Options{})
	if got := res.Files[0].Error; !strings.Contains(got, "analysis process failed: context canceled") {
		t.Errorf("error %q, want the cancelled analysis process named", got)
	}
	if res.ExitCode() != report.ExitIncomplete {
		t.Errorf("exit code %d, want %d", res.ExitCode(), report.ExitIncomplete)
	}
}

// TestKilledChildLeavesNoFiles cancels a run once its worker has written
// the prelude, and checks that the worker's temporary files are gone.
func TestKilledChildLeavesNoFiles(t *testing.T) {
	src := testkit.TempFile(t, "good.cu", goodKernel)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		defer cancel()
		deadline := time.Now().Add(30 * time.Second)
		for time.Now().Before(deadline) {
			direct, _ := filepath.Glob(filepath.Join(tmp, "hgrd-prelude-*"))
			nested, _ := filepath.Glob(filepath.Join(tmp, "*", "hgrd-prelude-*"))
			if len(direct)+len(nested) > 0 {
				return
			}
			time.Sleep(time.Millisecond)
		}
		t.Error("the worker wrote no prelude within 30 s")
	}()
	res := Check(ctx, []string{src}, Options{})
	if res.Files[0].Error == "" {
		t.Skip("the analysis finished before the worker could be killed")
	}
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("the killed worker left %s behind", e.Name())
	}
}

// TestStaleScratchIsRemoved checks that a run removes the workers'
// directories of hgrd processes that are gone (a run killed with SIGKILL
// leaves them), and keeps those of processes still running.
func TestStaleScratchIsRemoved(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Skip("no true(1) to take a process id from:", err)
	}
	stale := filepath.Join(tmp, fmt.Sprintf("%s%d-1", scratchDirPrefix, gone.Process.Pid))
	live := filepath.Join(tmp, fmt.Sprintf("%s%d-2", scratchDirPrefix, os.Getpid()))
	other := filepath.Join(tmp, "hgrd-worker-notapid")
	for _, d := range []string{stale, live, other} {
		if err := os.MkdirAll(filepath.Join(d, "hgrd-prelude-1"), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	removeStaleScratch()
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the directory of a process that is gone is still there (%v)", err)
	}
	for _, d := range []string{live, other} {
		if _, err := os.Stat(d); err != nil {
			t.Errorf("%s was removed: %v", filepath.Base(d), err)
		}
	}
}

// TestThreadsDoNotChangeVerdicts analyses examples whose lanes of
// queries race, on one thread and on three, in worker processes: the
// reports, witnesses included, must be the same.
func TestThreadsDoNotChangeVerdicts(t *testing.T) {
	if testing.Short() {
		t.Skip("analyses examples")
	}
	files := []string{"../examples/tiled_grid_racy/tiled_grid_racy.cu", "../examples/copyFromTp_racy/copyFromTp_racy.cu"}
	var reports []string
	for _, threads := range []int{1, 3} {
		res := Check(context.Background(), files, Options{Options: analysis.Options{Workers: threads}})
		var out strings.Builder
		for _, f := range res.Files {
			if f.Error != "" || len(f.Races) == 0 {
				t.Fatalf("%d threads, %s: error %q, %d races: want races", threads, f.Path, f.Error, len(f.Races))
			}
			f.Seconds, f.PeakMiB = 0, 0 // time and memory differ from run to run
		}
		if err := report.WriteJSON(&out, res); err != nil {
			t.Fatal(err)
		}
		reports = append(reports, out.String())
	}
	if reports[0] != reports[1] {
		t.Errorf("one thread reported\n%s\nthree threads\n%s", reports[0], reports[1])
	}
}
