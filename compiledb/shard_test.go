package compiledb

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// shardFiles returns n files below root.
func shardFiles(root string, n int) []string {
	files := make([]string, n)
	for i := range files {
		files[i] = fmt.Sprintf("%s/dir%d/kernel%d.cu", root, i%7, i)
	}
	return files
}

func TestShardPartitions(t *testing.T) {
	files := shardFiles("/src", 200)
	for _, n := range []int{1, 2, 3, 8} {
		var union []string
		for i := 0; i < n; i++ {
			shard := Shard(files, "/src", i, n)
			if n > 1 && (len(shard) == 0 || len(shard) == len(files)) {
				t.Errorf("shard %d/%d has %d of %d files; want a share", i, n, len(shard), len(files))
			}
			union = append(union, shard...)
		}
		sort.Strings(union)
		want := append([]string(nil), files...)
		sort.Strings(want)
		if !reflect.DeepEqual(union, want) {
			t.Errorf("shards of %d: union has %d files, want each of the %d once", n, len(union), len(files))
		}
	}
}

func TestShardStable(t *testing.T) {
	few := shardFiles("/src", 20)
	more := append(shardFiles("/src", 60), "/src/new/extra.cu")
	for i := 0; i < 4; i++ {
		inMore := map[string]bool{}
		for _, f := range Shard(more, "/src", i, 4) {
			inMore[f] = true
		}
		for _, f := range Shard(few, "/src", i, 4) {
			if !inMore[f] {
				t.Errorf("%s left shard %d/4 when files were added", f, i)
			}
		}
	}
}

func TestShardRelativeToRoot(t *testing.T) {
	a := shardFiles("/home/one/checkout", 50)
	b := shardFiles("/tmp/other", 50)
	for i := 0; i < 3; i++ {
		sa := trimRoot(Shard(a, "/home/one/checkout", i, 3), "/home/one/checkout")
		sb := trimRoot(Shard(b, "/tmp/other", i, 3), "/tmp/other")
		if !reflect.DeepEqual(sa, sb) {
			t.Errorf("shard %d/3 differs between checkouts:\n%q\n%q", i, sa, sb)
		}
	}
}

func TestShardOutOfRange(t *testing.T) {
	files := shardFiles("/src", 5)
	for _, in := range [][2]int{{2, 2}, {-1, 2}, {0, 0}} {
		if got := Shard(files, "/src", in[0], in[1]); got != nil {
			t.Errorf("Shard(%d/%d) = %q; want nil", in[0], in[1], got)
		}
	}
}

func TestParseShard(t *testing.T) {
	tests := []struct {
		in      string
		i, n    int
		wantErr string
	}{
		{in: "0/4", i: 0, n: 4},
		{in: "3/4", i: 3, n: 4},
		{in: " 1 / 2 ", i: 1, n: 2},
		{in: "3/2", wantErr: "--shard 3/2: index must be below the count"},
		{in: "2/2", wantErr: "--shard 2/2: index must be below the count"},
		{in: "0/0", wantErr: "--shard 0/0: count must be at least 1"},
		{in: "-1/2", wantErr: "--shard -1/2: index must not be negative"},
		{in: "1", wantErr: "--shard 1: want INDEX/COUNT, such as 0/4"},
		{in: "a/b", wantErr: "--shard a/b: want INDEX/COUNT, such as 0/4"},
		{in: "1/2/3", wantErr: "--shard 1/2/3: want INDEX/COUNT, such as 0/4"},
	}
	for _, tt := range tests {
		i, n, err := ParseShard(tt.in)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("ParseShard(%q) error = %v; want %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || i != tt.i || n != tt.n {
			t.Errorf("ParseShard(%q) = %d, %d, %v; want %d, %d", tt.in, i, n, err, tt.i, tt.n)
		}
	}
}

// trimRoot returns files without their root prefix.
func trimRoot(files []string, root string) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = strings.TrimPrefix(f, root)
	}
	return out
}
