// This file defines the default number of files analysed at once, from
// the machine's cores and memory.

package driver

import (
	"runtime"

	"hgrd/internal/proc"
)

// workerMemory is the memory one worker is planned for when choosing how
// many run at once: its analysis is held to --memory-limit (1 GiB by
// default; most files peak at a few hundred MB), and the clang and opt
// it runs first take up to about 1 GB on heavy headers.
const workerMemory = 2 << 30

// DefaultJobs returns how many files to analyse at once by default: one
// per core, but no more workers than the memory available now holds at
// workerMemory each, and at least one.
func DefaultJobs() int {
	return jobsFor(runtime.NumCPU(), availableMemory())
}

// jobsFor returns the jobs for cores and available bytes of memory (0:
// unknown, cores decide).
func jobsFor(cores int, available uint64) int {
	jobs := cores
	if available > 0 {
		jobs = min(jobs, int(available/workerMemory))
	}
	return max(jobs, 1)
}

// availableMemory returns the bytes of memory available to new processes
// (Linux's MemAvailable), or 0 where it cannot tell.
func availableMemory() uint64 {
	bytes, _ := proc.KernelFigure("/proc/meminfo", "MemAvailable")
	return bytes
}
