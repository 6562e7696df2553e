// Package compiledb reads compilation databases (compile_commands.json as
// CMake, bear and ninja write them) and turns their compile commands into
// the flags hgrd's front end passes to clang-14. It also finds the .cu
// files below directories and splits a list of files into shards, for
// `hgrd scan`.
//
// # Databases
//
// LoadAll reads a database, given as the file or as the build directory
// that holds it, and sorts its entries into CUDA translation units (.cu
// files, or any file compiled with -x cu or -x cuda) and other C and C++
// entries, which may hold host code; Load keeps the CUDA ones. Entries
// that cannot be used are skipped with a warning, never an error; only an
// unreadable or malformed database is an error.
//
// # Translation
//
// Translate reads an nvcc or clang command line and keeps what changes
// how a file parses: include directories, macro definitions, the language
// standard and pre-included files, with relative paths resolved against
// the directory the command ran in. Code generation, GPU architecture,
// linking, output and warning flags are dropped; a flag it does not know
// is dropped with a warning. nvcc's spellings (--include-path=DIR,
// -std c++17, comma-separated -I lists) and clang's CUDA flags are both
// understood. Response files (@FILE, nvcc's --options-file) are read;
// nothing recorded in a database is ever run, and no shell is used:
// SplitCommand splits a "command" string as a POSIX shell would split
// words, without expanding anything.
//
// # Sources and shards
//
// FindSources lists the .cu files below directories, skipping hidden
// directories. Shard picks the files of one of n shards by a hash of each
// file's path relative to a root, so that a file stays in its shard when
// others are added; ParseShard reads the I/N form of the --shard flag.
package compiledb
