// This file defines the Cache: a directory of results by key.

package cache

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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

// Get decodes the value stored under key into v and reports whether there
// was one. It reports false if there is none, if one of the files given
// to Put no longer has the content it had when the value was stored, or
// if the entry is corrupt: unreadable, bad JSON, another key inside the
// entry, another format version, or a value that does not decode into v.
// A corrupt entry is removed so that it is recomputed.
func (c *Cache) Get(key string, v any) bool {
	if !validKey(key) {
		return false
	}
	path := c.entryPath(key)
	data, info, err := readEntry(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false
	}
	if err == nil {
		if env, err := decodeEntry(data, key); err == nil {
			// An input changed since: a miss, and the entry is
			// replaced when the result is stored again.
			if !inputsUnchanged(env.Inputs) {
				return false
			}
			if json.Unmarshal(env.Result, v) == nil {
				return true
			}
		}
	}
	removeIfUnchanged(path, info)
	return false
}

// Put stores the value v, as JSON, under key with the digest of each of
// the input files, replacing any entry, atomically: it is written to a
// temporary file in the same directory and renamed into place, so that
// concurrent readers never see a partial entry. Callers store only
// results that their inputs determine (see Cacheable). A failure to
// write is returned; callers may ignore it, as the cache is best-effort.
func (c *Cache) Put(key string, v any, inputs []string) error {
	if !validKey(key) {
		return fmt.Errorf("cache: invalid key %q", key)
	}
	data, err := encodeEntry(key, v, inputs)
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
