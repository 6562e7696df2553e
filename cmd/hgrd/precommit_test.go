package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"hgrd/internal/testkit"
)

// racyKernel lets each thread read its neighbour's shared slot with no
// __syncthreads() between the stores and the loads: hgrd reports a
// write-read race at racyRace (the store), with the load on the next line.
const racyKernel = `#define THREADS 64
__global__ void rotate(const int *in, int *out) {
  __shared__ int s[THREADS];
  unsigned int t = threadIdx.x;
  s[t] = in[blockIdx.x * THREADS + t];
  out[blockIdx.x * THREADS + t] = s[(t + 1) % THREADS];
}

int main() {
  int *in, *out;
  cudaMalloc(&in, 2 * THREADS * sizeof(int));
  cudaMalloc(&out, 2 * THREADS * sizeof(int));
  rotate<<<2, THREADS>>>(in, out);
  cudaDeviceSynchronize();
  return 0;
}
`

// racyRace is the position, "line:col", of racyKernel's racing store.
const racyRace = "5:8"

// okKernel is racyKernel with the barrier it lacks.
var okKernel = strings.Replace(racyKernel, "  out[", "  __syncthreads();\n  out[", 1)

// headerOnly is a header that does not compile on its own (it needs the
// including file's T): the hook must not pass it to hgrd.
const headerOnly = `#pragma once
__device__ inline void clear(T *p, int i) { p[i] = 0; }
`

// TestPreCommitHook installs the hook of .pre-commit-hooks.yaml from a
// snapshot of this working tree (uncommitted changes included) into a new
// git repository, then commits through it: a commit with a racy kernel must
// be refused with the race's position, one with only a race-free kernel
// (and a header that hgrd cannot analyse alone) must go through.
//
// pre-commit builds hgrd with "go install ./..." in its own GOPATH; the test
// points it at this machine's module and build caches with GOPROXY=off, so
// it runs offline and takes a few seconds once the build cache is warm.
func TestPreCommitHook(t *testing.T) {
	if testing.Short() {
		t.Skip("builds hgrd through pre-commit")
	}
	for _, tool := range []string{"pre-commit", "git", "go"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not on PATH: run scripts/setup.sh, which installs what the tests need", tool)
		}
	}
	start := time.Now()
	tmp := t.TempDir()
	env := hookEnv(t, tmp)
	hookRepo, rev := snapshotRepo(t, repoRoot(t), filepath.Join(tmp, "hgrd"), env)

	project := filepath.Join(tmp, "project")
	writeFiles(t, project, map[string]string{
		"racy.cu":   racyKernel,
		"ok.cu":     okKernel,
		"clear.cuh": headerOnly,
		".pre-commit-config.yaml": fmt.Sprintf(
			"repos:\n- repo: %s\n  rev: %s\n  hooks:\n  - id: hgrd\n", hookRepo, rev),
	})
	run(t, project, env, "git", "init", "-q")
	run(t, project, env, "pre-commit", "install")
	run(t, project, env, "git", "add", ".")

	out, err := runErr(project, env, "git", "commit", "-q", "-m", "racy")
	if err == nil {
		t.Fatalf("the commit of racy.cu went through the hgrd hook; output:\n%s", out)
	}
	if want := "racy.cu:" + racyRace + ": warning: write-read race"; !strings.Contains(out, want) {
		t.Fatalf("the hook refused the commit but its output lacks %q:\n%s%s", want, out, preCommitLog(env))
	}
	if strings.Contains(out, "clear.cuh") {
		t.Errorf("the hook passed the header clear.cuh to hgrd:\n%s", out)
	}

	run(t, project, env, "git", "rm", "-q", "--cached", "racy.cu")
	out = run(t, project, env, "git", "commit", "-m", "race-free")
	if !regexp.MustCompile(`hgrd \(CUDA data races\)\.+Passed`).MatchString(out) {
		t.Errorf("the race-free commit went through but the hook did not report Passed:\n%s", out)
	}
	t.Logf("pre-commit hook test took %v (hook environment built from scratch)", time.Since(start).Round(time.Millisecond))
}

// repoRoot returns the root of the hgrd repository, two directories above
// this package, checking that it holds hgrd's go.mod.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil || !bytes.HasPrefix(mod, []byte("module hgrd\n")) {
		t.Fatalf("%s is not the root of the hgrd module (go.mod: %v)", root, err)
	}
	return root
}

// hookEnv returns the environment of the git and pre-commit commands: no
// user or system git configuration and no GIT_* variables of an enclosing
// git command; no pre-commit settings (SKIP=hgrd would skip the hook) but
// its store under tmp; and Go reading modules from this machine's module
// cache only (pre-commit sets GOPATH to its own environment, which would
// otherwise move the module cache there).
func hookEnv(t *testing.T, tmp string) []string {
	t.Helper()
	gitConfig := filepath.Join(tmp, "gitconfig")
	writeFiles(t, tmp, map[string]string{"gitconfig": "[user]\n\tname = hgrd test\n\temail = test@hgrd.invalid\n" +
		"[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n"})
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GIT_") && !strings.HasPrefix(kv, "PRE_COMMIT") && !strings.HasPrefix(kv, "SKIP=") {
			env = append(env, kv)
		}
	}
	return append(env,
		"GIT_CONFIG_GLOBAL="+gitConfig,
		"GIT_CONFIG_NOSYSTEM=1",
		"PRE_COMMIT_HOME="+filepath.Join(tmp, "pre-commit-home"),
		"GOMODCACHE="+goEnv(t, "GOMODCACHE"),
		"GOCACHE="+goEnv(t, "GOCACHE"),
		"GOPROXY=off",
	)
}

// goEnv returns "go env NAME".
func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}

// snapshotRepo copies the files of the git work tree at root that git
// tracks or would track (tracked, and untracked but not ignored, as they are
// on disk) into a new repository at dir, commits them, and returns dir and
// the commit. pre-commit then clones the hook from there as from any remote.
// Only "git ls-files", which changes nothing, runs in root.
func snapshotRepo(t *testing.T, root, dir string, env []string) (string, string) {
	t.Helper()
	list := run(t, root, env, "git", "-c", "safe.directory=*", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	for _, name := range strings.Split(strings.TrimRight(list, "\x00"), "\x00") {
		if err := copyFile(filepath.Join(root, name), filepath.Join(dir, name)); err != nil {
			if os.IsNotExist(err) {
				continue // deleted in the work tree but not yet in the index
			}
			t.Fatal(err)
		}
	}
	run(t, dir, env, "git", "init", "-q")
	run(t, dir, env, "git", "add", "--force", ".") // tracked files may match .gitignore
	run(t, dir, env, "git", "commit", "-q", "-m", "snapshot of the hgrd work tree")
	return dir, strings.TrimSpace(run(t, dir, env, "git", "rev-parse", "HEAD"))
}

// copyFile copies the regular file src to dst, with its permissions,
// creating dst's directory.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	info, err := in.Stat()
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, info.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// writeFiles writes each file, named relative to dir, creating dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		testkit.WriteFile(t, dir, name, content)
	}
}

// run runs the command in dir with env and returns its combined output,
// failing the test if it fails.
func run(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	out, err := runErr(dir, env, name, args...)
	if err != nil {
		t.Fatalf("%s %s in %s: %v\n%s%s", name, strings.Join(args, " "), dir, err, out, preCommitLog(env))
	}
	return out
}

// runErr runs the command in dir with env and returns its combined output.
func runErr(dir string, env []string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// preCommitLog returns pre-commit's log of a failed hook installation, if
// there is one, for failure messages.
func preCommitLog(env []string) string {
	for _, kv := range env {
		if home, ok := strings.CutPrefix(kv, "PRE_COMMIT_HOME="); ok {
			if log, err := os.ReadFile(filepath.Join(home, "pre-commit.log")); err == nil {
				return "pre-commit.log:\n" + string(log)
			}
		}
	}
	return ""
}
