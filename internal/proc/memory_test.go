package proc

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// hogEnv, set to a number of MiB, makes the test binary a child that
// holds that much memory until it is killed.
const hogEnv = "HGRD_PROC_TEST_HOG"

func TestMain(m *testing.M) {
	if os.Getenv(hogEnv) != "" {
		hog()
	}
	os.Exit(m.Run())
}

// hog touches 512 MiB and waits to be killed.
func hog() {
	held := make([][]byte, 0, 512)
	for range 512 {
		b := make([]byte, 1<<20)
		for i := range b {
			b[i] = 1
		}
		held = append(held, b)
	}
	select {}
}

func TestRunWithinKillsAChildOverTheLimit(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("resident memory is read from /proc")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), hogEnv+"=1")
	peak, err := RunWithin(cmd, 64<<20)
	if !errors.Is(err, ErrMemoryLimit) {
		t.Fatalf("a child holding 512 MiB under a 64 MiB limit: err = %v, want ErrMemoryLimit", err)
	}
	if peak < 64<<20 {
		t.Errorf("peak = %d MiB, want at least the limit, 64 MiB", peak>>20)
	}
}

func TestRunWithinLetsAChildUnderTheLimitFinish(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	peak, err := RunWithin(cmd, 4<<30)
	if err != nil {
		t.Fatalf("a small child under a 4 GiB limit: %v", err)
	}
	if runtime.GOOS == "linux" && peak == 0 {
		t.Error("peak memory of a finished child not read")
	}
}
