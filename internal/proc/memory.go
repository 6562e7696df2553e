// This file defines RunWithin, which runs a child under a bound on its
// resident memory.

package proc

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// ErrMemoryLimit is the error of a child that RunWithin killed because
// its resident memory passed the limit.
var ErrMemoryLimit = errors.New("memory limit exceeded")

// memoryPoll is how often RunWithin reads the child's resident memory.
// Memory grows by at most a few hundred MB a second, so a child is
// stopped within some MB of the limit.
const memoryPoll = 20 * time.Millisecond

// RunWithin runs cmd as Run does, and kills the child if its resident
// memory passes limit bytes (0: no limit), returning ErrMemoryLimit. It
// also returns the child's peak resident memory in bytes, as the kernel
// counts it (0 where it does not say).
func RunWithin(cmd *exec.Cmd, limit uint64) (peak uint64, err error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	prepare(cmd)
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	exceeded := make(chan bool, 1)
	done := make(chan struct{})
	if limit > 0 {
		go watchMemory(cmd.Process, limit, done, exceeded)
	} else {
		exceeded <- false
	}
	err = cmd.Wait()
	close(done)
	peak = peakMemory(cmd.ProcessState)
	if <-exceeded {
		return max(peak, limit), ErrMemoryLimit
	}
	return peak, err
}

// watchMemory kills p once its resident memory passes limit, and says on
// exceeded, once done is closed or p is killed, whether it did.
func watchMemory(p *os.Process, limit uint64, done <-chan struct{}, exceeded chan<- bool) {
	tick := time.NewTicker(memoryPoll)
	defer tick.Stop()
	for {
		select {
		case <-done:
			exceeded <- false
			return
		case <-tick.C:
			if rss, ok := residentMemory(p.Pid); ok && rss > limit {
				p.Kill()
				exceeded <- true
				return
			}
		}
	}
}

// residentMemory returns a process's resident memory in bytes, read from
// /proc; ok is false where there is no such file (another system, or the
// process is gone).
func residentMemory(pid int) (bytes uint64, ok bool) {
	return KernelFigure("/proc/"+strconv.Itoa(pid)+"/status", "VmRSS")
}

// KernelFigure returns, in bytes, the figure that a line "name: N kB" of
// a Linux /proc file such as /proc/meminfo gives; ok is false where the
// file or the line is missing or unreadable.
func KernelFigure(path, name string) (bytes uint64, ok bool) {
	text, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(text), "\n") {
		if rest, found := strings.CutPrefix(line, name+":"); found {
			kb, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10, err == nil
		}
	}
	return 0, false
}

// peakMemory returns the peak resident memory of an ended process in
// bytes, or 0 if the system does not say.
func peakMemory(state *os.ProcessState) uint64 {
	if state == nil {
		return 0
	}
	if ru, ok := state.SysUsage().(*syscall.Rusage); ok && ru != nil {
		return uint64(ru.Maxrss) << 10 // kilobytes on Linux
	}
	return 0
}
