// This file splits a list of files into shards, for --shard I/N.

package compiledb

import (
	"fmt"
	"hash/fnv"
	"path/filepath"
	"strconv"
	"strings"
)

// Shard returns the files of shard i of n, in their order. A file's shard
// is the FNV-1a hash of its path relative to root (slash-separated; the
// path as given when root is empty or the file is not relative to it)
// modulo n, so a file stays in its shard whatever the other files are and
// wherever the tree is checked out, and the shards 0 to n-1 partition the
// list. Shard returns nil unless 0 <= i < n.
func Shard(files []string, root string, i, n int) []string {
	if n < 1 || i < 0 || i >= n {
		return nil
	}
	var shard []string
	for _, f := range files {
		if shardOf(f, root, n) == i {
			shard = append(shard, f)
		}
	}
	return shard
}

// shardOf returns the shard of file among n.
func shardOf(file, root string, n int) int {
	h := fnv.New32a()
	h.Write([]byte(shardKey(file, root)))
	return int(h.Sum32() % uint32(n))
}

// shardKey returns the path of file that its shard is computed from.
func shardKey(file, root string) string {
	if root != "" {
		if rel, err := filepath.Rel(root, file); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(file)
}

// ParseShard reads the value of --shard, "I/N": shard I of N, with
// 0 <= I < N.
func ParseShard(s string) (i, n int, err error) {
	index, count, ok := strings.Cut(strings.TrimSpace(s), "/")
	i, errI := strconv.Atoi(strings.TrimSpace(index))
	n, errN := strconv.Atoi(strings.TrimSpace(count))
	switch {
	case !ok || errI != nil || errN != nil:
		return 0, 0, fmt.Errorf("--shard %s: want INDEX/COUNT, such as 0/4", s)
	case n < 1:
		return 0, 0, fmt.Errorf("--shard %s: count must be at least 1", s)
	case i < 0:
		return 0, 0, fmt.Errorf("--shard %s: index must not be negative", s)
	case i >= n:
		return 0, 0, fmt.Errorf("--shard %s: index must be below the count", s)
	}
	return i, n, nil
}
