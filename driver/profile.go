// This file defines the profiles a worker writes when asked, for
// finding where a file's analysis spends its time and memory.

package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"time"
)

// profileEnv names a directory into which each worker writes a CPU
// profile of its file's analysis, as BASE.PID.pprof, for finding where
// the time goes (go tool pprof).
const profileEnv = "HGRD_CPUPROFILE"

// startProfile starts a CPU profile of the analysis of path if
// profileEnv asks for one, and returns the function that ends it.
func startProfile(path string) (stop func()) {
	dir := os.Getenv(profileEnv)
	if dir == "" {
		return func() {}
	}
	f, err := os.Create(filepath.Join(dir, fmt.Sprintf("%s.%d.pprof", filepath.Base(path), os.Getpid())))
	if err != nil {
		fmt.Fprintf(os.Stderr, "hgrd worker: %v\n", err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintf(os.Stderr, "hgrd worker: %v\n", err)
		f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}

// heapProfileEnv names a directory into which each worker writes a heap
// profile of its file's analysis, as BASE.PID.heap, every
// heapProfileEvery and at its end: a worker that the memory limit kills
// leaves its last one, for finding what held the memory (go tool pprof
// -sample_index=inuse_space).
const heapProfileEnv = "HGRD_HEAPPROFILE"

// heapProfileEvery is how often a worker writes its heap profile.
const heapProfileEvery = 3 * time.Second

// startHeapProfile starts writing heap profiles of the analysis of path
// if heapProfileEnv asks for them, and returns the function that writes
// the last one and stops.
func startHeapProfile(path string) (stop func()) {
	dir := os.Getenv(heapProfileEnv)
	if dir == "" {
		return func() {}
	}
	name := filepath.Join(dir, fmt.Sprintf("%s.%d.heap", filepath.Base(path), os.Getpid()))
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(heapProfileEvery)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				writeHeapProfile(name)
			case <-done:
				writeHeapProfile(name)
				return
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// writeHeapProfile writes a heap profile to name, through a temporary
// file renamed into place, so that a worker killed while writing leaves
// the previous profile whole.
func writeHeapProfile(name string) {
	f, err := os.CreateTemp(filepath.Dir(name), ".heap-*")
	if err != nil {
		fmt.Fprintf(os.Stderr, "hgrd worker: %v\n", err)
		return
	}
	err = pprof.WriteHeapProfile(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		os.Remove(f.Name())
		fmt.Fprintf(os.Stderr, "hgrd worker: %v\n", err)
	}
}
