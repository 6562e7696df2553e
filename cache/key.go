// This file defines the cache key: a hash of every input of an analysis.

package cache

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"io"
	"os"
)

// Tags of the items hashed into a key.
const (
	versionTag = 'v' // hgrd's version
	stringTag  = 's' // a flag or option
	inputTag   = 'i' // the name and content of an input file or buffer
)

// A KeyBuilder hashes the inputs of one analysis into a cache key. The
// order of the calls matters. A KeyBuilder is not safe for concurrent use.
type KeyBuilder struct {
	hash hash.Hash
}

// NewKey returns a KeyBuilder for the given hgrd version, so that results
// of another version are never reused.
func NewKey(version string) *KeyBuilder {
	k := &KeyBuilder{hash: sha256.New()}
	k.addItem(versionTag, []byte(version))
	return k
}

// AddString adds a named flag or option. ("a", "bc") and ("ab", "c") give
// different keys.
func (k *KeyBuilder) AddString(name, value string) {
	k.addItem(stringTag, []byte(name), []byte(value))
}

// AddFile adds the path and content of an input file (a source, a header);
// the path is part of the key because results contain paths, and should be
// given as results name it. On error the key is left unchanged.
func (k *KeyBuilder) AddFile(path string) error {
	digest, err := fileDigest(path)
	if err != nil {
		return err
	}
	k.addItem(inputTag, []byte(path), digest)
	return nil
}

// AddBytes adds an in-memory input, such as an unsaved editor buffer, under
// name. AddBytes(name, data) and AddFile on a file at path name holding
// data give the same key.
func (k *KeyBuilder) AddBytes(name string, data []byte) {
	digest := sha256.Sum256(data)
	k.addItem(inputTag, []byte(name), digest[:])
}

// Sum returns the key: the hex SHA-256 of what was added so far, 64
// lowercase hex digits. More items may be added afterwards.
func (k *KeyBuilder) Sum() string {
	return hex.EncodeToString(k.hash.Sum(nil))
}

// addItem hashes a tag, then each part preceded by its length.
func (k *KeyBuilder) addItem(tag byte, parts ...[]byte) {
	k.hash.Write([]byte{tag})
	for _, part := range parts {
		k.hash.Write(binary.BigEndian.AppendUint64(nil, uint64(len(part))))
		k.hash.Write(part)
	}
}

// fileDigest returns the SHA-256 of the content of the file at path.
func fileDigest(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return nil, err
	}
	return h.Sum(nil), nil
}
