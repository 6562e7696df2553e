// This file defines the Cache: a directory of results by key.

package cache

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"hgrd/report"
)

// EnvDir is the environment variable that overrides the cache directory.
const EnvDir = "HGRD_CACHE"

// A Cache is a directory of analysis results by key. Its methods are safe
// for concurrent use, also by other Cache values and processes on the same
// directory.
type Cache struct {
	dir string
}

// DefaultDir returns the cache directory: $HGRD_CACHE if set and not
// empty, else the directory hgrd under os.UserCacheDir.
func DefaultDir() (string, error) {
	if dir := os.Getenv(EnvDir); dir != "" {
		return dir, nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("cache: no cache directory (set %s): %w", EnvDir, err)
	}
	return filepath.Join(base, "hgrd"), nil
}

// Open returns the cache in dir, creating it (mode 0o755) if needed.
func Open(dir string) (*Cache, error) {
	if dir == "" {
		return nil, errors.New("cache: empty directory name")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cache: %w", err)
	}
	return &Cache{dir: dir}, nil
}

// Dir returns the directory of the cache.
func (c *Cache) Dir() string {
	return c.dir
}

// Get returns the result stored under key, or ok=false if there is none,
// if one of the result's Inputs no longer has the content it had when the
// result was stored, or if the entry is corrupt: unreadable, bad JSON,
// another key inside the entry or another format version. A corrupt entry is removed so that it is
// recomputed. The result's Timings are zero.
func (c *Cache) Get(key string) (res *report.FileResult, ok bool) {
	if !validKey(key) {
		return nil, false
	}
	path := c.entryPath(key)
	data, info, err := readEntry(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false
	}
	if err == nil {
		if env, err := decodeEntry(data, key); err == nil {
			// An input changed since: a miss, and the entry is
			// replaced when the result is stored again.
			if !inputsUnchanged(env.Inputs) {
				return nil, false
			}
			return env.Result, true
		}
	}
	removeIfUnchanged(path, info)
	return nil, false
}

// Put stores res under key with the digest of each of res.Inputs,
// replacing any entry, atomically: it is written
// to a temporary file in the same directory and renamed into place, so that
// concurrent readers never see a partial entry.
//
// Put stores nothing and returns nil when res is not Cacheable: results
// with undecided pairs, or whose Error is a timeout, a cancellation or
// another failure of the run rather than of the inputs, are computed anew
// each time. A failure to write is returned; callers may ignore it, as the
// cache is best-effort.
func (c *Cache) Put(key string, res *report.FileResult) error {
	if !Cacheable(res) {
		return nil
	}
	if !validKey(key) {
		return fmt.Errorf("cache: invalid key %q", key)
	}
	data, err := encodeEntry(key, res)
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	if err := writeAtomically(c.entryPath(key), data); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

// Clean removes every entry, and any temporary file left by an interrupted
// Put, keeping the directory itself and files that are not the cache's.
func (c *Cache) Clean() error {
	dirents, err := os.ReadDir(c.dir)
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	var errs []error
	for _, d := range dirents {
		if d.IsDir() && isShardName(d.Name()) {
			if err := os.RemoveAll(filepath.Join(c.dir, d.Name())); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	return nil
}

// entryPath returns the file of the entry for a valid key.
func (c *Cache) entryPath(key string) string {
	return filepath.Join(c.dir, key[:shardLen], key+entrySuffix)
}
