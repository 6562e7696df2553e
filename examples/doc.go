// Package examples is hgrd's record of accuracy: small, complete CUDA
// programs, each with the races hgrd must report written next to the code.
//
// # Layout
//
// Each subdirectory is one case holding one program, <case>/<case>.cu: one
// or more kernels and the host main that allocates, copies, launches them
// with constant shapes, synchronises and frees, as a user would write it for
// nvcc. A header comment says what the case shows and gives, for each
// expected race, two threads that witness it. Cases named *_ok are
// race-free; the others put racy kernels next to their fixed versions.
// A file whose kernels no host code launches gives their shape on its first
// line:
//
//	// hgrd-flags: --grid-dim 4 --block-dim 64
//
// TestExamples runs every case through package racetest, and
// TestEveryCaseListed fails if a directory is missing from its list.
//
// # Expectations
//
// A race is expected by a // want comment on the line of its first access,
// the earlier of its two accesses by (line, column), with one quoted Go
// regexp per race; a race of an instruction with itself has both accesses
// on that line. Races are described as
//
//	{kind} {first access}-{second access} race on {memory} {object} with line {second line}
//
// with kind inter-block, intra-block or intra-warp; access read, write or
// atomic; memory global or shared; and the object named as in the source:
//
//	s[t] = in[i]; // want "intra-block write-read race on shared s with line 21" "intra-warp write-read race on shared s with line 21"
//
// One pair of accesses gets one want per kind of race it has. Lines with
// no want must stay silent. Where the load and the store of one line
// have no reliable column order (a compound assignment such as a[i] *= 2),
// the want accepts both orders: "(read-write|write-read)".
package examples
