package cache

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"testing"

	"hgrd/report"
)

// variantResult returns a result for key that differs with variant in
// size and content, and records variant in its first note.
func variantResult(key string, variant int) *report.FileResult {
	res := sampleResult(key[:8]+".cu", 1+variant%4, fmt.Sprintf("variant %d", variant))
	res.Notes = []report.Note{{Pos: "variant", Message: strconv.Itoa(variant)}}
	return res
}

// checkComplete fails unless got is exactly one of the results that
// variantResult gives for key.
func checkComplete(t testing.TB, key string, got *report.FileResult) {
	t.Helper()
	if len(got.Notes) == 0 {
		t.Errorf("key %s: result without its variant note", key[:8])
		return
	}
	variant, err := strconv.Atoi(got.Notes[0].Message)
	if err != nil {
		t.Errorf("key %s: bad variant note %q", key[:8], got.Notes[0].Message)
		return
	}
	if want := variantResult(key, variant); asJSON(t, got) != asJSON(t, want) {
		t.Errorf("key %s: Get returned an incomplete or mixed result:\n%s\nwant\n%s", key[:8], asJSON(t, got), asJSON(t, want))
	}
}

// hammer has workers goroutines Put and Get keys shared by all of them and
// keys of their own, checking every hit, on the caches given in turn.
func hammer(t testing.TB, caches []*Cache, name string, workers, rounds int) {
	shared := []string{keyFor("shared0"), keyFor("shared1"), keyFor("shared2")}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Go(func() {
			own := keyFor(fmt.Sprintf("%s-own%d", name, w))
			for i := 0; i < rounds; i++ {
				c := caches[(w+i)%len(caches)]
				for _, key := range []string{shared[i%len(shared)], own} {
					if err := c.Put(key, variantResult(key, w*rounds+i), nil); err != nil {
						t.Errorf("Put: %v", err)
					}
					if got, ok := get(c, key); ok {
						checkComplete(t, key, got)
					} else if key == own {
						t.Errorf("Get of a key only this worker writes missed")
					}
				}
			}
		})
	}
	wg.Wait()
}

func TestConcurrentPutGet(t *testing.T) {
	c := openTemp(t)
	hammer(t, []*Cache{c}, "goroutines", 16, 50)
}

func TestTwoCachesSameDir(t *testing.T) {
	first := openTemp(t)
	second, err := Open(first.Dir())
	if err != nil {
		t.Fatal(err)
	}
	hammer(t, []*Cache{first, second}, "caches", 8, 50)
	key := keyFor("written by the first")
	mustPut(t, first, key, variantResult(key, 1))
	if got, ok := get(second, key); !ok {
		t.Error("the second Cache missed an entry the first wrote")
	} else {
		checkComplete(t, key, got)
	}
}

// Environment variables that give a helper process of
// TestTwoProcessesSameDir its cache directory and the name of its keys.
const (
	helperDirEnv  = "HGRD_CACHE_TEST_HELPER_DIR"
	helperNameEnv = "HGRD_CACHE_TEST_HELPER_NAME"
)

func TestTwoProcessesSameDir(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	c := openTemp(t)
	var helpers []*exec.Cmd
	var outputs []*bytes.Buffer
	for i := 0; i < 2; i++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), helperDirEnv+"="+c.Dir(), helperNameEnv+"=process"+strconv.Itoa(i))
		out := new(bytes.Buffer)
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		helpers, outputs = append(helpers, cmd), append(outputs, out)
	}
	hammer(t, []*Cache{c}, "parent", 4, 100)
	for i, cmd := range helpers {
		if err := cmd.Wait(); err != nil {
			t.Errorf("helper process %d: %v\n%s", i, err, outputs[i])
		}
	}
}

// TestHelperProcess is the workload of the other processes of
// TestTwoProcessesSameDir; it does nothing when run directly.
func TestHelperProcess(t *testing.T) {
	dir := os.Getenv(helperDirEnv)
	if dir == "" {
		t.Skip("helper of TestTwoProcessesSameDir")
	}
	c, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	hammer(t, []*Cache{c}, os.Getenv(helperNameEnv), 4, 100)
}
