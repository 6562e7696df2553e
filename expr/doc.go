// Package expr is hgrd's language of symbolic values: fixed-width
// bit-vector and boolean terms over thread indices, launch dimensions,
// kernel parameters, loop iteration counts, host values and opaque values.
//
// # Background
//
// Both halves of the analysis describe values as terms: kernelanalysis the
// address and path condition of each access, hostanalysis the dimensions
// and arguments of each launch. Package constraints combines them into race
// queries and package solver decides those; neither analysis knows about
// the solver.
//
// # Term
//
// A Term is immutable and may be shared, so terms form a DAG. Its sort is
// boolean (Width 0) or a bit-vector of 1 to 64 bits. Arithmetic follows
// LLVM (two's complement, wrapping); the nsw/nuw promises of the IR are
// stated separately, as conditions, by the analyses.
//
// # Variables
//
// A Var is either Shared (one value for the whole launch: a dimension, a
// parameter, a host value) or PerThread (thread and block indices, loop
// iteration counts, values loaded from memory). Instantiate renames the
// per-thread variables of a term for one of the two threads of a query.
//
// A variable's Role says what it stands for (a component of threadIdx, a
// loop's iteration count, a kernel parameter, a host value), so that the
// analyses and the solver need not read meaning from names; the name
// remains its identity. Every rewriting keeps a variable's role.
//
// # Walks and identity
//
// Inspect visits each distinct sub-term of a term once, in pre-order; an
// Inspector does the same across several terms. Equal compares terms by
// structure, and an Interner maps equal terms to one representative. The
// printed form is for people only: it leaves out widths, casts and
// signedness, so it does not identify a term.
package expr
