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
