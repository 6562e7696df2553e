package driver

import "testing"

func TestJobsFor(t *testing.T) {
	for _, tt := range []struct {
		cores     int
		available uint64
		want      int
		reason    string
	}{
		{8, 0, 8, "memory unknown: one job a core"},
		{8, 64 << 30, 8, "memory for more workers than cores: cores decide"},
		{16, 8 << 30, 4, "memory for four workers only"},
		{4, 1 << 30, 1, "less memory than one worker plans for: still one job"},
	} {
		if got := jobsFor(tt.cores, tt.available); got != tt.want {
			t.Errorf("jobsFor(%d, %d) = %d, want %d (%s)", tt.cores, tt.available, got, tt.want, tt.reason)
		}
	}
}

func TestAvailableMemoryIsRead(t *testing.T) {
	if availableMemory() == 0 {
		t.Skip("no /proc/meminfo here")
	}
	if DefaultJobs() < 1 {
		t.Fatalf("DefaultJobs() = %d", DefaultJobs())
	}
}

func TestSolverThreads(t *testing.T) {
	for _, tt := range []struct {
		asked, cores, jobs, files int
		want                      int
		reason                    string
	}{
		{0, 2, 2, 1, 2, "one file: every core"},
		{0, 8, 8, 100, 1, "a scan: one thread a file"},
		{0, 8, 2, 100, 4, "two jobs: half the cores each"},
		{0, 8, 8, 3, 2, "three files on eight cores: two each"},
		{0, 16, 16, 1, 4, "one file on sixteen cores: at most four, for memory"},
		{0, 1, 1, 1, 1, "one core"},
		{3, 2, 2, 50, 3, "asked for (--threads)"},
	} {
		if got := solverThreads(tt.asked, tt.cores, tt.jobs, tt.files); got != tt.want {
			t.Errorf("solverThreads(%d, %d, %d, %d) = %d, want %d (%s)", tt.asked, tt.cores, tt.jobs, tt.files, got, tt.want, tt.reason)
		}
	}
}
