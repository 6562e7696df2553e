// Package cache stores the results of analysing one file, so that a rescan
// of unchanged inputs (hgrd scan, hgrd check) costs a file read per file
// instead of a run of clang-14 and Z3.
//
// # What is cached
//
// One entry holds one value, as JSON, and the digests of the files it was
// computed from (Put's inputs: a source and its headers); a value whose
// files changed since is a miss. The driver stores the outcome of one
// file: its report.FileResult (the races found, with their witnesses, or
// the compile error that stopped its analysis) and what its second pass
// needs. It stores only results that the inputs determine (see
// Cacheable): a result with undecided pairs, or whose error is a timeout,
// a cancellation, a killed process, an internal error or a missing
// toolchain, is computed again on the next run.
//
// # Key
//
// A key is the hex SHA-256 of everything the result depends on, built with
// a KeyBuilder: hgrd's version, the flags and options (AddString), and the
// content and path of each input file (AddFile) or in-memory buffer
// (AddBytes). Each item is framed by a tag and the lengths of its parts, so
// that distinct sequences of items never produce the same hashed bytes.
// Files are keyed by content, never by modification time.
//
// # Layout
//
// Entries are sharded by the first two hex digits of their key:
//
//	<dir>/ab/abcdef....json
//
// Each entry is a JSON envelope
//
//	{"format": 1, "key": "abcdef...", "result": {...}}
//
// whose format and key are checked on every read. Temporary files, named
// ".tmp-*" inside a shard, exist only while an entry is being written.
//
// # Safety
//
// Put writes an entry to a temporary file in its shard and renames it into
// place, so that a reader sees either no entry, the previous entry or the
// complete new one, never a partial one. Any number of goroutines, Cache
// values and processes may therefore share one directory. Get treats an
// unreadable entry, bad JSON, a wrong key or another format version as a
// miss and removes the entry, so that it is recomputed; the same holds for
// an entry cut short by a crash, since Put does not fsync. The cache is
// best-effort: callers may ignore the errors of Put and Clean.
package cache
