// This file reads and writes the entry files of a Cache.

package cache

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// formatVersion is the version of the entry envelope; change it when it
// changes. The encoding of the value inside is the caller's: its key
// names the build that wrote it.
const formatVersion = 2

// The shape of keys and the names of the files of a cache.
const (
	keyLen        = 64 // hex digits of a SHA-256
	shardLen      = 2  // hex digits that name an entry's shard directory
	entrySuffix   = ".json"
	tempPattern   = ".tmp-*"
	entryFileMode = 0o644
)

// An envelope is the content of an entry file.
type envelope struct {
	Format int             `json:"format"`
	Key    string          `json:"key"`
	Result json.RawMessage `json:"result"`
	// Inputs maps each of the result's input files to the digest of its
	// content when the result was stored.
	Inputs map[string]string `json:"inputs,omitempty"`
}

// validKey reports whether key has the form KeyBuilder.Sum returns, which
// also keeps entry paths inside the cache directory.
func validKey(key string) bool {
	return len(key) == keyLen && isLowerHex(key)
}

// isShardName reports whether name is the name of a shard directory.
func isShardName(name string) bool {
	return len(name) == shardLen && isLowerHex(name)
}

// isLowerHex reports whether s consists of lowercase hex digits.
func isLowerHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// encodeEntry returns the entry file content for the value v under key,
// with the digests of the input files it depends on.
func encodeEntry(key string, v any, files []string) ([]byte, error) {
	inputs, err := inputDigests(files)
	if err != nil {
		return nil, err
	}
	value, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return json.Marshal(envelope{Format: formatVersion, Key: key, Result: value, Inputs: inputs})
}

// inputDigests returns the digest of each file's content.
func inputDigests(files []string) (map[string]string, error) {
	if len(files) == 0 {
		return nil, nil
	}
	digests := make(map[string]string, len(files))
	for _, f := range files {
		d, err := fileDigest(f)
		if err != nil {
			return nil, err
		}
		digests[f] = hex.EncodeToString(d)
	}
	return digests, nil
}

// inputsUnchanged reports whether every input file still has the content
// it had when the entry was stored.
func inputsUnchanged(inputs map[string]string) bool {
	for f, want := range inputs {
		d, err := fileDigest(f)
		if err != nil || hex.EncodeToString(d) != want {
			return false
		}
	}
	return true
}

// decodeEntry returns the result in an entry file's content, checking
// that it is complete and belongs to key.
func decodeEntry(data []byte, key string) (*envelope, error) {
	var env envelope
	if err := json.Unmarshal(data, &env); err != nil {
		return nil, err
	}
	switch {
	case env.Format != formatVersion:
		return nil, fmt.Errorf("entry format %d, want %d", env.Format, formatVersion)
	case env.Key != key:
		return nil, fmt.Errorf("entry for key %q, want %q", env.Key, key)
	case len(env.Result) == 0 || string(env.Result) == "null":
		return nil, errors.New("entry without a result")
	}
	return &env, nil
}

// readEntry returns the content of the entry file at path and the file's
// information, if it could be opened.
func readEntry(path string) ([]byte, fs.FileInfo, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	data, err := io.ReadAll(f)
	return data, info, err
}

// removeIfUnchanged removes the corrupt entry file at path, unless another
// writer has replaced it since it was read as info; with no info it removes
// whatever is at path.
func removeIfUnchanged(path string, info fs.FileInfo) {
	if info != nil {
		now, err := os.Stat(path)
		if err != nil || !os.SameFile(info, now) {
			return
		}
	}
	os.Remove(path)
}

// writeAtomically writes data to path through a temporary file in the same
// directory renamed into place, creating the directory if needed.
func writeAtomically(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, tempPattern)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(entryFileMode); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
